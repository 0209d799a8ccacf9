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
import { excelApiSupported } from '../requirements';
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
 * A Ctrl-click selection counts every area: an inspector's clients are rarely next to each other.
 *
 * Office APIs used: Workbook.getSelectedRanges (ExcelApi 1.9, every area,
 * https://learn.microsoft.com/javascript/api/excel/excel.workbook#excel-excel-workbook-getselectedranges-member(1)),
 * else Workbook.getSelectedRange (ExcelApi 1.1; it throws InvalidSelection for several areas,
 * https://learn.microsoft.com/javascript/api/excel/excel.workbook#excel-excel-workbook-getselectedrange-member(1)),
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
  /** A Ctrl-click selection in an Excel older than ExcelApi 1.9, which gives an add-in one range only. */
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

/** The selection's sheet, its tables' names, and its areas: one, or each of a Ctrl-click. */
async function readSelected(
  context: Excel.RequestContext,
): Promise<{ sheet: Excel.Worksheet; tableNames: string[]; areas: CellRect[] } | null> {
  if (excelApiSupported('1.9')) {
    const selected = context.workbook.getSelectedRanges();
    selected.areas.load('items/rowIndex,items/columnIndex,items/rowCount,items/columnCount');
    const tables = selected.worksheet.tables;
    tables.load('items/name');
    await context.sync();
    return {
      sheet: selected.worksheet,
      tableNames: tables.items.map((t) => t.name),
      areas: selected.areas.items.map(rectOf),
    };
  }
  const selected = context.workbook.getSelectedRange();
  selected.load('rowIndex,columnIndex,rowCount,columnCount');
  const tables = selected.worksheet.tables;
  tables.load('items/name');
  try {
    await context.sync();
  } catch (error) {
    if (officeErrorCode(error) === 'InvalidSelection') return null;
    throw error;
  }
  return { sheet: selected.worksheet, tableNames: tables.items.map((t) => t.name), areas: [rectOf(selected)] };
}

export async function selectedAudits(): Promise<SelectedAudits> {
  return runQueued(async (context) => {
    const read = await readSelected(context);
    if (!read) return { kind: 'several-areas' };
    const { sheet, areas } = read;
    const names = read.tableNames.filter(isRunTable);
    const hitsName = names.find((n) => /_hits$/i.test(n));
    const resultsName = hitsName ? hitsName.replace(/_hits$/i, '') : names.find((n) => !/_gone$/i.test(n));
    if (!resultsName) return byHeader(context, sheet, areas);

    const ownRange = sheet.tables.getItem(hitsName ?? resultsName).getRange();
    ownRange.load('rowIndex,columnIndex,rowCount,columnCount');
    await context.sync();
    const own = rectOf(ownRange);
    // The header row is the table's first: the rows below it that the selection covers.
    const rows = await chosenRows(context, sheet, areas, own.rowIndex + 1, own.rowIndex + own.rowCount);
    if (typeof rows === 'string') return rows === 'none' ? { kind: 'not-a-row' } : tooMany();
    // A table is a few dozen columns wide: its header in one read.
    const [head = []] = await readRectValues(context, sheet, { ...own, rowCount: 1 });
    const column = columnReader(context, sheet, rows);

    if (!hitsName) {
      const numbers = await column(sheetColumn(own, head, 'col.row'));
      const audits = await column(sheetColumn(own, head, 'col.relayAudit'));
      return listed(numbers.map((row, i) => ({ row: wholeNumber(row), auditId: wholeNumber(audits[i]) })));
    }

    // Hits' rows: their results rows are those with the same source rows.
    const sourceRows = new Set(
      (await column(sheetColumn(own, head, 'hits.sourceRow'))).map(wholeNumber).filter((n) => n !== null),
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
    const resultsColumn = async (index: number) =>
      (
        await readRectValues(context, resultsSheet, {
          rowIndex: range.rowIndex + 1,
          rowCount: range.rowCount - 1,
          columnIndex: range.columnIndex + index,
          columnCount: 1,
        })
      ).map((r) => r[0]);
    const numbers = await resultsColumn(rowColumn);
    const audits = await resultsColumn(auditColumn);
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
 * The rows within [first, end) of any selected area that no filter hides, each once and in order,
 * or why there are none to read: "none" (the selection misses those rows, or all it covers are
 * hidden), "too-many".
 */
async function chosenRows(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  areas: readonly CellRect[],
  first: number,
  end: number,
): Promise<number[] | 'none' | 'too-many'> {
  // Each area's rows within [first, end), joined where areas overlap (a row clicked twice counts once).
  const spans = areas
    .map((a): [number, number] => [Math.max(a.rowIndex, first), Math.min(a.rowIndex + a.rowCount, end)])
    .filter(([top, bottom]) => bottom > top)
    .sort((x, y) => x[0] - y[0]);
  const blocks: [number, number][] = [];
  for (const [top, bottom] of spans) {
    const last = blocks[blocks.length - 1];
    if (last && top <= last[0] + last[1]) last[1] = Math.max(last[1], bottom - last[0]);
    else blocks.push([top, bottom - top]);
  }
  if (blocks.length === 0) return 'none';
  const rows = await visibleRows(context, sheet, blocks, MAX_SELECTED_ROWS);
  if (rows === null) return 'too-many';
  return rows.length === 0 ? 'none' : rows;
}

/** Rows this far apart are read as two pieces, not through the rows between them. */
const READ_THROUGH_GAP = 1_000;

/**
 * One column's cells on `rows` (in order): read run by run, from the first row of a run to its last,
 * in bounded pieces; rows far apart (two clicked clients of a long table) are not read through the gap.
 */
function columnReader(context: Excel.RequestContext, sheet: Excel.Worksheet, rows: readonly number[]) {
  const runs: [number, number][] = [];
  for (const row of rows) {
    const last = runs[runs.length - 1];
    if (last && row - last[1] <= READ_THROUGH_GAP) last[1] = row;
    else runs.push([row, row]);
  }
  return async (columnIndex: number): Promise<CellValue[]> => {
    if (columnIndex < 0) return rows.map(() => null);
    const cells = new Map<number, CellValue>();
    for (const [first, last] of runs) {
      const read = await readRectValues(context, sheet, {
        rowIndex: first,
        rowCount: last - first + 1,
        columnIndex,
        columnCount: 1,
      });
      read.forEach((cell, i) => cells.set(first + i, cell[0] ?? null));
    }
    return rows.map((r) => cells.get(r) ?? null);
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
  areas: readonly CellRect[],
): Promise<SelectedAudits> {
  const used = sheet.getUsedRangeOrNullObject(true);
  used.load('rowIndex,columnIndex,rowCount,columnCount');
  await context.sync();
  const selectionEnd = Math.max(...areas.map((a) => a.rowIndex + a.rowCount));
  if (used.isNullObject || selectionEnd <= used.rowIndex) return { kind: 'not-a-row' };
  const top = { rowIndex: used.rowIndex, columnIndex: used.columnIndex, columnCount: used.columnCount };
  // Down to the first row of the lowest area (whole columns start above the sheet's first filled
  // row): a selection may start on the header it is read by, and a Ctrl-click may take a cell above it.
  const first = Math.max(used.rowIndex, ...areas.map((a) => a.rowIndex));
  const rowCount = Math.min(used.rowCount, AUDIT_HEADER_SEARCH_ROWS, first - used.rowIndex + 1);
  const head = await readRectValues(context, sheet, { ...top, rowCount });
  const at = auditHeaderAt(head);
  if (at < 0) return { kind: 'not-a-row' };
  const rows = await chosenRows(context, sheet, areas, used.rowIndex + at + 1, used.rowIndex + used.rowCount);
  if (typeof rows === 'string') return rows === 'none' ? { kind: 'not-a-row' } : tooMany();
  const column = columnReader(context, sheet, rows);
  const numbers = await column(sheetColumn(used, head[at], 'col.row'));
  const audits = await column(sheetColumn(used, head[at], 'col.relayAudit'));
  return listed(numbers.map((row, i) => ({ row: wholeNumber(row), auditId: wholeNumber(audits[i]) })));
}
