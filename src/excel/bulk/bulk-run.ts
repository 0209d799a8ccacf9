import type { ColumnMapping } from '../../bulk/columns';
import {
  assertSameMode,
  resumeRun,
  startRun,
  type AskFn,
  type BulkProgress,
  type BulkRun,
  type BulkRunReport,
  type NewRunParams,
  type RunTuning,
} from '../../bulk';
import { rowsInRuns } from '../../bulk/input-rows';
import type { PreviousRun } from '../../bulk/previous-hits';
import type { RunQueryOptions } from '../../bulk/plan';
import type { RunListing, RunState, RunStateStore } from '../../bulk/state';
import type { Lang, LocalizedText } from '../../core/text/i18n';
import type { ServiceMode } from '../../core/settings/settings';
import { readAddressInput, type SheetInput } from './bulk-input';
import { bulkMessages } from '../../bulk/messages';
import { excelBulkSink, type ExcelSinkOptions, type ExcelSinkStats } from './bulk-sink';
import { workbookRunStateStore } from './bulk-state';
import { ExcelLayerError, officeErrorCode } from '../errors';
import { withReviewSheets } from './hits-table';
import { excelMessages } from '../messages';

/**
 * A bulk run on the open workbook: the engine with the Excel sink and the workbook state
 * store. The task pane and the ribbon command start runs through here; so do the tests, with
 * the workbook fake installed as the global Excel.
 */
export interface WorkbookRunDeps {
  /** The shared scheduler's ask, so cells and bulk runs share one concurrency cap and cache. */
  ask: AskFn;
  onProgress?: (progress: BulkProgress) => void;
  store?: RunStateStore;
  sink?: ExcelSinkOptions;
  signal?: AbortSignal;
}

export interface WorkbookRunRequest {
  input: SheetInput;
  mapping: ColumnMapping;
  options: RunQueryOptions;
  lang: Lang;
  mode: ServiceMode;
  modeLabel: LocalizedText;
  tuning: RunTuning;
  /** Screen again: the previous run's hits and decisions (src/excel/bulk/rescreen-run.ts). */
  previous?: PreviousRun | null;
  /** The input's hidden rows are left out (the analyst's choice), when it could list them. */
  leaveOutHidden?: boolean;
  /** Through the organisation's relay: the analyst its key names, for the run header. */
  analyst?: string | null;
}

/** The rows a run leaves out, and what its header tells whoever reads the results later (the filter is gone by then). */
function hiddenRowsOf(request: WorkbookRunRequest): Pick<NewRunParams, 'hiddenRows' | 'notes'> {
  const { input } = request;
  if (!input.rowsHidden) return {};
  if (request.leaveOutHidden && input.hiddenRows !== null && input.hiddenRows.length > 0) {
    const note = bulkMessages.text('input.rowsHiddenLeftOut', { hidden: rowsInRuns(input.hiddenRows) });
    return { hiddenRows: input.hiddenRows, notes: [note] };
  }
  return { notes: [bulkMessages.text('input.rowsHidden')] };
}

/** A resume also says which service it would ask now, so a run never mixes sandbox and live answers. */
export interface WorkbookResumeDeps extends WorkbookRunDeps {
  mode: ServiceMode;
  modeLabel: LocalizedText;
}

export interface WorkbookRun extends BulkRun {
  readonly sinkStats: ExcelSinkStats;
}

/**
 * Excel answers GeneralException when it cannot add, activate or write a sheet because the
 * person brought another workbook to the front (the batch has no workbook to act on). The
 * engine has then kept what it could in the state sheet; the person is told the run is paused
 * and can be resumed, or, when no state was written yet, that nothing was screened.
 */
function pausedWhenUnreachable(done: Promise<BulkRunReport>, stateWritten: () => boolean): Promise<BulkRunReport> {
  return done.catch((error: unknown) => {
    if (officeErrorCode(error) !== 'GeneralException') throw error;
    throw stateWritten()
      ? new ExcelLayerError('run-paused', excelMessages.text('excel.run.paused'))
      : new ExcelLayerError('run-not-started', excelMessages.text('excel.run.notStarted'));
  });
}

/** The store, noting whether the run's state reached the workbook. */
function watchedStore(store: RunStateStore, resumed: boolean): { store: RunStateStore; written: () => boolean } {
  let written = resumed;
  return {
    written: () => written,
    store: {
      list: () => store.list(),
      load: (runId) => store.load(runId),
      remove: (runId) => store.remove(runId),
      begin: async (meta, progress) => {
        await store.begin(meta, progress);
        written = true;
      },
      checkpoint: (runId, progress, outcomes) => store.checkpoint(runId, progress, outcomes),
    },
  };
}

