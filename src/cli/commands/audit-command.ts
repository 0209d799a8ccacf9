import { StringDecoder } from 'node:string_decoder';
import type { AuditArgs } from '../args/command-line';
import type { CliConfig } from '../config';
import { EXIT, UsageError, type ExitCode } from '../exit-codes';
import { writeOut, type CliIo } from '../io';
import { recordMessages } from '../output/record-messages';
import { auditNoneLines, auditSelectionOf } from '../../relay/audit-selection';
import { relayMessages } from '../../relay/messages';
import { relayTarget } from '../transport/relay-call';
import { RelayReplyCut, relayPostStream } from '../transport/relay-stream';

/**
 * `checklists audit`: the relay's audit trail read with an auditor's key from the auditor's own
 * computer (docs/relay.md, "Audit trail"): an inspector asks when a client was screened, by whom,
 * and with what result, and the relay's host is IT's. The rows and options are those of
 * `checklists relay audit` on the host; the export goes to stdout as it arrives.
 */
export async function runAudit(args: AuditArgs, config: CliConfig, io: CliIo): Promise<ExitCode> {
  const relay = relayTarget(config, 'relay.neededAudit');
  const { csv, ...selection } = args;
  // Refused before anything is asked, in the words the host's command uses.
  const read = auditSelectionOf(selection);
  if (!read.ok) {
    throw new UsageError(relayMessages.text('bad.time', { option: `--${read.option}`, value: read.value }));
  }
  const decoder = new StringDecoder('utf8');
  // CSV starts with its header line: a row is anything after it. JSON lines are rows from the first byte.
  let text = '';
  let rows = false;
  const write = async (chunk: Buffer) => {
    const part = decoder.write(chunk);
    if (!rows) {
      text += part;
      rows = csv ? /\r?\n./s.test(text) : text.length > 0;
      if (rows) text = '';
    }
    await writeOut(io.stdout, part);
  };
  try {
    const answer = await relayPostStream(
      relay,
      '/audit/export',
      { ...selection, format: csv ? 'csv' : 'json' },
      io,
      write,
    );
    if ('message' in answer) {
      const refused = (lang: 'uk' | 'en') =>
        recordMessages.t(lang, 'audit.refused', { status: answer.status, message: answer.message[lang] });
      throw new UsageError({ uk: refused('uk'), en: refused('en') });
    }
  } catch (error) {
    if (!(error instanceof RelayReplyCut)) throw error;
    io.stderr.write(`${recordMessages.t(config.lang, 'audit.cut', { bytes: error.bytes })}\n`);
    return EXIT.unreachable;
  }
  await writeOut(io.stdout, decoder.end());
  if (!rows) for (const line of auditNoneLines(config.lang, selection)) io.stderr.write(`${line}\n`);
  return EXIT.ok;
}
