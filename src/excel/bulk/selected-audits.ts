import type { CellValue } from '../../bulk/columns';
import {
  AUDIT_HEADER_SEARCH_ROWS,
  auditHeaderAt,
  columnOf,
  wholeNumber,
  type AuditHeaderKey,
} from '../../bulk/audit-columns';
import type { CellRect } from '../a1';
import { officeErrorCode } from '../errors';
import { runQueued } from '../run';
import { readRectValues } from '../selection';
import { isRunTable } from '../sheet-names';
import { visibleRows } from './visible-rows';

/**
 * The relay audit nos. of the results rows the selection is on: the keys to their screening
 * certificates (the relay's /certificates). A selection on a hits sheet names its hits' results rows
 * by their "Source row". Rows a filter hides are left out, so a table filtered to an inspector's
 * sample and selected top to bottom gives that sample. Headers are matched in either language, since
 * a sheet keeps the language of its run.
 *
 * Office APIs used: Workbook.getSelectedRange (ExcelApi 1.1; it throws InvalidSelection for several
 * areas, https://learn.microsoft.com/javascript/api/excel/excel.workbook#excel-excel-workbook-getselectedrange-member(1)),
 * Range.worksheet, Worksheet.tables, Table.getRange / getHeaderRowRange (ExcelApi 1.1),
 * Range.rowHidden (ExcelApi 1.2), Worksheet.getUsedRangeOrNullObject (ExcelApi 1.4).
 */

/** A results row (its "Row" no.) and the relay audit no. beside it, if any. */
export interface RowAudit {
  row: number;
  auditId: number | null;
}

export type SelectedAudits =
  /** The selected clients' rows, each once, in the order of the results. */
  | { kind: 'rows'; rows: RowAudit[] }
  /** The selection is on no data row of a run's results or hits table. */
  | { kind: 'not-a-row' }
  /** A Ctrl-click selection: Excel gives no single range for it. */
  | { kind: 'several-areas' }
  /** More visible rows selected than one press reads (MAX_SELECTED_ROWS). */
  | { kind: 'too-many' };

/** Rows one press reads: a hits sheet's rows for a sample of 100 clients, with room to spare. */
const MAX_SELECTED_ROWS = 1_000;

/** The sheet column of a header found in a block's header row `head`, or -1. */
function sheetColumn(block: { columnIndex: number }, head: readonly CellValue[], key: AuditHeaderKey): number {
  const at = columnOf(head, key);
  return at < 0 ? -1 : block.columnIndex + at;
}

const rectOf = (r: Excel.Range): CellRect => ({
  rowIndex: r.rowIndex,
  columnIndex: r.columnIndex,
  rowCount: r.rowCount,
  columnCount: r.columnCount,
});

export async function selectedAudits(): Promise<SelectedAudits> {
  return runQueued(async (context) => {
    const selected = context.workbook.getSelectedRange();
    selected.load('rowIndex,columnIndex,rowCount,columnCount');
    const sheet = selected.worksheet;
    const tables = sheet.tables;
    tables.load('items/name');
    try {
      await context.sync();
    } catch (error) {
      if (officeErrorCode(error) === 'InvalidSelection') return { kind: 'several-areas' };
      throw error;
    }
    const names = tables.items.map((t) => t.name).filter(isRunTable);
    const hitsName = names.find((n) => /_hits$/i.test(n));
    const resultsName = hitsName ? hitsName.replace(/_hits$/i, '') : names.find((n) => !/_gone$/i.test(n));
    const selection = rectOf(selected);
    if (!resultsName) return byHeader(context, sheet, selection);

    const ownRange = sheet.tables.getItem(hitsName ?? resultsName).getRange();
    ownRange.load('rowIndex,columnIndex,rowCount,columnCount');
    await context.sync();
    const own = rectOf(ownRange);
    // The header row is the table's first: the rows below it that the selection covers.
    const rows = await chosenRows(context, sheet, selection, own.rowIndex + 1, own.rowIndex + own.rowCount);
    if (typeof rows === 'string') return rows === 'none' ? { kind: 'not-a-row' } : tooMany();
    // A table is a few dozen columns wide: its header in one read.
    const [head = []] = await readRectValues(context, sheet, { ...own, rowCount: 1 });
    const read = columnReader(context, sheet, rows);

    if (!hitsName) {
      const numbers = await read(sheetColumn(own, head, 'col.row'));
      const audits = await read(sheetColumn(own, head, 'col.relayAudit'));
      return listed(numbers.map((row, i) => ({ row: wholeNumber(row), auditId: wholeNumber(audits[i]) })));
    }

    // Hits' rows: their results rows are those with the same source rows.
    const sourceRows = new Set(
      (await read(sheetColumn(own, head, 'hits.sourceRow'))).map(wholeNumber).filter((n) => n !== null),
    );
    if (sourceRows.size === 0) return { kind: 'not-a-row' };
    // Without the results table (deleted, or renamed) the rows are known, their numbers are not.
    const noNumbers = () => listed([...sourceRows].map((row) => ({ row, auditId: null })));
    const results = context.workbook.tables.getItemOrNullObject(resultsName);
    results.load('name');
    await context.sync();
    if (results.isNullObject) return noNumbers();
    const range = results.getRange();
    range.load('rowIndex,columnIndex,rowCount,columnCount');
    const resultsSheet = results.worksheet;
    const resultsHead = results.getHeaderRowRange();
    resultsHead.load('values');
    await context.sync();
    const columns = (resultsHead.values as CellValue[][])[0] ?? [];
    const rowColumn = columnOf(columns, 'col.row');
    const auditColumn = columnOf(columns, 'col.relayAudit');
    if (rowColumn < 0 || auditColumn < 0) return noNumbers();
    // Two columns of a results table that can hold 100,000 rows: read in bounded pieces, one after the other.
    const column = async (index: number) =>
      (
        await readRectValues(context, resultsSheet, {
          rowIndex: range.rowIndex + 1,
          rowCount: range.rowCount - 1,
          columnIndex: range.columnIndex + index,
          columnCount: 1,
        })
      ).map((r) => r[0]);
    const numbers = await column(rowColumn);
    const audits = await column(auditColumn);
    const auditOf = new Map<number, number | null>();
    numbers.forEach((cell, i) => {
      const row = wholeNumber(cell);
      if (row !== null && sourceRows.has(row) && !auditOf.has(row)) auditOf.set(row, wholeNumber(audits[i]));
    });
    return listed([...sourceRows].map((row) => ({ row, auditId: auditOf.get(row) ?? null })));
  });
}

