import type { SubjectOutcome } from '../../bulk/outcome';
import {
  listingOf,
  parseMeta,
  parseOutcome,
  parseProgress,
  type RunListing,
  type RunMeta,
  type RunProgressState,
  type RunState,
  type RunStateStore,
} from '../../bulk/state';
import { parseJson } from '../../core/text/json';
import { WriteBatch, batchBudget } from './bulk-batch';
import { runQueued } from '../run';
import { readRowsSized } from '../sized-read';

/**
 * Resumable bulk-run state kept in the workbook itself, on one very hidden sheet per run.
 *
 * Why here and not in OfficeRuntime.storage: the state holds client data (names, codes, hit
 * lines), the same data the results sheet shows, so it belongs with the workbook it describes.
 * Saved, shared, closed without saving or restored from a version, state and results always
 * travel together and cannot disagree: a resume never trusts answers for rows the workbook
 * lost. OfficeRuntime.storage also caps an add-in at 10 MB, shared with settings and the answer
 * cache, which a fifty-thousand-row run could fill. The state holds nothing secret (never the
 * tokken) and the sheet is deleted when the run completes: made Hidden first, because Excel
 * refuses to delete a very hidden sheet (Worksheet.delete,
 * https://learn.microsoft.com/en-us/javascript/api/excel/excel.worksheet#excel-excel-worksheet-delete-member(1);
 * office-js issue 365).
 *
 * Layout: A1 a marker, row 2 the run meta as JSON, row 3 the progress record, row 5 onward one
 * answer per row. JSON longer than a cell holds continues in the next columns.
 */
export const STATE_SHEET_PREFIX = 'CLstate_';
const MARKER = 'checklists-bulk-state-v1';
const PROGRESS_ROW = 2;
const FIRST_OUTCOME_ROW = 4;
/** Below Excel's 32 767 characters a cell holds, with room for the safe writer's prefix. */
const PIECE = 30_000;
/** Columns read back for meta and progress: room for ~780 000 characters each. */
const HEAD_COLUMNS = 26;
/** Rows of the first read of answers; later reads are sized by the bytes a row turned out to cost. */
const FIRST_ROWS_PER_READ = 20;

export function stateSheetName(runId: string): string {
  return `${STATE_SHEET_PREFIX}${runId}`.slice(0, 31);
}

function pieces(json: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < json.length; i += PIECE) out.push(json.slice(i, i + PIECE));
  return out.length > 0 ? out : [''];
}

function joined(row: readonly unknown[]): string {
  return row.map((v) => (typeof v === 'string' ? v : '')).join('');
}

async function readHead(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
): Promise<{ meta: RunMeta | null; progress: RunProgressState | null }> {
  const head = sheet.getRangeByIndexes(0, 0, FIRST_OUTCOME_ROW - 1, HEAD_COLUMNS).load('values');
  await context.sync();
  const [marker, metaRow, progressRow] = head.values;
  if (marker?.[0] !== MARKER) return { meta: null, progress: null };
  return {
    meta: parseMeta(parseJson(joined(metaRow ?? []))),
    progress: parseProgress(parseJson(joined(progressRow ?? []))),
  };
}

