import { containsListdata, type Listdata } from './listdata';
import { parseEnvelope, type ParsedEnvelope } from './schema';
import type { KeyValueStorage } from './storage';

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
}

export interface CachedAnswer {
  subjectKey: string;
  listdata: Listdata;
  envelope: ParsedEnvelope;
  servedBy: string;
  storedAt: number;
}

interface StoredEntry {
  v: 1;
  k: string;
  l: string;
  s: string;
  t: number;
  r: unknown;
}

interface IndexEntry {
  bytes: number;
  storedAt: number;
}

export const CACHE_KEY_PREFIX = 'checklists.answers.v1.';
/** Outside CACHE_KEY_PREFIX so it is never mistaken for an entry. */
export const CACHE_INDEX_KEY = 'checklists.answers-index.v1';
export const DEFAULT_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_CACHE_MAX_BYTES = 8 * 1024 * 1024;
export const DEFAULT_CACHE_MAX_ENTRY_BYTES = 1024 * 1024;
/** Decoded entries kept in memory so one recalculation does not parse the same JSON twice. */
const MEMORY_ENTRIES = 2000;

/** FNV-1a, 2 x 32 bits: a short storage key, so names and tax numbers are not spread into key listings. */
export function hashKey(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x01000193 ^ 0x5bd1e995) >>> 0;
  }
  return h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
}

/** The entry's line in the index: its key again, quotes, brackets and two numbers. */
const INDEX_LINE_EXTRA = 32;

/** An entry's share of storage: itself plus its index line, which for small answers is not small. */
function sizeOf(key: string, value: string): number {
  return (key.length + value.length + key.length + INDEX_LINE_EXTRA) * 2;
}

function parseStored(text: string | null): StoredEntry | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const e = value as Record<string, unknown>;
  const ok = e.v === 1 && typeof e.k === 'string' && typeof e.l === 'string' && /^-?\d+$/.test(e.l) && typeof e.s === 'string' && typeof e.t === 'number';
  return ok ? (value as StoredEntry) : null;
}

export class AnswerCache {
  private readonly storage: KeyValueStorage;
  private ttlMs: number;
  private readonly maxBytes: number;
  private readonly maxEntryBytes: number;
  private readonly prefix: string;
  private readonly now: () => number;
  private index: Map<string, IndexEntry> | null = null;
  private loading: Promise<Map<string, IndexEntry>> | null = null;
  private readonly memory = new Map<string, CachedAnswer>();
  /** Writes and evictions one after another, so the byte count never goes stale under concurrency. */
  private writeChain: Promise<unknown> = Promise.resolve();

