import type { LocalizedText } from '../../core/text/i18n';
import { bulkMessages } from '../messages';
import type { RescreenTally } from '../rescreen';
import type { RunHeaderInfo } from '../run-header';
import type { RunMeta, RunProgressState, RunStatus, WrittenCounters } from '../state';
import type { StopKind } from '../ports';

/** Why a run is stopping, as the report and the saved state tell it. */
export interface Stopping {
  kind: StopKind;
  text: LocalizedText;
  accountCode?: number;
  quota?: boolean;
}

/** Where a run stands, for its header and its status. */
export interface RunStanding {
  written: number;
  rowCount: number;
  hitsWritten: number;
  stopping: Stopping | null;
  /** Rows written with no hits that their input puts in doubt: the completed line counts them. */
  noHitsInDoubt: number;
}

/** The run header's facts; `state` is its "Run state" line. */
export function runHeader(
  meta: RunMeta,
  rowCount: number,
  updatedAt: Date,
  state: string,
  tally: RescreenTally | null,
): RunHeaderInfo {
  return {
    runId: meta.runId,
    startedAt: new Date(meta.createdAt),
    updatedAt,
    idUserPC: meta.options.idUserPC,
    registries: meta.allRegistries ? 'all' : meta.registries,
    listdata: meta.options.listdata,
    search: meta.options.search,
    modeLabel: meta.modeLabel,
    source: meta.input.source,
    rows: rowCount,
    state,
    ...(tally ? { changes: 'pending' as const } : {}),
    ...(meta.service ? { service: meta.service } : {}),
    ...(meta.notes && meta.notes.length > 0 ? { notes: meta.notes } : {}),
    ...(meta.analyst ? { analyst: meta.analyst } : {}),
  };
}

/** The "Run state" line for `status`, in the run's language. */
export function stateText(meta: RunMeta, status: RunStatus, at: RunStanding): string {
  const lang = meta.lang;
  const params = { done: at.written, total: at.rowCount };
  switch (status) {
    case 'completed': {
      const completed = bulkMessages.t(lang, 'run.completed', { ...params, hits: at.hitsWritten });
      const doubts = at.noHitsInDoubt;
      // After the counts completedHitsOf reads back, so an older reader still finds them.
      return doubts > 0 ? `${completed}; ${bulkMessages.t(lang, 'run.noHitsInDoubt', { count: doubts })}` : completed;
    }
    case 'cancelled':
      return bulkMessages.t(lang, 'run.cancelled', params);
    case 'stopped-account':
      return bulkMessages.t(lang, 'run.stoppedAccount', { ...params, why: at.stopping?.text[lang] ?? '' });
    case 'stopped-unreachable':
      return bulkMessages.t(lang, 'run.stoppedUnreachable', params);
    default:
      return bulkMessages.t(lang, 'run.running', params);
  }
}

/** What the saved state records of where the run stands. */
export function progressRecord(
  at: RunStanding,
  counters: WrittenCounters,
  status: RunStatus,
  updatedAt: Date,
): RunProgressState {
  return {
    written: at.written,
    hitsWritten: at.hitsWritten,
    counters: { ...counters },
    status,
    ...(at.stopping && status !== 'running' && status !== 'completed' ? { stopReason: at.stopping.text } : {}),
    updatedAt: updatedAt.toISOString(),
  };
}

/** How a run that has stopped asking ends: completed when every row is written, else why it stopped. */
export function finalStatus(at: RunStanding): RunStatus {
  if (at.written >= at.rowCount) return 'completed';
  switch (at.stopping?.kind) {
    case 'account':
      return 'stopped-account';
    case 'unreachable':
      return 'stopped-unreachable';
    default:
      return 'cancelled';
  }
}
