import type { IncomingHttpHeaders } from 'node:http';
import { rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { LocalizedText } from '../../core/text/i18n';
import { OutputWriteError } from '../exit-codes';
import { writeOut, type CliIo } from '../io';
import type { RelayTarget } from '../transport/relay-call';
import { RelayReplyCut, relayPostStream } from '../transport/relay-stream';
import { assertFolderWritable } from './output-paths';
import { createExclusive } from './safe-file';

/**
 * An export of the relay's record (`checklists audit`, `checklists decisions`, and on the relay's
 * host `relay audit`, `relay decisions export`) written as it arrives, to stdout or to a file:
 * millions of rows never sit in memory.
 */

export interface Sink {
  write(chunk: Buffer | string): Promise<void>;
  /** The export arrived whole. */
  finish(): Promise<void>;
  /** It did not: nothing may be left that looks like a whole export. */
  abandon(): Promise<void>;
  /** The relay's reply headers, before its first byte (an export to the readable workbook names its scope). */
  begin?(headers: IncomingHttpHeaders): void;
}

function stdoutSink(io: CliIo): Sink {
  const decoder = new StringDecoder('utf8');
  return {
    write: (chunk) => writeOut(io.stdout, typeof chunk === 'string' ? chunk : decoder.write(chunk)),
    finish: () => writeOut(io.stdout, decoder.end()),
    abandon: async () => undefined,
  };
}

/**
 * Bytes as the relay sent them, owner-only (the record holds client names), beside the target and
 * named only once whole: `> file.csv` in Windows PowerShell re-encodes the text as UTF-16, which
 * Excel does not open as CSV, and a cut export would leave a short file under the name.
 */
async function fileSink(path: string, shown: string): Promise<Sink> {
  const temporary = `${path}.${process.pid}.tmp`;
  const handle = await createExclusive(temporary);
  return {
    write: async (chunk) => {
      await (typeof chunk === 'string' ? handle.write(chunk, null, 'utf8') : handle.write(chunk)).catch(
        (error: unknown) => {
          throw writeFailed(shown, error);
        },
      );
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

/** A file the export could not be written to (the disk full), named as given, with the system's reason. */
export function writeFailed(path: string, error: unknown): OutputWriteError {
  const err = error as NodeJS.ErrnoException;
  return new OutputWriteError(path, err.code ?? err.message ?? String(error));
}

/** Where an export goes: `output` (a file, its folder checked first) or stdout. */
export async function openSink(io: CliIo, output: string | undefined): Promise<Sink> {
  if (output === undefined) return stdoutSink(io);
  const file = resolve(io.cwd, output);
  await assertFolderWritable(file, output);
  return fileSink(file, output);
}

export type Received =
  | { kind: 'done'; lines: number; headers: IncomingHttpHeaders }
  | { kind: 'refused'; status: number; message: LocalizedText }
  | { kind: 'cut'; bytes: number };

/**
 * POSTs `fields` to the relay's `path` and writes the 200 reply to `sink` (a file, stdout, the
 * readable workbook), counting its lines as they pass; a refusal is returned for the command's words,
 * and a reply cut part way leaves no file.
 */
export async function receiveExport(
  relay: RelayTarget,
  path: string,
  fields: Record<string, unknown>,
  io: CliIo,
  sink: Sink,
): Promise<Received> {
  let lines = 0;
  const write = (chunk: Buffer) => {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    return sink.write(chunk);
  };
  try {
    const answer = await relayPostStream(relay, path, fields, io, write, (headers) => sink.begin?.(headers));
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
