// The bulk engine's public face: plan a run, start it, resume it. Surfaces import from here.
import { ALL_LISTS, listdataToString, registriesOf } from '../core/protocol/listdata';
import type { CellValue, ColumnMapping } from './columns';
import { assertRunnable, assertSameInput, inputError } from './guards';
import { inRuns, isRowArray, rowAccessOf, type RowRuns, type RowSource } from './input-rows';
import { PlanBuilder, type InputRow, type RunPlan, type RunQueryOptions } from './plan';
import type { BulkDeps, BulkRun, NewRunParams, RunInput, RunTuning } from './ports';
import { rescreenMessages } from './rescreen-messages';
import { Runner } from './run/runner';
import {
  RUN_STATE_VERSION,
  RowFingerprint,
  ZERO_COUNTERS,
  newRunId,
  queryOptionsOf,
  type RunMeta,
  type RunState,
} from './state';

export type * from './ports';
export type { RowRuns, RowSource, StreamedInput } from './input-rows';
export { assertSameMode } from './guards';

/**
 * Planning gives the event loop a turn once it has held it this long: every answer that arrives
 * meanwhile waits with its slot idle (256 rows a turn held it 10 to 15 ms at a time).
 */
const SCAN_MS_PER_TURN = 1;
/** Rows between two looks at the clock. */
const SCAN_ROWS_PER_CHECK = 16;

/**
 * The event loop's next turn, after the I/O already waiting. setImmediate where there is one
 * (Node, the only host of a streamed input), since a zero timeout lasts a whole millisecond there.
 */
function nextTurn(): Promise<void> {
  return new Promise((resolve) =>
    typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0),
  );
}

/** What one pass over the input gives: the work list and the fingerprint a resume compares. */
export interface ScannedInput {
  plan: RunPlan;
  fingerprint: string;
}

/** Plans and fingerprints in the same pass, row by row: the same rules whether the rows are in memory or streamed. */
class InputScan {
  private readonly builder: PlanBuilder;
  private readonly print: RowFingerprint;
  private readonly hidden: (r: number) => boolean;
  private row = 0;

  constructor(
    headers: readonly CellValue[],
    rowCount: number,
    mapping: ColumnMapping,
    options: RunQueryOptions,
    now: Date,
    hidden: RowRuns,
  ) {
    this.builder = new PlanBuilder(rowCount, mapping, options, now);
    this.print = new RowFingerprint(headers.length);
    this.print.header(headers);
    this.hidden = inRuns(hidden);
  }

  add(row: InputRow): void {
    this.builder.add(row, this.hidden(this.row++));
    this.print.add(row);
  }

  finish(): ScannedInput {
    return { plan: this.builder.finish(), fingerprint: this.print.digest() };
  }
}

function scanRows(
  headers: readonly CellValue[],
  rows: readonly InputRow[],
  mapping: ColumnMapping,
  options: RunQueryOptions,
  now: Date,
  hidden: RowRuns,
): ScannedInput {
  const scan = new InputScan(headers, rows.length, mapping, options, now, hidden);
  for (const row of rows) scan.add(row);
  return scan.finish();
}

/** One pass over any input; rows in memory are not copied. `hidden`: rows left out as hidden. */
export async function scanInput(
  input: RunInput,
  mapping: ColumnMapping,
  options: RunQueryOptions,
  now: Date,
  hidden: RowRuns = [],
): Promise<ScannedInput> {
  if (isRowArray(input.rows)) return scanRows(input.headers, input.rows, mapping, options, now, hidden);
  const source: RowSource = input.rows;
  const scan = new InputScan(input.headers, source.count, mapping, options, now, hidden);
  let sinceCheck = 0;
  let turnStarted = performance.now();
  for await (const row of source.read(0)) {
    scan.add(row);
    // A streamed pass hands rows over in batches without giving the event loop a turn: a million
    // rows would hold Ctrl-C and every timer until the whole list is planned.
    if (++sinceCheck === SCAN_ROWS_PER_CHECK) {
      sinceCheck = 0;
      if (performance.now() - turnStarted >= SCAN_MS_PER_TURN) {
        await nextTurn();
        turnStarted = performance.now();
      }
    }
  }
  return scan.finish();
}

/** Data rows of an input, in memory or streamed. */
export function rowCountOf(input: RunInput): number {
  return isRowArray(input.rows) ? input.rows.length : input.rows.count;
}

