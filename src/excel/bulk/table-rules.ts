import { columnLetter } from '../../bulk/columns';
import type { HighlightRule } from '../../bulk/highlights';
import type { TableColumn } from '../../bulk/result-table';
import { formulaStringLiteral } from '../safe-text';
import type { ConditionalFormatRule } from '../sheets';

// The run model's highlight rules as Excel conditional formats on the results table.

const STYLES: Record<HighlightRule['style'], { fill: string; font: string }> = {
  high: { fill: '#FFC7CE', font: '#9C0006' },
  low: { fill: '#FFF2CC', font: '#7F6000' },
  failure: { fill: '#FFEB9C', font: '#9C5700' },
  counted: { fill: '#FCE4D6', font: '#833C0B' },
};

export function highlightFormula(
  rule: HighlightRule,
  columns: readonly TableColumn[],
  firstRow: number,
): string | null {
  const index = columns.findIndex((c) => c.id === rule.columnId);
  if (index < 0) return null;
  const cell = `$${columnLetter(index)}${firstRow}`;
  const tests = [
    ...(rule.equals ?? []).map((text) => `${cell}=${formulaStringLiteral(text)}`),
    ...(rule.startsWith ?? []).map((text) => `LEFT(${cell},${text.length})=${formulaStringLiteral(text)}`),
    // Text compares above any number in Excel: only a number counts.
    ...(rule.positive ? [`AND(ISNUMBER(${cell}),${cell}>0)`] : []),
  ];
  if (tests.length === 0) return null;
  return tests.length === 1 ? `=${tests[0]}` : `=OR(${tests.join(',')})`;
}

/** The model's highlight rules as conditional formats on rows starting at sheet row `firstRow` (1-based). */
export function sheetRules(
  rules: readonly HighlightRule[],
  columns: readonly TableColumn[],
  firstRow: number,
): ConditionalFormatRule[] {
  return rules.flatMap((rule) => {
    const formula = highlightFormula(rule, columns, firstRow);
    const style = STYLES[rule.style];
    return formula ? [{ formula, fill: style.fill, fontColor: style.font, bold: rule.style === 'high' }] : [];
  });
}

/**
 * A row's level and status colour the whole row; a count above zero colours its own cell. The
 * count rules (one per registry column, side by side) become one format over their columns, its
 * formula relative to the block's first cell, so Excel keeps one rule instead of eighteen.
 */
export function tableRules(
  rules: readonly HighlightRule[],
  columns: readonly TableColumn[],
  firstRow: number,
): {
  rows: ConditionalFormatRule[];
  cells: { firstColumn: number; columnCount: number; rule: ConditionalFormatRule }[];
} {
  const indexes = rules
    .filter((r) => r.positive)
    .map((r) => columns.findIndex((c) => c.id === r.columnId))
    .filter((i) => i >= 0);
  // Side-by-side columns share one format; a gap starts another.
  const runs = adjacentRuns(indexes);
  return {
    rows: sheetRules(
      rules.filter((r) => !r.positive),
      columns,
      firstRow,
    ),
    cells: runs.map((run) => {
      const cell = `${columnLetter(run.firstColumn)}${firstRow}`;
      return {
        ...run,
        rule: {
          formula: `=AND(ISNUMBER(${cell}),${cell}>0)`,
          fill: STYLES.counted.fill,
          fontColor: STYLES.counted.font,
        },
      };
    }),
  };
}

/** Column indexes (any order) as runs of side-by-side columns. */
export function adjacentRuns(indexes: readonly number[]): { firstColumn: number; columnCount: number }[] {
  const runs: { firstColumn: number; columnCount: number }[] = [];
  for (const i of [...indexes].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last && last.firstColumn + last.columnCount === i) last.columnCount++;
    else runs.push({ firstColumn: i, columnCount: 1 });
  }
  return runs;
}
