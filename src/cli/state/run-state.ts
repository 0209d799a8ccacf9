import { createHmac, timingSafeEqual } from 'node:crypto';
import { constants, fdatasync, writeSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import type { SubjectOutcome } from '../../bulk/outcome';
import {
  listingOf,
  parseMeta,
  parseOutcome,
  parseProgress,
  type RunMeta,
  type RunProgressState,
  type RunState,
  type RunStateStore,
} from '../../bulk/state';
import { parseJson } from '../../core/text/json';
import type { SecretMask } from '../../core/text/secret-mask';
import { UsageError } from '../exit-codes';
import { cliMessages } from '../messages';
import { assertSafeExisting, createExclusive, openChecked } from '../output/safe-file';

/**
 * A run that stops (quota, account, Ctrl-C, network, kill -9) leaves `<output>.checklists-state.json`
 * next to its output, so `--resume` asks only what is still unanswered: quota is money.
 *
 * One record a line, `<mac> <json>`: the run's meta, progress records, and every answer the
 * moment it arrives (written to the file at once, synced to disk at most SYNC_MS later). The
 * MAC (HMAC-SHA256 over the line's number and text, keyed by the person's own state key) makes
 * a forged, edited, reordered or removed line visible, so a resume never trusts an answer this
 * program did not write. A line cut short by a crash can only be the last; it is dropped.
 * Never the tokken: every line passes the secret mask.
 */
export function statePathFor(outputPath: string): string {
  return `${outputPath}.checklists-state.json`;
}

/** How long an answer may sit in the page cache before it is forced to disk. */
export const SYNC_MS = 200;

type Record_ = { meta: unknown } | { progress: unknown } | { a: unknown };

function macOf(key: Buffer, index: number, json: string): string {
  return createHmac('sha256', key).update(`${index}\n${json}`).digest('hex');
}

export interface ReadState {
  state: RunState | null;
  /** Bytes of whole, verified lines: where appending continues. */
  validBytes: number;
  lines: number;
}

function tampered(path: string, line: number): UsageError {
  return new UsageError(cliMessages.text('state.tampered', { path, line }));
}

/** Parses and verifies a state file's text; throws UsageError on any line that is not ours. */
export function parseStateText(text: string, key: Buffer, path: string): ReadState {
  let meta: RunMeta | null = null;
  let progress: RunProgressState | null = null;
  const outcomes: SubjectOutcome[] = [];
  let at = 0;
  let index = 0;
  for (;;) {
    const end = text.indexOf('\n', at);
    // No newline: a line torn by a crash mid-write, or nothing left.
    if (end < 0) break;
    const line = text.slice(at, end);
    const space = line.indexOf(' ');
    const mac = space > 0 ? line.slice(0, space) : '';
    const json = line.slice(space + 1);
    const expected = macOf(key, index, json);
    if (mac.length !== expected.length || !timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) {
      throw tampered(path, index + 1);
    }
    const record = parseJson(json) as Record_ | undefined;
    if (record === undefined) throw tampered(path, index + 1);
    if ('meta' in record) meta = parseMeta(record.meta);
    else if ('progress' in record) progress = parseProgress(record.progress) ?? progress;
    else if ('a' in record) {
      const o = parseOutcome(record.a);
      if (o) outcomes.push(o);
    }
    index++;
    at = end + 1;
  }
  const validBytes = Buffer.byteLength(text.slice(0, at));
  return { state: meta && progress ? { meta, progress, outcomes } : null, validBytes, lines: index };
}

/** Reads a state file after checking it is a plain file of ours; null when there is none. */
export async function readStateFile(path: string, key: Buffer): Promise<ReadState | null> {
  const info = await assertSafeExisting(path);
  if (!info) return null;
  const handle = await openChecked(path, constants.O_RDONLY, info);
  try {
    return parseStateText(await handle.readFile('utf8'), key, path);
  } finally {
    await handle.close();
  }
}

export interface FileRunStateStore extends RunStateStore {
  /** Forces what was written to disk and closes the file (the run stopped; the state stays). */
  close(): Promise<void>;
}

/**
 * The engine's RunStateStore over one file that holds one run. `resume` continues an existing
 * file (verified by readStateFile) after its last whole line; otherwise begin() creates it anew.
 */
export function fileRunStateStore(
  path: string,
  key: Buffer,
  mask: SecretMask,
  resume: ReadState | null = null,
): FileRunStateStore {
  let handle: FileHandle | null = null;
  let index = resume?.lines ?? 0;
  let dirty = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const syncNow = () => {
    timer = null;
    if (!handle || !dirty) return;
    dirty = false;
    fdatasync(handle.fd, () => undefined);
  };
  let queued: Record_[] = [];
  let flushScheduled = false;
  // Into the kernel within the same turn of the event loop, so kill -9 loses only what has
  // just arrived (still "in flight" for the caller); to the disk in batches, since an fsync per
  // answer would cap throughput. Records are serialised and signed here, after the turn's
  // network callbacks, so that work never delays sending the next request.
  const writeQueued = () => {
    flushScheduled = false;
    if (!handle || queued.length === 0) return;
    const records = queued;
    queued = [];
    let text = '';
    for (const r of records) {
      const json = mask(JSON.stringify(r));
      text += `${macOf(key, index++, json)} ${json}\n`;
    }
    writeSync(handle.fd, text);
    dirty = true;
    timer ??= setTimeout(syncNow, SYNC_MS);
  };
  const append = (records: Record_[], now = false) => {
    if (!handle) return;
    for (const r of records) queued.push(r);
    if (now) writeQueued();
    else if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(writeQueued);
    }
  };
  const openForResume = async () => {
    if (handle || !resume) return;
    const info = await assertSafeExisting(path);
    if (!info) throw new UsageError(cliMessages.text('state.vanished', { path }));
    handle = await openChecked(path, constants.O_WRONLY | constants.O_APPEND, info);
    // Drop a torn last line so the next record starts on a line of its own.
    await handle.truncate(resume.validBytes);
  };

  const finishFile = async () => {
    writeQueued();
    if (timer) clearTimeout(timer);
    timer = null;
    if (handle) {
      await handle.datasync().catch(() => undefined);
      await handle.close();
      handle = null;
    }
  };

  return {
    async list() {
      return resume?.state ? [listingOf(resume.state.meta, resume.state.progress)] : [];
    },
    async load(runId) {
      return resume?.state && resume.state.meta.runId === runId ? resume.state : null;
    },
    async begin(meta, progress) {
      // Whatever was there was checked to be ours; a fresh run starts a fresh file, never through a link.
      await assertSafeExisting(path);
      await rm(path, { force: true });
      handle = await createExclusive(path);
      index = 0;
      append([{ meta }, { progress }], true);
    },
    record(_runId, outcome) {
      append([{ a: outcome }]);
    },
    async checkpoint(_runId, progress, outcomes) {
      await openForResume();
      append([...outcomes.map((o) => ({ a: o })), { progress }], true);
    },
    async remove() {
      // The run completed and its output is written: forcing to disk a file about to be deleted
      // would only add an fsync to the end of every run.
      if (timer) clearTimeout(timer);
      timer = null;
      queued = [];
      if (handle) {
        await handle.close();
        handle = null;
      }
      await rm(path, { force: true });
    },
    close: finishFile,
  };
}
