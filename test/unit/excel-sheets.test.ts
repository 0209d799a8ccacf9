import { describeExcelError, describeWorkbookError } from '../../src/excel/errors';
import { InvalidInputError } from '../../src/core/protocol/errors';
import {
  isValidSheetName,
  isValidTableName,
  resultSheetName,
  sanitizeSheetName,
  sanitizeTableName,
  timestampLabel,
  uniqueSheetName,
  uniqueTableName,
} from '../../src/excel/sheet-names';

const NOW = new Date(2026, 10, 22, 14, 5, 59);

describe('sheet names', () => {
  it('stamps result sheets with local date and time, without the forbidden ":"', () => {
    expect(timestampLabel(NOW)).toBe('2026-11-22 14-05');
    expect(resultSheetName(NOW, [])).toBe('CheckLists 2026-11-22 14-05');
    expect(resultSheetName(NOW, ['checklists 2026-11-22 14-05'])).toBe('CheckLists 2026-11-22 14-05 (2)');
  });

  it('keeps suffixed names within 31 characters', () => {
    const base = resultSheetName(NOW, [], 'Перевірка ПЕП');
    expect(base).toBe('Перевірка ПЕП 2026-11-22 14-05');
    const taken = [base];
    for (let i = 0; i < 12; i += 1) taken.push(uniqueSheetName(base, taken));
    expect(taken.every((n) => n.length <= 31 && isValidSheetName(n))).toBe(true);
    expect(new Set(taken.map((n) => n.toLowerCase())).size).toBe(taken.length);
    expect(taken[taken.length - 1]).toMatch(/ \(13\)$/);
  });

  it.each([
    ['a/b\\c?d*e[f]g:h', 'a-b-c-d-e-f-g-h'],
    ["'quoted'", 'quoted'],
    ['  lots   of\tspace  ', 'lots of space'],
    ['', 'CheckLists'],
    ['////', '----'],
    ['History', 'History-1'],
    ['x'.repeat(40), 'x'.repeat(31)],
  ])('sanitises %j to %j', (input, output) => {
    expect(sanitizeSheetName(input)).toBe(output);
    expect(isValidSheetName(sanitizeSheetName(input))).toBe(true);
  });

  it.each([
    ['CheckLists 2026-11-22 14-05', 'CheckLists_2026_11_22_14_05'],
    ['2026 results', '_2026_results'],
    ['Результати', 'Результати'],
    ['A1', '_A1'],
    ['!!!', 'CheckLists'],
    ['', 'CheckLists'],
  ])('makes table name %j into %j', (input, output) => {
    expect(sanitizeTableName(input)).toBe(output);
    expect(isValidTableName(output)).toBe(true);
  });

  it('numbers taken table names', () => {
    expect(uniqueTableName('Results', ['results', 'Results_2'])).toBe('Results_3');
  });
});

describe('describeExcelError', () => {
  it.each([
    ['RequestPayloadSizeLimitExceeded', 'too large'],
    ['ItemNotFound', 'not found'],
    ['InvalidOperationInCellEditMode', 'editing'],
  ])('explains %s in both languages', (code, fragment) => {
    const text = describeExcelError({ code, message: 'x' });
    expect(text.en).toContain(fragment);
    expect(text.uk).not.toBe(text.en);
    expect(text.uk.length).toBeGreaterThan(10);
  });

  it('falls back to the code and message, never a stack', () => {
    const e = Object.assign(new Error('Something odd'), { code: 'Weird' });
    const text = describeExcelError(e);
    expect(text.en).toBe('Excel reported an error (Weird): Something odd');
    expect(text.en).not.toContain('at ');
  });
});

describe('describeWorkbookError', () => {
  it('names a query field the analyst filled in, and none of our own ("previous: …")', () => {
    const text = describeWorkbookError(
      new InvalidInputError([
        { field: 'previous', code: 'previous.noHits', message: { uk: 'Немає аркуша збігів.', en: 'No hits sheet.' } },
        { field: 'date', code: 'field.date', message: { uk: 'Дата хибна.', en: 'Bad date.' } },
      ]),
    );
    expect(text).toEqual({
      uk: 'Немає аркуша збігів. Дата народження: Дата хибна.',
      en: 'No hits sheet. Date of birth: Bad date.',
    });
  });
});
