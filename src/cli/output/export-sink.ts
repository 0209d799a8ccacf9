import type { IncomingHttpHeaders } from 'node:http';
import { rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { LocalizedText } from '../../core/text/i18n';
import { writeOut, type CliIo } from '../io';
import type { RelayTarget } from '../transport/relay-call';
import { RelayReplyCut, relayPostStream } from '../transport/relay-stream';
import { assertFolderWritable } from './output-paths';
import { createExclusive } from './safe-file';

/**
 * An export of the relay's record (`checklists audit`, `checklists decisions`) received as it
 * arrives, to stdout or to a file: millions of rows never sit in memory.
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
 * Bytes as the relay sent them, owner-only (the record holds client names), beside the target and
 * named only once whole: `> file.csv` in Windows PowerShell re-encodes the text as UTF-16, which
 * Excel does not open as CSV, and a cut export would leave a short file under the name.
 */
async function fileSink(path: string): Promise<Sink> {
  const temporary = `${path}.${process.pid}.tmp`;
  const handle = await createExclusive(temporary);
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
      await handle.close().catch(() => undefined);
      await rm(temporary, { force: true });
    },
  };
}

export type Received =
  | { kind: 'done'; lines: number; headers: IncomingHttpHeaders }
  | { kind: 'refused'; status: number; message: LocalizedText }
  | { kind: 'cut'; bytes: number };

/**
 * POSTs `fields` to the relay's `path` and writes the 200 reply to `output` (a file) or stdout,
 * counting its lines as they pass; a refusal is returned for the command's words, and a reply cut
 * part way leaves no file.
 */
export async function receiveExport(
  relay: RelayTarget,
  path: string,
  fields: Record<string, unknown>,
  io: CliIo,
  output: string | undefined,
): Promise<Received> {
  const file = output === undefined ? null : resolve(io.cwd, output);
  if (file) await assertFolderWritable(file, output!);
  const sink = file ? await fileSink(file) : stdoutSink(io);
  let lines = 0;
  const write = (chunk: Buffer) => {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    return sink.write(chunk);
  };
  try {
    const answer = await relayPostStream(relay, path, fields, io, write);
    if ('message' in answer) {
      await sink.abandon();
      return { kind: 'refused', status: answer.status, message: answer.message };
    }
    await sink.finish();
    return { kind: 'done', lines, headers: answer.headers };
  } catch (error) {
    await sink.abandon();
    if (error instanceof RelayReplyCut) return { kind: 'cut', bytes: error.bytes };
    throw error;
  }
}
