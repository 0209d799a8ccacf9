import { describeExcelError } from '../../src/excel/errors';
import {
  columnEqualsFormula,
  createTable,
  createUniqueSheet,
  finishResultTable,
  queueHeaderBlock,
} from '../../src/excel/sheets';
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
import { writeRowsInChunks } from '../../src/excel/chunked-writer';
import { WorkbookFake } from '../support/workbook-fake';

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

describe('result sheet building', () => {
  it('creates a uniquely named, active sheet', async () => {
    const fake = new WorkbookFake();
    const first = await createUniqueSheet(fake.context(), { now: NOW });
    const second = await createUniqueSheet(fake.context(), { now: NOW });
    expect(first.name).toBe('CheckLists 2026-11-22 14-05');
    expect(second.name).toBe('CheckLists 2026-11-22 14-05 (2)');
    expect(fake.sheetNames()).toEqual(['Sheet1', first.name, second.name]);
    expect(fake.activeSheetName()).toBe(second.name);
  });

  it('retries when the name was taken between reading names and adding', async () => {
    const fake = new WorkbookFake();
    fake.failAtSync(2, { code: 'ItemAlreadyExists' });
    const created = await createUniqueSheet(fake.context(), { now: NOW, activate: false });
    expect(created.name).toBe('CheckLists 2026-11-22 14-05');
    expect(fake.stats.syncs).toBe(4);
    expect(fake.activeSheetName()).toBe('Sheet1');
  });

  it('writes a header block safely with bold labels and returns the next free row', async () => {
    const fake = new WorkbookFake();
    const ctx = fake.context();
    const sheet = ctx.workbook.worksheets.getItem('Sheet1');
    const next = queueHeaderBlock(sheet, { title: '=CheckLists', lines: [['Запит', '+380 44'], ['Рядків', 3]] });
    await ctx.sync();
    expect(next).toBe(4);
    expect(fake.sheetValues('Sheet1')).toEqual([
      ['=CheckLists', ''],
      ['Запит', '+380 44'],
      ['Рядків', 3],
    ]);
    expect(fake.formulaCells('Sheet1')).toEqual([]);
    expect(fake.cell('Sheet1', 'A1').bold).toBe(true);
    expect(fake.cell('Sheet1', 'A2').bold).toBe(true);
    expect(fake.cell('Sheet1', 'B2').bold).toBe(false);
  });

  it('builds a finished result table: unique name, rules on the body, header frozen, columns fitted', async () => {
    const fake = new WorkbookFake();
    fake.setSheet('Old', [['h'], ['v']]);
    fake.addTable('Old', 'A1:A2', 'CheckLists');
    const ctx = fake.context();
    const { sheet, name } = await createUniqueSheet(ctx, { now: NOW });
    const headerRow = queueHeaderBlock(sheet, { title: 'CheckLists' });
    const rows = [
      ['ПІБ', 'Результат'],
      ['Іваненко', 'Високий збіг'],
      ['=evil()', 'Збігів немає'],
    ];
    await writeRowsInChunks(ctx, sheet, headerRow, 0, rows);
    const rect = { rowIndex: headerRow, columnIndex: 0, rowCount: rows.length, columnCount: 2 };
    const rule = { formula: columnEqualsFormula(1, headerRow + 1, 'Високий збіг'), fill: '#FFC7CE', bold: true };
    const done = await finishResultTable(ctx, sheet, rect, { name, rules: [rule] });
    expect(done.name).toBe('CheckLists_2026_11_22_14_05');
    expect(done.address).toBe('A3:B5');
    expect(fake.tables(name)).toEqual([
      expect.objectContaining({ name: done.name, address: `'${name}'!A3:B5`, headers: ['ПІБ', 'Результат'], style: 'TableStyleMedium2' }),
    ]);
    expect(fake.conditionalFormats(name)).toEqual([
      expect.objectContaining({ address: 'A4:B5', type: 'Custom', formula: '=$B4="Високий збіг"', fillColor: '#FFC7CE', bold: true }),
    ]);
    expect(fake.frozen(name)).toEqual({ rows: 3, columns: 0 });
    expect(fake.autofitCalls(name)).toEqual(['A3:B5']);
    expect(fake.cell(name, 'A5')).toMatchObject({ value: '=evil()', formula: null });
  });

  it('makes the table name unique against existing tables', async () => {
    const fake = new WorkbookFake().setSheet('Sheet1', [['a'], ['1'], [null], ['b'], ['2']]);
    fake.addTable('Sheet1', 'A1:A2', 'Results');
    const ctx = fake.context();
    const sheet = ctx.workbook.worksheets.getItem('Sheet1');
    const created = await createTable(ctx, sheet, { rowIndex: 3, columnIndex: 0, rowCount: 2, columnCount: 1 }, { name: 'results' });
    expect(created.name).toBe('results_2');
  });

  it('quotes rule text instead of splicing it into the formula', () => {
    expect(columnEqualsFormula(27, 4, 'a"b')).toBe('=$AB5="a""b"');
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