export function workbookRunStateStore(): RunStateStore {
  /** Next free answer row per run, learnt at begin or load. */
  const nextRow = new Map<string, number>();

  async function queueProgress(batch: WriteBatch, sheet: Excel.Worksheet, progress: RunProgressState): Promise<void> {
    const row = pieces(JSON.stringify(progress));
    // The whole head row is rewritten so a shorter record leaves no stale tail behind.
    const padded = [...row, ...Array<string>(Math.max(0, HEAD_COLUMNS - row.length)).fill('')];
    await batch.addRows(sheet, PROGRESS_ROW, 0, [padded], padded.length);
  }

  async function usedRows(context: Excel.RequestContext, sheet: Excel.Worksheet): Promise<number> {
    const used = sheet.getUsedRangeOrNullObject(true);
    used.load('rowIndex,rowCount');
    await context.sync();
    return used.isNullObject ? 0 : used.rowIndex + used.rowCount;
  }

  return {
    async list(): Promise<RunListing[]> {
      return runQueued(async (context) => {
        const sheets = context.workbook.worksheets;
        sheets.load('items/name');
        await context.sync();
        const out: RunListing[] = [];
        for (const sheet of sheets.items.filter((s) => s.name.startsWith(STATE_SHEET_PREFIX))) {
          const { meta, progress } = await readHead(context, sheet);
          if (meta && progress) out.push(listingOf(meta, progress));
        }
        return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      });
    },

    async load(runId: string): Promise<RunState | null> {
      return runQueued(async (context) => {
        const sheet = context.workbook.worksheets.getItemOrNullObject(stateSheetName(runId));
        sheet.load('name');
        await context.sync();
        if (sheet.isNullObject) return null;
        const { meta, progress } = await readHead(context, sheet);
        if (!meta || !progress || meta.runId !== runId) return null;
        const used = sheet.getUsedRangeOrNullObject(true);
        used.load('rowIndex,rowCount,columnIndex,columnCount');
        await context.sync();
        const end = used.isNullObject ? FIRST_OUTCOME_ROW : used.rowIndex + used.rowCount;
        const width = used.isNullObject ? 1 : used.columnIndex + used.columnCount;
        const outcomes: SubjectOutcome[] = [];
        // Answers with many hit lines weigh ~16 KB a row: 2,000 rows would be a 31 MB response.
        await readRowsSized(
          context,
          Math.max(0, end - FIRST_OUTCOME_ROW),
          (start, count) => sheet.getRangeByIndexes(FIRST_OUTCOME_ROW + start, 0, count, width),
          (rows) => {
            for (const values of rows) {
              const o = parseOutcome(parseJson(joined(values)));
              if (o) outcomes.push(o);
            }
          },
          { firstRows: FIRST_ROWS_PER_READ },
        );
        nextRow.set(runId, Math.max(end, FIRST_OUTCOME_ROW));
        return { meta, progress, outcomes };
      });
    },

    async begin(meta: RunMeta, progress: RunProgressState): Promise<void> {
      await runQueued(async (context) => {
        const name = stateSheetName(meta.runId);
        const existing = context.workbook.worksheets.getItemOrNullObject(name);
        existing.load('name');
        await context.sync();
        const sheet = existing.isNullObject ? context.workbook.worksheets.add(name) : existing;
        // Not in the sheet tabs nor in Unhide: people cannot stumble on it, Office.js still reads it.
        sheet.visibility = 'VeryHidden';
        // Added before the batch writes into it: a batch refused as too large is resent in halves.
        await context.sync();
        const metaRow = pieces(JSON.stringify(meta));
        const batch = new WriteBatch(context, batchBudget());
        await batch.addRows(sheet, 0, 0, [[MARKER], metaRow], metaRow.length);
        await queueProgress(batch, sheet, progress);
        await batch.flush();
      });
      nextRow.set(meta.runId, FIRST_OUTCOME_ROW);
    },

    async checkpoint(runId: string, progress: RunProgressState, outcomes: readonly SubjectOutcome[]): Promise<void> {
      await runQueued(async (context) => {
        const sheet = context.workbook.worksheets.getItem(stateSheetName(runId));
        let row = nextRow.get(runId);
        if (row === undefined) row = Math.max(FIRST_OUTCOME_ROW, await usedRows(context, sheet));
        // Answers are queued before the progress record: if a batch boundary falls between them,
        // a crash there costs a rewrite of the same rows, never an answer.
        const batch = new WriteBatch(context, batchBudget());
        if (outcomes.length > 0) {
          const rows = outcomes.map((o) => pieces(JSON.stringify(o)));
          await batch.addRows(
            sheet,
            row,
            0,
            rows,
            rows.reduce((w, r) => Math.max(w, r.length), 1),
          );
          nextRow.set(runId, row + rows.length);
        }
        await queueProgress(batch, sheet, progress);
        await batch.flush();
      });
    },

    async remove(runId: string): Promise<void> {
      await runQueued(async (context) => {
        const sheet = context.workbook.worksheets.getItemOrNullObject(stateSheetName(runId));
        sheet.load('name');
        await context.sync();
        if (!sheet.isNullObject) {
          // A very hidden sheet cannot be deleted (see the top of this file).
          sheet.visibility = 'Hidden';
          sheet.delete();
          await context.sync();
        }
      });
      nextRow.delete(runId);
    },
  };
}
