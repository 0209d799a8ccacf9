/**
 * Result-sheet formatting for the bulk engine's sheet port and the hits table. `queue*`
 * functions only queue (the caller syncs, so formatting rides along with other work in one batch).
 */
import type { CellRect } from './a1';

export interface ConditionalFormatRule {
  /** Formula in en-US syntax, relative to the top-left cell of the range it applies to. */
  formula: string;
  fill?: string;
  fontColor?: string;
  bold?: boolean;
  stopIfTrue?: boolean;
}

/** Queues custom-formula conditional formats on `range`, in priority order. */
export function queueHighlightRules(range: Excel.Range, rules: readonly ConditionalFormatRule[]): void {
  for (const rule of rules) {
    const cf = range.conditionalFormats.add('Custom');
    cf.custom.rule.formula = rule.formula;
    if (rule.fill !== undefined) cf.custom.format.fill.color = rule.fill;
    if (rule.fontColor !== undefined) cf.custom.format.font.color = rule.fontColor;
    if (rule.bold !== undefined) cf.custom.format.font.bold = rule.bold;
    if (rule.stopIfTrue !== undefined) cf.stopIfTrue = rule.stopIfTrue;
  }
}

export function queueAutofitColumns(sheet: Excel.Worksheet, rect: CellRect): void {
  sheet.getRangeByIndexes(rect.rowIndex, rect.columnIndex, rect.rowCount, rect.columnCount).format.autofitColumns();
}
