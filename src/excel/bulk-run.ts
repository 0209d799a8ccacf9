import type { ColumnMapping } from '../bulk/columns';
import { assertSameMode, resumeBulkRun, startBulkRun, type AskFn, type BulkProgress, type BulkRun, type RunTuning } from '../bulk/engine';
import type { RunQueryOptions } from '../bulk/plan';
import type { RunListing, RunStateStore } from '../bulk/state';
import type { Lang, LocalizedText } from '../core/i18n';
import type { ServiceMode } from '../core/settings';
import { readAddressInput, type SheetInput } from './bulk-input';
import { excelBulkSink, type ExcelSinkOptions, type ExcelSinkStats } from './bulk-sink';
import { workbookRunStateStore } from './bulk-state';
import { withReviewSheets } from './hits-table';

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
}

/** A resume also says which service it would ask now, so a run never mixes sandbox and live answers. */
export interface WorkbookResumeDeps extends WorkbookRunDeps {
  mode: ServiceMode;
  modeLabel: LocalizedText;
}

export interface WorkbookRun extends BulkRun {
  readonly sinkStats: ExcelSinkStats;
}

function withStats(run: BulkRun, stats: ExcelSinkStats): WorkbookRun {
  return { runId: run.runId, done: run.done, cancel: () => run.cancel(), abort: () => run.abort(), sinkStats: stats };
}

export function startWorkbookRun(request: WorkbookRunRequest, deps: WorkbookRunDeps): WorkbookRun {
  const sink = withReviewSheets(excelBulkSink(deps.sink));
  const run = startBulkRun(
    { input: request.input, mapping: request.mapping, options: request.options, lang: request.lang, mode: request.mode, modeLabel: request.modeLabel },
    { ask: deps.ask, sink, store: deps.store ?? workbookRunStateStore(), onProgress: deps.onProgress, signal: deps.signal },
    request.tuning,
  );
  return withStats(run, sink.stats);
}

/** Continues a run from the workbook's state; the input is read again from the address it came from. */
export async function resumeWorkbookRun(runId: string, deps: WorkbookResumeDeps, tuning: RunTuning): Promise<WorkbookRun | null> {
  const store = deps.store ?? workbookRunStateStore();
  const state = await store.load(runId);
  if (!state) return null;
  assertSameMode(state.meta, deps.mode, deps.modeLabel);
  const input = await readAddressInput(state.meta.input.source);
  const sink = withReviewSheets(excelBulkSink(deps.sink));
  const run = resumeBulkRun(state, input, { ask: deps.ask, sink, store, onProgress: deps.onProgress, signal: deps.signal }, tuning);
  return withStats(run, sink.stats);
}

/** Runs that stopped before the end, newest first. */
export async function resumableRuns(store: RunStateStore = workbookRunStateStore()): Promise<RunListing[]> {
  return (await store.list()).filter((r) => r.status !== 'completed');
}
