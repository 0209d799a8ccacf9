import {
  pendingDecisionsSchema,
  pendingLineText,
  whyLines,
  type PendingDecisions,
} from '../../core/answer/decision-history';
import type { Lang } from '../../core/text/i18n';
import type { ApproveArgs } from '../args/record-args';
import type { CliConfig } from '../config';
import { EXIT, type ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { recordMessages } from '../output/record-messages';
import { plain } from '../output/terminal';
import { relayPost, relayRead, relayTarget } from '../transport/relay-call';

/**
 * `checklists approve`: four-eyes from the command line (docs/relay.md, "Four-eyes"). Without ids,
 * the decisions waiting for a second person; with ids, each approved under the approver's key, or
 * refused with the relay's why (its author cannot approve it; it is no longer waiting). With
 * `--return ID --comment`, one sent back for review instead, saying why.
 */

function renderPending(list: PendingDecisions, relay: string, lang: Lang): string {
  const t = (key: Parameters<typeof recordMessages.t>[1], params?: Record<string, string | number>) =>
    recordMessages.t(lang, key, params);
  const listed = (p: PendingDecisions['pending'][number], mark: string) => [
    `  ${plain(pendingLineText(p, lang))}${mark}`,
    // What the approver judges the decision on: the facts its author saw.
    ...whyLines(p, lang).map((fact) => `      · ${plain(fact)}`),
  ];
  const lines =
    list.pending.length === 0
      ? // An analyst's key lists only their own: "nothing waits" would read as the whole relay's.
        [t(list.scope === 'own' ? 'approve.noneOwn' : 'approve.none', { relay })]
      : [t('approve.title', { relay, count: list.pending.length })];
  for (const p of list.pending) lines.push(...listed(p, p.analyst === list.analyst ? `  (${t('approve.own')})` : ''));
  // The command to type, with the numbers this approver may approve: not their own decisions.
  const ids = list.approver === false ? [] : list.pending.filter((p) => p.analyst !== list.analyst).map((p) => p.id);
  if (ids.length > 0) {
    lines.push('', t('approve.how', { ids: ids.slice(0, 5).join(' ') }), t('approve.howReturn', { id: ids[0] }));
  }
  // What came back to this analyst: each waits for a new decision on its hit.
  const returned = list.returned ?? [];
  if (returned.length > 0) lines.push('', t('approve.returnedTitle', { count: returned.length }));
  for (const r of returned) lines.push(...listed(r, ''));
  return lines.join('\n');
}

export async function runApprove(args: ApproveArgs, config: CliConfig, io: CliIo): Promise<ExitCode> {
  const relay = relayTarget(config);
  const lang = config.lang;
  if (args.returns) {
    const { id, comment } = args.returns;
    const answer = await relayPost(relay, '/decisions/return', { id, comment }, io);
    const line = (answer.body as { id?: unknown } | null)?.id;
    if (answer.status === 200) {
      const done = recordMessages.t(lang, 'approve.returned', { id, line: typeof line === 'number' ? line : '?' });
      io.stdout.write(`${done}\n`);
      return EXIT.ok;
    }
    io.stderr.write(
      `${recordMessages.t(lang, 'approve.returnRefused', { id, message: plain(answer.message[lang]) })}\n`,
    );
    return EXIT.badInput;
  }
  if (args.ids.length === 0) {
    const list = await relayRead(relay, '/decisions/pending', {}, pendingDecisionsSchema, 'approve.listRefused', io);
    // Both lists, as the plain text shows them: a script that watched only `pending` missed what came back.
    const text = args.json
      ? JSON.stringify({ pending: list.pending, returned: list.returned ?? [] }, null, 2)
      : renderPending(list, relay.address, lang);
    io.stdout.write(`${text}\n`);
    return EXIT.ok;
  }
  let refused = 0;
  // One at a time, in the order given: each is its own act, recorded with its own time.
  for (const id of args.ids) {
    const answer = await relayPost(relay, '/decisions/approve', { id }, io);
    const line = (answer.body as { id?: unknown } | null)?.id;
    if (answer.status === 200) {
      io.stdout.write(
        `${recordMessages.t(lang, 'approve.done', { id, line: typeof line === 'number' ? line : '?' })}\n`,
      );
    } else {
      refused++;
      io.stderr.write(`${recordMessages.t(lang, 'approve.refused', { id, message: plain(answer.message[lang]) })}\n`);
    }
  }
  return refused === 0 ? EXIT.ok : EXIT.badInput;
}
