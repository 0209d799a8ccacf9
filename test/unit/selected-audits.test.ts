import { selectedAudits } from '../../src/excel/bulk/selected-audits';
import { cellAddress } from '../../src/excel/a1';
import { WorkbookFake } from '../support/workbook-fake';

/**
 * The rows an analyst selects for certificates, read from results pasted into a client's file (no
 * table: found by the header row): one block, a Ctrl-click of several, and the Excel too old to give
 * an add-in more than one area.
 */

const ROWS = 3_000;
/** A results sheet of ROWS clients: the list's row n + 2 has relay audit no. 5000 + n. */
const pasted = (): (string | number)[][] => [
  ['Row', 'Name', 'Relay audit no.'],
  ...Array.from({ length: ROWS }, (_, n) => [n + 2, `Client ${n + 2}`, 5_000 + n]),
];
/** The sheet row (0-based) of the list's row `listRow`: the header is the sheet's first row. */
const at = (listRow: number) => listRow - 1;

function install(excelApi?: string) {
  const fake = new WorkbookFake(excelApi ? { excelApi } : {});
  const restore = fake.install();
  fake.setSheet('Sample', pasted());
  return { fake, restore };
}

it('takes every area of a Ctrl-click, each row once, in the list’s order, without reading the rows between', async () => {
  const { fake, restore } = install();
  try {
    // Row 2,900 first, then 5 and 6, then row 6 again with its neighbour 7: three areas.
    fake.select(
      'Sample',
      [
        `${cellAddress(at(2_900), 1)}`,
        `${cellAddress(at(5), 0)}:${cellAddress(at(6), 2)}`,
        `${cellAddress(at(6), 1)}:${cellAddress(at(7), 1)}`,
      ].join(','),
    );
    fake.resetStats();
    expect(await selectedAudits()).toEqual({
      kind: 'rows',
      rows: [5, 6, 7, 2_900].map((row) => ({ row, auditId: 5_000 + row - 2 })),
    });
    // Two columns of rows 5–7 and of row 2,900, never the 2,893 rows between them.
    expect(fake.stats.responseBytesPerSync.reduce((a, b) => a + b, 0)).toBeLessThan(3_000);

    // Row 6 hidden (by hand, as a filter would): left out of the areas too.
    fake.userHidesRows('Sample', [6]);
    const rows = await selectedAudits();
    expect(rows.kind === 'rows' && rows.rows.map((r) => r.row)).toEqual([5, 7, 2_900]);
  } finally {
    restore();
  }
});

it('in an Excel before ExcelApi 1.9, one block still counts and a Ctrl-click is named as such, nothing read', async () => {
  const { fake, restore } = install('1.8');
  try {
    fake.select('Sample', `${cellAddress(at(5), 0)}:${cellAddress(at(7), 2)}`);
    expect(await selectedAudits()).toEqual({
      kind: 'rows',
      rows: [5, 6, 7].map((row) => ({ row, auditId: 5_000 + row - 2 })),
    });
    fake.select('Sample', `${cellAddress(at(5), 0)},${cellAddress(at(9), 0)}`);
    expect(await selectedAudits()).toEqual({ kind: 'several-areas' });
  } finally {
    restore();
  }
});

it('an area above the header and one on no row at all add nothing; only those give “not a row”', async () => {
  const { fake, restore } = install();
  try {
    fake.setSheet('Sample', [['Note'], ...pasted()]);
    // The note above the header, and a row of the list: the header is found above the first area.
    fake.select('Sample', `A1,${cellAddress(at(5) + 1, 0)}`);
    expect(await selectedAudits()).toEqual({ kind: 'rows', rows: [{ row: 5, auditId: 5_003 }] });
    fake.select('Sample', 'A1');
    expect(await selectedAudits()).toEqual({ kind: 'not-a-row' });
  } finally {
    restore();
  }
});
