import type { DecisionsArgs } from '../args/record-args';
import type { CliConfig } from '../config';
import { EXIT, UsageError, type ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { wantsWorkbook } from '../output/audit-workbook';
import { openSink, receiveExport } from '../output/export-sink';
import { auditReportMessages } from '../../relay/audit-report-messages';
import { recordMessages } from '../output/record-messages';
import { relayMessages } from '../../relay/messages';
import { parseTimeBound } from '../../relay/time-bound';
import { relayTarget } from '../transport/relay-call';

/**
 * `checklists decisions [--since DATE] [--json] [-o FILE]`: the relay's whole decision record (every
 * decision, approval and return, with its author) read with an auditor's key from the auditor's own
 * computer, as `checklists relay decisions export` reads it on the host (docs/relay.md, "Export").
 * The file is also what `checklists screen --decisions FILE` records on another relay.
 */
export async function runDecisions(args: DecisionsArgs, config: CliConfig, io: CliIo): Promise<ExitCode> {
  const relay = relayTarget(config, 'relay.neededDecisions');
  // Refused before anything is asked, in the words the host's command uses.
  if (args.since !== undefined && !parseTimeBound(args.since)) {
    throw new UsageError(relayMessages.text('bad.time', { option: '--since', value: args.since }));
  }
  if (wantsWorkbook(args.output)) throw new UsageError(auditReportMessages.text('usage.decisionsWorkbook'));
  const fields = { ...(args.since !== undefined ? { since: args.since } : {}), format: args.json ? 'json' : 'csv' };
  const received = await receiveExport(relay, '/decisions/export', fields, io, await openSink(io, args.output));
  if (received.kind === 'refused') {
    const refused = (lang: 'uk' | 'en') =>
      recordMessages.t(lang, 'decisions.refused', { status: received.status, message: received.message[lang] });
    throw new UsageError({ uk: refused('uk'), en: refused('en') });
  }
  if (received.kind === 'cut') {
    const key = args.output === undefined ? 'decisions.cut' : 'decisions.cutFile';
    io.stderr.write(`${recordMessages.t(config.lang, key, { bytes: received.bytes, file: args.output ?? '' })}\n`);
    return EXIT.unreachable;
  }
  if (args.output !== undefined) {
    io.stdout.write(`${recordMessages.t(config.lang, 'decisions.saved', { file: args.output })}\n`);
  }
  // Every decision is at least one line, after CSV's header line; an empty export says so.
  const empty = received.lines <= (args.json ? 0 : 1);
  if (empty) io.stderr.write(`${relayMessages.t(config.lang, 'decisions.none')}\n`);
  return EXIT.ok;
}
