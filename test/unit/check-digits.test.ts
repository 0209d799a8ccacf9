import { failsCheckDigit, isValidEdrpou, isValidRnokpp } from '../../src/core/query/check-digits';

describe('check digits of ЄДРПОУ and РНОКПП', () => {
  it('passes real companies’ codes, from both weightings (below 30000000, and 30000000–60000000 has its own)', () => {
    // ПриватБанк, Ощадбанк, Нафтогаз, Укрзалізниця, and a code of the middle band.
    for (const code of ['14360570', '00032129', '20077720', '40075815', '39418520']) {
      expect([code, isValidEdrpou(code), failsCheckDigit(code)]).toEqual([code, true, false]);
    }
  });

  it('catches a digit mistyped and two neighbours swapped', () => {
    expect(failsCheckDigit('14360571')).toBe(true);
    expect(failsCheckDigit('14630570')).toBe(true);
    expect(isValidRnokpp('2234567898')).toBe(true);
    expect(failsCheckDigit('2234567898')).toBe(false);
    expect(failsCheckDigit('2234567890')).toBe(true);
    expect(failsCheckDigit('2243567898')).toBe(true);
  });

  it('judges only codes of 8 or 10 digits', () => {
    for (const code of ['', '1234567', '123456789', 'АВ123456', '12345678901']) {
      expect(failsCheckDigit(code)).toBe(false);
    }
  });
});
