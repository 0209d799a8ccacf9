import { filledRowsAbove, findHeaderRow, isBlankRow, type CellValue } from '../../bulk/columns';
import type { BulkInput, RowRuns } from '../../bulk';
import { bulkMessages, type BulkMessageKey } from '../../bulk/messages';
import { InvalidInputError } from '../../core/protocol/errors';
import { parseAddress, qualifiedAddress, type CellRect } from '../a1';
import type { DateSystem } from '../../core/query';
import { queueDateSystem } from '../date-system';
import { runQueued } from '../run';
import { readRectValues, readSelection } from '../selection';
import { hiddenRowRuns } from './visible-rows';

/**
 * The rows a bulk run screens, as the selection helper reads them (src/excel/selection.ts: a
 * cell in a table means the table, a lone cell its current region, whole columns are cut to
 * the used range, values read in slices under the 5 MB response limit), plus what a run
 * needs on top: a header row, data rows without trailing blank rows, and where they came from.
 */
export interface SheetInput extends BulkInput {
  sheetName: string;
  /** Header row included. */
  rect: CellRect;
  /** How this workbook's date numbers count days (see ../date-system.ts). */
  dateSystem: DateSystem;
  /** Filled rows of the region above the header row (a title): left out, and the analyst told. */
  aboveHeader: number;
  /**
   * Some of its data rows are hidden (a filter, or by hand). The analyst chooses before starting
   * whether they are screened too or left out; either way every row is accounted for on the
   * results sheet, and the run's header says which was chosen.
   */
  rowsHidden: boolean;
  /**
   * Which data rows are hidden, as runs [first data row, count]; empty when none is. null when
   * they are too scattered to keep (more than MAX_HIDDEN_RUNS runs): then every row is screened.
   */
  hiddenRows: RowRuns | null;
}

/**
 * Runs of hidden rows a run can leave out. Each is kept in the run's state, which the workbook
 * holds in cells; a list filtered into more pieces than this is screened whole, and said so.
 */
export const MAX_HIDDEN_RUNS = 5_000;

function refuse(code: BulkMessageKey): InvalidInputError {
  return new InvalidInputError([{ field: 'input', code, message: bulkMessages.text(code) }]);
}

function toInput(
  sheetName: string,
  rect: CellRect,
  values: readonly (readonly CellValue[])[],
  dateSystem: DateSystem,
): SheetInput {
  let end = values.length;
  while (end > 1 && isBlankRow(values[end - 1])) end--;
  // A title above the list's headers, inside the region a click reads, is not a header nor a client.
  const top = Math.max(0, findHeaderRow(values.slice(0, end)));
  const [headers, ...rows] = values.slice(top, end);
  if (!headers || isBlankRow(headers)) throw refuse('input.noHeader');
  if (rows.length === 0) throw refuse('input.empty');
  const used: CellRect = { ...rect, rowIndex: rect.rowIndex + top, rowCount: rows.length + 1 };
  return {
    sheetName,
    rect: used,
    headers: [...headers],
    rows,
    source: qualifiedAddress(sheetName, used),
    firstSourceRow: used.rowIndex + 2,
    dateSystem,
    aboveHeader: filledRowsAbove(values, top),
    rowsHidden: false,
    hiddenRows: [],
  };
}

/**
 * The hidden data rows of a list whose header is in sheet row `headerRow` (0-based), as runs of
 * data rows. Hidden rows above the header or below the last client are no rows of the list.
 */
export async function hiddenListRows(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  headerRow: number,
  rowCount: number,
): Promise<Pick<SheetInput, 'rowsHidden' | 'hiddenRows'>> {
  const runs = await hiddenRowRuns(context, sheet, headerRow + 1, rowCount, MAX_HIDDEN_RUNS);
  return {
    rowsHidden: runs === null || runs.length > 0,
    hiddenRows: runs && runs.map(([first, count]): [number, number] => [first - headerRow - 1, count]),
  };
}

/** The input with its hidden data rows found (the selection said some rows of what it read are hidden). */
async function withHiddenRows(context: Excel.RequestContext, input: SheetInput): Promise<SheetInput> {
  const sheet = context.workbook.worksheets.getItem(input.sheetName);
  return { ...input, ...(await hiddenListRows(context, sheet, input.rect.rowIndex, input.rows.length)) };
}

export async function readSelectionInput(): Promise<SheetInput> {
  return runQueued(async (context) => {
    const dateSystem = queueDateSystem(context);
    const read = await readSelection(context);
    if (read.source === 'empty' || read.rowCount === 0) throw refuse('input.noSelection');
    const rect: CellRect = {
      rowIndex: read.rowIndex,
      columnIndex: read.columnIndex,
      rowCount: read.rowCount,
      columnCount: read.columnCount,
    };
    const input = toInput(read.sheetName, rect, read.values, dateSystem());
    return read.rowsHidden ? withHiddenRows(context, input) : input;
  });
}

/** The same rectangle again (a resume): read by address, never widened. */
export async function readAddressInput(address: string): Promise<SheetInput> {
  const parsed = parseAddress(address);
  if (!parsed || parsed.sheetName === null) throw new RangeError(`not a sheet address: ${address}`);
  const { sheetName, ...rect } = parsed;
  return runQueued(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    const dateSystem = queueDateSystem(context);
    return toInput(sheetName, rect, await readRectValues(context, sheet, rect), dateSystem());
  });
}
