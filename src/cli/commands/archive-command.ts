import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { ArchiveArgs } from '../args/record-args';
import type { CliConfig } from '../config';
import { EXIT, UsageError, type ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { usageError } from '../messages';
import { writeOwnerOnly } from '../output/safe-file';
import { assertFolderWritable } from '../output/output-paths';
import { recordMessages, type RecordMessageKey } from '../output/record-messages';
import { relayTarget } from '../transport/relay-call';
import { relayPostStream } from '../transport/relay-stream';

/**
 * `checklists archive ID [-o FILE.json]`: an archived answer from the relay (`/archive/<id>`), byte
 * for byte as the service sent it: the evidence a certificate was made from. Its bytes are checked
 * against the SHA-256 the relay recorded (which `relay verify` proves unchanged and the certificate
 * prints) before anything is written, so a file this command leaves is the answer the certificate
 * speaks of.
 */
export async function runArchive(args: ArchiveArgs, config: CliConfig, io: CliIo): Promise<ExitCode> {
  const relay = relayTarget(config, 'relay.neededArchive');
  const file = args.output ?? `checklists-answer-${args.id}.json`;
  const path = resolve(io.cwd, file);
  await assertFolderWritable(path, file);
  const chunks: Buffer[] = [];
  const answer = await relayPostStream(relay, `/archive/${args.id}`, {}, io, async (chunk) => {
    chunks.push(chunk);
  });
  const said = (key: RecordMessageKey, params: Record<string, string | number>) =>
    new UsageError({ uk: recordMessages.t('uk', key, params), en: recordMessages.t('en', key, params) });
  if ('message' in answer) {
    // The relay answers "not found" alike for another analyst's answer and for none: ids cannot be probed.
    if (answer.status === 404) throw said('archive.notYours', { id: args.id });
    throw said('archive.refused', { id: args.id, status: answer.status, message: answer.message[config.lang] });
  }
  const header = (name: string) => {
    const value = answer.headers[name];
    return typeof value === 'string' ? value : '';
  };
  const bytes = Buffer.concat(chunks);
  const computed = createHash('sha256').update(bytes).digest('hex');
  const recorded = header('x-answer-sha256').toLowerCase();
  if (computed !== recorded) {
    io.stderr.write(`${recordMessages.t(config.lang, 'archive.mismatch', { id: args.id, computed, recorded })}\n`);
    return EXIT.unexpected;
  }
  await writeOwnerOnly(path, bytes).catch(() => {
    throw usageError('args.output.folder', { path: file });
  });
  const at = header('x-received-at')
    .replace('T', ' ')
    .replace(/\.\d+Z$|Z$/, '');
  const saved = { id: args.id, file, bytes: bytes.length, at, audit: header('x-audit-id') };
  io.stdout.write(`${recordMessages.t(config.lang, 'archive.saved', saved)}\n`);
  io.stdout.write(`${recordMessages.t(config.lang, 'archive.digest', { sha: computed })}\n`);
  return EXIT.ok;
}
