import { constants, writeSync } from 'node:fs';
import { open, readdir, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AuditRow, RelayStore } from './store/port';
import { answerLine, askedLine, storeMissingFrom, type SpooledAnswer } from './spooled-evidence';
import { FIRST_RETRY_MS, nextRetryMs } from './evidence-retry';
import { FlushPace } from './flush-pace';
import { makeFolder } from './make-folder';

/**
 * Evidence made durable in files of the relay's own, so that a request waits for one flushed
 * write of the file rather than for a database commit and the commit already on its way (2–5 ms
 * under load: docs/PERFORMANCE.md, sessions 19 and 20): its "asked" row before the service is
 * asked, and, where the relay keeps the archive's chain (./archive-chain.ts), its archived answer
 * with its outcome before the reply. Each then goes to PostgreSQL with a later commit. Rows of
 * many requests share each write, as they shared a commit.
 *
 * The files are as durable as a database beside them: the same disk, flushed the same way. A
 * segment is removed once every row in it is durable in the database (their commits do not wait
 * for the disk, so the database's log is flushed past them first: settle()); a crash leaves the
 * rest, and the next start puts each row the database lacks there before it serves
 * (EvidenceSpool.open), so "no paid request without an audit row" holds across a kill -9. Only
 * where the folder outlives the process: the embedded store's data folder, or by URL a --spool-dir
 * (../cli/commands/relay-spool.ts); a relay on an external PostgreSQL without one (perhaps in a
 * container whose disk goes with it) commits its asked rows and answers to the database, as before.
 */

/** The spool's folder in a relay's data folder (named before it held answers too). */
export const spoolFolder = (dataDir: string): string => join(dataDir, 'asked-spool');

/**
 * A new segment after this many bytes, so that stored rows' files go while the relay runs (with
 * the sandbox's answers a request's two lines are about 1.7 kB: a segment holds a second or two
 * at full load; answers with hits are longer).
 */
const SEGMENT_BYTES = 4 << 20;
const SEGMENT = /^asked-(\d+)\.jsonl$/;

interface Segment {
  n: number;
  file: FileHandle;
  bytes: number;
  /** Rows written here and not yet known to be in the database. */
  outstanding: number;
  /** Every row written here, by askedKey or answerKey: checked for once its commits are flushed (settle()). */
  keys: string[];
}

