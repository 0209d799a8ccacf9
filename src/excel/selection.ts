/**
 * Reading what the user pointed at.
 *
 * Rule (also in the report to the task pane):
 * - a multi-cell selection is read as selected, cut to the sheet's used range, so selecting
 *   whole columns (A:C) reads the filled rows only, not a million;
 * - a single cell inside a table reads the whole table, header row included;
 * - a single non-empty cell elsewhere reads its surrounding region (the block bounded by blank
 *   rows and columns, Ctrl+Shift+* in Excel), so clicking anywhere in a list is enough;
 * - a single empty cell outside a table reads nothing (source "empty"): guessing a neighbouring
 *   block from an empty cell surprises more than it helps.
 * Values are read in blocks sized by bytes (src/excel/sized-read.ts), to stay under Excel on the
 * web's 5 MB response limit, and never more than `maxCellsPerRead` cells at once.
 *
 * Several areas (a Ctrl-click) cannot be read: getSelectedRange throws InvalidSelection for them
 * (https://learn.microsoft.com/en-us/javascript/api/excel/excel.workbook#excel-excel-workbook-getselectedrange-member(1)),
 * and the user is asked to select one block. Extending a single cell to its region needs
 * Range.getSurroundingRegion, ExcelApi 1.7 (the API reference's "[Api set: ExcelApi 1.7]"), the
 * manifest's minimum; still asked for first, so a host that loads us below it degrades with a message.
 */
import type { CellValue } from '../bulk/columns';
import { intersectRects, qualifiedAddress, type CellRect } from './a1';
import { ExcelLayerError, officeErrorCode } from './errors';
import { excelMessages } from './messages';
import { excelApiSupported } from './requirements';
import { readRowsSized } from './sized-read';

export type SelectionSource = 'table' | 'region' | 'selection' | 'empty';

export interface SelectionRead {
  sheetName: string;
  /** The selection as made, sheet-qualified ("Sheet1!B3"). */
  selectedAddress: string;
  /** What was read, sheet-qualified; equals selectedAddress for an unextended read. Empty read: "". */
  address: string;
  rowIndex: number;
  columnIndex: number;
  rowCount: number;
  columnCount: number;
  values: CellValue[][];
  source: SelectionSource;
  /** Set when source is "table". */
  tableName: string | null;
  /** true/false for a table (its header row shown or not); null when unknown. */
  hasHeaderRow: boolean | null;
  /** Some rows of what was read are hidden (a filter, or by hand): read, like every other row. */
  rowsHidden: boolean;
}

export interface ReadSelectionOptions {
  /** Extend a single cell to its table or region (default true). */
  extend?: boolean;
  /** Cells per read sync (default 50 000). */
  maxCellsPerRead?: number;
  /** Refuse larger reads with ExcelLayerError "selection-too-large" (default 2 000 000). */
  maxCells?: number;
}

export const DEFAULT_MAX_CELLS_PER_READ = 50_000;
export const DEFAULT_MAX_SELECTION_CELLS = 2_000_000;

type Dims = Pick<Excel.Range, 'rowIndex' | 'columnIndex' | 'rowCount' | 'columnCount'>;
const DIMS = 'rowIndex,columnIndex,rowCount,columnCount';

function rectOf(r: Dims): CellRect {
  return { rowIndex: r.rowIndex, columnIndex: r.columnIndex, rowCount: r.rowCount, columnCount: r.columnCount };
}

function contains(outer: CellRect, inner: CellRect): boolean {
  const hit = intersectRects(outer, inner);
  return hit !== null && hit.rowCount === inner.rowCount && hit.columnCount === inner.columnCount;
}

/** Cells of the first, measuring read: small enough for any text, big enough to measure. */
const FIRST_READ_CELLS = 2_000;

/** Reads values of `rect` on `sheet` in row blocks sized by bytes, one sync per block. */
export async function readRectValues(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  rect: CellRect,
  maxCellsPerRead = DEFAULT_MAX_CELLS_PER_READ,
): Promise<CellValue[][]> {
  const columns = Math.max(1, rect.columnCount);
  const maxRows = Math.max(1, Math.floor(maxCellsPerRead / columns));
  const out: CellValue[][] = [];
  await readRowsSized(
    context,
    rect.rowCount,
    (start, count) => sheet.getRangeByIndexes(rect.rowIndex + start, rect.columnIndex, count, rect.columnCount),
    (values) => {
      for (const row of values as CellValue[][]) out.push(row);
    },
    { maxRows, firstRows: Math.min(maxRows, Math.max(1, Math.floor(FIRST_READ_CELLS / columns))) },
  );
  return out;
}

