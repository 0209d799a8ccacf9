import { relayCachedAt } from '../answer/relay-cached';
import { hashKey } from './fnv';
import { CACHE_KEY_PREFIX, parseStored, sizeOf, type StoredEntry } from './cache-layout';
import { CacheIndex } from './cache-index';
import { containsListdata, type Listdata } from '../protocol/listdata';
import { answerSchema } from '../answer/answer-schema';
import type { ParsedEnvelope } from '../protocol/schema';
import type { KeyValueStorage } from '../settings/storage';
import { boundedStorage } from './bounded-storage';
import { rememberRecent } from './recent-map';

/**
 * Answers kept across sessions so that reopening a workbook does not spend quota again.
 * An entry is one subject (subjectKey) with the listdata it was asked for and the envelope as
 * received; an ask for any subset of that listdata is answered from it.
 *
 * OfficeRuntime.storage allows 10 MB per add-in, shared with settings, so the cache keeps its
 * own byte budget well under that, evicts the oldest entries first and refuses single answers
 * too large to be worth keeping.
 */

export interface AnswerCacheOptions {
  storage: KeyValueStorage;
  /** Lifetime of an entry; 0 disables the cache. Default 24 h. */
  ttlMs?: number;
  /** Budget for all entries and their index, counted as UTF-16 bytes. Default 8 MB. */
  maxBytes?: number;
  /** Larger answers are not kept. Default 1 MB. */
  maxEntryBytes?: number;
  /**
   * Separates caches that must never answer for each other: the sandbox and the live service,
   * or two accounts whose "all lists" differ.
   */
  namespace?: string;
  now?: () => number;
  /**
   * Longest one storage call may take; past it a read is a miss and a write is given up.
   * OfficeRuntime.storage has been seen to stop answering, and nothing may wait on it forever.
   * Default 3 s.
   */
  storageTimeoutMs?: number;
  /**
   * Other processes write the same storage (relay instances on one database): an entry missing
   * from this instance's index may still be there, so a miss in the index is read from storage.
   */
  sharedStorage?: boolean;
}

export interface CachedAnswer {
  subjectKey: string;
  listdata: Listdata;
  envelope: ParsedEnvelope;
  servedBy: string;
  storedAt: number;
  /** The relay's archive row holding the answer this entry was made from (SearchResult.receipt). */
  receipt?: number;
}

export const DEFAULT_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_CACHE_MAX_BYTES = 8 * 1024 * 1024;
export const DEFAULT_CACHE_MAX_ENTRY_BYTES = 1024 * 1024;
export const DEFAULT_CACHE_STORAGE_TIMEOUT_MS = 3000;
/** Decoded entries kept in memory so one recalculation does not parse the same JSON twice. */
const MEMORY_ENTRIES = 2000;
/**
 * Writes of every cache over one storage object take turns, whichever instance makes them: the
 * shared runtime builds a new cache over the same storage after each settings change, and two
 * interleaved writes would each save an index missing the other's entry.
 */
const writeTurns = new WeakMap<KeyValueStorage, { chain: Promise<unknown> }>();

export class AnswerCache {
  private readonly shared: KeyValueStorage;
  private readonly storage: KeyValueStorage;
  private ttlMs: number;
  private readonly maxBytes: number;
  private readonly maxEntryBytes: number;
  private readonly prefix: string;
  private readonly now: () => number;
  private readonly sharedStorage: boolean;
  private readonly index: CacheIndex;
  private readonly memory = new Map<string, CachedAnswer>();

