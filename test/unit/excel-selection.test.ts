import { ExcelLayerError } from '../../src/excel/errors';
import { readSelection } from '../../src/excel/selection';
import { WorkbookFake } from '../support/workbook-fake';

const PEOPLE = [
  ['ПІБ', 'ІПН', 'Дата'],
  ['Іваненко Іван', '0123456789', '1980-01-02'],
  ['Петренко Петро', '1234567890', '1975-05-06'],
];

// A table "People" at B2:D4, a plain block at G2:H4 and a lone cell at K10.
function sheetWithData(): WorkbookFake {
  const fake = new WorkbookFake();
  const rows: (string | number | null)[][] = [];
  for (let r = 0; r < 12; r += 1) rows.push(new Array<string | number | null>(12).fill(null));
  PEOPLE.forEach((row, i) => row.forEach((v, j) => (rows[1 + i][1 + j] = v)));
  [
    ['name', 'code'],
    ['Acme', 12345678],
    ['Beta', 87654321],
  ].forEach((row, i) => row.forEach((v, j) => (rows[1 + i][6 + j] = v)));
  rows[9][10] = 'alone';
  fake.setSheet('Дані', rows);
  fake.addTable('Дані', 'B2:D4', 'People');
  return fake;
}

describe('readSelection', () => {
  it('extends a single cell inside a table to the whole table, header included', async () => {
    const fake = sheetWithData().select('Дані', 'C3');
    const read = await readSelection(fake.context());
    expect(read).toMatchObject({
      sheetName: 'Дані',
      selectedAddress: 'Дані!C3',
      address: 'Дані!B2:D4',
      source: 'table',
      tableName: 'People',
      hasHeaderRow: true,
      rowCount: 3,
      columnCount: 3,
    });
    expect(read.values).toEqual(PEOPLE);
  });

  it('extends a single non-empty cell outside tables to its surrounding region', async () => {
    const fake = sheetWithData().select('Дані', 'H3');
    const read = await readSelection(fake.context());
    expect(read).toMatchObject({ address: 'Дані!G2:H4', source: 'region', tableName: null, hasHeaderRow: null });
    expect(read.values).toEqual([
      ['name', 'code'],
      ['Acme', 12345678],
      ['Beta', 87654321],
    ]);
  });

  it('reads a lone cell as itself and an empty single cell as nothing', async () => {
    const lone = await readSelection(sheetWithData().select('Дані', 'K10').context());
    expect(lone).toMatchObject({ source: 'selection', address: 'Дані!K10', values: [['alone']] });
    const empty = await readSelection(sheetWithData().select('Дані', 'F8').context());
    expect(empty).toMatchObject({ source: 'empty', address: '', values: [], rowCount: 0 });
  });

  it('reads a multi-cell selection as selected, cut to the used range', async () => {
    const fake = sheetWithData().select('Дані', 'B:C');
    const read = await readSelection(fake.context());
    expect(read).toMatchObject({
      source: 'selection',
      address: 'Дані!B2:C10',
      selectedAddress: 'Дані!B:C',
      rowCount: 9,
    });
    expect(read.values.slice(0, 3)).toEqual(PEOPLE.map((r) => r.slice(0, 2)));
    expect(read.values[8]).toEqual(['', '']);
  });

  it('does not extend when asked not to', async () => {
    const read = await readSelection(sheetWithData().select('Дані', 'C3').context(), { extend: false });
    expect(read).toMatchObject({ source: 'selection', address: 'Дані!C3', values: [['0123456789']] });
  });

  it('reads large ranges in blocks, one sync each', async () => {
    const fake = new WorkbookFake();
    const rows = Array.from({ length: 1_000 }, (_, r) => [`name ${r}`, r, r % 2 === 0]);
    fake.setSheet('Big', rows).select('Big', 'A1:C1000');
    const read = await readSelection(fake.context(), { maxCellsPerRead: 600 });
    expect(read.values).toEqual(rows);
    // one sync to find the range, then 1000 rows / 200 rows per block.
    expect(fake.stats.syncs).toBe(1 + 5);
    expect(Math.max(...fake.stats.responseBytesPerSync)).toBeLessThan(20_000);
  });

  it('refuses selections over the cell cap with a message in both languages', async () => {
    const fake = new WorkbookFake()
      .setSheet(
        'S',
        Array.from({ length: 50 }, () => [1, 2]),
      )
      .select('S', 'A1:B50');
    const err = await readSelection(fake.context(), { maxCells: 99 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExcelLayerError);
    expect((err as ExcelLayerError).text.uk).toContain('100');
    expect((err as ExcelLayerError).text.en).toContain('100');
  });

  it('works on a sheet whose name needs quoting', async () => {
    const fake = new WorkbookFake().setSheet('My list', [['a'], ['b']]).select('My list', 'A2');
    const read = await readSelection(fake.context());
    expect(read).toMatchObject({ address: "'My list'!A1:A2", source: 'region', values: [['a'], ['b']] });
  });
});
