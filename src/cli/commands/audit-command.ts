import type { AuditArgs } from '../args/record-args';
import type { CliConfig } from '../config';
import { EXIT, UsageError, type ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { auditView } from '../output/record-views';
import { openRecordWorkbook, textAndWorkbook, wantsWorkbook } from '../output/record-workbook';
import { openSink, receiveExport } from '../output/export-sink';
import { recordMessages } from '../output/record-messages';
import { auditNoneLines, auditSelectionOf } from '../../relay/audit-selection';
import { relayMessages } from '../../relay/messages';
import { relayTarget } from '../transport/relay-call';

/**
 * `checklists audit [-o FILE]`: the relay's audit trail read from the reader's own computer
 * (docs/relay.md, "Audit trail"): an inspector asks when a client was screened, by whom, and with
 * what result, and the relay's host is IT's. An auditor's key reads every request, anyone else's
 * their own. The rows and options are those of `checklists relay audit` on the host; the export
 * goes to stdout, or to a file, as it arrives.
 */
export async function runAudit(args: AuditArgs, config: CliConfig, io: CliIo): Promise<ExitCode> {
  const relay = relayTarget(config, 'relay.neededAudit');
  const { csv, output, ...selection } = args;
  // Refused before anything is asked, in the words the host's command uses.
  const read = auditSelectionOf(selection);
  if (!read.ok) {
    throw new UsageError(relayMessages.text('bad.time', { option: `--${read.option}`, value: read.value }));
  }
  // A file named .xlsx is the inspector's readable workbook, built here from the JSON lines.
  const workbook = wantsWorkbook(output);
  if (workbook && csv) throw textAndWorkbook('--csv');
  const fields = { ...selection, format: csv ? 'csv' : 'json' };
  const heading = { source: relay.address, exportedAt: new Date(), selection };
  const sink =
    workbook && output !== undefined
      ? await openRecordWorkbook(io, output, auditView(heading, config.lang), heading.exportedAt)
      : await openSink(io, output);
  const received = await receiveExport(relay, '/audit/export', fields, io, sink);
  if (received.kind === 'refused') {
    const refused = (lang: 'uk' | 'en') =>
      recordMessages.t(lang, 'audit.refused', { status: received.status, message: received.message[lang] });
    throw new UsageError({ uk: refused('uk'), en: refused('en') });
  }
  if (received.kind === 'cut') {
    const key = output === undefined ? 'audit.cut' : 'audit.cutFile';
    io.stderr.write(`${recordMessages.t(config.lang, key, { bytes: received.bytes, file: output ?? '' })}\n`);
    return EXIT.unreachable;
  }
  // The query fields the relay keeps hold no line breaks: each row is a line, after CSV's header line.
  const rows = csv ? Math.max(0, received.lines - 1) : received.lines;
  if (output !== undefined) {
    io.stdout.write(`${recordMessages.t(config.lang, 'audit.saved', { file: output, rows })}\n`);
  }
  if (rows === 0) {
    const none = auditNoneLines(config.lang, selection);
    // Said, so that an empty export of one's own requests is not read as "nobody screened this client".
    if (received.headers['x-audit-scope'] === 'own') none.push(recordMessages.t(config.lang, 'audit.noneOwn'));
    for (const line of none) io.stderr.write(`${line}\n`);
  }
  return EXIT.ok;
}
