import {
  currentNote,
  decisionHistorySchema,
  historyLineText,
  whyLines,
  sameNameText,
  subjectText,
  type DecisionHistory,
} from '../../core/answer/decision-history';
import { decisionNoteText } from '../../core/answer/relay-decisions';
import { InvalidInputError } from '../../core/protocol/errors';
import { validateQuery, type SearchQuery } from '../../core/query';
import type { Lang } from '../../core/text/i18n';
import type { HistoryArgs } from '../args/record-args';
import type { CliConfig } from '../config';
import { EXIT, type ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { recordMessages } from '../output/record-messages';
import { plain } from '../output/terminal';
import { relayRead, relayTarget } from '../transport/relay-call';

/**
 * `checklists history --name … [--date …]`: the decisions the organisation's relay holds on one
 * subject (docs/relay.md, "Decisions and the accept list"): those in force per hit, then every
 * line in order, approvals included. It reads the record only: no request reaches the service, so
 * it costs no quota.
 */

/** A value as one shell word: bare when it is plain, else in double quotes with what they expand escaped. */
function shellWord(value: string): string {
  return /^[\p{L}\p{N}._:/-]+$/u.test(value) ? value : `"${value.replace(/["$`\\]/g, '\\$&')}"`;
}

/**
 * The `checklists history` command that reads this subject's record: a decision belongs to the
 * subject with every detail it was screened with, so "the same name and date" would miss it.
 */
export function historyCommand(query: SearchQuery): string {
  const flags: [string, unknown][] = [
    ['--name', query.name],
    ['--namelat', query.namelat],
    ['--date', query.date],
    ['--ipn', query.ipn],
    ['--doc', query.doc],
    ['--doctype', query.doctype === 0 ? undefined : query.doctype],
  ];
  const words = flags
    .filter((flag): flag is [string, string | number] => typeof flag[1] === 'string' || typeof flag[1] === 'number')
    .map(([flag, value]) => `${flag} ${shellWord(String(value))}`);
  return ['checklists history', ...words].join(' ');
}

function renderHistory(history: DecisionHistory, relay: string, subject: string, lang: Lang): string {
  const t = (key: Parameters<typeof recordMessages.t>[1], params?: Record<string, string | number>) =>
    recordMessages.t(lang, key, params);
  if (history.history.length === 0) {
    return [t('history.none', { subject, relay }), sameNameText(history.sameName, lang)].filter(Boolean).join('\n');
  }
  const lines = [t('history.title', { subject, relay }), '', t('history.current', { count: history.current.length })];
  for (const c of history.current) {
    lines.push(`  - ${c.record}: ${plain(decisionNoteText(currentNote(c), lang, { named: false }))}`);
  }
  lines.push('', t('history.lines', { count: history.history.length }));
  for (const h of history.history) {
    lines.push(`  ${plain(historyLineText(h, lang))}`);
    for (const fact of whyLines(h, lang)) lines.push(`      · ${plain(fact)}`);
  }
  return lines.join('\n');
}

export async function runHistory(args: HistoryArgs, config: CliConfig, io: CliIo): Promise<ExitCode> {
  const relay = relayTarget(config);
  const { json, ...fields } = args;
  const checked = validateQuery(fields);
  if (!checked.ok) throw new InvalidInputError(checked.errors);
  const history = await relayRead(
    relay,
    '/decisions/history',
    checked.query,
    decisionHistorySchema,
    'history.refused',
    io,
  );
  if (json) {
    io.stdout.write(`${JSON.stringify(history, null, 2)}\n`);
    return EXIT.ok;
  }
  const subject = subjectText(checked.query);
  io.stdout.write(`${renderHistory(history, relay.address, plain(subject), config.lang)}\n`);
  return EXIT.ok;
}
