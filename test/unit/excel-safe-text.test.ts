import {
  EXCEL_CELL_TEXT_LIMIT,
  formulaStringLiteral,
  safeText,
  textCellFormats,
  toSafeCellValue,
  toSafeRows,
} from '../../src/excel/safe-text';
import { WorkbookFake } from '../support/workbook-fake';

// Text that Excel would not store verbatim through plain Range.values: formula starters
// (with the tab/CR variants of CSV-injection lists), and strings Excel converts.
const HOSTILE = [
  '=1+1',
  '+1+1',
  '-1+1',
  '@SUM(1,1)',
  '=HYPERLINK("http://evil.example","click")',
  "=cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  '\n=1+1',
  ' =1+1',
  "'=1+1",
  "'",
  '007',
  '0012345678',
  'TRUE',
  '#N/A',
  '12%',
  '2024-01-05',
  '1/5/2024',
  '-',
  'Іваненко Іван',
];

async function writeThroughFake(values: unknown[][], format?: string) {
  const fake = new WorkbookFake();
  if (format) fake.setNumberFormat('Sheet1', `A1:A${values.length}`, format);
  const ctx = fake.context();
  ctx.workbook.worksheets.getItem('Sheet1').getRangeByIndexes(0, 0, values.length, 1).values = values;
  await ctx.sync();
  return fake;
}

describe('toSafeCellValue', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    ['', ''],
    [42, 42],
    [-0.5, -0.5],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
    [true, true],
    ['abc', "'abc"],
    ['=1+1', "'=1+1"],
  ])('%j → %j', (input, output) => {
    expect(toSafeCellValue(input)).toBe(output);
  });

  it('cuts text to what a cell holds without splitting a surrogate pair', () => {
    const long = 'x'.repeat(EXCEL_CELL_TEXT_LIMIT - 2) + '😀😀';
    const safe = safeText(long);
    expect(safe.length - 1).toBeLessThanOrEqual(EXCEL_CELL_TEXT_LIMIT);
    expect(safe.endsWith('…')).toBe(true);
    expect(/[\ud800-\udbff]…$/.test(safe)).toBe(false);
    expect(safeText('x'.repeat(EXCEL_CELL_TEXT_LIMIT))).toBe(`'${'x'.repeat(EXCEL_CELL_TEXT_LIMIT)}`);
  });

  it('pads short rows to a rectangle with empty cells', () => {
    expect(toSafeRows([['a'], ['b', 2, null]])).toEqual([
      ["'a", '', ''],
      ["'b", 2, ''],
    ]);
  });

  it('doubles quotes in formula string literals', () => {
    expect(formulaStringLiteral('say "hi"')).toBe('"say ""hi"""');
  });
});

describe('safe writing against the workbook fake', () => {
  it('control: plain values turn many of these strings into formulas or other types', async () => {
    const fake = await writeThroughFake(HOSTILE.map((s) => [s]));
    const changed = HOSTILE.filter(
      (s, i) => fake.sheetValues('Sheet1')[i]?.[0] !== s || fake.cell('Sheet1', `A${i + 1}`).formula,
    );
    expect(fake.formulaCells('Sheet1').length).toBeGreaterThanOrEqual(6);
    expect(changed).toEqual(
      expect.arrayContaining(['=1+1', '+1+1', '-1+1', '@SUM(1,1)', '007', 'TRUE', '2024-01-05', "'=1+1"]),
    );
  });

  it('stores every string verbatim as text through toSafeCellValue', async () => {
    const fake = await writeThroughFake(HOSTILE.map((s) => [toSafeCellValue(s)]));
    expect(fake.formulaCells('Sheet1')).toEqual([]);
    HOSTILE.forEach((s, i) => {
      expect(fake.cell('Sheet1', `A${i + 1}`)).toMatchObject({ value: s, type: 'String', formula: null, text: s });
    });
  });

  it('in a column the user formatted as Text, the apostrophe alone stays in the value; with textCellFormats it is a prefix again', async () => {
    const plain = await writeThroughFake([[toSafeCellValue('=1+1')]], '@');
    expect(plain.cell('Sheet1', 'A1')).toMatchObject({ value: "'=1+1", formula: null });

    const fake = new WorkbookFake();
    fake.setNumberFormat('Sheet1', 'A1:C1', '@');
    const ctx = fake.context();
    const values = toSafeRows([['=1+1', 42, "'quoted"]]);
    const range = ctx.workbook.worksheets.getItem('Sheet1').getRange('A1:C1');
    range.numberFormat = textCellFormats(values);
    range.values = values;
    await ctx.sync();
    expect(fake.cell('Sheet1', 'A1')).toMatchObject({ value: '=1+1', formula: null, numberFormat: 'General' });
    expect(fake.cell('Sheet1', 'B1')).toMatchObject({ value: 42, numberFormat: '@' });
    expect(fake.cell('Sheet1', 'C1').value).toBe("'quoted");
  });

  it('reads back through values and formulas without the prefix', async () => {
    const fake = await writeThroughFake(HOSTILE.map((s) => [toSafeCellValue(s)]));
    const ctx = fake.context();
    const r = ctx.workbook.worksheets
      .getItem('Sheet1')
      .getRangeByIndexes(0, 0, HOSTILE.length, 1)
      .load('values,formulas');
    await ctx.sync();
    expect(r.values.map((row) => row[0])).toEqual(HOSTILE);
    expect(r.formulas.map((row) => row[0])).toEqual(HOSTILE);
  });
});
