import { constants } from 'node:fs';
import { mkdir, open, readdir, readFile, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditRow, RelayStore } from './store/port';

/**
 * "Asked" rows made durable in files of the relay's own, so that a request waits for one flushed
 * write of the file before the service is asked, rather than for a database commit and the commit
 * already on its way (2–5 ms under load: docs/PERFORMANCE.md, session 19). The row then goes to
 * PostgreSQL with a later commit, at the latest with its own outcome. Rows of many requests share
 * each write, as they shared a commit.
 *
 * The files are as durable as a database beside them: the same disk, flushed the same way. A
 * segment is removed once every row in it is in the database; a crash leaves the rest, and the
 * next start puts each row the database lacks there before it serves (EvidenceSpool.open), so "no
 * paid request without an audit row" holds across a kill -9. Only where the folder outlives the
 * process: the embedded store's data folder, or by URL a --spool-dir (../cli/commands/relay-spool.ts);
 * a relay on an external PostgreSQL without one (perhaps in a container whose disk goes with it)
 * commits its asked rows to the database, as before.
 */

/** The spool's folder in a relay's data folder. */
export const spoolFolder = (dataDir: string): string => join(dataDir, 'asked-spool');

/** A new segment after this many bytes, so that stored rows' files go while the relay runs. */
const SEGMENT_BYTES = 1 << 20;
const SEGMENT = /^asked-(\d+)\.jsonl$/;

interface Segment {
  n: number;
  file: FileHandle;
  bytes: number;
  /** Rows written here and not yet known to be in the database. */
  outstanding: number;
}

interface Waiting {
  id: number;
  line: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** An asked row as the spool holds it: the id it will have in the audit trail, and the row. */
export interface SpooledRow {
  id: number;
  row: AuditRow;
}

function parseLine(line: string): SpooledRow | null {
  try {
    const { id, row } = JSON.parse(line) as { id: number; row: AuditRow & { at: string } };
    if (!Number.isSafeInteger(id) || typeof row !== 'object' || row === null) return null;
    return { id, row: { ...row, at: new Date(row.at) } };
  } catch {
    // The last line of a write a crash cut short (its request was never told its row was durable),
    // or the zeros a segment is made with.
    return null;
  }
}

async function syncFolder(dir: string): Promise<void> {
  const folder = await open(dir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

export class EvidenceSpool {
  private current: Segment | null = null;
  private readonly segmentOf = new Map<number, Segment>();
  private waiting: Waiting[] = [];
  private writing = false;
  /** After a failed write the segment may end in a torn line: the next write starts a new one. */
  private broken = false;

  private constructor(
    private readonly dir: string,
    private nextSegment: number,
  ) {}

  /**
   * The spool in `dir`, after putting into `store` every row a previous run left in it that the
   * store lacks; the relay serves only after this.
   */
  static async open(dir: string, store: RelayStore): Promise<{ spool: EvidenceSpool; recovered: number }> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const names = (await readdir(dir)).filter((name) => SEGMENT.test(name));
    const numbers = names.map((name) => Number(SEGMENT.exec(name)?.[1]));
    const rows: SpooledRow[] = [];
    for (const name of names) {
      for (const line of (await readFile(join(dir, name), 'utf8')).split('\n')) {
        const spooled = line ? parseLine(line) : null;
        if (spooled) rows.push(spooled);
      }
    }
    const recovered = await storeMissing(store, rows);
    for (const name of names) await rm(join(dir, name), { force: true });
    return { spool: new EvidenceSpool(dir, Math.max(0, ...numbers) + 1), recovered };
  }

  /** Resolves once the row is on disk. */
  append(id: number, row: AuditRow): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ id, line: `${JSON.stringify({ id, row })}\n`, resolve, reject });
      if (!this.writing) void this.write();
    });
  }

  /** The row is in the database: its segment may go once all of its rows are. */
  stored(id: number): void {
    const segment = this.segmentOf.get(id);
    if (!segment) return;
    this.segmentOf.delete(id);
    segment.outstanding--;
    if (segment !== this.current && segment.outstanding === 0) void this.remove(segment);
  }

  /** Rows written and not yet in the database (shutdown leaves their segment for the next start). */
  get outstanding(): number {
    return this.segmentOf.size;
  }

  async close(): Promise<void> {
    while (this.writing) await new Promise((resolve) => setTimeout(resolve, 1));
    const last = this.current;
    this.current = null;
    if (last && last.outstanding === 0) await this.remove(last);
    else await last?.file.close();
    const unused = await this.prepared?.catch(() => null);
    this.prepared = null;
    if (unused) await this.remove(unused);
  }

  private async write(): Promise<void> {
    this.writing = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0);
        try {
          const segment = await this.segmentFor();
          const bytes = Buffer.from(batch.map((w) => w.line).join(''), 'utf8');
          // O_DSYNC: the write returns once on disk, one call to the thread pool where write and
          // fdatasync took two (each a hop back to a busy event loop).
          await segment.file.write(bytes, 0, bytes.length, segment.bytes);
          segment.bytes += bytes.length;
          segment.outstanding += batch.length;
          for (const w of batch) this.segmentOf.set(w.id, segment);
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

  private async segmentFor(): Promise<Segment> {
    const current = this.current;
    if (current && !this.broken && current.bytes < SEGMENT_BYTES) {
      // The next one made while this one fills: a rotation never waits for its zeros.
      if (current.bytes >= SEGMENT_BYTES / 2 && !this.prepared) {
        this.prepared = this.createSegment();
        this.prepared.catch(() => undefined); // met when it is taken
      }
      return current;
    }
    const next = this.prepared ?? this.createSegment();
    this.prepared = null;
    this.current = await next;
    this.broken = false;
    if (current && current.outstanding === 0) await this.remove(current);
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
    await file.write(Buffer.alloc(SEGMENT_BYTES), 0, SEGMENT_BYTES, 0);
    // The new file's name durable before any row in it is called durable.
    await syncFolder(this.dir);
    return { n, file, bytes: 0, outstanding: 0 };
  }

  private async remove(segment: Segment): Promise<void> {
    await segment.file.close().catch(() => undefined);
    // Should the removal itself be lost in a crash, the next start finds its rows stored already.
    await rm(join(this.dir, `asked-${segment.n}.jsonl`), { force: true });
  }
}

/** Puts each row the store lacks into it, in batches; how many it put. */
export async function storeMissing(store: RelayStore, rows: readonly SpooledRow[]): Promise<number> {
  let put = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const known = await store.auditIdsKnown(chunk.map((r) => r.id));
    const missing = chunk.filter((r) => !known.has(r.id));
    if (missing.length === 0) continue;
    await store.writeAuditBatch({ inserts: missing.map((r) => ({ ...r.row, id: r.id })), completions: [] });
    // Their ids came from the sequence; should the database be another since (a restore), it must
    // not give them again. A role that may not read or set the sequence (docs/relay.md grants only
    // what it needs) still starts: after a crash on the same database the ids are below it anyway.
    await store.advanceAuditIds(Math.max(...missing.map((r) => r.id))).catch(() => undefined);
    put += missing.length;
  }
  return put;
}
