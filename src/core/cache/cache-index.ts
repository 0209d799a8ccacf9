import type { KeyValueStorage } from '../settings/storage';
import {
  CACHE_INDEX_KEY,
  CACHE_KEY_PREFIX,
  indexText,
  parseIndex,
  parseStored,
  sizeOf,
  type IndexEntry,
} from './cache-layout';

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

export interface CacheIndexHooks {
  /** Whether an entry stored then is still fresh. */
  fresh(storedAt: number): boolean;
  /** An entry another cache removed or rewrote: a decoded copy of it no longer matches storage. */
  changedElsewhere(key: string): void;
  /** Saves the unsaved lines after a quiet moment, in the caches' turn (AnswerCache.flush). */
  saveLater(): void;
}

/**
 * The answer cache's (./answer-cache.ts) sizes and ages of every entry, all namespaces: they share
 * one storage budget. Kept under its own key so opening a workbook reads one item, not every
 * answer; entries the index does not know (a write cut short) are read once and either adopted or
 * dropped. Other caches over the same storage (another window, the shared runtime's next cache)
 * save it too: each applies its own unsaved changes on top of what they saved.
 */
export class CacheIndex {
  private entries: Map<string, IndexEntry> | null = null;
  private loading: Promise<Map<string, IndexEntry>> | null = null;
  /**
   * Keys this instance changed in its index since the index was last saved: what it must
   * re-apply on top of an index another instance (or window) saved meanwhile.
   */
  private readonly unsaved = new Set<string>();
  /** The saved index as this instance last wrote or read it: unchanged text needs no parsing. */
  private lastText: string | null = null;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly hooks: CacheIndexHooks,
  ) {}

  /** Whether the index was read in this session. */
  get loaded(): boolean {
    return this.entries !== null;
  }

  get hasUnsaved(): boolean {
    return this.unsaved.size > 0;
  }

  /** An entry this instance added, replaced or removed: saved with the next save. */
  changed(key: string): void {
    this.unsaved.add(key);
  }

  /** Every unsaved change given up: the whole storage is being emptied (AnswerCache.clearAll). */
  forgetUnsaved(): void {
    this.unsaved.clear();
  }

  /** The index, read once. A storage that fails or does not answer fails the load, which the next call tries again. */
  load(): Promise<Map<string, IndexEntry>> {
    if (this.entries) return Promise.resolve(this.entries);
    if (!this.loading) {
      const loading = this.read();
      this.loading = loading;
      loading.catch(() => {
        if (this.loading === loading) this.loading = null;
      });
    }
    return this.loading;
  }

  private async read(): Promise<Map<string, IndexEntry>> {
    const text = await this.storage.getItem(CACHE_INDEX_KEY);
    const saved = parseIndex(text) ?? new Map<string, IndexEntry>();
    const index = new Map<string, IndexEntry>();
    const keys = (await this.storage.keys()).filter((k) => k.startsWith(CACHE_KEY_PREFIX));
    const dropped: string[] = [];
    let changed = false;
    for (const key of keys) {
      const known = saved.get(key);
      if (known) {
        if (this.hooks.fresh(known.storedAt)) {
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
      if (value === null || !entry || !this.hooks.fresh(entry.t)) {
        await this.storage.removeItem(key);
        dropped.push(key);
        continue;
      }
      index.set(key, { bytes: sizeOf(key, value), storedAt: entry.t });
    }
    this.lastText = text;
    if (changed || saved.size !== index.size) {
      for (const key of [...index.keys(), ...dropped]) this.unsaved.add(key);
      await this.save(index);
    }
    this.entries = index;
    return index;
  }

  /**
   * Takes in what other caches over the same storage saved since this one last looked: their
   * new entries count against the budget here too, and entries they evicted are gone. This
   * instance's own unsaved changes are applied on top.
   */
  async refresh(): Promise<Map<string, IndexEntry>> {
    const index = await this.load();
    let text: string | null;
    try {
      text = await this.storage.getItem(CACHE_INDEX_KEY);
    } catch {
      return index;
    }
    if (text === this.lastText) return index;
    const stored = parseIndex(text);
    // Unreadable or missing: what this instance knows is the best account, and it is saved next.
    if (!stored) return index;
    this.lastText = text;
    for (const key of this.unsaved) {
      const mine = index.get(key);
      if (mine) stored.set(key, mine);
      else stored.delete(key);
    }
    for (const [key, entry] of index) {
      const theirs = stored.get(key);
      if (!theirs || theirs.storedAt !== entry.storedAt) this.hooks.changedElsewhere(key);
    }
    index.clear();
    for (const [key, entry] of stored) index.set(key, entry);
    return index;
  }

  async save(index: Map<string, IndexEntry>): Promise<void> {
    const text = indexText(index);
    try {
      await this.storage.setItem(CACHE_INDEX_KEY, text);
      this.lastText = text;
      this.unsaved.clear();
    } catch {
      // Without an index the next session rebuilds it from the entries themselves.
    }
  }

  /** Saves the index now when enough changed since it was saved, else after a quiet moment. */
  async saveSoon(index: Map<string, IndexEntry>): Promise<void> {
    if (this.unsaved.size >= Math.max(1, Math.floor(index.size / INDEX_SAVE_SHARE))) {
      await this.save(index);
      return;
    }
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => this.hooks.saveLater(), INDEX_SAVE_DELAY_MS);
    // A pending save never keeps a process (the CLI, a test) alive.
    (this.saveTimer as { unref?: () => void }).unref?.();
  }

  /** The save after a quiet moment is being made now, or is no longer needed. */
  cancelSaveLater(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
  }

  /** Bytes of every entry the index holds. */
  totalBytes(): number {
    let total = 0;
    for (const e of this.entries?.values() ?? []) total += e.bytes;
    return total;
  }
}