/**
 * The run, told apart from Excel's errors; and if its results table was sorted while it was written
 * (bulk-sink.ts refuses to end then), every row written again in place from the answers its state
 * holds, asking nothing. A re-screen cannot be continued (its decisions live in the previous run's
 * sheet): it says what happened instead.
 */
function workbookRun(
  run: BulkRun,
  stats: ExcelSinkStats,
  stateWritten: () => boolean,
  rewrite: WorkbookRewrite | null,
): WorkbookRun {
  let current: BulkRun = run;
  const done = pausedWhenUnreachable(run.done, stateWritten).catch(async (error: unknown) => {
    // Once only: rows disturbed again while they are written again are the analyst's to see.
    if (!(error instanceof ExcelLayerError && error.code === 'table-disturbed') || !rewrite) throw error;
    const state = await rewrite.store.load(run.runId);
    if (!state || state.meta.rescreenOf !== undefined) {
      throw new ExcelLayerError('table-disturbed', excelMessages.text('excel.run.tableDisturbedRescreen'));
    }
    const again = await continueRun(state, { ...rewrite.deps, store: rewrite.store }, rewrite.tuning, 'rewrite');
    current = again;
    const report = await again.done;
    return { ...report, notice: excelMessages.text('excel.run.tableRewritten') };
  });
  return {
    runId: run.runId,
    done,
    cancel: () => current.cancel(),
    abort: () => current.abort(),
    sinkStats: stats,
  };
}

/** What writing a disturbed run again needs: where its state is and how it was asked. */
interface WorkbookRewrite {
  store: RunStateStore;
  deps: WorkbookResumeDeps;
  tuning: RunTuning;
}

export async function startWorkbookRun(request: WorkbookRunRequest, deps: WorkbookRunDeps): Promise<WorkbookRun> {
  const sink = withReviewSheets(excelBulkSink(deps.sink));
  const watched = watchedStore(deps.store ?? workbookRunStateStore(), false);
  const run = await startRun(
    {
      input: request.input,
      mapping: request.mapping,
      options: { ...request.options, dateSystem: request.input.dateSystem },
      lang: request.lang,
      mode: request.mode,
      modeLabel: request.modeLabel,
      previous: request.previous ?? null,
      ...hiddenRowsOf(request),
      ...(request.analyst ? { analyst: request.analyst } : {}),
    },
    { ask: deps.ask, sink, store: watched.store, onProgress: deps.onProgress, signal: deps.signal },
    request.tuning,
  );
  return workbookRun(run, sink.stats, watched.written, {
    store: watched.store,
    deps: { ...deps, mode: request.mode, modeLabel: request.modeLabel },
    tuning: request.tuning,
  });
}

/** Continues a run from the workbook's state; the input is read again from the address it came from. */
export async function resumeWorkbookRun(
  runId: string,
  deps: WorkbookResumeDeps,
  tuning: RunTuning,
): Promise<WorkbookRun | null> {
  const store = deps.store ?? workbookRunStateStore();
  const state = await store.load(runId);
  if (!state) return null;
  return continueRun(state, { ...deps, store }, tuning);
}

/** `how`: 'resume' continues where the run stopped; 'rewrite' writes a disturbed table again from the top, once. */
async function continueRun(
  state: RunState,
  deps: WorkbookResumeDeps & { store: RunStateStore },
  tuning: RunTuning,
  how: 'resume' | 'rewrite' = 'resume',
): Promise<WorkbookRun> {
  assertSameMode(state.meta, deps.mode, deps.modeLabel);
  const input = await readAddressInput(state.meta.input.source);
  const sink = withReviewSheets(excelBulkSink(deps.sink));
  const run = await resumeRun(
    state,
    input,
    { ask: deps.ask, sink, store: deps.store, onProgress: deps.onProgress, signal: deps.signal },
    tuning,
    how === 'rewrite' ? { fromTop: {} } : {},
  );
  return workbookRun(run, sink.stats, () => true, how === 'resume' ? { store: deps.store, deps, tuning } : null);
}

/** Runs that stopped before the end, newest first. */
export async function resumableRuns(store: RunStateStore = workbookRunStateStore()): Promise<RunListing[]> {
  return (await store.list()).filter((r) => r.status !== 'completed');
}
