import type { CachedAnswer } from '../core/cache/answer-cache';
import { hashKey } from '../core/cache/fnv';
import { containsListdata, type Listdata } from '../core/protocol/listdata';
import type { SchedulerCache } from '../core/request/scheduler';
import { parseEnvelope, type ParsedEnvelope } from '../core/protocol/schema';
import { ECHOED_REQUEST_FIELDS } from './envelope-wire';
import type { RelayStore, StoredAnswer } from './store/port';
import { BatchedCalls } from './store/batched-calls';
import { rememberRecent } from '../core/cache/recent-map';

/**
 * The relay's answer cache: one row per subject in the relay's database, so every instance on
 * that database reads what any of them stored, and one write is one upsert. (Core's AnswerCache
 * keeps one index of every entry, which suits OfficeRuntime.storage but here would be read and
 * rewritten whole by every write of every instance, one write at a time.) Answers recently read
 * or written are also kept decoded in memory. Entries expire after the TTL; there is no byte
 * budget beyond that, as in any database table.
 */

export interface SharedAnswerCacheOptions {
  ttlMs: number;
  /** Separates accounts: another account's "all lists" differ, so it never reads these answers. */
  namespace: string;
  /** Larger answers are not kept. */
  maxEntryBytes: number;
  now?: () => number;
  /**
   * What a miss in memory does. 'read' (the default): it reads the database. 'claim': nothing, as
   * the subject's claim reads the row in the same round trip (claimed-search.ts). 'known-keys':
   * this instance is alone on its database, so it knows every key stored and reads only those.
   */
  misses?: 'read' | 'claim' | 'known-keys';
  /** How an entry is written: the relay's journal carries it with its next commit (./audit-journal.ts). */
  write: (answer: StoredAnswer) => Promise<boolean>;
}

/** Past this many keys an instance alone stops keeping them and reads its misses instead. */
const KNOWN_KEYS_MAX = 500_000;

const MEMORY_ENTRIES = 2000;
/** How often expired rows are swept out of the table. */
const SWEEP_MS = 10 * 60_000;

/** Header fields that echo one asker's request, lower-cased: the service varies their spelling. */
const ASKER_ECHO = new Set<string>(ECHOED_REQUEST_FIELDS.map((f) => f.toLowerCase()));

function withoutAskerEcho(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  return Object.fromEntries(Object.entries(raw).filter(([key]) => !ASKER_ECHO.has(key.toLowerCase())));
}

interface AnswerToKeep {
  subjectKey: string;
  listdata: Listdata;
  raw: unknown;
  envelope: ParsedEnvelope;
  servedBy: string;
  receipt: number | undefined;
}

function receiptOf(receipt: number | undefined): { receipt?: number } {
  return receipt !== undefined ? { receipt } : {};
}

export class SharedAnswerCache implements SchedulerCache {
  private readonly memory = new Map<string, CachedAnswer>();
  /** Writes on their way, so the scheduler's put of an answer the claimed search is storing waits for that one. */
  private readonly writing = new Map<string, { envelope: ParsedEnvelope; done: Promise<boolean> }>();
  private readonly prefix: string;
  private readonly now: () => number;
  private lastSweep = 0;
  /** Reads of many requests share a statement (store/batched-calls.ts). */
  private readonly reads: BatchedCalls<string, StoredAnswer | null>;
  /** 'known-keys': every key in the table (null until read, or past KNOWN_KEYS_MAX). */
  private knownKeys: Promise<Set<string> | null> | null = null;

