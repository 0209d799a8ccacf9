/**
 * Result-sheet building blocks for the bulk engine's sheet port. `queue*` functions only queue
 * (the caller syncs, so formatting rides along with other work in one batch); async ones sync
 * because they must read names first.
 */
import { columnLetter } from '../bulk/columns';
import { rectAddress, type CellRect } from './a1';
import { officeErrorCode } from './errors';
import { formulaStringLiteral, toSafeCellValue, type CellInput } from './safe-text';
import { resultSheetName, uniqueTableName } from './sheet-names';

export interface CreatedSheet {
  sheet: Excel.Worksheet;
  name: string;
}

export interface CreateSheetOptions {
  /** Name prefix (default "CheckLists"); the timestamp follows. */
  prefix?: string;
  now?: Date;
  activate?: boolean;
}

/**
 * Adds "CheckLists 2026-11-22 14-05" (or "... (2)" if taken). Retries when another add took
 * the name between our read and our write.
 */
export async function createUniqueSheet(context: Excel.RequestContext, options: CreateSheetOptions = {}): Promise<CreatedSheet> {
  const now = options.now ?? new Date();
  for (let attempt = 0; ; attempt += 1) {
    const sheets = context.workbook.worksheets;
    sheets.load('items/name');
    await context.sync();
    const name = resultSheetName(now, sheets.items.map((s) => s.name), options.prefix);
    const sheet = sheets.add(name);
    if (options.activate ?? true) sheet.activate();
    try {
      await context.sync();
      return { sheet, name };
    } catch (e) {
      if (officeErrorCode(e) !== 'ItemAlreadyExists' || attempt >= 2) throw e;
    }
  }
}

export interface HeaderBlock {
  /** First row, bold. */
  title?: string;
  /** Label/value lines: the first cell of each is bold. */
  lines?: readonly (readonly CellInput[])[];
}

/**
 * Queues a header block at (startRow, startCol): title, then lines. Returns the first row
 * after it, leaving one blank row as a gap.
 */
export function queueHeaderBlock(sheet: Excel.Worksheet, block: HeaderBlock, startRow = 0, startCol = 0): number {
  let row = startRow;
  if (block.title !== undefined) {
    const title = sheet.getRangeByIndexes(row, startCol, 1, 1);
    title.values = [[toSafeCellValue(block.title)]];
    title.format.font.bold = true;
    row += 1;
  }
  const lines = block.lines ?? [];
  const width = lines.reduce((m, l) => Math.max(m, l.length), 0);
  if (lines.length > 0 && width > 0) {
    const range = sheet.getRangeByIndexes(row, startCol, lines.length, width);
    range.values = lines.map((l) => Array.from({ length: width }, (_, i) => toSafeCellValue(l[i])));
    sheet.getRangeByIndexes(row, startCol, lines.length, 1).format.font.bold = true;
    row += lines.length;
  }
  return row === startRow ? row : row + 1;
}

export interface TableOptions {
  /** Wanted name; made valid and unique (default "CheckLists"). */
  name?: string;
  style?: string;
  showBandedRows?: boolean;
  showFilterButton?: boolean;
}

export interface CreatedTable {
  table: Excel.Table;
  name: string;
}

/** Turns `rect` (header row first, already written) into a table. Syncs. */
export async function createTable(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  rect: CellRect,
  options: TableOptions = {},
): Promise<CreatedTable> {
  const existing = context.workbook.tables;
  existing.load('items/name');
  await context.sync();
  const name = uniqueTableName(options.name ?? 'CheckLists', existing.items.map((t) => t.name));
  const table = sheet.tables.add(sheet.getRangeByIndexes(rect.rowIndex, rect.columnIndex, rect.rowCount, rect.columnCount), true);
  table.name = name;
  table.style = options.style ?? 'TableStyleMedium2';
  table.showBandedRows = options.showBandedRows ?? true;
  table.showFilterButton = options.showFilterButton ?? true;
  await context.sync();
  return { table, name };
}

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

/**
 * A rule formula true on rows whose cell in `columnIndex` equals `text`, for a range whose
 * first row is `firstRowIndex` (zero-based): =$F5="High match". Text is quoted, never spliced.
 */
export function columnEqualsFormula(columnIndex: number, firstRowIndex: number, text: string): string {
  return `=$${columnLetter(columnIndex)}${firstRowIndex + 1}=${formulaStringLiteral(text)}`;
}

export function queueAutofitColumns(sheet: Excel.Worksheet, rect: CellRect): void {
  sheet.getRangeByIndexes(rect.rowIndex, rect.columnIndex, rect.rowCount, rect.columnCount).format.autofitColumns();
}

/** Keeps rows 1..count in view while scrolling. */
export function queueFreezeRows(sheet: Excel.Worksheet, count: number): void {
  sheet.freezePanes.freezeRows(count);
}

export interface FinishOptions extends TableOptions {
  /** Rules applied to the table body. */
  rules?: readonly ConditionalFormatRule[];
  /** Freeze every row down to the table's header (default true). */
  freezeHeader?: boolean;
  autofit?: boolean;
}

/**
 * The usual ending of a result sheet, in two syncs: table over `rect` (header first), rules
 * on its body, header frozen, columns fitted.
 */
export async function finishResultTable(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  rect: CellRect,
  options: FinishOptions = {},
): Promise<CreatedTable & { address: string }> {
  const created = await createTable(context, sheet, rect, options);
  if (options.rules && options.rules.length > 0 && rect.rowCount > 1) {
    const body = sheet.getRangeByIndexes(rect.rowIndex + 1, rect.columnIndex, rect.rowCount - 1, rect.columnCount);
    queueHighlightRules(body, options.rules);
  }
  if (options.freezeHeader ?? true) queueFreezeRows(sheet, rect.rowIndex + 1);
  if (options.autofit ?? true) queueAutofitColumns(sheet, rect);
  await context.sync();
  return { ...created, address: rectAddress(rect) };
}
