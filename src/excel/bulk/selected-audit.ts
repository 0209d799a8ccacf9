import type { CellValue } from '../../bulk/columns';
import { fold } from '../../bulk/decisions';
import { bulkMessages } from '../../bulk/messages';
import { LANGS } from '../../core/text/i18n';
import { runQueued } from '../run';
import { readRectValues } from '../selection';
import { isRunTable } from '../sheet-names';

/**
 * The relay audit no. of the results row the active cell is on: the key to that row's screening
 * certificate (GET /certificates/<id>.pdf). On a hits sheet, the hit's "Source row" names its
 * results row. Headers are matched in either language, since a sheet keeps the language of its run.
 *
 * Office APIs used: Workbook.getActiveCell (ExcelApi 1.7,
 * https://learn.microsoft.com/javascript/api/excel/excel.workbook#excel-excel-workbook-getactivecell-member(1)),
 * Range.worksheet, Worksheet.tables, Table.getRange / getHeaderRowRange (ExcelApi 1.1),
 * Worksheet.getUsedRangeOrNullObject (ExcelApi 1.4).
 */
export type SelectedAudit =
  /** The row was answered through the relay. */
  | { kind: 'found'; auditId: number; row: number }
  /** A results row with no audit no.: screened directly, not screened, or written before the column existed. */
  | { kind: 'none'; row: number }
  /** The active cell is on no data row of a run's results or hits table. */
  | { kind: 'not-a-row' };

type HeaderKey = 'col.row' | 'col.relayAudit' | 'hits.sourceRow';

/** Where a column is by its header in either language, or -1; compared as a re-screen reads headers. */
function columnOf(head: readonly CellValue[], key: HeaderKey): number {
  const names = LANGS.map((lang) => fold(bulkMessages.t(lang, key)));
  return head.findIndex((cell) => typeof cell === 'string' && names.includes(fold(cell)));
}

/** A whole number as a cell holds it: Excel gives numbers, a CSV pasted back may give their text. */
function wholeNumber(cell: CellValue | undefined): number | null {
  const n = typeof cell === 'number' ? cell : typeof cell === 'string' && /^\s*\d+\s*$/.test(cell) ? Number(cell) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export async function selectedAudit(): Promise<SelectedAudit> {
  return runQueued(async (context) => {
    const cell = context.workbook.getActiveCell();
    cell.load('rowIndex');
    const sheet = cell.worksheet;
    const tables = sheet.tables;
    tables.load('items/name');
    await context.sync();
    const names = tables.items.map((t) => t.name).filter(isRunTable);
    const hitsName = names.find((n) => /_hits$/i.test(n));
    const resultsName = hitsName ? hitsName.replace(/_hits$/i, '') : names.find((n) => !/_gone$/i.test(n));
    if (!resultsName) return byHeader(context, sheet, cell.rowIndex);

    const own = sheet.tables.getItem(hitsName ?? resultsName).getRange();
    own.load('rowIndex,columnIndex,rowCount,columnCount');
    await context.sync();
    // The header row is the table's first; the active cell must be on a row below it.
    const offset = cell.rowIndex - own.rowIndex;
    if (offset < 1 || offset >= own.rowCount) return { kind: 'not-a-row' };
    // A table is a few dozen columns wide: its header and one row fit one read.
    const head = sheet.getRangeByIndexes(own.rowIndex, own.columnIndex, 1, own.columnCount);
    const row = sheet.getRangeByIndexes(cell.rowIndex, own.columnIndex, 1, own.columnCount);
    head.load('values');
    row.load('values');
    await context.sync();
    const headValues = (head.values as CellValue[][])[0] ?? [];
    const rowValues = (row.values as CellValue[][])[0] ?? [];

    if (!hitsName) {
      const number = wholeNumber(rowValues[columnOf(headValues, 'col.row')]);
      if (number === null) return { kind: 'not-a-row' };
      return found(number, rowValues[columnOf(headValues, 'col.relayAudit')]);
    }

    // A hit's row: its results row is the one with the same source row.
    const source = wholeNumber(rowValues[columnOf(headValues, 'hits.sourceRow')]);
    if (source === null) return { kind: 'not-a-row' };
    const results = context.workbook.tables.getItemOrNullObject(resultsName);
    results.load('name');
    await context.sync();
    if (results.isNullObject) return { kind: 'none', row: source };
    const range = results.getRange();
    range.load('rowIndex,columnIndex,rowCount,columnCount');
    const resultsSheet = results.worksheet;
    const resultsHead = results.getHeaderRowRange();
    resultsHead.load('values');
    await context.sync();
    const columns = (resultsHead.values as CellValue[][])[0] ?? [];
    const rowColumn = columnOf(columns, 'col.row');
    const auditColumn = columnOf(columns, 'col.relayAudit');
    if (rowColumn < 0 || auditColumn < 0) return { kind: 'none', row: source };
    // Two columns of a results table that can hold 100,000 rows: read in bounded pieces, one after the other.
    const column = (index: number) =>
      readRectValues(context, resultsSheet, {
        rowIndex: range.rowIndex + 1,
        rowCount: range.rowCount - 1,
        columnIndex: range.columnIndex + index,
        columnCount: 1,
      });
    const rows = await column(rowColumn);
    const at = rows.findIndex((r) => wholeNumber(r[0]) === source);
    if (at < 0) return { kind: 'none', row: source };
    const audits = await column(auditColumn);
    return found(source, audits[at]?.[0]);
  });
}

/** Rows searched for a results header when the sheet holds no run's table. */
const HEADER_SEARCH_ROWS = 40;

/**
 * A results table converted to a range, renamed, or copied into another workbook (a client's file):
 * found by its header row, the one naming both "Row" and "Relay audit no.", above the active cell.
 */
async function byHeader(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  activeRow: number,
): Promise<SelectedAudit> {
  const used = sheet.getUsedRangeOrNullObject(true);
  used.load('rowIndex,columnIndex,rowCount,columnCount');
  await context.sync();
  if (used.isNullObject || activeRow <= used.rowIndex) return { kind: 'not-a-row' };
  const top = { rowIndex: used.rowIndex, columnIndex: used.columnIndex, columnCount: used.columnCount };
  const rowCount = Math.min(used.rowCount, HEADER_SEARCH_ROWS, activeRow - used.rowIndex);
  const head = await readRectValues(context, sheet, { ...top, rowCount });
  // The last such row searched: a sheet may hold more than one run's results, one below the other.
  let at = -1;
  head.forEach((r, i) => {
    if (columnOf(r, 'col.row') >= 0 && columnOf(r, 'col.relayAudit') >= 0) at = i;
  });
  if (at < 0) return { kind: 'not-a-row' };
  const [row = []] = await readRectValues(context, sheet, { ...top, rowIndex: activeRow, rowCount: 1 });
  const number = wholeNumber(row[columnOf(head[at], 'col.row')]);
  return number === null ? { kind: 'not-a-row' } : found(number, row[columnOf(head[at], 'col.relayAudit')]);
}

function found(row: number, cell: CellValue | undefined): SelectedAudit {
  const auditId = wholeNumber(cell);
  return auditId === null ? { kind: 'none', row } : { kind: 'found', auditId, row };
}
