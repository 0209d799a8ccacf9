import type { Rng } from '../prng';

/**
 * Company codes and tax numbers carry check digits; generating valid ones keeps the
 * fictional data acceptable to any client-side validator that checks them.
 */
export function edrpouCheckDigit(first7: string): number {
  const n = Number(first7);
  const middle = n >= 3_000_000 && n <= 6_000_000;
  const base = middle ? [7, 1, 2, 3, 4, 5, 6] : [1, 2, 3, 4, 5, 6, 7];
  const sum = (weights: number[]) => weights.reduce((acc, w, i) => acc + w * Number(first7[i]), 0);
  let r = sum(base) % 11;
  if (r === 10) {
    r = sum(base.map((w) => w + 2)) % 11;
    if (r === 10) r = 0;
  }
  return r;
}

export function isValidEdrpou(code: string): boolean {
  return /^\d{8}$/.test(code) && edrpouCheckDigit(code.slice(0, 7)) === Number(code[7]);
}

export function makeEdrpou(rng: Rng): string {
  const first7 = String(rng.int(2, 4)) + rng.digits(6);
  return first7 + String(edrpouCheckDigit(first7));
}

const RNOKPP_WEIGHTS = [-1, 5, 7, 9, 4, 6, 10, 5, 7];

export function rnokppCheckDigit(first9: string): number {
  const sum = RNOKPP_WEIGHTS.reduce((acc, w, i) => acc + w * Number(first9[i]), 0);
  return (((sum % 11) + 11) % 11) % 10;
}

export function isValidRnokpp(code: string): boolean {
  return /^\d{10}$/.test(code) && rnokppCheckDigit(code.slice(0, 9)) === Number(code[9]);
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
