// The bulk engine's public face: plan a run, start it, resume it. Surfaces import from here.
import { ALL_LISTS, listdataToString, registriesOf } from '../core/listdata';
import type { ColumnMapping } from './columns';
import { assertRunnable, assertSameInput, inputError } from './guards';
import { planRun, type RunPlan, type RunQueryOptions } from './plan';
import type { BulkDeps, BulkInput, BulkRun, NewRunParams, RunTuning } from './ports';
import { rescreenMessages } from './rescreen-messages';
import { Runner } from './runner';
import { RUN_STATE_VERSION, fingerprintRows, newRunId, type RunMeta, type RunState } from './state';

export type * from './ports';
export { assertSameMode } from './guards';

export interface PreparedRun {
  meta: RunMeta;
  plan: RunPlan;
}

/** Validates and plans a new run without sending anything: what the task pane shows before Start. */
export function prepareRun(params: NewRunParams, now: Date = new Date()): PreparedRun {
  assertRunnable(params.input, params.mapping);
  const plan = planRun(params.input.rows, params.mapping, params.options, now);
  const listdata = params.options.listdata;
  const meta: RunMeta = {
    version: RUN_STATE_VERSION,
    runId: params.runId ?? newRunId(now),
    createdAt: now.toISOString(),
    lang: params.lang,
    options: {
      listdata: listdataToString(listdata),
      search: params.options.search,
      lowranklimit: params.options.lowranklimit,
      idUserPC: params.options.idUserPC ?? '',
    },
    registries: registriesOf(listdata),
    allRegistries: listdata === ALL_LISTS,
    mapping: { ...params.mapping },
    headers: [...params.input.headers],
    input: {
      source: params.input.source,
      rowCount: params.input.rows.length,
      firstSourceRow: params.input.firstSourceRow,
      fingerprint: fingerprintRows(params.input.headers, params.input.rows),
    },
    mode: params.mode,
    modeLabel: params.modeLabel,
    output: {},
    ...(params.previous ? { rescreenOf: params.previous.source } : {}),
    ...(params.service ? { service: params.service } : {}),
    ...(params.notes && params.notes.length > 0 ? { notes: params.notes } : {}),
  };
  return { meta, plan };
}

export function startBulkRun(params: NewRunParams, deps: BulkDeps, tuning: RunTuning): BulkRun {
  const now = new Date((deps.now ?? Date.now)());
  const { meta, plan } = prepareRun(params, now);
  return new Runner({ meta, input: params.input, plan, resume: null, deps, tuning, previous: params.previous ?? null });
}

/**
 * Continues a stopped, cancelled or crashed run over the same input: rows already written stay,
 * answers already received are reused, only subjects never answered are asked.
 */
export function resumeBulkRun(state: RunState, input: BulkInput, deps: BulkDeps, tuning: RunTuning): BulkRun {
  // The decisions a re-screen carries live in the previous results, not in the state: a resume would drop them.
  if (state.meta.rescreenOf !== undefined) throw inputError('previous', 'previous.resumeUnsupported', rescreenMessages.text('previous.resumeUnsupported'));
  assertSameInput(state.meta, input);
  const mapping = state.meta.mapping as ColumnMapping;
  const options: RunQueryOptions = {
    listdata: BigInt(state.meta.options.listdata),
    search: state.meta.options.search,
    lowranklimit: state.meta.options.lowranklimit,
    idUserPC: state.meta.options.idUserPC,
  };
  const plan = planRun(input.rows, mapping, options, new Date(state.meta.createdAt));
  return new Runner({ meta: state.meta, input, plan, resume: state, deps, tuning });
}
