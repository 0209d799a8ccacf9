import type { RegistryKey } from '../../core/protocol/registries';
import { highlightRules } from '../highlights';
import type { RowCursor } from '../input-rows';
import type { SinkBegin, SinkEnd } from '../ports';
import type { RescreenTally } from '../rescreen';
import { goneRows, hitsColumns, resultColumns, resultRow, type TableContext } from '../result-table';
import type { RunHeaderInfo } from '../run-header';
import type { RunMeta, RunStatus, WrittenCounters } from '../state';

/** Where the run's writing stands when it opens or closes its sink. */
export interface SinkPosition {
  header: RunHeaderInfo;
  written: number;
  hitsWritten: number;
}

/** What the sink is told as the run opens it: the table's shape, and rows to hold the places of rows not yet screened. */
export function sinkBegin(
  run: { meta: RunMeta; ctx: TableContext; rowCount: number; resume: boolean; output: Record<string, string> },
  at: SinkPosition,
  pending: RowCursor,
): SinkBegin {
  const columns = resultColumns(run.ctx);
  return {
    runId: run.meta.runId,
    lang: run.meta.lang,
    resume: run.resume,
    columns,
    hitsColumns: hitsColumns(run.meta.lang),
    highlights: highlightRules(run.meta.lang, columns),
    header: at.header,
    rowCount: run.rowCount,
    written: at.written,
    hitsWritten: at.hitsWritten,
    output: run.output,
    pendingRows: async (from, to) => {
      const inputs = await pending.take(from, to);
      return inputs.map((input, i) => resultRow(run.ctx, from + i, input, { kind: 'pending' }));
    },
  };
}

/**
 * What the sink is told as the run closes it: a completed re-screen's changes and the hits it no
 * longer finds, and, for a completed run, the registries no written row shows a hit for.
 */
export function sinkEnd(
  status: RunStatus,
  at: SinkPosition,
  run: { meta: RunMeta; tally: RescreenTally | null; counters: WrittenCounters },
): SinkEnd {
  const rescreen = run.tally && status === 'completed' ? run.tally : null;
  return {
    header: { ...at.header, ...(rescreen ? { changes: rescreen.summary() } : {}) },
    status,
    written: at.written,
    hitsWritten: at.hitsWritten,
    ...(rescreen ? { gone: goneRows(rescreen.gone(), run.meta.lang) } : {}),
    ...(status === 'completed' ? quietOf(run.meta.registries, run.counters) : {}),
  };
}

/** The registries no written row shows anything for; none when the saved state did not keep track. */
function quietOf(registries: readonly RegistryKey[], counters: WrittenCounters): Pick<SinkEnd, 'quietRegistries'> {
  const shown = counters.shownRegistries;
  return shown ? { quietRegistries: registries.filter((_, i) => !shown.includes(i)) } : {};
}