  constructor(
    private readonly store: RelayStore,
    private readonly options: SharedAnswerCacheOptions,
  ) {
    this.prefix = `${hashKey(options.namespace)}.`;
    this.now = options.now ?? (() => Date.now());
    this.reads = new BatchedCalls((keys) => store.readAnswers(keys));
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  /** The entry's key in the table: the account's namespace and the subject's hash. */
  keyOf(subjectKey: string): string {
    return this.prefix + hashKey(subjectKey);
  }

  private fresh(storedAt: number): boolean {
    const age = this.now() - storedAt;
    return age >= 0 && age < this.options.ttlMs;
  }

  /**
   * The fresh answer for a subject, whatever lists it holds, or null. A database that fails
   * rejects rather than reading as a miss: a miss would be paid for upstream.
   */
  async peek(subjectKey: string): Promise<CachedAnswer | null> {
    if (!this.enabled) return null;
    const key = this.keyOf(subjectKey);
    const remembered = this.memory.get(key);
    if (remembered) {
      if (remembered.subjectKey === subjectKey && this.fresh(remembered.storedAt)) return remembered;
      this.memory.delete(key);
    }
    if (this.options.misses === 'claim') return null;
    if (this.options.misses === 'known-keys') {
      const known = await this.keysStored();
      if (known && !known.has(key)) return null;
    }
    return this.adopt(subjectKey, await this.reads.call(key));
  }

  /** A row read from the table (here, or with a claim) as an answer for `subjectKey`, or null. */
  adopt(subjectKey: string, row: StoredAnswer | null): CachedAnswer | null {
    // A hash collision gives another subject's answer: a miss, never an answer.
    if (!row || row.subject !== subjectKey || !this.fresh(row.storedAt)) return null;
    let envelope: ParsedEnvelope;
    try {
      envelope = parseEnvelope(JSON.parse(row.raw));
    } catch {
      return null;
    }
    const answer: CachedAnswer = {
      subjectKey,
      listdata: row.listdata,
      envelope,
      servedBy: row.servedBy,
      storedAt: row.storedAt,
      ...receiptOf(row.archiveId ?? undefined),
    };
    this.remember(row.key, answer);
    return answer;
  }

  /** Every key stored and still fresh, read once; null when there are too many to keep (then misses are read). */
  private keysStored(): Promise<Set<string> | null> {
    this.knownKeys ??= this.store.answerKeys(this.now() - this.options.ttlMs).then(
      (keys) => (keys.length > KNOWN_KEYS_MAX ? null : new Set(keys)),
      () => {
        // Tried again at the next miss; until then misses are read.
        this.knownKeys = null;
        return null;
      },
    );
    return this.knownKeys;
  }

  /** A fresh answer holding every list `asked` needs, or null. */
  async get(subjectKey: string, asked: Listdata): Promise<CachedAnswer | null> {
    const entry = await this.peek(subjectKey);
    return entry && containsListdata(entry.listdata, asked) ? entry : null;
  }

  async put(
    subjectKey: string,
    listdata: Listdata,
    raw: unknown,
    envelope: ParsedEnvelope,
    servedBy: string,
    receipt?: number,
  ): Promise<boolean> {
    if (!this.enabled) return false;
    const key = this.keyOf(subjectKey);
    // This very answer is stored already: the coordinated search stores an answer before the
    // scheduler, which stores what it is handed, sees it; an answer read from here is here.
    if (this.memory.get(key)?.envelope === envelope) return true;
    const writing = this.writing.get(key);
    if (writing?.envelope === envelope) return writing.done;
    const done = this.write(key, { subjectKey, listdata, raw, envelope, servedBy, receipt });
    this.writing.set(key, { envelope, done });
    try {
      return await done;
    } finally {
      if (this.writing.get(key)?.done === done) this.writing.delete(key);
    }
  }

  private async write(key: string, answer: AnswerToKeep): Promise<boolean> {
    const { subjectKey, listdata, raw, envelope, servedBy, receipt } = answer;
    let text: string;
    try {
      text = JSON.stringify(withoutAskerEcho(raw));
    } catch {
      return false;
    }
    if (text.length * 2 > this.options.maxEntryBytes) return false;
    const storedAt = this.now();
    const kept = await this.options.write({
      key,
      subject: subjectKey,
      listdata,
      servedBy,
      storedAt,
      raw: text,
      archiveId: receipt ?? null,
    });
    if (kept) {
      this.remember(key, { subjectKey, listdata, envelope, servedBy, storedAt, ...receiptOf(receipt) });
      void this.knownKeys?.then((known) => {
        known?.add(key);
        if (known && known.size > KNOWN_KEYS_MAX) this.knownKeys = Promise.resolve(null);
      });
    } else this.memory.delete(key);
    this.sweep(storedAt);
    return kept;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_MS) return;
    this.lastSweep = now;
    void this.store.dropAnswers(now - this.options.ttlMs).catch(() => undefined);
  }

  private remember(key: string, answer: CachedAnswer): void {
    rememberRecent(this.memory, key, answer, MEMORY_ENTRIES);
  }
}