interface Waiting {
  key: string;
  line: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const ASKED = 'q';
const ANSWER = 'a';
const askedKey = (id: number) => `${ASKED}${id}`;
const answerKey = (id: number) => `${ANSWER}${id}`;

/** A folder's entries durable: a file made in it survives a crash with its name. */
export async function syncFolder(dir: string): Promise<void> {
  const folder = await open(dir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

export class EvidenceSpool {
  private current: Segment | null = null;
  /** By askedKey or answerKey. */
  private readonly segmentOf = new Map<string, Segment>();
  private waiting: Waiting[] = [];
  private writing = false;
  /** After a failed write the segment may end in a torn line: the next write starts a new one. */
  private broken = false;
  /** Removals waiting to be tried again (remove()); a close leaves their segments for the next start. */
  private readonly retries = new Set<ReturnType<typeof setTimeout>>();
  private closed = false;

  private constructor(
    private readonly dir: string,
    private nextSegment: number,
    private readonly segmentBytes: number,
    private readonly store: RelayStore,
    private readonly pace: FlushPace,
  ) {}

  /** Rows and answers a database crash had lost, put in again while the relay ran (settle()). */
  onRecovered: ((rows: number, answers: number) => void) | null = null;

  /**
   * The spool in `dir`, after putting into `store` every row a previous run left in it that the
   * store lacks (asked rows first: an answer's row names its asked row); the relay serves only
   * after this. `recovered`: asked rows put in; `recoveredAnswers`: archived answers.
   */
  static async open(
    dir: string,
    store: RelayStore,
    segmentBytes = SEGMENT_BYTES,
    pace = new FlushPace(),
  ): Promise<{ spool: EvidenceSpool; recovered: number; recoveredAnswers: number }> {
    await makeFolder(dir, 0o700);
    const names = (await readdir(dir)).filter((name) => SEGMENT.test(name));
    const numbers = names.map((name) => Number(SEGMENT.exec(name)?.[1]));
    // The last run's rows may be in the database with commits not yet on disk (AuditBatch.spooled):
    // flushed first, so that a row found there stays there.
    if (names.length > 0) await store.flushCommits();
    const { recovered, recoveredAnswers } = await storeMissingFrom(
      store,
      names.map((name) => join(dir, name)),
    );
    for (const name of names) await rm(join(dir, name), { force: true });
    const spool = new EvidenceSpool(dir, Math.max(0, ...numbers) + 1, segmentBytes, store, pace);
    return { spool, recovered, recoveredAnswers };
  }

  /** Resolves once the asked row is on disk. */
  append(id: number, row: AuditRow): Promise<void> {
    return this.appendLine(askedKey(id), askedLine({ id, row }));
  }

  /** Resolves once the archived answer and its outcome are on disk. */
  appendAnswer(answer: SpooledAnswer): Promise<void> {
    return this.appendLine(answerKey(answer.row.id), answerLine(answer));
  }

  private appendLine(key: string, line: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ key, line, resolve, reject });
      if (this.writing) return;
      this.writing = true;
      // A blocking write waits for the rest of this turn of the event loop (every request read in
      // it), so that they share it; one on the thread pool takes what comes while it is on its way.
      if (this.pace.blocking) setImmediate(() => void this.write());
      else void this.write();
    });
  }

  /** The asked row is in the database: its segment may go once all of its rows are. */
  stored(id: number): void {
    this.storedKey(askedKey(id));
  }

  /** The archived answer (by its archive id) is in the database, with its outcome. */
  storedAnswer(id: number): void {
    this.storedKey(answerKey(id));
  }

  private storedKey(key: string): void {
    const segment = this.segmentOf.get(key);
    if (!segment) return;
    this.segmentOf.delete(key);
    segment.outstanding--;
    if (segment !== this.current && segment.outstanding === 0) void this.remove(segment);
  }

  /** Rows written and not yet in the database (shutdown leaves their segment for the next start). */
  get outstanding(): number {
    return this.segmentOf.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
    while (this.writing) await new Promise((resolve) => setTimeout(resolve, 1));
    const last = this.current;
    this.current = null;
    if (last && last.outstanding === 0) await this.remove(last);
    else await last?.file.close();
    const unused = await this.prepared?.catch(() => null);
    this.prepared = null;
    if (unused) await this.remove(unused);
  }

  /** Writes what waits, batch after batch; appendLine() set `writing` before calling it. */
  private async write(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0);
        try {
          const segment = await this.segmentFor();
          const bytes = Buffer.from(batch.map((w) => w.line).join(''), 'utf8');
          await this.flush(segment, bytes);
          segment.bytes += bytes.length;
          segment.outstanding += batch.length;
          for (const w of batch) {
            this.segmentOf.set(w.key, segment);
            segment.keys.push(w.key);
          }
          for (const w of batch) w.resolve();
        } catch (error) {
          this.broken = true;
          for (const w of batch) w.reject(error);
        }
      }
    } finally {
      this.writing = false;
    }
  }

  /**
   * O_DSYNC: the write returns once on disk, one call where write and fdatasync took two. On the
   * event loop while this disk flushes fast, else on the thread pool (./flush-pace.ts).
   */
  private async flush(segment: Segment, bytes: Buffer): Promise<void> {
    let written: number;
    if (this.pace.blocking) {
      const started = performance.now();
      written = writeSync(segment.file.fd, bytes, 0, bytes.length, segment.bytes);
      this.pace.took(performance.now() - started);
    } else ({ bytesWritten: written } = await segment.file.write(bytes, 0, bytes.length, segment.bytes));
    // A short write (a full disk) leaves a torn line: the batch fails, and the next starts a segment.
    if (written < bytes.length) throw new Error(`spool write: ${written} of ${bytes.length} bytes`);
  }

  private async segmentFor(): Promise<Segment> {
    const current = this.current;
    if (current && !this.broken && current.bytes < this.segmentBytes) {
      // The next one made while this one fills: a rotation never waits for its zeros.
      if (current.bytes >= this.segmentBytes / 2 && !this.prepared) {
        this.prepared = this.createSegment();
        this.prepared.catch(() => undefined); // met when it is taken
      }
      return current;
    }
    const next = this.prepared ?? this.createSegment();
    this.prepared = null;
    this.current = await next;
    this.broken = false;
    // Not waited for: its removal waits for the database's log to be flushed (remove()).
    if (current && current.outstanding === 0) void this.remove(current);
    return this.current;
  }

  private prepared: Promise<Segment> | null = null;

  private async createSegment(): Promise<Segment> {
    const n = this.nextSegment++;
    const file = await open(
      join(this.dir, `asked-${n}.jsonl`),
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_DSYNC,
      0o600,
    );
    // Zeros first, as PostgreSQL makes its log files: an append then changes no file size, so its
    // flush need not wait for the file system's journal. (A start reads them as no row.)
    await file.write(Buffer.alloc(this.segmentBytes), 0, this.segmentBytes, 0);
    // The new file's name durable before any row in it is called durable.
    await syncFolder(this.dir);
    return { n, file, bytes: 0, outstanding: 0, keys: [] };
  }

  /**
   * The file goes once its rows are durable in the database. Should the settling fail (the
   * database away), it is tried again later: a long outage must not leave a file per 4 MB of
   * requests on the disk until the next start. Should the relay stop first, or the removal be lost
   * in a crash, the next start finds the file and puts in only what the database lacks.
   */
  private async remove(segment: Segment, retryMs = FIRST_RETRY_MS): Promise<void> {
    await segment.file.close().catch(() => undefined);
    try {
      if (segment.keys.length > 0) await this.settle(segment);
      await rm(join(this.dir, `asked-${segment.n}.jsonl`), { force: true });
    } catch {
      if (this.closed) return;
      const timer = setTimeout(() => {
        this.retries.delete(timer);
        void this.remove(segment, nextRetryMs(retryMs));
      }, retryMs);
      // A stop need not wait for it.
      timer.unref();
      this.retries.add(timer);
    }
  }

  /**
   * A segment's rows reached the database with commits that did not wait for the disk
   * (AuditBatch.spooled). Once the database's log is flushed past them they are durable, unless
   * the database crashed before and lost them (a restarted server's log ends before them): those
   * it lacks then go in again from the file, as at a start.
   */
  private async settle(segment: Segment): Promise<void> {
    await this.store.flushCommits();
    const ids = (prefix: string) => segment.keys.filter((k) => k[0] === prefix).map((k) => Number(k.slice(1)));
    const [asked, answers] = [ids(ASKED), ids(ANSWER)];
    const known = await Promise.all([
      asked.length > 0 ? this.store.auditIdsKnown(asked) : new Set<number>(),
      answers.length > 0 ? this.store.archiveIdsKnown(answers) : new Set<number>(),
    ]);
    if (known[0].size === asked.length && known[1].size === answers.length) return;
    const put = await storeMissingFrom(this.store, [join(this.dir, `asked-${segment.n}.jsonl`)]);
    this.onRecovered?.(put.recovered, put.recoveredAnswers);
  }
}
