import { hashKey } from './fnv';
import {
  CACHE_INDEX_KEY,
  CACHE_KEY_PREFIX,
  indexText,
  parseIndex,
  parseStored,
  sizeOf,
  type IndexEntry,
  type StoredEntry,
} from './cache-layout';
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
 * The index is saved once its unsaved changes reach an eighth of it, or after a quiet moment:
 * saving the whole index on every answer wrote 549 MB of index for 1.1 MB of answers (3,000
 * answers, issue 32); this way each answer costs about eight index lines, whatever the index's
 * size. A small index is still saved on every change. The price: another window's cache may not
 * yet count up to an eighth of the entries, so two windows writing at once can overshoot the
 * budget by as much. Unsaved lines are no loss: a new session adopts entries its index does not
 * know by reading them.
 */
const INDEX_SAVE_SHARE = 8;
const INDEX_SAVE_DELAY_MS = 2_000;

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
  private index: Map<string, IndexEntry> | null = null;
  private loading: Promise<Map<string, IndexEntry>> | null = null;
  private readonly memory = new Map<string, CachedAnswer>();
  /**
   * Keys this instance changed in its index since the index was last saved: what it must
   * re-apply on top of an index another instance (or window) saved meanwhile.
   */
  private readonly unsaved = new Set<string>();
  /** The saved index as this instance last wrote or read it: unchanged text needs no parsing. */
  private lastIndexText: string | null = null;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;

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

  /**
   * Sizes and ages of every entry (all namespaces: they share one storage budget). Kept under
   * its own key so opening a workbook reads one item, not every answer; entries the index does
   * not know (a write cut short) are read once and either adopted or dropped. A storage that
   * fails or does not answer fails the load, which the next call tries again.
   */
  private async loadIndex(): Promise<Map<string, IndexEntry>> {
    if (this.index) return this.index;
    if (!this.loading) {
      const loading = (async () => {
        const text = await this.storage.getItem(CACHE_INDEX_KEY);
        const saved = parseIndex(text) ?? new Map<string, IndexEntry>();
        const index = new Map<string, IndexEntry>();
        const keys = (await this.storage.keys()).filter((k) => k.startsWith(CACHE_KEY_PREFIX));
        const dropped: string[] = [];
        let changed = false;
        for (const key of keys) {
          const known = saved.get(key);
          if (known) {
            if (this.fresh(known.storedAt)) {
              index.set(key, known);
              continue;
            }
            await this.storage.removeItem(key);
            dropped.push(key);
            changed = true;
            continue;
          }
          const value = await this.storage.getItem(key);
          const entry = parseStored(value);
          changed = true;
          if (value === null || !entry || !this.fresh(entry.t)) {
            await this.storage.removeItem(key);
            dropped.push(key);
            continue;
          }
          index.set(key, { bytes: sizeOf(key, value), storedAt: entry.t });
        }
        this.lastIndexText = text;
        if (changed || saved.size !== index.size) {
          for (const key of [...index.keys(), ...dropped]) this.unsaved.add(key);
          await this.saveIndex(index);
        }
        this.index = index;
        return index;
      })();
      this.loading = loading;
      loading.catch(() => {
        if (this.loading === loading) this.loading = null;
      });
    }
    return this.loading;
  }

  /**
   * Takes in what other caches over the same storage saved since this one last looked: their
   * new entries count against the budget here too, and entries they evicted are gone. This
   * instance's own unsaved changes are applied on top.
   */
  private async refreshIndex(): Promise<Map<string, IndexEntry>> {
    const index = await this.loadIndex();
    let text: string | null;
    try {
      text = await this.storage.getItem(CACHE_INDEX_KEY);
    } catch {
      return index;
    }
    if (text === this.lastIndexText) return index;
    const stored = parseIndex(text);
    // Unreadable or missing: what this instance knows is the best account, and it is saved next.
    if (!stored) return index;
    this.lastIndexText = text;
    for (const key of this.unsaved) {
      const mine = index.get(key);
      if (mine) stored.set(key, mine);
      else stored.delete(key);
    }
    for (const [key, entry] of index) {
      const theirs = stored.get(key);
      // Gone or rewritten elsewhere: the decoded copy here no longer matches storage.
      if (!theirs || theirs.storedAt !== entry.storedAt) this.memory.delete(key);
    }
    index.clear();
    for (const [key, entry] of stored) index.set(key, entry);
    return index;
  }

  private async saveIndex(index: Map<string, IndexEntry>): Promise<void> {
    const text = indexText(index);
    try {
      await this.storage.setItem(CACHE_INDEX_KEY, text);
      this.lastIndexText = text;
      this.unsaved.clear();
    } catch {
      // Without an index the next session rebuilds it from the entries themselves.
    }
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
      const index = await this.loadIndex();
      if (!index.has(key) && !this.sharedStorage) return null;
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
    const index = await this.refreshIndex();
    const key = this.storageKey(subjectKey);
    // Two requests for one subject can finish out of order: a narrower answer arriving last must
    // not replace a fresh one that holds all of it and more.
    const kept = index.has(key) ? await this.peek(subjectKey) : null;
    if (kept && kept.listdata !== listdata && containsListdata(kept.listdata, listdata)) return false;
    const storedAt = this.now();
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
    let total = this.totalBytes() - (previous?.bytes ?? 0);
    if (total + bytes > this.maxBytes) {
      const oldestFirst = [...index.entries()].filter(([k]) => k !== key).sort((a, b) => a[1].storedAt - b[1].storedAt);
      for (const [victim, info] of oldestFirst) {
        if (total + bytes <= this.maxBytes) break;
        await this.storage.removeItem(victim);
        index.delete(victim);
        this.unsaved.add(victim);
        this.memory.delete(victim);
        total -= info.bytes;
      }
    }
    try {
      await this.storage.setItem(key, value);
    } catch {
      // Storage full, refused or too slow: the answer is still good for this session.
      index.delete(key);
      this.unsaved.add(key);
      this.memory.delete(key);
      await this.saveIndexSoon(index);
      return false;
    }
    index.set(key, { bytes, storedAt });
    this.unsaved.add(key);
    await this.saveIndexSoon(index);
    this.remember(key, { subjectKey, listdata, envelope, servedBy, storedAt });
    return true;
  }

  /** Saves the index now when enough changed since it was saved, else after a quiet moment. */
  private async saveIndexSoon(index: Map<string, IndexEntry>): Promise<void> {
    if (this.unsaved.size >= Math.max(1, Math.floor(index.size / INDEX_SAVE_SHARE))) {
      await this.saveIndex(index);
      return;
    }
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => void this.flush(), INDEX_SAVE_DELAY_MS);
    // A pending save never keeps a process (the CLI, a test) alive.
    (this.saveTimer as { unref?: () => void }).unref?.();
  }

  /** Saves what the index has not saved yet (called after a quiet moment, and before a cache is replaced). */
  flush(): Promise<void> {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    return this.inTurn(async () => {
      if (!this.index || this.unsaved.size === 0) return;
      // On top of what other caches saved meanwhile: a late flush must not drop their lines.
      await this.saveIndex(await this.refreshIndex());
    });
  }

  private remember(key: string, answer: CachedAnswer): void {
    rememberRecent(this.memory, key, answer, MEMORY_ENTRIES);
  }

  private totalBytes(): number {
    let total = 0;
    for (const e of this.index?.values() ?? []) total += e.bytes;
    return total;
  }

  /** Entries and bytes of every namespace, as the storage's saved index now has them. */
  stats(): Promise<{ entries: number; bytes: number }> {
    return this.inTurn(async () => {
      const index = await this.refreshIndex();
      return { entries: index.size, bytes: this.totalBytes() };
    });
  }

  /**
   * Drops every cached answer in the storage, of every namespace (sandbox, each account), and
   * the index: what "Clear cached answers" in the settings promises. Resolves with the number
   * of answers removed.
   */
  clearAll(): Promise<number> {
    return this.inTurn(async () => {
      const index = await this.loadIndex();
      const keys = (await this.storage.keys()).filter((k) => k.startsWith(CACHE_KEY_PREFIX));
      for (const key of keys) await this.storage.removeItem(key);
      index.clear();
      this.memory.clear();
      this.unsaved.clear();
      // An empty index, saved: other caches over this storage see every entry gone.
      await this.saveIndex(index);
      return keys.length;
    });
  }

  /** Drops this namespace's entries (other namespaces keep theirs). */
  clear(): Promise<void> {
    return this.inTurn(() => this.removeNamespace());
  }

  private async removeNamespace(): Promise<void> {
    const index = await this.refreshIndex();
    const keys = (await this.storage.keys()).filter((k) => k.startsWith(this.prefix));
    for (const key of keys) {
      await this.storage.removeItem(key);
      index.delete(key);
      this.unsaved.add(key);
    }
    await this.saveIndex(index);
    for (const key of [...this.memory.keys()]) if (key.startsWith(this.prefix)) this.memory.delete(key);
  }
}
