import type { BulkSink, ResultChunk, SinkBegin, SinkEnd } from '../../bulk';
import { bulkMessages } from '../../bulk/messages';
import type { TableColumn } from '../../bulk/result-table';
import { RUN_HEADER_COLUMNS, runHeaderRows } from '../../bulk/run-header';
import { InvalidInputError } from '../../core/protocol/errors';
import type { Lang } from '../../core/text/i18n';
import { WriteBatch, batchBudget, type BatchStats } from './bulk-batch';
import { ExcelLayerError, officeErrorCode } from '../errors';
import { excelMessages } from '../messages';
import { readRowsSized } from '../sized-read';
import { runQueued } from '../run';
import { RUN_TABLE_PREFIX, resultSheetName, uniqueTableName } from '../sheet-names';
import { queueKeepHitsTableId } from './hits-table-id';
import { queuePrintAndFold } from './print-layout';
import { tableRules } from './table-rules';
import { queueAutofitColumns, queueHighlightRules } from '../sheets';

/**
 * Bulk results on two new sheets: "CheckLists <date time>" with the run header and one table
 * row per input row, and a hits sheet with one row per hit.
 *
 * The whole results table is laid out when the run begins, every row saying "not screened
 * yet"; results then overwrite their rows in input order as they arrive. So the table has
 * exactly one row per input row from the first second, a crash leaves every answered row on
 * the sheet, and a resume writes into the same rows. Every text goes through the safe writer
 * (src/excel/safe-text.ts): nothing from the input or the service can become a formula.
 *
 * Writes are packed into batches of at most ~2 MB (Excel on the web refuses 5 MB) and synced
 * once per batch: the number of syncs follows the data volume, not the number of rows.
 */

export const RUN_HEADER_ROWS = 12;
/** Run header, one blank row, then the table. */
const TABLE_TOP = RUN_HEADER_ROWS + 1;
const DATE_FORMAT = 'yyyy-mm-dd';
export interface ExcelSinkOptions {
  /** Upper bound of one sync's request. Default 2 MB. */
  maxBytesPerSync?: number;
  /** Time used for sheet names. */
  now?: () => Date;
}

export type ExcelSinkStats = BatchStats;

interface Layout {
  resultsSheet: string;
  hitsSheet: string;
  resultsTable: string;
  columns: readonly TableColumn[];
  hitsColumns: readonly TableColumn[];
  rowCount: number;
  lang: Lang;
}

