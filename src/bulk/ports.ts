// What the bulk engine needs from, and gives to, its surroundings: the ask, the input, the writer, progress.
import type { Lang, LocalizedText } from '../core/text/i18n';
import type { RegistryKey } from '../core/protocol/registries';
import type { SearchQuery } from '../core/query';
import type { ServiceMode } from '../core/settings/settings';
import type { CellValue, ColumnMapping } from './columns';
import type { PreviousRun } from './previous-hits';
import type { AnswerLike } from './outcome';
import type { RowRuns, StreamedInput } from './input-rows';
import type { InputRow, RunQueryOptions } from './plan';
import type { RescreenSummary } from './rescreen';
import type { HighlightRule } from './highlights';
import type { HitsToDecide } from './hit-triage';
import type { TableCell, TableColumn } from './result-table';
import type { RunHeaderInfo } from './run-header';
import type { RunMeta, RunStateStore, RunStatus } from './state';

/**
 * onAnswerArrived: an ask that can tell when the service has finished a request (its answer's
 * bytes are in, not yet read) calls it, and the run starts its next request at once. `fresh`: a
 * re-screen asks what the registers say now, past every answer cache (the pane's, the relay's
 * shared one); a first run may take a colleague's answer of the last hours.
 */
export type AskFn = (
  query: SearchQuery,
  options: { signal?: AbortSignal; onAnswerArrived?: () => void; fresh?: boolean },
) => Promise<AnswerLike>;

export interface BulkInput {
  headers: readonly CellValue[];
  rows: readonly InputRow[];
  /** Where the rows came from, as people read it ("Clients!A1:E2001", "clients.csv"). */
  source: string;
  /** Sheet row (or file line) of the first data row. */
  firstSourceRow: number;
}

/** What a writer learns before the first row: the table's shape and, for a new run, the rows to reserve. */
export interface SinkBegin {
  runId: string;
  lang: Lang;
  resume: boolean;
  columns: readonly TableColumn[];
  hitsColumns: readonly TableColumn[];
  highlights: readonly HighlightRule[];
  header: RunHeaderInfo;
  rowCount: number;
  /** Rows already final (resume) and hit lines already written. */
  written: number;
  hitsWritten: number;
  /** A resume hands back what begin returned the first time. */
  output: Record<string, string>;
  /** Placeholder rows ("not screened yet"): for a writer that reserves the whole table up front, or one that ends a stopped run. */
  pendingRows(from: number, to: number): Promise<TableCell[][]>;
}

export interface ResultChunk {
  /** Index of the first row (0-based, data rows only). */
  start: number;
  rows: TableCell[][];
  /** Position of the first hit line on the hits sheet (0-based, data rows only). */
  hitsStart: number;
  hits: TableCell[][];
}

export interface SinkEnd {
  header: RunHeaderInfo;
  status: RunStatus;
  written: number;
  hitsWritten: number;
  /** A completed re-screen: the previous run's hits this one no longer finds, in the hits sheet's columns. */
  gone?: TableCell[][];
  /** A completed run: the registries whose column shows no hit in any row, only zeros and blanks (sinks fold them away). */
  quietRegistries?: readonly RegistryKey[];
}

/**
 * Where results go: an Excel sheet, a CSV or XLSX file. Writes arrive in input order, each
 * chunk directly after the previous one; a resumed run may write a chunk again (same place,
 * same values) when the previous session stopped between a write and its checkpoint.
 */
export interface BulkSink {
  begin(begin: SinkBegin): Promise<{ output: Record<string, string> }>;
  write(chunk: ResultChunk): Promise<void>;
  end(end: SinkEnd): Promise<void>;
}

export type BulkPhase = 'reading' | 'validating' | 'preparing' | 'screening' | 'finishing' | 'done' | 'stopped';

