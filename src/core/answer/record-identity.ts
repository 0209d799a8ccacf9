import { hashKey } from '../cache/fnv';
import type { RegistryKey } from '../protocol/registries';
import { registryView } from './registry-model';

/**
 * Which record a hit is, and what that record said, in words every surface shares: the hits
 * sheet's "Hit ID" (bulk/hit-identity.ts), the relay's decision record and accept list, and the
 * clients that send decisions to it.
 *
 * - The record part: the registry plus the record's own id (idpep, pid, edrpou, cause number ...).
 *   A registry whose answer has no id of its own record gets a hash of the fields that define the
 *   record instead (name and birth date as the registry writes them).
 * - The subject part: a hash of core's normalised question (query/index.ts subjectKey), so that
 *   identities never repeat names and tax numbers.
 * - The fingerprint: a hash of everything the registry model reads from the record (names, dates,
 *   codes, documents, status, details), but not the match percent, which depends on the query. A
 *   registry that edits a person's entry (a new birth date, a new sanctions list) changes it.
 */

/**
 * Registries whose "Record id" is not the id of one record: an edrchanges answer is one item per
 * request (a period with every company found), and a licences answer groups permits by company.
 */
export const REGISTRIES_WITHOUT_STABLE_ID: ReadonlySet<RegistryKey> = new Set<RegistryKey>(['edrchanges', 'licenses']);

export interface RecordNaming {
  registry: RegistryKey;
  id: string;
  name: string;
  birth: string;
}

export function definingFieldsHash(hit: Pick<RecordNaming, 'registry' | 'name' | 'birth'>): string {
  const fold = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
  return hashKey(JSON.stringify([hit.registry, fold(hit.name), fold(hit.birth)]));
}

export function recordPart(hit: RecordNaming): string {
  const id = hit.id.trim();
  if (id && !REGISTRIES_WITHOUT_STABLE_ID.has(hit.registry)) return `${hit.registry}:${id}`;
  return `${hit.registry}#${definingFieldsHash(hit)}`;
}

export function subjectPart(subjectKey: string): string {
  return hashKey(subjectKey);
}

/** How the registry model names an item, as the hits sheet does. */
export function namingOf(registry: RegistryKey, item: object): RecordNaming {
  const view = registryView(registry);
  return { registry, id: view.id(item), name: view.name(item), birth: view.births(item)[0] ?? '' };
}

export function recordFingerprint(registry: RegistryKey, item: object): string {
  const view = registryView(registry);
  return hashKey(
    JSON.stringify([
      registry,
      view.id(item),
      view.name(item),
      view.aliases(item),
      view.births(item),
      view.ipns(item),
      view.edrpous(item),
      view.docs(item),
      view.status(item),
      view.details(item),
    ]),
  );
}

/**
 * A fingerprint as recordFingerprint writes it (16 hex digits): what a hits sheet's cell must hold
 * to be compared with today's record or sent with a decision; Excel can turn a cell into a number.
 */
export const RECORD_FINGERPRINT = /^[0-9a-f]{16}$/;

/** A record's part and fingerprint together: what a decision on it names. */
export function recordOf(registry: RegistryKey, item: object): { record: string; fingerprint: string } {
  return { record: recordPart(namingOf(registry, item)), fingerprint: recordFingerprint(registry, item) };
}