const tooMany = (): SelectedAudits => ({ kind: 'too-many' });

/**
 * The selection's rows within [first, end) that no filter hides, or why there are none to read:
 * "none" (the selection misses those rows, or all it covers are hidden), "too-many".
 */
async function chosenRows(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  selection: CellRect,
  first: number,
  end: number,
): Promise<number[] | 'none' | 'too-many'> {
  const top = Math.max(selection.rowIndex, first);
  const bottom = Math.min(selection.rowIndex + selection.rowCount, end);
  if (bottom <= top) return 'none';
  const rows = await visibleRows(context, sheet, top, bottom - top, MAX_SELECTED_ROWS);
  if (rows === null) return 'too-many';
  return rows.length === 0 ? 'none' : rows;
}

/** One column's cells on `rows`: read from the first of them to the last, in bounded pieces. */
function columnReader(context: Excel.RequestContext, sheet: Excel.Worksheet, rows: readonly number[]) {
  const first = rows[0];
  const span = rows[rows.length - 1] - first + 1;
  return async (columnIndex: number): Promise<CellValue[]> => {
    if (columnIndex < 0) return rows.map(() => null);
    const cells = await readRectValues(context, sheet, {
      rowIndex: first,
      rowCount: span,
      columnIndex,
      columnCount: 1,
    });
    return rows.map((r) => cells[r - first]?.[0] ?? null);
  };
}

/** Each results row once, in its order; cells that hold no row number (a blank line, a note) are not rows. */
function listed(found: readonly { row: number | null; auditId: number | null }[]): SelectedAudits {
  const rows = new Map<number, RowAudit>();
  for (const { row, auditId } of found) {
    if (row !== null && !rows.has(row)) rows.set(row, { row, auditId });
  }
  if (rows.size === 0) return { kind: 'not-a-row' };
  return { kind: 'rows', rows: [...rows.values()].sort((a, b) => a.row - b.row) };
}

/**
 * A results table converted to a range, renamed, or copied into another workbook (a client's file):
 * found by its header row, the one naming both "Row" and "Relay audit no.", above the selection or its first.
 */
async function byHeader(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  selection: CellRect,
): Promise<SelectedAudits> {
  const used = sheet.getUsedRangeOrNullObject(true);
  used.load('rowIndex,columnIndex,rowCount,columnCount');
  await context.sync();
  if (used.isNullObject || selection.rowIndex + selection.rowCount <= used.rowIndex) return { kind: 'not-a-row' };
  const top = { rowIndex: used.rowIndex, columnIndex: used.columnIndex, columnCount: used.columnCount };
  // Down to the selection's first row (whole columns start above the sheet's first filled row): a
  // selection may start on the header it is read by.
  const first = Math.max(selection.rowIndex, used.rowIndex);
  const rowCount = Math.min(used.rowCount, AUDIT_HEADER_SEARCH_ROWS, first - used.rowIndex + 1);
  const head = await readRectValues(context, sheet, { ...top, rowCount });
  const at = auditHeaderAt(head);
  if (at < 0) return { kind: 'not-a-row' };
  const rows = await chosenRows(context, sheet, selection, used.rowIndex + at + 1, used.rowIndex + used.rowCount);
  if (typeof rows === 'string') return rows === 'none' ? { kind: 'not-a-row' } : tooMany();
  const read = columnReader(context, sheet, rows);
  const numbers = await read(sheetColumn(used, head[at], 'col.row'));
  const audits = await read(sheetColumn(used, head[at], 'col.relayAudit'));
  return listed(numbers.map((row, i) => ({ row: wholeNumber(row), auditId: wholeNumber(audits[i]) })));
}
