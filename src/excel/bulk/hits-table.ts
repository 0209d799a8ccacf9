import type { BulkSink, SinkBegin, SinkEnd } from '../../bulk';
import type { CellValue } from '../../bulk/columns';
import { decisionValidation, reasonValidation, type DecisionValidationSpec } from '../../bulk/decisions';
import {
  HITS_HEADER_SEARCH_ROWS,
  isHitsHeader,
  readPreviousHits,
  refusalText,
  SERVICE_HEADER_LABELS,
  type PreviousRun,
} from '../../bulk/previous-hits';
import { bulkMessages } from '../../bulk/messages';
import { rescreenMessages } from '../../bulk/rescreen-messages';
import type { TableColumn } from '../../bulk/result-table';
import { completedHitsOf, leftHiddenRowsOut } from '../../bulk/run-header';
import { InvalidInputError } from '../../core/protocol/errors';
import { LANGS, type Lang } from '../../core/text/i18n';
import type { CellRect } from '../a1';
import { WriteBatch, batchBudget, type BatchStats } from './bulk-batch';
import { runQueued } from '../run';
import { excelApiSupported } from '../requirements';
import { readRectValues } from '../selection';
import { isRunTable, resultSheetName, uniqueTableName } from '../sheet-names';
import { queueAutofitColumns } from '../sheets';
import { queueDateSystem } from '../date-system';
import { hitsTableById } from './hits-table-id';
import { commandLineInput, queueSheetTop } from './command-line-results';

/**
 * The hits table as the analyst's worksheet: a drop-down of decisions on its Decision column,
 * the decisions read back for a re-screen, and the "gone" sheet a re-screen adds.
 *
 * Office APIs used, all ExcelApi 1.8 or older:
 * - Range.dataValidation (rule.list, prompt, errorAlert), ExcelApi 1.8:
 *   https://learn.microsoft.com/javascript/api/excel/excel.datavalidation
 * - Workbook.tables.getItemOrNullObject, Table.getRange, ExcelApi 1.1/1.4:
 *   https://learn.microsoft.com/javascript/api/excel/excel.tablecollection
 */

/** Range.dataValidation needs ExcelApi 1.8, above the 1.7 the manifest declares. */
export const DATA_VALIDATION_API = '1.8';

/**
 * Queues the Decision and Reason drop-downs on `rows` hit rows below the header at sheet row index `headerRow`
 * (0-based). On an Excel older than ExcelApi 1.8 the column stays a plain column: decisions are
 * typed, and the re-screen's read-back still refuses anything that is not a decision.
 */
export function queueDecisionValidation(
  sheet: Excel.Worksheet,
  columns: readonly TableColumn[],
  headerRow: number,
  rows: number,
  lang: Lang,
): boolean {
  const column = columns.findIndex((c) => c.id === 'decision');
  if (column < 0 || rows < 1 || !excelApiSupported(DATA_VALIDATION_API)) return false;
  queueList(sheet.getRangeByIndexes(headerRow + 1, column, rows, 1), decisionValidation(lang));
  const reason = columns.findIndex((c) => c.id === 'reason');
  if (reason >= 0) queueList(sheet.getRangeByIndexes(headerRow + 1, reason, rows, 1), reasonValidation(lang));
  return true;
}

function queueList(range: Excel.Range, spec: DecisionValidationSpec): void {
  // Cleared first, as Microsoft's sample does: a resumed run's column may already hold the rule
  // on its first rows, and a rule set over partial validation fails with InvalidArgument (office-js#2594).
  range.dataValidation.clear();
  // A list source is "a string that contains a comma-separated" list; no decision or reason holds a comma.
  range.dataValidation.rule = { list: { inCellDropDown: true, source: spec.values.join(',') } };
  range.dataValidation.prompt = { showPrompt: true, title: spec.title, message: spec.prompt };
  range.dataValidation.errorAlert = { showAlert: true, style: 'Stop', title: spec.title, message: spec.error };
}

/**
 * The Excel sink plus what decisions need, without touching the sink's own code: after the
 * sink has made the hits table, its Decision column gets the drop-down; a completed re-screen
 * also gets a sheet listing the hits that are gone, with their old decisions.
 */