function metaFor(params: NewRunParams<RunInput>, now: Date, fingerprint: string): RunMeta {
  const listdata = params.options.listdata;
  return {
    version: RUN_STATE_VERSION,
    runId: params.runId ?? newRunId(now),
    createdAt: now.toISOString(),
    lang: params.lang,
    options: {
      listdata: listdataToString(listdata),
      search: params.options.search,
      lowranklimit: params.options.lowranklimit,
      idUserPC: params.options.idUserPC ?? '',
      ...(params.options.dateSystem === 1904 ? { dateSystem: 1904 as const } : {}),
    },
    registries: registriesOf(listdata),
    allRegistries: listdata === ALL_LISTS,
    mapping: { ...params.mapping },
    headers: [...params.input.headers],
    input: {
      source: params.input.source,
      rowCount: rowCountOf(params.input),
      firstSourceRow: params.input.firstSourceRow,
      fingerprint,
      ...(params.hiddenRows && params.hiddenRows.length > 0
        ? { hiddenRows: params.hiddenRows.map(([first, count]) => [first, count] as [number, number]) }
        : {}),
    },
    mode: params.mode,
    modeLabel: params.modeLabel,
    output: {},
    ...(params.previous ? { rescreenOf: params.previous.source } : {}),
    ...(params.service ? { service: params.service } : {}),
    ...(params.notes && params.notes.length > 0 ? { notes: params.notes } : {}),
    ...(params.analyst ? { analyst: params.analyst } : {}),
  };
}

/**
 * Starts a new run over any input, rows in memory or streamed: the input is planned (a streamed
 * one read once for it), then screened as it is read again. One of the engine's two entry points.
 */
export async function startRun(params: NewRunParams<RunInput>, deps: BulkDeps, tuning: RunTuning): Promise<BulkRun> {
  const now = new Date((deps.now ?? Date.now)());
  assertRunnable({ headers: params.input.headers, rowCount: rowCountOf(params.input) }, params.mapping);
  const runId = params.runId ?? newRunId(now);
  const { plan, fingerprint } = await scanInput(params.input, params.mapping, params.options, now, params.hiddenRows);
  const meta = metaFor({ ...params, runId }, now, fingerprint);
  const rows = rowAccessOf(params.input.rows);
  return new Runner({ meta, rows, plan, resume: null, deps, tuning, previous: params.previous ?? null });
}

function resumeOptions(state: RunState): RunQueryOptions {
  // The decisions a re-screen carries live in the previous results, not in the state: a resume would drop them.
  if (state.meta.rescreenOf !== undefined) {
    throw inputError('previous', 'previous.resumeUnsupported', rescreenMessages.text('previous.resumeUnsupported'));
  }
  return queryOptionsOf(state.meta);
}

export interface ResumeChoices {
  /**
   * Write every row again, from the first, reusing every answer the state holds: the CLI writes its
   * files anew, and a results table disturbed during its run is rewritten. `missing` is told how many
   * subjects of rows the state called written have no answer in it (a state another run cut short):
   * those are asked again.
   */
  fromTop?: { missing?: (written: number, subjects: number) => void };
}

/** The state rewound to row 0, every answer kept; how many subjects of rows it called written lack one. */
function rewound(state: RunState, plan: RunPlan): { state: RunState; missing: number } {
  const answered = new Uint8Array(plan.subjectCount);
  for (const o of state.outcomes) {
    const s = plan.subjectOf(o.key);
    if (s >= 0) answered[s] = 1;
  }
  let missing = 0;
  for (let s = 0; s < plan.subjectCount && plan.subjectFirstRow[s] < state.progress.written; s++) {
    if (!answered[s]) missing++;
  }
  const progress = { ...state.progress, written: 0, hitsWritten: 0, counters: { ...ZERO_COUNTERS } };
  return { state: { ...state, progress }, missing };
}

/**
 * Continues a stopped, cancelled or crashed run over the same input (checked: a changed input is
 * refused): answers already received are reused, only subjects never answered are asked. The
 * engine's other entry point.
 */
export async function resumeRun(
  state: RunState,
  input: RunInput,
  deps: BulkDeps,
  tuning: RunTuning,
  choices: ResumeChoices = {},
): Promise<BulkRun> {
  const options = resumeOptions(state);
  const rowCount = rowCountOf(input);
  if (rowCount !== state.meta.input.rowCount) assertSameInput(state.meta, { rowCount, fingerprint: '' });
  // The rows hidden when the run began stay left out, whatever is hidden now.
  const hidden: RowRuns = (state.meta.input.hiddenRows ?? []).map(([first, count]) => [first, count] as const);
  const { plan, fingerprint } = await scanInput(
    input,
    state.meta.mapping,
    options,
    new Date(state.meta.createdAt),
    hidden,
  );
  assertSameInput(state.meta, { rowCount, fingerprint });
  let resume = state;
  if (choices.fromTop) {
    const back = rewound(state, plan);
    resume = back.state;
    if (back.missing > 0) choices.fromTop.missing?.(state.progress.written, back.missing);
  }
  return new Runner({ meta: state.meta, rows: rowAccessOf(input.rows), plan, resume, deps, tuning });
}
