/**
 * The checker the browser tests judge a results sheet with, on hand-made sheets: it passes a
 * right one and names each way a sheet can be wrong — above all a missing row, the mutation the
 * browser test injects with ?dropRow=57. Also the mutation itself, on the harness's workbook.
 */
import { bulkMessages } from '../../src/bulk/messages';
import { CLIENT_HEADERS, clientList, type ClientRow } from './harness/client-list';
import { HarnessWorkbook } from './harness/harness-workbook';
import type { ExpectedRow } from './support/oracle';
import { checkResultsSheet, compareTables, type ResultsSheetData, type SheetCell } from './support/results-check';

const lang = 'uk' as const;
const t = bulkMessages.t;
const rows = clientList();
/** Truth by design: two hits for each known subject, none for the rest. */
const expected: ExpectedRow[] = rows.map((r) =>
  r.kind === 'invalid' ? { kind: 'invalid' } : { kind: 'screened', totalHits: r.kind === 'known' ? 2 : 0 },
);
const HEADER_ROWS = 13;
const FIRST_SOURCE_ROW = 2;

function statusOf(want: ExpectedRow): string {
  if (want.kind === 'invalid') return t(lang, 'status.invalid', { why: 'ПІБ: …' });
  return want.totalHits > 0 ? t(lang, 'status.ok', { hits: want.totalHits }) : t(lang, 'status.clear');
}

/** A results sheet as the bulk sink lays it out: run header, a blank row, then the table. */
function rightSheet(list: readonly ClientRow[] = rows, wants: readonly ExpectedRow[] = expected): ResultsSheetData {
  const header: SheetCell[] = [t(lang, 'col.row'), ...CLIENT_HEADERS, t(lang, 'col.status')];
  const values: SheetCell[][] = Array.from({ length: HEADER_ROWS }, (_, i) =>
    i === 0 ? [t(lang, 'header.title'), '', '', '', '', ''] : ['', '', '', '', '', ''],
  );
  values.push(header);
  list.forEach((row, i) => values.push([FIRST_SOURCE_ROW + i, ...row.cells.map((c) => c ?? ''), statusOf(wants[i])]));
  const hitsValues: SheetCell[][] = [[t(lang, 'hits.sourceRow'), t(lang, 'hits.input'), t(lang, 'hits.registry')]];
  wants.forEach((want, i) => {
    if (want.kind === 'screened') {
      for (let h = 0; h < want.totalHits; h++) {
        hitsValues.push([FIRST_SOURCE_ROW + i, String(list[i].cells[0]), h === 0 ? 'ПЕП' : 'Санкції']);
      }
    }
  });
  const last = HEADER_ROWS + 1 + list.length;
  return { values, tableAddress: `'CheckLists 2026-01-01 10-00'!A${HEADER_ROWS + 1}:F${last}`, hitsValues };
}

const expectation = { rows, expected, lang, firstSourceRow: FIRST_SOURCE_ROW };

interface EditableSheet extends ResultsSheetData {
  values: SheetCell[][];
  hitsValues: SheetCell[][];
}

function clone(data: ResultsSheetData): EditableSheet {
  return { ...data, values: data.values.map((r) => [...r]), hitsValues: data.hitsValues.map((r) => [...r]) };
}

