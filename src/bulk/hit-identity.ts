import { recordPart, subjectPart } from '../core/answer/record-identity';
import type { HitLine } from './hits';

/**
 * A hit's identity across runs: which record, in which registry, found for which subject (the
 * parts are core's, core/answer/record-identity.ts).
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

export function hitIdentity(subjectKey: string, hit: Pick<HitLine, 'registry' | 'id' | 'name' | 'birth'>): string {
  return identityOfRecord(subjectKey, recordPart(hit));
}

/** The identity of a record known by its part alone (a hit the relay muted, named by its note). */
export function identityOfRecord(subjectKey: string, record: string): string {
  return `${HIT_ID_VERSION}|${record}|${subjectPart(subjectKey)}`;
}

/** A Hit ID cell as read back: trimmed text in the current format, or null. */
export function parseHitIdentity(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return /^h1\|[a-z]+[:#].+\|[0-9a-f]{16}$/.test(text) ? text : null;
}
