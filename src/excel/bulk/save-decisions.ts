import { recogniseColumns } from '../../bulk/columns';
import {
  decisionsForRelay,
  subjectsOfList,
  type NotSentReason,
  type RelayDecisionInput,
} from '../../bulk/decisions-to-relay';
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

export type SentOutcome =
  { status: 'recorded' | 'pending' | 'unchanged'; id: number } | { status: 'refused'; reason: string };

export interface SaveDecisionsReport {
  recorded: number;
  pending: number;
  unchanged: number;
  refused: { identity: string; reason: string }[];
  notSent: { identity: string; why: NotSentReason }[];
}

export async function saveWorkbookDecisions(
  sheetName: string,
  options: RunQueryOptions,
  send: (decisions: readonly RelayDecisionInput[]) => Promise<SentOutcome[]>,
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
  const { items, notSent, alreadyOnRelay } = decisionsForRelay(previous, subjects);
  const report: SaveDecisionsReport = { recorded: 0, pending: 0, unchanged: alreadyOnRelay, refused: [], notSent };
  if (items.length === 0) return report;
  const outcomes = await send(items.map((i) => i.input));
  outcomes.forEach((o, i) => {
    if (o.status === 'refused') report.refused.push({ identity: items[i].identity, reason: o.reason });
    else report[o.status]++;
  });
  return report;
}
