import { z } from 'zod';
import { isJsonObject, parseJson } from '../text/json';

/**
 * How the answer cache (./answer-cache.ts) lays out its data in a key-value storage: one entry
 * per subject under a hashed key, and one index of every entry's size and age, so that opening a
 * workbook reads one item rather than every answer. Saved caches depend on these names and forms.
 */

/** One stored answer; short names because thousands of them share the storage budget. */
const storedEntrySchema = z.object({
  v: z.literal(1),
  /** subjectKey */
  k: z.string(),
  /** listdata asked, decimal */
  l: z.string().regex(/^-?\d+$/),
  /** base address that answered */
  s: z.string(),
  /** stored at, ms since the epoch */
  t: z.number(),
  /** the raw envelope, parsed by parseEnvelope when read */
  r: z.unknown(),
});
export type StoredEntry = z.infer<typeof storedEntrySchema>;

export interface IndexEntry {
  bytes: number;
  storedAt: number;
}

export const CACHE_KEY_PREFIX = 'checklists.answers.v1.';
/** Outside CACHE_KEY_PREFIX so it is never mistaken for an entry. */
export const CACHE_INDEX_KEY = 'checklists.answers-index.v1';

/** The entry's line in the index: its key again, quotes, brackets and two numbers. */
const INDEX_LINE_EXTRA = 32;

/** An entry's share of storage: itself plus its index line, which for small answers is not small. */
export function sizeOf(key: string, value: string): number {
  return (key.length + value.length + key.length + INDEX_LINE_EXTRA) * 2;
}

/** The saved index, or null when it is missing or unreadable. */
export function parseIndex(text: string | null): Map<string, IndexEntry> | null {
  if (!text) return null;
  const parsed = parseJson(text);
  if (!isJsonObject(parsed)) return null;
  const index = new Map<string, IndexEntry>();
  for (const [key, known] of Object.entries(parsed)) {
    if (
      key.startsWith(CACHE_KEY_PREFIX) &&
      Array.isArray(known) &&
      typeof known[0] === 'number' &&
      typeof known[1] === 'number'
    ) {
      index.set(key, { bytes: known[0], storedAt: known[1] });
    }
  }
  return index;
}

/** A stored entry, or null when it is missing or not one. */
export function parseStored(text: string | null): StoredEntry | null {
  if (!text) return null;
  const entry = storedEntrySchema.safeParse(parseJson(text));
  return entry.success ? entry.data : null;
}

/** The index as saved: each entry's key with its size and age. */
export function indexText(index: ReadonlyMap<string, IndexEntry>): string {
  const out: Record<string, [number, number]> = {};
  for (const [key, e] of index) out[key] = [e.bytes, e.storedAt];
  return JSON.stringify(out);
}
