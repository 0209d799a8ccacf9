import type { Rng } from '../prng';
import { normalizeDoc } from '../text';
import { docText, doctypeOf, type GeneratedDoc } from './codes';
import type { DocKey, JsonObject, SandboxRecord } from './model';

export type RecordSpec = Omit<SandboxRecord, 'id'>;

/** Links point at the reserved example.org domain: nothing in the sandbox leads to a real site. */
export const SITE = 'https://sandbox.example.org';

export function link(rng: Rng, section: string, brief: string): JsonObject {
  const n = rng.int(10_000, 99_999);
  return { site: `${SITE}/${section}/${n}`, pdf: `${SITE}/pdf/${section}-${n}.pdf`, brief };
}

export function photo(section: string, id: number | string): string {
  return `${SITE}/photo/${section}/${id}.jpg`;
}

export function docKey(doc: GeneratedDoc): DocKey {
  return { value: normalizeDoc(docText(doc)), doctype: doctypeOf(doc.kind) };
}

export function phone(rng: Rng): string {
  return `+380${rng.pick(['44', '50', '67', '63', '93', '97'])}${rng.digits(7)}`;
}

export function iban(rng: Rng): string {
  return `UA${rng.digits(2)}${rng.digits(6)}0000026${rng.digits(12)}`;
}

/** A date inside [from, to], both 'YYYY-MM-DD'. */
export function dateBetween(rng: Rng, from: string, to: string): string {
  const a = Date.UTC(+from.slice(0, 4), +from.slice(5, 7) - 1, +from.slice(8, 10));
  const b = Date.UTC(+to.slice(0, 4), +to.slice(5, 7) - 1, +to.slice(8, 10));
  const d = new Date(a + Math.floor(rng.next() * (b - a + 1)));
  return d.toISOString().slice(0, 10);
}

export function dateTime(rng: Rng, date: string): string {
  return `${date} ${String(rng.int(8, 19)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}`;
}
