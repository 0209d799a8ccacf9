import { recogniseColumns } from '../../bulk/columns';
import {
  decisionsForRelay,
  sendPrepared,
  subjectsOfList,
  type RelayDecisionInput,
  type SaveDecisionsReport,
} from '../../bulk/decisions-to-relay';
import type { DecisionSent } from '../../core/request/body-batches';
import { bulkMessages } from '../../bulk/messages';
import type { RunQueryOptions } from '../../bulk/plan';
import { LANGS } from '../../core/text/i18n';
import { readWorkbookPrevious } from './hits-table';
import { readListAgain } from './rescreen-run';

/**
 * "Save decisions" on a results or hits sheet: every decided hit of the sheet sent to the relay's
 * decision record in one go, under the analyst's own key (the relay names the analyst and time).
 * The sheet is read as "Screen again" reads it, so a typo in a Decision cell refuses the whole
 * save with the cell named, and nothing half-sent is left to guess about.
 */

export async function saveWorkbookDecisions(
  sheetName: string,
  options: RunQueryOptions,
  send: (decisions: readonly RelayDecisionInput[]) => Promise<DecisionSent[]>,
  now: Date = new Date(),
): Promise<SaveDecisionsReport> {
  const { previous, inputSource } = await readWorkbookPrevious(
    sheetName,
    LANGS.map((l) => bulkMessages.t(l, 'header.source')),
  );
  const input = await readListAgain(inputSource);
  const subjects = subjectsOfList(
    input.rows,
    recogniseColumns(input.headers),
    { ...options, dateSystem: input.dateSystem },
    now,
  );
  return sendPrepared(decisionsForRelay(previous, subjects), send);
}
