import { rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { AuditArgs } from '../args/command-line';
import type { CliConfig } from '../config';
import { EXIT, UsageError, type ExitCode } from '../exit-codes';
import { writeOut, type CliIo } from '../io';
import { assertFolderWritable } from '../output/output-paths';
import { recordMessages } from '../output/record-messages';
import { createExclusive } from '../output/safe-file';
import { auditNoneLines, auditSelectionOf } from '../../relay/audit-selection';
import { relayMessages } from '../../relay/messages';
import { relayTarget } from '../transport/relay-call';
import { RelayReplyCut, relayPostStream } from '../transport/relay-stream';

/**
 * `checklists audit [-o FILE]`: the relay's audit trail read from the reader's own computer
 * (docs/relay.md, "Audit trail"): an inspector asks when a client was screened, by whom, and with
 * what result, and the relay's host is IT's. An auditor's key reads every request, anyone else's
 * their own. The rows and options are those of `checklists relay audit` on the host; the export
 * goes to stdout, or to a file, as it arrives.
 */

interface Sink {
  write(chunk: Buffer): Promise<void>;
  /** The export arrived whole. */
  finish(): Promise<void>;
  /** It did not: nothing may be left that looks like a whole export. */
  abandon(): Promise<void>;
}

function stdoutSink(io: CliIo): Sink {
  const decoder = new StringDecoder('utf8');
  return {
    write: (chunk) => writeOut(io.stdout, decoder.write(chunk)),
    finish: () => writeOut(io.stdout, decoder.end()),
    abandon: async () => undefined,
  };
}

/**
 * Bytes as the relay sent them, owner-only (the trail holds client names), beside the target and
 * named only once whole: `> file.csv` in Windows PowerShell re-encodes the text as UTF-16, which
 * Excel does not open as CSV, and a cut export would leave a short file under the name.
 */
async function fileSink(path: string): Promise<Sink> {
  const temporary = `${path}.${process.pid}.tmp`;
  const handle = await createExclusive(temporary);
  const closed = () => handle.close().catch(() => undefined);
  return {
    write: async (chunk) => {
      await handle.write(chunk);
    },
    finish: async () => {
      await handle.sync();
      await handle.close();
      await rename(temporary, path);
    },
    abandon: async () => {
      await closed();
      await rm(temporary, { force: true });
    },
  };
}

export async function runAudit(args: AuditArgs, config: CliConfig, io: CliIo): Promise<ExitCode> {
  const relay = relayTarget(config, 'relay.neededAudit');
  const { csv, output, ...selection } = args;
  // Refused before anything is asked, in the words the host's command uses.
  const read = auditSelectionOf(selection);
  if (!read.ok) {
    throw new UsageError(relayMessages.text('bad.time', { option: `--${read.option}`, value: read.value }));
  }
  const path = output === undefined ? null : resolve(io.cwd, output);
  if (path) await assertFolderWritable(path, output!);
  const sink = path ? await fileSink(path) : stdoutSink(io);
  // Lines, counted as they pass: the query fields the relay keeps hold no line breaks, so each row
  // is one line, and CSV has its header line before them.
  let lines = 0;
  let own: boolean;
  const write = (chunk: Buffer) => {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    return sink.write(chunk);
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
    own = answer.headers['x-audit-scope'] === 'own';
    await sink.finish();
  } catch (error) {
    await sink.abandon();
    if (!(error instanceof RelayReplyCut)) throw error;
    const key = path ? 'audit.cutFile' : 'audit.cut';
    io.stderr.write(`${recordMessages.t(config.lang, key, { bytes: error.bytes, file: output ?? '' })}\n`);
    return EXIT.unreachable;
  }
  const rows = csv ? Math.max(0, lines - 1) : lines;
  if (path) io.stdout.write(`${recordMessages.t(config.lang, 'audit.saved', { file: output!, rows })}\n`);
  if (rows === 0) {
    const none = auditNoneLines(config.lang, selection);
    if (own) none.push(recordMessages.t(config.lang, 'audit.noneOwn'));
    for (const line of none) io.stderr.write(`${line}\n`);
  }
  return EXIT.ok;
}
