import { edrpouCheckDigit, rnokppCheckDigit } from '../../core/query/check-digits';
import type { Rng } from '../prng';

// Company codes and tax numbers carry check digits; generating valid ones keeps the fictional data
// acceptable to any validator that checks them, "why this hit" among them.

export function makeEdrpou(rng: Rng): string {
  const first7 = String(rng.int(2, 4)) + rng.digits(6);
  return first7 + String(edrpouCheckDigit(first7));
}

/** First five digits count days from 1899-12-31 to the birth date; the ninth is odd for men. */
export function makeRnokpp(rng: Rng, birthDate: string, male: boolean): string {
  const days = Math.round(
    (Date.UTC(+birthDate.slice(0, 4), +birthDate.slice(5, 7) - 1, +birthDate.slice(8, 10)) - Date.UTC(1899, 11, 31)) /
      86_400_000,
  );
  const genderDigit = rng.int(0, 4) * 2 + (male ? 1 : 0);
  const first9 = String(days).padStart(5, '0') + rng.digits(3) + String(genderDigit);
  return first9 + String(rnokppCheckDigit(first9));
}

const PASSPORT_SERIES_LETTERS: readonly string[] = [...'АВЕКМНОРСТ'];
const FOREIGN_SERIES = ['FA', 'FB', 'FC', 'FE', 'FH', 'FK', 'FM', 'FP', 'FT', 'FU', 'EK', 'EM', 'ET'];

export type DocKind = 'passport' | 'idcard' | 'foreign';

export interface GeneratedDoc {
  kind: DocKind;
  series: string;
  number: string;
}

export function makeDoc(rng: Rng, kind: DocKind): GeneratedDoc {
  if (kind === 'idcard') return { kind, series: '', number: String(rng.int(1, 9)) + rng.digits(8) };
  if (kind === 'foreign') return { kind, series: rng.pick(FOREIGN_SERIES), number: rng.digits(6) };
  return { kind, series: rng.pick(PASSPORT_SERIES_LETTERS) + rng.pick(PASSPORT_SERIES_LETTERS), number: rng.digits(6) };
}

/** doctype of the interface: 1 citizen passport or ID card, 2 foreign-travel passport. */
export function doctypeOf(kind: DocKind): 1 | 2 {
  return kind === 'foreign' ? 2 : 1;
}

export function docText(doc: GeneratedDoc): string {
  return doc.series ? `${doc.series} ${doc.number}` : doc.number;
}