export async function readSelection(
  context: Excel.RequestContext,
  options: ReadSelectionOptions = {},
): Promise<SelectionRead> {
  const extend = options.extend ?? true;
  const selected = context.workbook.getSelectedRange();
  selected.load(`address,${DIMS}`);
  const sheetProxy = selected.worksheet;
  sheetProxy.load('name');
  const used = sheetProxy.getUsedRangeOrNullObject(true);
  used.load(DIMS);
  const region = extend && excelApiSupported('1.7') ? selected.getSurroundingRegion() : null;
  region?.load(DIMS);
  const firstCell = extend ? selected.getCell(0, 0) : null;
  firstCell?.load('valueTypes');
  const tables = extend ? sheetProxy.tables : null;
  tables?.load('items/name,items/showHeaders');
  try {
    await context.sync();
  } catch (e) {
    if (officeErrorCode(e) === 'InvalidSelection') {
      throw new ExcelLayerError('several-areas', excelMessages.text('excel.selection.severalAreas'));
    }
    throw e;
  }

  const sheetName = sheetProxy.name;
  const sel = rectOf(selected);
  const base = {
    sheetName,
    selectedAddress: selected.address,
    tableName: null as string | null,
    hasHeaderRow: null as boolean | null,
  };
  const single = sel.rowCount === 1 && sel.columnCount === 1;
  let rect: CellRect | null = null;
  let source: SelectionSource = 'selection';

  if (single && extend) {
    const items = tables?.items ?? [];
    const ranges = items.map((t) => t.getRange().load(DIMS));
    if (ranges.length > 0) await context.sync();
    const hit = ranges.findIndex((r) => contains(rectOf(r), sel));
    if (hit !== -1) {
      rect = rectOf(ranges[hit]);
      source = 'table';
      base.tableName = items[hit].name;
      base.hasHeaderRow = items[hit].showHeaders;
    } else if (firstCell && firstCell.valueTypes[0][0] !== 'Empty') {
      if (!region) throw new ExcelLayerError('needs-newer-excel', excelMessages.text('excel.selection.noRegion'));
      rect = rectOf(region);
      source = rect.rowCount * rect.columnCount > 1 ? 'region' : 'selection';
    }
  } else if (!used.isNullObject) {
    rect = intersectRects(sel, rectOf(used));
  }

  if (!rect) {
    return {
      ...base,
      address: '',
      rowIndex: sel.rowIndex,
      columnIndex: sel.columnIndex,
      rowCount: 0,
      columnCount: 0,
      values: [],
      source: 'empty',
      rowsHidden: false,
    };
  }
  const cells = rect.rowCount * rect.columnCount;
  const maxCells = options.maxCells ?? DEFAULT_MAX_SELECTION_CELLS;
  if (cells > maxCells) {
    throw new ExcelLayerError(
      'selection-too-large',
      excelMessages.text('excel.selection.tooLarge', { cells, max: maxCells }),
    );
  }
  const sheet = context.workbook.worksheets.getItem(sheetName);
  // Range.values holds hidden rows as any other, so a filtered list is read whole; the caller says so.
  // rowHidden: false when no row is hidden, true when all are, null when some are (ExcelApi 1.2,
  // https://learn.microsoft.com/en-us/javascript/api/excel/excel.range#excel-excel-range-rowhidden-member).
  // Loaded now, it comes back with the values' first read, at no round trip of its own.
  const read = sheet.getRangeByIndexes(rect.rowIndex, rect.columnIndex, rect.rowCount, rect.columnCount);
  read.load('rowHidden');
  const values = await readRectValues(context, sheet, rect, options.maxCellsPerRead);
  return {
    ...base,
    address: qualifiedAddress(sheetName, rect),
    ...rect,
    values,
    source,
    rowsHidden: read.rowHidden !== false,
  };
}