export function excelBulkSink(options: ExcelSinkOptions = {}): BulkSink & { readonly stats: ExcelSinkStats } {
  const stats: BatchStats = { syncs: 0, maxBatchBytes: 0 };
  const budget = batchBudget(options.maxBytesPerSync);
  let layout: Layout | null = null;

  const dateFormats = (columns: readonly TableColumn[]) =>
    new Map(columns.flatMap((c, i) => (c.kind === 'date' ? [[i, DATE_FORMAT] as const] : [])));

  async function writeHeader(
    batch: WriteBatch,
    sheet: Excel.Worksheet,
    header: SinkEnd['header'],
    lang: Lang,
  ): Promise<void> {
    await batch.addRows(sheet, 0, 0, runHeaderRows(header, lang), RUN_HEADER_COLUMNS.length);
    await batch.add(100, () => {
      sheet.getRangeByIndexes(0, 0, RUN_HEADER_ROWS, 1).format.font.bold = true;
    });
  }

  async function createSheets(begin: SinkBegin): Promise<Layout> {
    return runQueued(async (context) => {
      const batch = new WriteBatch(context, budget, stats);
      const sheets = context.workbook.worksheets;
      sheets.load('items/name');
      const tables = context.workbook.tables;
      tables.load('items/name');
      stats.syncs++;
      await context.sync();
      const names = sheets.items.map((s) => s.name);
      const when = options.now?.() ?? begin.header.startedAt;
      const resultsSheet = resultSheetName(when, names, bulkMessages.t(begin.lang, 'sheet.results'));
      const hitsSheet = resultSheetName(when, [...names, resultsSheet], bulkMessages.t(begin.lang, 'sheet.hits'));
      const resultsTable = uniqueTableName(
        `${RUN_TABLE_PREFIX}${begin.runId}`,
        tables.items.map((t) => t.name),
      );

      const results = sheets.add(resultsSheet);
      const hits = sheets.add(hitsSheet);
      // The sheets exist before the batch writes into them: a batch Excel refuses as too large is
      // sent again in halves (bulk-batch.ts), and each half must find the sheets already there.
      stats.syncs++;
      await context.sync();
      const columns = begin.columns;
      const width = columns.length;
      await writeHeader(batch, results, begin.header, begin.lang);
      // Header row and the reserved rows: the table exists, full size, before any answer.
      await batch.addRows(results, TABLE_TOP, 0, [columns.map((c) => c.header)], width);
      const dates = dateFormats(columns);
      for (let from = 0; from < begin.rowCount; from += 5_000) {
        const to = Math.min(begin.rowCount, from + 5_000);
        await batch.addRows(results, TABLE_TOP + 1 + from, 0, await begin.pendingRows(from, to), width, dates);
      }
      await batch.add(2_000, () => {
        const table = results.tables.add(results.getRangeByIndexes(TABLE_TOP, 0, begin.rowCount + 1, width), true);
        table.name = resultsTable;
        table.style = 'TableStyleMedium2';
        // Rows are written by their place in the table: no sort or filter buttons while the run
        // writes (end() shows them, and checks that nothing moved the rows meanwhile).
        table.showFilterButton = false;
        const body = results.getRangeByIndexes(TABLE_TOP + 1, 0, begin.rowCount, width);
        const formats = tableRules(begin.highlights, columns, TABLE_TOP + 2);
        queueHighlightRules(body, formats.rows);
        for (const { firstColumn, columnCount, rule } of formats.cells) {
          queueHighlightRules(results.getRangeByIndexes(TABLE_TOP + 1, firstColumn, begin.rowCount, columnCount), [
            rule,
          ]);
        }
        // Frozen under the table's header (run header included), so the columns stay named while
        // the analyst scrolls a long list; the hits sheet under its own header.
        results.freezePanes.freezeRows(TABLE_TOP + 1);
        hits.freezePanes.freezeRows(1);
      });
      const hitsHeader = begin.hitsColumns.map((c) => c.header);
      await batch.addRows(hits, 0, 0, [hitsHeader], hitsHeader.length);
      await batch.add(100, () => {
        hits.getRangeByIndexes(0, 0, 1, hitsHeader.length).format.font.bold = true;
      });
      await batch.flush();
      // Showing the results is a courtesy, in its own sync: Excel may refuse to activate a sheet
      // (GeneralException) while the person has another workbook in front, and that must not
      // cost the run.
      results.activate();
      try {
        stats.syncs++;
        await context.sync();
      } catch (e) {
        const code = officeErrorCode(e);
        if (code !== 'GeneralException' && code !== 'InvalidOperation') throw e;
      }
      return {
        resultsSheet,
        hitsSheet,
        resultsTable,
        columns,
        hitsColumns: begin.hitsColumns,
        rowCount: begin.rowCount,
        lang: begin.lang,
      };
    });
  }

  /**
   * The Row column, read once at the end, still counts up one by one from the top: a sort (from the
   * ribbon or a right-click; the buttons are hidden) while rows were being written by place would
   * have left some rows overwritten and others twice. Otherwise the run's answers are written again
   * (bulk-run.ts), which needs this refusal before the run's state is removed.
   */
  async function assertRowsInPlace(l: Layout): Promise<void> {
    if (l.rowCount === 0) return;
    const rows: unknown[] = [];
    await runQueued(async (context) => {
      const results = context.workbook.worksheets.getItem(l.resultsSheet);
      await readRowsSized(
        context,
        l.rowCount,
        (start, count) => results.getRangeByIndexes(TABLE_TOP + 1 + start, 0, count, 1),
        (values) => {
          for (const [value] of values) rows.push(value);
        },
      );
    });
    const first = rows[0];
    const inPlace =
      typeof first === 'number' && rows.every((value, i) => value === first + i) && rows.length === l.rowCount;
    if (!inPlace) throw new ExcelLayerError('table-disturbed', excelMessages.text('excel.run.tableDisturbed'));
  }

  async function reopen(begin: SinkBegin): Promise<Layout> {
    const resultsSheet = begin.output.resultsSheet ?? '';
    const hitsSheet = begin.output.hitsSheet ?? '';
    return runQueued(async (context) => {
      const results = context.workbook.worksheets.getItemOrNullObject(resultsSheet);
      const hits = context.workbook.worksheets.getItemOrNullObject(hitsSheet);
      results.load('name');
      hits.load('name');
      stats.syncs++;
      await context.sync();
      for (const [sheet, name] of [
        [results, resultsSheet],
        [hits, hitsSheet],
      ] as const) {
        if (sheet.isNullObject) {
          throw new InvalidInputError([
            {
              field: 'output',
              code: 'resume.missingSheet',
              message: bulkMessages.text('resume.missingSheet', { sheet: name }),
            },
          ]);
        }
      }
      const batch = new WriteBatch(context, budget, stats);
      await writeHeader(batch, results, begin.header, begin.lang);
      // The hits of a stopped run were made a table; rows are added below it again.
      await batch.flush();
      // Loaded after the batch: a batch resent in halves would have lost a load queued with it.
      const hitsTable = hits.tables.getItemOrNullObject(`${begin.output.resultsTable ?? ''}_hits`);
      hitsTable.load('name');
      const resultsTable = results.tables.getItemOrNullObject(begin.output.resultsTable ?? '');
      resultsTable.load('name');
      stats.syncs++;
      await context.sync();
      // Nothing is taken from a null object: a missing table is the write's own check to find.
      const tableRange = resultsTable.isNullObject ? null : resultsTable.getRange();
      tableRange?.load('columnCount');
      if (tableRange) {
        stats.syncs++;
        await context.sync();
      }
      if (!hitsTable.isNullObject) {
        hitsTable.convertToRange();
        stats.syncs++;
        await context.sync();
      }
      return {
        resultsSheet,
        hitsSheet,
        resultsTable: begin.output.resultsTable ?? '',
        // A run begun by an older add-in has a narrower table: the columns added since stay out of
        // it, rather than land beside it with no header.
        columns: tableRange ? begin.columns.slice(0, tableRange.columnCount) : begin.columns,
        hitsColumns: begin.hitsColumns,
        rowCount: begin.rowCount,
        lang: begin.lang,
      };
    });
  }

  return {
    stats,

    async begin(begin) {
      layout = begin.resume ? await reopen(begin) : await createSheets(begin);
      return {
        output: { resultsSheet: layout.resultsSheet, hitsSheet: layout.hitsSheet, resultsTable: layout.resultsTable },
      };
    },

    async write(chunk: ResultChunk) {
      const l = layout;
      if (!l) throw new Error('bulk sink: write before begin');
      await runQueued(async (context) => {
        const batch = new WriteBatch(context, budget, stats);
        const results = context.workbook.worksheets.getItem(l.resultsSheet);
        await batch.addRows(results, TABLE_TOP + 1 + chunk.start, 0, chunk.rows, l.columns.length);
        if (chunk.hits.length > 0) {
          const hits = context.workbook.worksheets.getItem(l.hitsSheet);
          await batch.addRows(hits, 1 + chunk.hitsStart, 0, chunk.hits, l.hitsColumns.length);
        }
        await batch.flush();
      });
    },

    async end(end: SinkEnd) {
      const l = layout;
      if (!l) return;
      await assertRowsInPlace(l);
      await runQueued(async (context) => {
        const batch = new WriteBatch(context, budget, stats);
        const results = context.workbook.worksheets.getItem(l.resultsSheet);
        await writeHeader(batch, results, end.header, l.lang);
        await batch.add(1_000, () => {
          if (end.hitsWritten > 0) {
            const hits = context.workbook.worksheets.getItem(l.hitsSheet);
            const table = hits.tables.add(
              hits.getRangeByIndexes(0, 0, end.hitsWritten + 1, l.hitsColumns.length),
              true,
            );
            table.name = `${l.resultsTable}_hits`;
            table.style = 'TableStyleLight9';
            queueAutofitColumns(hits, {
              rowIndex: 0,
              columnIndex: 0,
              rowCount: Math.min(end.hitsWritten, 200) + 1,
              columnCount: l.hitsColumns.length,
            });
          }
          // Sizing columns by a sample: autofitting fifty thousand rows costs Excel more than it helps.
          queueAutofitColumns(results, {
            rowIndex: TABLE_TOP,
            columnIndex: 0,
            rowCount: Math.min(l.rowCount, 200) + 1,
            columnCount: l.columns.length,
          });
        });
        await batch.flush();
        // The sort and filter buttons back, in a sync of its own: a table the analyst renamed or
        // converted meanwhile must not cost the run its last batch.
        const table = results.tables.getItemOrNullObject(l.resultsTable);
        table.load('name');
        const hitsTable =
          end.hitsWritten > 0 ? context.workbook.tables.getItemOrNullObject(`${l.resultsTable}_hits`) : null;
        hitsTable?.load('id');
        stats.syncs++;
        await context.sync();
        let queued = false;
        if (!table.isNullObject) {
          table.showFilterButton = true;
          queued = true;
        }
        if (hitsTable && !hitsTable.isNullObject) {
          queued = queueKeepHitsTableId(context, l.resultsTable, hitsTable.id) || queued;
        }
        if (queued) {
          stats.syncs++;
          await context.sync();
        }
        // A courtesy in a sync of its own, as activation is: a print setting Excel refuses never costs the run.
        const quiet = end.status === 'completed' ? (end.quietRegistries ?? []) : [];
        const hits = context.workbook.worksheets.getItem(l.hitsSheet);
        if (queuePrintAndFold({ results, hits }, { headerRow: TABLE_TOP + 1, columns: l.columns, quiet })) {
          stats.syncs++;
          await context.sync().catch(() => undefined);
        }
      });
    },
  };
}
