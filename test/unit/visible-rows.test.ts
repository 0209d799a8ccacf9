import { hiddenRowRuns, visibleRows } from '../../src/excel/bulk/visible-rows';
import { runQueued } from '../../src/excel/run';
import { WorkbookFake } from '../support/workbook-fake';

/**
 * The selected rows a filter leaves showing, and the rows of a list it hides, found by halving
 * blocks on Range.rowHidden (false: none hidden; true: all; null: some) rather than by a read per row.
 */

let fake: WorkbookFake;
let uninstall: () => void;
beforeEach(() => {
  fake = new WorkbookFake();
  uninstall = fake.install();
  fake.setSheet(
    'Results',
    Array.from({ length: 10_001 }, (_, i) => [i === 0 ? 'Row' : i + 1]),
  );
});
afterEach(() => uninstall());

const rowsOf = (first: number, count: number, limit: number) =>
  runQueued((context) => visibleRows(context, context.workbook.worksheets.getItem('Results'), [[first, count]], limit));

it('a block with nothing hidden takes one read; a filter down to 30 of 10,000 rows about one round trip per halving', async () => {
  const before = fake.stats.syncs;
  expect(await rowsOf(1, 10_000, 10_000)).toEqual(Array.from({ length: 10_000 }, (_, i) => i + 1));
  expect(fake.stats.syncs - before).toBe(1);

  const shown = [3, 4, 5, 97, 1_200, 4_321, ...Array.from({ length: 24 }, (_, i) => 9_000 + 7 * i)];
  fake.userHidesRows(
    'Results',
    Array.from({ length: 10_000 }, (_, i) => i + 2).filter((row) => !shown.includes(row - 1)),
  );
  const start = fake.stats.syncs;
  expect(await rowsOf(1, 10_000, 1_000)).toEqual(shown);
  // log2(10,000) is about 13.3: one round trip per level.
  expect(fake.stats.syncs - start).toBeLessThanOrEqual(15);
  // Within a part of the sheet, and nothing when all of it is hidden.
  expect(await rowsOf(90, 20, 1_000)).toEqual([97]);
  expect(await rowsOf(6, 90, 1_000)).toEqual([]);
});

it('stops at the limit: more rows showing than one press reads is null, found without reading them all', async () => {
  expect(await rowsOf(1, 1_001, 1_000)).toBeNull();
  expect(await rowsOf(1, 1_000, 1_000)).toHaveLength(1_000);
  // Every other row hidden: 2,500 showing of 5,000.
  fake.userHidesRows(
    'Results',
    Array.from({ length: 2_500 }, (_, i) => 2 * i + 2),
  );
  const start = fake.stats.syncs;
  expect(await rowsOf(1, 5_000, 1_000)).toBeNull();
  expect(fake.stats.syncs - start).toBeLessThanOrEqual(12);
  expect(await rowsOf(1, 2_000, 1_000)).toHaveLength(1_000);
  expect(await rowsOf(1, 2_002, 1_000)).toBeNull();
});

const hiddenOf = (first: number, count: number, maxRuns: number) =>
  runQueued((context) => hiddenRowRuns(context, context.workbook.worksheets.getItem('Results'), first, count, maxRuns));

it('gives the hidden rows of a list as runs, touching halves joined, one round trip per halving', async () => {
  // 1-based sheet rows: a block of 300, two touching rows, and one alone.
  fake.userHidesRows('Results', [...Array.from({ length: 300 }, (_, i) => 101 + i), 500, 501, 999]);
  const start = fake.stats.syncs;
  expect(await hiddenOf(0, 1_000, 10)).toEqual([
    [100, 300],
    [499, 2],
    [998, 1],
  ]);
  // log2(1,000) is about 10.
  expect(fake.stats.syncs - start).toBeLessThanOrEqual(11);
  // Rows outside the block asked about are not looked at.
  expect(await hiddenOf(401, 97, 10)).toEqual([]);
});

it('gives up (null) when the hidden rows fall in more runs than a run may keep', async () => {
  fake.userHidesRows(
    'Results',
    Array.from({ length: 500 }, (_, i) => 2 * i + 1),
  );
  expect(await hiddenOf(0, 1_000, 499)).toBeNull();
  expect(await hiddenOf(0, 1_000, 500)).toHaveLength(500);
});
