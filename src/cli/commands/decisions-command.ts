import type { DecisionsArgs } from '../args/record-args';
import type { CliConfig } from '../config';
import { EXIT, UsageError, type ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { decisionView } from '../output/record-views';
import { openRecordWorkbook, textAndWorkbook, wantsWorkbook } from '../output/record-workbook';
import { openSink, receiveExport } from '../output/export-sink';
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
  // A file named .xlsx is the inspector's readable workbook, built here from the JSON lines.
  const workbook = wantsWorkbook(args.output);
  if (workbook && (args.json || args.csv)) throw textAndWorkbook(args.json ? '--json' : '--csv');
  const format = args.json || workbook ? 'json' : 'csv';
  const fields = { ...(args.since !== undefined ? { since: args.since } : {}), format };
  const heading = { source: relay.address, exportedAt: new Date(), since: args.since };
  const sink =
    workbook && args.output !== undefined
      ? await openRecordWorkbook(io, args.output, decisionView(heading, config.lang), heading.exportedAt)
      : await openSink(io, args.output);
  const received = await receiveExport(relay, '/decisions/export', fields, io, sink);
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
  const empty = received.lines <= (format === 'json' ? 0 : 1);
  if (empty) io.stderr.write(`${relayMessages.t(config.lang, 'decisions.none')}\n`);
  return EXIT.ok;
}