  constructor(options: AnswerCacheOptions) {
    this.shared = options.storage;
    this.storage = boundedStorage(
      options.storage,
      Math.max(1, options.storageTimeoutMs ?? DEFAULT_CACHE_STORAGE_TIMEOUT_MS),
    );
    this.ttlMs = Math.max(0, options.ttlMs ?? DEFAULT_CACHE_TTL_MS);
    this.maxBytes = options.maxBytes ?? DEFAULT_CACHE_MAX_BYTES;
    this.maxEntryBytes = Math.min(options.maxEntryBytes ?? DEFAULT_CACHE_MAX_ENTRY_BYTES, this.maxBytes);
    this.prefix = `${CACHE_KEY_PREFIX}${options.namespace ? `${hashKey(options.namespace)}.` : ''}`;
    this.now = options.now ?? (() => Date.now());
    this.sharedStorage = options.sharedStorage === true;
    this.index = new CacheIndex(this.storage, {
      fresh: (storedAt) => this.fresh(storedAt),
      changedElsewhere: (key) => this.memory.delete(key),
      saveLater: () => void this.flush(),
    });
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  setTtl(ttlMs: number): void {
    this.ttlMs = Math.max(0, ttlMs);
  }

  private storageKey(subjectKey: string): string {
    return this.prefix + hashKey(subjectKey);
  }

  private fresh(storedAt: number): boolean {
    const age = this.now() - storedAt;
    return age >= 0 && age < this.ttlMs;
  }

  /** Runs a write after every earlier write of any cache over the same storage. */
  private inTurn<T>(task: () => Promise<T>): Promise<T> {
    let turn = writeTurns.get(this.shared);
    if (!turn) {
      turn = { chain: Promise.resolve() };
      writeTurns.set(this.shared, turn);
    }
    const run = turn.chain.then(task);
    turn.chain = run.catch(() => undefined);
    return run;
  }

  /** The fresh entry for a subject, whatever listdata it holds; null also when storage fails or hangs. */
  async peek(subjectKey: string): Promise<CachedAnswer | null> {
    if (!this.enabled) return null;
    const key = this.storageKey(subjectKey);
    const remembered = this.memory.get(key);
    if (remembered && remembered.subjectKey === subjectKey) {
      if (this.fresh(remembered.storedAt)) return remembered;
      this.memory.delete(key);
    }
    let text: string | null;
    try {
      const entries = await this.index.load();
      if (!entries.has(key) && !this.sharedStorage) return null;
      text = await this.storage.getItem(key);
    } catch {
      return null;
    }
    const entry = parseStored(text);
    // A hash collision gives an entry for another subject: treat it as a miss, never as an answer.
    if (!entry || entry.k !== subjectKey || !this.fresh(entry.t)) return null;
    const { parseEnvelope } = await answerSchema();
    let envelope: ParsedEnvelope;
    try {
      envelope = parseEnvelope(entry.r);
    } catch {
      return null;
    }
    const answer: CachedAnswer = {
      subjectKey,
      listdata: BigInt(entry.l),
      envelope,
      servedBy: entry.s,
      storedAt: entry.t,
    };
    this.remember(key, answer);
    return answer;
  }

  /** A fresh answer holding everything `asked` needs, or null. */
  async get(subjectKey: string, asked: Listdata): Promise<CachedAnswer | null> {
    const entry = await this.peek(subjectKey);
    return entry && containsListdata(entry.listdata, asked) ? entry : null;
  }

  /**
   * Keeps an answer, replacing the subject's previous one. Returns false when it was not kept
   * (cache disabled, the answer alone is larger than an entry may be, or storage refused it).
   */
  put(
    subjectKey: string,
    listdata: Listdata,
    raw: unknown,
    envelope: ParsedEnvelope,
    servedBy: string,
  ): Promise<boolean> {
    return this.inTurn(() => this.write(subjectKey, listdata, raw, envelope, servedBy));
  }

  private async write(
    subjectKey: string,
    listdata: Listdata,
    raw: unknown,
    envelope: ParsedEnvelope,
    servedBy: string,
  ): Promise<boolean> {
    if (!this.enabled) return false;
    const index = await this.index.refresh();
    const key = this.storageKey(subjectKey);
    // Two requests for one subject can finish out of order: a narrower answer arriving last must
    // not replace a fresh one that holds all of it and more.
    const kept = index.has(key) ? await this.peek(subjectKey) : null;
    if (kept && kept.listdata !== listdata && containsListdata(kept.listdata, listdata)) return false;
    // An answer the relay kept is as old as the relay's request: the entry ages from then, so a
    // formula never reads an answer older than the cache's hours (docs/relay.md, relay_cached_at).
    const storedAt = Math.min(this.now(), relayCachedAt(envelope) ?? Infinity);
    const stored: StoredEntry = { v: 1, k: subjectKey, l: listdata.toString(), s: servedBy, t: storedAt, r: raw };
    let value: string;
    try {
      value = JSON.stringify(stored);
    } catch {
      return false;
    }
    const bytes = sizeOf(key, value);
    if (bytes > this.maxEntryBytes) return false;
    const previous = index.get(key);
    let total = this.index.totalBytes() - (previous?.bytes ?? 0);
    if (total + bytes > this.maxBytes) {
      const oldestFirst = [...index.entries()].filter(([k]) => k !== key).sort((a, b) => a[1].storedAt - b[1].storedAt);
      for (const [victim, info] of oldestFirst) {
        if (total + bytes <= this.maxBytes) break;
        await this.storage.removeItem(victim);
        index.delete(victim);
        this.index.changed(victim);
        this.memory.delete(victim);
        total -= info.bytes;
      }
    }
    try {
      await this.storage.setItem(key, value);
    } catch {
      // Storage full, refused or too slow: the answer is still good for this session.
      index.delete(key);
      this.index.changed(key);
      this.memory.delete(key);
      await this.index.saveSoon(index);
      return false;
    }
    index.set(key, { bytes, storedAt });
    this.index.changed(key);
    await this.index.saveSoon(index);
    this.remember(key, { subjectKey, listdata, envelope, servedBy, storedAt });
    return true;
  }

  /** Saves what the index has not saved yet (called after a quiet moment, and before a cache is replaced). */
  flush(): Promise<void> {
    this.index.cancelSaveLater();
    return this.inTurn(async () => {
      if (!this.index.loaded || !this.index.hasUnsaved) return;
      // On top of what other caches saved meanwhile: a late flush must not drop their lines.
      await this.index.save(await this.index.refresh());
    });
  }

  private remember(key: string, answer: CachedAnswer): void {
    rememberRecent(this.memory, key, answer, MEMORY_ENTRIES);
  }

  /** Entries and bytes of every namespace, as the storage's saved index now has them. */
  stats(): Promise<{ entries: number; bytes: number }> {
    return this.inTurn(async () => {
      const index = await this.index.refresh();
      return { entries: index.size, bytes: this.index.totalBytes() };
    });
  }

  /**
   * Drops every cached answer in the storage, of every namespace (sandbox, each account), and
   * the index: what "Clear cached answers" in the settings promises. Resolves with the number
   * of answers removed.
   */
  clearAll(): Promise<number> {
    return this.inTurn(async () => {
      const index = await this.index.load();
      const keys = (await this.storage.keys()).filter((k) => k.startsWith(CACHE_KEY_PREFIX));
      for (const key of keys) await this.storage.removeItem(key);
      index.clear();
      this.memory.clear();
      this.index.forgetUnsaved();
      // An empty index, saved: other caches over this storage see every entry gone.
      await this.index.save(index);
      return keys.length;
    });
  }

  /** Drops this namespace's entries (other namespaces keep theirs). */
  clear(): Promise<void> {
    return this.inTurn(() => this.removeNamespace());
  }

  private async removeNamespace(): Promise<void> {
    const index = await this.index.refresh();
    const keys = (await this.storage.keys()).filter((k) => k.startsWith(this.prefix));
    for (const key of keys) {
      await this.storage.removeItem(key);
      index.delete(key);
      this.index.changed(key);
    }
    await this.index.save(index);
    for (const key of [...this.memory.keys()]) if (key.startsWith(this.prefix)) this.memory.delete(key);
  }
}