/** The counts a run reports both while it runs and when it ends. */
export interface RunTotals {
  runId: string;
  rowsTotal: number;
  rowsWritten: number;
  rowsWithHits: number;
  highRows: number;
  failedRows: number;
  invalidRows: number;
  /** Blank rows (spacers): accounted for, nothing to correct; not among invalidRows. */
  emptyRows: number;
  /** Rows hidden when the run began, left out by the analyst's choice: accounted for, not asked. */
  hiddenRows: number;
  /** Of the rows written, those with no hits that their input puts in doubt: initials, a mistyped code. */
  noHitsInDoubt: number;
  /** Of the hits listed on rows written, those with no decision, by what "why this hit" suggests. */
  hitsToDecide: HitsToDecide;
  subjectsTotal: number;
  /** Subjects asked in this session (a resumed run starts from zero), each once; some need no request (below). */
  requests: number;
  /** Of them, answered with no request sent: the add-in's cache, or an identical ask already on its way. */
  answersFromCache: number;
  /** Of them, answered by the organisation's relay from its shared cache: nothing paid at the service. */
  answersFromRelayCache: number;
}

export interface BulkProgress extends RunTotals {
  phase: BulkPhase;
  /** Rows whose result is known (answered, failed or invalid), written or not. */
  rowsDone: number;
  subjectsDone: number;
  /** null until there is enough to estimate from. */
  etaMs: number | null;
  elapsedMs: number;
  /** Requests wait out the relay's limit for this long before asking again (a 429); absent otherwise. */
  rateLimitedMs?: number;
}

export type StopKind = 'cancelled' | 'account' | 'unreachable';

export interface BulkRunReport extends RunTotals {
  status: RunStatus;
  /** Writes handed to the sink in this session: what the number of syncs should follow. */
  chunksWritten: number;
  stop?: { kind: StopKind; text: LocalizedText; accountCode?: number; quota?: boolean };
  output: Record<string, string>;
  elapsedMs: number;
  /** A completed re-screen's counts against the previous run. */
  rescreen?: RescreenSummary;
  /** Something the analyst should know of how the run ended (its results table was written again). */
  notice?: LocalizedText;
  /** Some answer said it is fictional (a relay whose upstream is a sandbox); the header says so too. */
  fictional?: true;
}

export interface RunTuning {
  /** Requests the run keeps outstanding; the scheduler's own cap still applies across surfaces. */
  concurrency: number;
  /** Rows per write; the Excel writer splits further by bytes. */
  chunkRows?: number;
  /** A done prefix shorter than a chunk is still written after this long, so the sheet keeps up. */
  flushIntervalMs?: number;
  /** Answers are not asked further than this beyond the written rows: bounds memory on huge lists. */
  maxAheadRows?: number;
  /** Consecutive "service unreachable" answers that stop the run instead of failing every remaining row. */
  unreachableStreak?: number;
  /** The waits after a 429 before asking again (core's RATE_LIMIT_WAITS_MS); tests shorten them. */
  rateLimitWaitsMs?: readonly number[];
  progressIntervalMs?: number;
}

export interface BulkDeps {
  ask: AskFn;
  sink: BulkSink;
  store?: RunStateStore;
  onProgress?: (progress: BulkProgress) => void;
  /** A hard stop: in-flight requests are aborted. */
  signal?: AbortSignal;
  now?: () => number;
}

/** Rows in memory (the task pane) or streamed from a file (the CLI). */
export type RunInput = BulkInput | StreamedInput;

export interface NewRunParams<I extends RunInput = BulkInput> {
  input: I;
  mapping: ColumnMapping;
  options: RunQueryOptions;
  lang: Lang;
  mode: ServiceMode;
  modeLabel: LocalizedText;
  runId?: string;
  /** Re-screen: the previous run's hits with their decisions, carried forward to the same hits. */
  previous?: PreviousRun | null;
  service?: RunMeta['service'];
  notes?: RunMeta['notes'];
  analyst?: RunMeta['analyst'];
  /** Rows hidden when the run begins (a filter, or by hand) that the analyst chose to leave out. */
  hiddenRows?: RowRuns;
}

export interface BulkRun {
  readonly runId: string;
  /** Graceful: nothing new is sent, requests in flight finish and are kept (they are paid for). */
  cancel(): void;
  /** Hard: requests in flight are aborted too. */
  abort(): void;
  readonly done: Promise<BulkRunReport>;
}