  constructor(options: AnswerCacheOptions) {
    this.storage = options.storage;
    this.ttlMs = Math.max(0, options.ttlMs ?? DEFAULT_CACHE_TTL_MS);
    this.maxBytes = options.maxBytes ?? DEFAULT_CACHE_MAX_BYTES;
    this.maxEntryBytes = Math.min(options.maxEntryBytes ?? DEFAULT_CACHE_MAX_ENTRY_BYTES, this.maxBytes);
    this.prefix = `${CACHE_KEY_PREFIX}${options.namespace ? `${hashKey(options.namespace)}.` : ''}`;
    this.now = options.now ?? (() => Date.now());
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

  /**
   * Sizes and ages of every entry (all namespaces: they share one storage budget). Kept under
   * its own key so opening a workbook reads one item, not every answer; entries the index does
   * not know (a write cut short) are read once and either adopted or dropped.
   */
  private async loadIndex(): Promise<Map<string, IndexEntry>> {
    if (this.index) return this.index;
    if (!this.loading) {
      this.loading = (async () => {
        const index = new Map<string, IndexEntry>();
        let saved: Record<string, unknown> = {};
        try {
          const text = await this.storage.getItem(CACHE_INDEX_KEY);
          const parsed: unknown = text ? JSON.parse(text) : {};
          if (parsed && typeof parsed === 'object') saved = parsed as Record<string, unknown>;
        } catch {
          saved = {};
        }
        const keys = (await this.storage.keys()).filter((k) => k.startsWith(CACHE_KEY_PREFIX));
        let changed = false;
        for (const key of keys) {
          const known = saved[key];
          if (Array.isArray(known) && typeof known[0] === 'number' && typeof known[1] === 'number') {
            if (this.fresh(known[1])) {
              index.set(key, { bytes: known[0], storedAt: known[1] });
              continue;
            }
            await this.storage.removeItem(key);
            changed = true;
            continue;
          }
          const value = await this.storage.getItem(key);
          const entry = parseStored(value);
          changed = true;
          if (value === null || !entry || !this.fresh(entry.t)) {
            await this.storage.removeItem(key);
            continue;
          }
          index.set(key, { bytes: sizeOf(key, value), storedAt: entry.t });
        }
        if (changed || Object.keys(saved).length !== index.size) await this.saveIndex(index);
        this.index = index;
        return index;
      })();
    }
    return this.loading;
  }

  private async saveIndex(index: Map<string, IndexEntry>): Promise<void> {
    const out: Record<string, [number, number]> = {};
    for (const [key, e] of index) out[key] = [e.bytes, e.storedAt];
    try {
      await this.storage.setItem(CACHE_INDEX_KEY, JSON.stringify(out));
    } catch {
      // Without an index the next session rebuilds it from the entries themselves.
    }
  }

  /** The fresh entry for a subject, whatever listdata it holds. */
  async peek(subjectKey: string): Promise<CachedAnswer | null> {
    if (!this.enabled) return null;
    const key = this.storageKey(subjectKey);
    const remembered = this.memory.get(key);
    if (remembered && remembered.subjectKey === subjectKey) {
      if (this.fresh(remembered.storedAt)) return remembered;
      this.memory.delete(key);
    }
    const index = await this.loadIndex();
    if (!index.has(key)) return null;
    const entry = parseStored(await this.storage.getItem(key));
    // A hash collision gives an entry for another subject: treat it as a miss, never as an answer.
    if (!entry || entry.k !== subjectKey || !this.fresh(entry.t)) return null;
    let envelope: ParsedEnvelope;
    try {
      envelope = parseEnvelope(entry.r);
    } catch {
      return null;
    }
    const answer: CachedAnswer = { subjectKey, listdata: BigInt(entry.l), envelope, servedBy: entry.s, storedAt: entry.t };
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
   * (cache disabled, or the answer alone is larger than an entry may be).
   */
  put(subjectKey: string, listdata: Listdata, raw: unknown, envelope: ParsedEnvelope, servedBy: string): Promise<boolean> {
    const run = this.writeChain.then(() => this.write(subjectKey, listdata, raw, envelope, servedBy));
    this.writeChain = run.catch(() => undefined);
    return run;
  }

  private async write(subjectKey: string, listdata: Listdata, raw: unknown, envelope: ParsedEnvelope, servedBy: string): Promise<boolean> {
    if (!this.enabled) return false;
    const index = await this.loadIndex();
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
        this.memory.delete(victim);
        total -= info.bytes;
      }
    }
    try {
      await this.storage.setItem(key, value);
    } catch {
      // Storage full or refused: the answer is still good for this session.
      index.delete(key);
      this.memory.delete(key);
      await this.saveIndex(index);
      return false;
    }
    index.set(key, { bytes, storedAt });
    await this.saveIndex(index);
    this.remember(key, { subjectKey, listdata, envelope, servedBy, storedAt });
    return true;
  }

  private remember(key: string, answer: CachedAnswer): void {
    this.memory.delete(key);
    this.memory.set(key, answer);
    if (this.memory.size > MEMORY_ENTRIES) {
      const oldest = this.memory.keys().next().value;
      if (oldest !== undefined) this.memory.delete(oldest);
    }
  }

  private totalBytes(): number {
    let total = 0;
    for (const e of this.index?.values() ?? []) total += e.bytes;
    return total;
  }

  async stats(): Promise<{ entries: number; bytes: number }> {
    const index = await this.loadIndex();
    return { entries: index.size, bytes: this.totalBytes() };
  }

  /** Drops this namespace's entries (other namespaces keep theirs). */
  clear(): Promise<void> {
    const run = this.writeChain.then(() => this.removeNamespace());
    this.writeChain = run.catch(() => undefined);
    return run;
  }

  private async removeNamespace(): Promise<void> {
    const index = await this.loadIndex();
    const keys = (await this.storage.keys()).filter((k) => k.startsWith(this.prefix));
    for (const key of keys) {
      await this.storage.removeItem(key);
      index.delete(key);
    }
    await this.saveIndex(index);
    this.memory.clear();
  }
}
