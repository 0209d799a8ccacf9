import { isBlankRow, recogniseColumns, type CellValue } from '../../bulk/columns';
import type { RunTuning } from '../../bulk';
import { bulkMessages } from '../../bulk/messages';
import type { RunQueryOptions } from '../../bulk/plan';
import { InvalidInputError } from '../../core/protocol/errors';
import { LANGS, type Lang, type LocalizedText } from '../../core/text/i18n';
import type { ServiceMode } from '../../core/settings/settings';
import { parseAddress, qualifiedAddress, rectContains, type CellRect } from '../a1';
import { hiddenListRows, type SheetInput } from './bulk-input';
import { startWorkbookRun, type WorkbookRun, type WorkbookRunDeps } from './bulk-run';
import { readWorkbookPrevious } from './hits-table';
import { queueDateSystem } from '../date-system';
import { runQueued } from '../run';
import { readRectValues } from '../selection';

/**
 * "Screen again" on a results sheet: the client list is read again where the run header says it
 * was (as it stands now: rows added, removed or reordered since), screened anew, and every
 * decision of the old hits sheet is carried to the same hit on the new one. An earlier run that
 * left its hidden rows out (Screen only the rows shown) is followed: the rows hidden now are left out.
 */
export interface WorkbookRescreenRequest {
  /** The results sheet (or its hits sheet) to screen again. */
  sheetName: string;
  options: RunQueryOptions;
  lang: Lang;
  mode: ServiceMode;
  modeLabel: LocalizedText;
  tuning: RunTuning;
  analyst?: string | null;
}

function refuse(code: 'input.noHeader' | 'input.empty'): InvalidInputError {
  return new InvalidInputError([{ field: 'input', code, message: bulkMessages.text(code) }]);
}

/**
 * The list where it was, as it stands now: its table if the old top-left cell is in one, else
 * the old columns from the old top row down to the sheet's last used row. Not the current
 * region: a blank row inside a client list (a real list has them) would end the region early.
 */
export async function readListAgain(address: string): Promise<SheetInput> {
  const parsed = parseAddress(address);
  if (!parsed || parsed.sheetName === null) throw new RangeError(`not a sheet address: ${address}`);
  const { sheetName, rowIndex, columnIndex, columnCount } = parsed;
  return runQueued(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    const tables = sheet.tables;
    tables.load('items/name');
    const dateSystem = queueDateSystem(context);
    const used = sheet.getUsedRangeOrNullObject(true);
    used.load('rowIndex,rowCount');
    await context.sync();
    const ranges = tables.items.map((t) => t.getRange().load('rowIndex,columnIndex,rowCount,columnCount'));
    if (ranges.length > 0) await context.sync();
    const dims = (r: Excel.Range): CellRect => ({
      rowIndex: r.rowIndex,
      columnIndex: r.columnIndex,
      rowCount: r.rowCount,
      columnCount: r.columnCount,
    });
    const table = ranges.map(dims).find((r) => rectContains(r, rowIndex, columnIndex));
    const bottom = used.isNullObject ? rowIndex + 1 : Math.max(rowIndex + 1, used.rowIndex + used.rowCount);
    const rect = table ?? { rowIndex, columnIndex, rowCount: bottom - rowIndex, columnCount };
    const values = (await readRectValues(context, sheet, rect)) as CellValue[][];
    let end = values.length;
    while (end > 1 && isBlankRow(values[end - 1])) end--;
    const [headers, ...rows] = values.slice(0, end);
    if (!headers || isBlankRow(headers)) throw refuse('input.noHeader');
    if (rows.length === 0) throw refuse('input.empty');
    const read: CellRect = { ...rect, rowCount: rows.length + 1 };
    const hidden = await hiddenListRows(context, sheet, read.rowIndex, rows.length);
    return {
      sheetName,
      rect: read,
      headers: [...headers],
      rows,
      source: qualifiedAddress(sheetName, read),
      firstSourceRow: read.rowIndex + 2,
      dateSystem: dateSystem(),
      // The earlier run's address starts at its header row.
      aboveHeader: 0,
      ...hidden,
    };
  });
}

export async function startWorkbookRescreen(
  request: WorkbookRescreenRequest,
  deps: WorkbookRunDeps,
): Promise<WorkbookRun> {
  const { previous, inputSource, leftHiddenOut } = await readWorkbookPrevious(
    request.sheetName,
    LANGS.map((l) => bulkMessages.t(l, 'header.source')),
  );
  const input = await readListAgain(inputSource);
  return startWorkbookRun(
    {
      input,
      mapping: recogniseColumns(input.headers),
      options: request.options,
      lang: request.lang,
      mode: request.mode,
      modeLabel: request.modeLabel,
      tuning: request.tuning,
      previous,
      // As the analyst chose for this list before: the rows hidden now are left out again.
      leaveOutHidden: leftHiddenOut,
      analyst: request.analyst ?? null,
    },
    deps,
  );
}

/** The sheet a person has open: "Screen again" works on it. */
export async function activeSheetName(): Promise<string> {
  return runQueued(async (context) => {
    const sheet = context.workbook.worksheets.getActiveWorksheet();
    sheet.load('name');
    await context.sync();
    return sheet.name;
  });
}