export function withReviewSheets<S extends BulkSink>(inner: S, options: { now?: () => Date } = {}): S {
  let begun: SinkBegin | null = null;
  let output: Record<string, string> = {};
  const stats: BatchStats = { syncs: 0, maxBatchBytes: 0 };
  const wrapped: BulkSink = {
    async begin(begin) {
      begun = begin;
      const opened = await inner.begin(begin);
      output = opened.output;
      return opened;
    },
    write: (chunk) => inner.write(chunk),
    async end(end: SinkEnd) {
      await inner.end(end);
      const b = begun;
      if (!b) return;
      const hitsSheet = output.hitsSheet;
      await runQueued(async (context) => {
        const batch = new WriteBatch(context, batchBudget(), stats);
        if (hitsSheet && end.hitsWritten > 0) {
          const sheet = context.workbook.worksheets.getItem(hitsSheet);
          await batch.add(1_000, () => queueDecisionValidation(sheet, b.hitsColumns, 0, end.hitsWritten, b.lang));
        }
        if (end.gone) {
          const sheets = context.workbook.worksheets;
          sheets.load('items/name');
          const tables = context.workbook.tables;
          tables.load('items/name');
          await batch.flush();
          stats.syncs++;
          await context.sync();
          const name = resultSheetName(
            options.now?.() ?? end.header.updatedAt,
            sheets.items.map((s) => s.name),
            rescreenMessages.t(b.lang, 'sheet.gone'),
          );
          const gone = sheets.add(name);
          const width = b.hitsColumns.length;
          await batch.addRows(gone, 0, 0, [b.hitsColumns.map((c) => c.header), ...end.gone], width);
          const tableName = uniqueTableName(
            `${output.resultsTable ?? 'CheckLists'}_gone`,
            tables.items.map((t) => t.name),
          );
          await batch.add(500, () => {
            const table = gone.tables.add(gone.getRangeByIndexes(0, 0, Math.max(1, end.gone!.length) + 1, width), true);
            table.name = tableName;
            table.style = 'TableStyleLight11';
            queueAutofitColumns(gone, {
              rowIndex: 0,
              columnIndex: 0,
              rowCount: Math.min(end.gone!.length, 200) + 1,
              columnCount: width,
            });
          });
        }
        await batch.flush();
      });
    },
  };
  return { ...inner, ...wrapped };
}

/** Where a results sheet's run came from and the hits it found, as the workbook holds them now. */
export interface WorkbookPrevious {
  previous: PreviousRun;
  /** The run header's "Input": the client list's sheet address. */
  inputSource: string;
  resultsSheet: string;
  /** The run left out the rows hidden when it began (its header's note says so). */
  leftHiddenOut: boolean;
}

/** The header's fixed lines, the service's and the notes under them: a run has a few notes at most. */
const HEADER_ROWS = 24;

function headerValue(values: readonly (readonly CellValue[])[], labels: readonly string[]): string | null {
  const row = values.find((r) => typeof r[0] === 'string' && labels.includes(r[0].trim()));
  const v = row?.[1];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}

/**
 * Reads what "Screen again" needs from a results sheet (or its hits sheet): the list's address
 * from the run header and every hit row with its decision. Refuses, naming the sheet and cell,
 * when a decision could not be carried (a typo, a deleted column).
 *
 * The hits table is looked up by name, in a sync of its own, before anything is derived from it:
 * a range or worksheet taken from a null object is no safe answer. An analyst may rename the table
 * or convert it to a range; then the hits are found by their header row on the hits sheet, and a
 * missing table means "no hits" only when the run's own header says it listed none.
 */
export async function readWorkbookPrevious(
  sheetName: string,
  inputLabels: readonly string[],
): Promise<WorkbookPrevious> {
  return runQueued(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    const tables = sheet.tables;
    tables.load('items/name');
    await context.sync();
    // Started from the hits sheet: its table is "<results table>_hits".
    const own = tables.items.map((t) => t.name);
    const hitsOnThisSheet = own.find((n) => /_hits$/i.test(n));
    const resultsTableName = hitsOnThisSheet ? hitsOnThisSheet.replace(/_hits$/i, '') : (own.find(isRunTable) ?? null);
    if (!resultsTableName) throw await notResultsOf(context, sheet, sheetName);
    const resultsTable = context.workbook.tables.getItemOrNullObject(resultsTableName);
    resultsTable.load('name');
    const hitsTableName = `${resultsTableName}_hits`;
    let hitsTable = context.workbook.tables.getItemOrNullObject(hitsTableName);
    hitsTable.load('name');
    await context.sync();
    if (resultsTable.isNullObject) throw notResults(sheetName);
    if (hitsTable.isNullObject) hitsTable = (await hitsTableById(context, resultsTableName)) ?? hitsTable;

    const resultsSheet = resultsTable.worksheet;
    resultsSheet.load('name');
    const header = resultsSheet.getRangeByIndexes(0, 0, HEADER_ROWS, 2);
    header.load('values');
    const dateSystem = queueDateSystem(context);
    const hitsRange = hitsTable.isNullObject ? null : hitsTable.getRange();
    hitsRange?.load('rowIndex,columnIndex,rowCount,columnCount');
    const tableSheet = hitsTable.isNullObject ? null : hitsTable.worksheet;
    tableSheet?.load('name');
    await context.sync();
    const headerValues = header.values as CellValue[][];
    const inputSource = headerValue(headerValues, inputLabels);
    if (!inputSource) throw notResults(sheetName);

    let located: { sheet: Excel.Worksheet; sheetName: string; rect: CellRect } | null =
      hitsRange && tableSheet
        ? {
            sheet: tableSheet,
            sheetName: tableSheet.name,
            rect: {
              rowIndex: hitsRange.rowIndex,
              columnIndex: hitsRange.columnIndex,
              rowCount: hitsRange.rowCount,
              columnCount: hitsRange.columnCount,
            },
          }
        : null;
    if (!located) {
      const state = headerValue(headerValues, stateLabels());
      if (state !== null && completedHitsOf(state) === 0) {
        const service = headerValue(headerValues, SERVICE_HEADER_LABELS);
        return {
          previous: { source: resultsSheet.name, hits: new Map(), ...(service ? { service } : {}) },
          inputSource,
          resultsSheet: resultsSheet.name,
          leftHiddenOut: leftHiddenRowsOut(headerValues),
        };
      }
      located = await findHitsByHeader(context, resultsSheet.name);
      if (!located) {
        throw new InvalidInputError([
          {
            field: 'previous',
            code: 'previous.hitsTableMissing',
            message: rescreenMessages.text('previous.hitsTableMissing', {
              table: hitsTableName,
              sheet: resultsSheet.name,
            }),
          },
        ]);
      }
    }
    const { rect } = located;
    const values = await readRectValues(context, located.sheet, rect);
    const [head, ...rows] = values;
    while (rows.length > 0 && rows[rows.length - 1].every((v) => v === null || v === '')) rows.pop();
    const { hits, problems } = readPreviousHits({
      sheet: located.sheetName,
      headerRow: rect.rowIndex + 1,
      firstColumn: rect.columnIndex,
      header: head ?? [],
      rows,
      dateSystem: dateSystem(),
    });
    if (problems.length > 0) {
      throw new InvalidInputError([{ field: 'previous', code: 'previous.refused', message: refusalText(problems) }]);
    }
    const service = headerValue(headerValues, SERVICE_HEADER_LABELS);
    return {
      previous: { source: located.sheetName, hits, ...(service ? { service } : {}) },
      inputSource,
      resultsSheet: resultsSheet.name,
      leftHiddenOut: leftHiddenRowsOut(headerValues),
    };
  });
}

