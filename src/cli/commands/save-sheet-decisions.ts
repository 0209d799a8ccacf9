import type { ColumnMapping } from '../../bulk/columns';
import {
  decidedSubjectsOfRows,
  decisionsForRelay,
  savedReportLines,
  sendPrepared,
} from '../../bulk/decisions-to-relay';
import { rowAccessOf } from '../../bulk/input-rows';
import type { RunQueryOptions } from '../../bulk/plan';
import type { RunInput } from '../../bulk/ports';
import type { PreviousRun } from '../../bulk/previous-hits';
import type { Lang } from '../../core/text/i18n';
import { nodeHttpTransport } from '../transport/http-transport';
import type { RelayTarget } from '../transport/relay-call';
import { postDecisions } from './decisions-import';

/**
 * `checklists screen clients.xlsx --previous last.xlsx --save-decisions`: the decisions an analyst
 * made in last month's hits sheet recorded on the relay under the analyst's own key, before the
 * run, as the pane's "Save decisions" does, so the accept list, four-eyes and the decision history
 * know them and this run's answers already carry them. Each hit's subject is found again in the
 * client list being screened, by the subject part of its Hit ID.
 */
export async function saveSheetDecisions(
  list: { previous: PreviousRun; input: RunInput; mapping: ColumnMapping; options: RunQueryOptions },
  relay: RelayTarget,
  signal: AbortSignal,
  lang: Lang,
): Promise<string[]> {
  const rows = rowAccessOf(list.input.rows).read(0);
  const subjects = await decidedSubjectsOfRows(rows, list.previous, list.mapping, list.options, new Date());
  const report = await sendPrepared(decisionsForRelay(list.previous, subjects), (decisions) =>
    postDecisions(relay, '--save-decisions', decisions, nodeHttpTransport(), signal),
  );
  const { summary, lines } = savedReportLines(report, lang);
  return [summary, ...lines.map((line) => `  ${line}`)];
}
