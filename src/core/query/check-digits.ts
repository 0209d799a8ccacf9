/**
 * The check digits of Ukrainian codes: the last digit of a company's ЄДРПОУ (8 digits) and of a
 * person's РНОКПП (10 digits) is computed from the others, so most typing errors break it. Valid
 * codes checked against it: ПриватБанк 14360570, Ощадбанк 00032129, Нафтогаз 20077720.
 */

/**
 * ЄДРПОУ's: weights 1–7, or 7,1–6 for codes from 30000000 to 60000009; a remainder of 10 is weighed
 * again with each weight + 2.
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

const RNOKPP_WEIGHTS = [-1, 5, 7, 9, 4, 6, 10, 5, 7];

export function rnokppCheckDigit(first9: string): number {
  const sum = RNOKPP_WEIGHTS.reduce((acc, w, i) => acc + w * Number(first9[i]), 0);
  return (((sum % 11) + 11) % 11) % 10;
}

export function isValidRnokpp(code: string): boolean {
  return /^\d{10}$/.test(code) && rnokppCheckDigit(code.slice(0, 9)) === Number(code[9]);
}

/** An 8- or 10-digit code whose check digit is wrong: typed with an error, most likely. */
export function failsCheckDigit(code: string): boolean {
  if (/^\d{8}$/.test(code)) return !isValidEdrpou(code);
  if (/^\d{10}$/.test(code)) return !isValidRnokpp(code);
  return false;
}