function stateLabels(): string[] {
  return LANGS.map((lang) => bulkMessages.t(lang, 'header.state'));
}

/**
 * The hits of a run whose table was renamed or converted to a range: on a sheet named as our hits
 * sheets are (the one written with this results sheet first), the first row that holds a hits
 * header, down to the last used row.
 */
async function findHitsByHeader(
  context: Excel.RequestContext,
  resultsSheetName: string,
): Promise<{ sheet: Excel.Worksheet; sheetName: string; rect: CellRect } | null> {
  const sheets = context.workbook.worksheets;
  sheets.load('items/name');
  await context.sync();
  const hitsPrefixes = LANGS.map((lang) => bulkMessages.t(lang, 'sheet.hits'));
  const resultsPrefixes = LANGS.map((lang) => bulkMessages.t(lang, 'sheet.results'));
  const stamp = resultsPrefixes.reduce(
    (rest, prefix) => (rest.startsWith(`${prefix} `) ? rest.slice(prefix.length + 1) : rest),
    resultsSheetName,
  );
  const candidates = sheets.items
    .filter((ws) => hitsPrefixes.some((prefix) => ws.name.startsWith(prefix)))
    .sort((a, b) => Number(b.name.endsWith(stamp)) - Number(a.name.endsWith(stamp)));
  for (const ws of candidates) {
    const used = ws.getUsedRangeOrNullObject(true);
    used.load('rowIndex,columnIndex,rowCount,columnCount');
    await context.sync();
    if (used.isNullObject) continue;
    const top: CellRect = {
      rowIndex: used.rowIndex,
      columnIndex: used.columnIndex,
      rowCount: Math.min(used.rowCount, HITS_HEADER_SEARCH_ROWS),
      columnCount: used.columnCount,
    };
    const head = await readRectValues(context, ws, top);
    const at = head.findIndex((row) => isHitsHeader(row));
    if (at < 0) continue;
    const rowIndex = used.rowIndex + at;
    return {
      sheet: ws,
      sheetName: ws.name,
      rect: {
        rowIndex,
        columnIndex: used.columnIndex,
        rowCount: used.rowIndex + used.rowCount - rowIndex,
        columnCount: used.columnCount,
      },
    };
  }
  return null;
}

/** No run table on the sheet: results the command line wrote are said to be so, with what to do. */
async function notResultsOf(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  sheetName: string,
): Promise<InvalidInputError> {
  const top = queueSheetTop(sheet);
  await context.sync();
  const input = commandLineInput(top.values);
  if (input === null) return notResults(sheetName);
  const message = rescreenMessages.text('previous.commandLine', { sheet: sheetName, input });
  return new InvalidInputError([{ field: 'previous', code: 'previous.commandLine', message }]);
}

function notResults(sheet: string): InvalidInputError {
  return new InvalidInputError([
    {
      field: 'previous',
      code: 'previous.noHitsSheet',
      message: rescreenMessages.text('previous.noHitsSheet', { source: sheet }),
    },
  ]);
}