describe('checkResultsSheet', () => {
  test('passes a right sheet', () => {
    expect(checkResultsSheet(rightSheet(), expectation)).toEqual([]);
  });

  test('a blank row where input row 57 belongs (the ?dropRow=57 mutation) is named, and nothing else', () => {
    const data = clone(rightSheet());
    const sheetRow = HEADER_ROWS + 57; // 0-based index of the 57th data row
    data.values[sheetRow] = data.values[sheetRow].map(() => '');
    expect(expected[56]).toEqual({ kind: 'screened', totalHits: 0 }); // so the hits sheet stays right
    expect(checkResultsSheet(data, expectation)).toEqual([
      'input row 57 (sheet row 58): missing from the results table (blank row)',
    ]);
  });

  test('a row left out altogether (a table one row short) is caught', () => {
    const data = clone(rightSheet());
    data.values.splice(HEADER_ROWS + 57, 1);
    data.tableAddress = data.tableAddress.replace(/F\d+$/, `F${HEADER_ROWS + rows.length}`);
    const problems = checkResultsSheet(data, expectation);
    expect(problems[0]).toBe(`the results table has ${rows.length - 1} data rows, expected ${rows.length}`);
    expect(problems).toContain('input row 57 (sheet row 58): "Row" reads 59, expected 58');
  });

  test('a wrong status, a row never screened and rows out of order are each named', () => {
    const data = clone(rightSheet());
    const statusCol = 5;
    data.values[HEADER_ROWS + 10][statusCol] = t(lang, 'status.clear'); // input row 10 is invalid
    data.values[HEADER_ROWS + 4][statusCol] = t(lang, 'status.pending'); // input row 4 is known: 2 hits
    [data.values[HEADER_ROWS + 1], data.values[HEADER_ROWS + 2]] = [
      data.values[HEADER_ROWS + 2],
      data.values[HEADER_ROWS + 1],
    ];
    const problems = checkResultsSheet(data, expectation);
    expect(problems).toEqual([
      'input row 1 (sheet row 2): "Row" reads 3, expected 2',
      `input row 1 (sheet row 2): name reads "${rows[1].cells[0]}", expected "${rows[0].cells[0]}"`,
      'input row 2 (sheet row 3): "Row" reads 2, expected 3',
      `input row 2 (sheet row 3): name reads "${rows[0].cells[0]}", expected "${rows[1].cells[0]}"`,
      `input row 4 (sheet row 5): status "${t(lang, 'status.pending')}", expected "${t(lang, 'status.ok', { hits: 2 })}"`,
      `input row 10 (sheet row 11): status "${t(lang, 'status.clear')}", expected "${t(lang, 'status.invalid', { why: '' })}…"`,
    ]);
  });

  test("the hits sheet must list each row's hits", () => {
    const data = clone(rightSheet());
    const dropped = data.hitsValues.splice(1, 1)[0];
    data.hitsValues.push([999, 'x', 'ПЕП']);
    expect(checkResultsSheet(data, expectation)).toEqual([
      `hits sheet: sheet row ${dropped[0]} has 1 hit line(s), expected 2`,
      'hits sheet: 1 hit line(s) for sheet row 999, which is not an input row',
    ]);
  });

  test('results written below the table are caught', () => {
    const data = clone(rightSheet());
    data.values.push([202, 'Зайвий', '', '', '', t(lang, 'status.clear')]);
    expect(checkResultsSheet(data, expectation)).toEqual([
      `sheet row ${data.values.length}: content below the results table`,
    ]);
  });
});

describe('compareTables', () => {
  test('equal tables compare equal; a changed cell is named', () => {
    const a = rightSheet();
    const b = clone(a);
    expect(compareTables(a, b)).toEqual([]);
    b.values[HEADER_ROWS + 3][5] = 'інше';
    expect(compareTables(a, b)).toEqual([
      `table row 3 column "${t(lang, 'col.status')}": ${JSON.stringify(a.values[HEADER_ROWS + 3][5])} vs "інше"`,
    ]);
    expect(compareTables(a, b, [t(lang, 'col.status')])).toEqual([]);
  });
});

describe('the ?dropRow mutation on the harness workbook', () => {
  async function writeTable(workbook: HarnessWorkbook, tableName: string): Promise<void> {
    const target: Record<string, unknown> = {};
    workbook.install(target);
    const excel = target.Excel as typeof Excel;
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.add('Results');
      sheet.getRange('A1:B4').values = [
        ['Рядок', 'Стан'],
        [2, 'a'],
        [3, 'b'],
        [4, 'c'],
      ];
      const table = sheet.tables.add(sheet.getRange('A1:B4'), true);
      table.name = tableName;
      await context.sync();
    });
  }

  test('blanks the n-th data row of a results table after each sync', async () => {
    const workbook = new HarnessWorkbook({ dropRow: 2 });
    await writeTable(workbook, 'CheckLists_run1');
    expect(workbook.sheetValues('Results')).toEqual([
      ['Рядок', 'Стан'],
      [2, 'a'],
      ['', ''],
      [4, 'c'],
    ]);
  });

  test('leaves other tables, and every table when off, alone', async () => {
    const other = new HarnessWorkbook({ dropRow: 2 });
    await writeTable(other, 'ClientList');
    const off = new HarnessWorkbook();
    await writeTable(off, 'CheckLists_run1');
    for (const workbook of [other, off]) expect(workbook.sheetValues('Results')[2]).toEqual([3, 'b']);
  });
});
