import { hashKey } from '../core/cache/answer-cache';
import type { RegistryKey } from '../core/protocol/registries';
import type { HitLine } from './hits';

/**
 * A hit's identity across runs: which record, in which registry, found for which subject.
 *
 * - The registry plus the record's own id (idpep, pid, edrpou, cause number ...), as the hits
 *   sheet shows it in "Record id".
 * - A registry whose answer has no id of its own record gets a hash of the fields that define
 *   the record instead (name and birth date as the registry writes them).
 * - Plus the subject key of the input row (core's normalised question: name, date, codes,
 *   document), never the row number: a client list edited between runs (rows added, removed,
 *   reordered) keeps every identity.
 *
 * The text is written to the hits sheet ("Hit ID") and read back on the next run; the subject
 * part is hashed so the column does not repeat names and tax numbers a second time.
 */
export const HIT_ID_VERSION = 'h1';

/**
 * Registries whose "Record id" is not the id of one record: an edrchanges answer is one item per
 * request (a period with every company found), and a licences answer groups permits by company.
 */
export const REGISTRIES_WITHOUT_STABLE_ID: ReadonlySet<RegistryKey> = new Set<RegistryKey>(['edrchanges', 'licenses']);

export function definingFieldsHash(hit: Pick<HitLine, 'registry' | 'name' | 'birth'>): string {
  const fold = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
  return hashKey(JSON.stringify([hit.registry, fold(hit.name), fold(hit.birth)]));
}

export function recordPart(hit: Pick<HitLine, 'registry' | 'id' | 'name' | 'birth'>): string {
  const id = hit.id.trim();
  if (id && !REGISTRIES_WITHOUT_STABLE_ID.has(hit.registry)) return `${hit.registry}:${id}`;
  return `${hit.registry}#${definingFieldsHash(hit)}`;
}

export function subjectPart(subjectKey: string): string {
  return hashKey(subjectKey);
}

export function hitIdentity(subjectKey: string, hit: Pick<HitLine, 'registry' | 'id' | 'name' | 'birth'>): string {
  return `${HIT_ID_VERSION}|${recordPart(hit)}|${subjectPart(subjectKey)}`;
}

/** A Hit ID cell as read back: trimmed text in the current format, or null. */
export function parseHitIdentity(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return /^h1\|[a-z]+[:#].+\|[0-9a-f]{16}$/.test(text) ? text : null;
}
