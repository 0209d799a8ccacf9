import { recogniseColumns } from '../../src/bulk/columns';
import type { AskFn } from '../../src/bulk';
import { decisionList, reasonValidation } from '../../src/bulk/decisions';
import { CheckListsClient } from '../../src/core/request/client';
import { ALL_LISTS } from '../../src/core/protocol/listdata';
import { columnLetter } from '../../src/bulk/columns';
import { cellAddress } from '../../src/excel/a1';
import { readSelectionInput } from '../../src/excel/bulk/bulk-input';
import { startWorkbookRun } from '../../src/excel/bulk/bulk-run';
import { startWorkbookRescreen } from '../../src/excel/bulk/rescreen-run';
import { queueDecisionValidation } from '../../src/excel/bulk/hits-table';
import { hitsColumns } from '../../src/bulk/result-table';
import { DEMO_CREDENTIALS, createSandboxEngine, sandboxTransport } from '../../src/sandbox';
import {
  PICKS,
  checkCarried,
  countedChanges,
  decisionEdits,
  documentedCounts,
  editedList,
  exampleList,
  hitsIndex,
} from '../support/rescreen-scenario';
import { WorkbookFake } from '../support/workbook-fake';
import { bulkMessages } from '../../src/bulk/messages';

/**
 * Issue 16, "a month later", in the add-in on the workbook fake: the same scenario as
 * test/integration/rescreen-cli.test.ts, so both surfaces must give the same counts.
 */
function sandboxAsk(dataRevision: number): AskFn {
  const client = new CheckListsClient({
    addresses: ['https://sandbox.checklists.invalid'],
    credentials: DEMO_CREDENTIALS,
    transport: sandboxTransport(createSandboxEngine({ dataRevision })),
  });
  return (query, options) => client.search(query, options);
}

const COMMON = {
  options: { listdata: ALL_LISTS, search: 1 as const, lowranklimit: 0 },
  lang: 'en' as const,
  mode: 'sandbox' as const,
  modeLabel: { uk: 'ПІСОЧНИЦЯ — вигадані дані', en: 'SANDBOX — fictional data' },
  tuning: { concurrency: 4, chunkRows: 50, flushIntervalMs: 10_000 },
};
/** Run header (12 rows) and a blank row above the results table. */
const TABLE_TOP = 13;

let fake: WorkbookFake;
let restore: () => void;
beforeEach(() => {
  fake = new WorkbookFake();
  restore = fake.install();
});
afterEach(() => restore());

async function firstRun(): Promise<{ results: string; hits: string }> {
  fake.setSheet('Клієнти', exampleList('serial')).select('Клієнти', 'A1');
  const input = await readSelectionInput();
  const before = fake.sheetNames();
  const report = await (
    await startWorkbookRun({ input, mapping: recogniseColumns(input.headers), ...COMMON }, { ask: sandboxAsk(0) })
  ).done;
  expect(report.status).toBe('completed');
  const added = fake.sheetNames().filter((n) => !before.includes(n) && fake.sheetVisibility(n) === 'Visible');
  return { results: added.find((n) => !/hits/.test(n))!, hits: added.find((n) => /hits/.test(n))! };
}

function decideAll(hitsSheet: string): void {
  for (const e of decisionEdits(fake.sheetValues(hitsSheet), 'en')) {
    fake.pasteValues(hitsSheet, cellAddress(e.row, e.column), [e.values]);
  }
}

describe('Screen again on the workbook: a month later', () => {
  it('carries every decision, marks New/Changed, lists Gone, as documented for the revision', async () => {
    const first = await firstRun();
    const hitsGrid = fake.sheetValues(first.hits);
    const at = hitsIndex(hitsGrid[0], 'en');
    const letter = columnLetter(at.decision);
    const reason = columnLetter(at.reason);
    // The Decision and Reason columns have drop-downs, and each refuses a typed typo.
    expect(fake.dataValidations(first.hits)).toEqual([
      expect.objectContaining({
        address: `${letter}2:${letter}${hitsGrid.length}`,
        rule: { list: { inCellDropDown: true, source: decisionList('en').join(',') } },
      }),
      expect.objectContaining({
        address: `${reason}2:${reason}${hitsGrid.length}`,
        rule: { list: { inCellDropDown: true, source: reasonValidation('en').values.join(',') } },
      }),
    ]);
    expect(fake.typeValue(first.hits, `${letter}2`, 'Flase positive')).toBe(false);
    expect(fake.typeValue(first.hits, `${reason}2`, 'because')).toBe(false);
    expect(fake.typeValue(first.hits, `${reason}2`, 'another person')).toBe(true);
    decideAll(first.hits);
    fake.setSheet('Клієнти', editedList(exampleList('serial'), 'serial'));

    const before = fake.sheetNames();
    const report = await (
      await startWorkbookRescreen({ sheetName: first.results, ...COMMON }, { ask: sandboxAsk(1) })
    ).done;
    const documented = documentedCounts(0, 1);
    expect(report.rescreen).toMatchObject(documented);

    const added = fake.sheetNames().filter((n) => !before.includes(n) && fake.sheetVisibility(n) === 'Visible');
    const hits = fake.sheetValues(added.find((n) => /hits/.test(n))!);
    const gone = fake.sheetValues(added.find((n) => /gone/.test(n))!);
    const results = fake.sheetValues(added.find((n) => !/hits|gone/.test(n))!);
    expect(countedChanges(hits, gone, 'en')).toEqual(documented);
    const problems: string[] = [];
    checkCarried(hits, results.slice(TABLE_TOP), 'en', (ok, what) => ok || problems.push(what));
    expect(problems).toEqual([]);
    const nonResident = hits.find((r) => r[at.input] === PICKS[1].input)!;
    expect([nonResident[at.change], nonResident[at.percent], nonResident[at.decision]]).toEqual([
      'Changed: percent 100 → 90',
      90,
      'False positive',
    ]);
    expect(String(results[3][1])).toContain(
      `new ${documented.newHits}, changed ${documented.changedHits}, gone ${documented.goneHits}`,
    );
  });

  it('on Excel below ExcelApi 1.8 the Decision column has no drop-down, and Screen again still carries decisions', async () => {
    restore();
    fake = new WorkbookFake({ excelApi: '1.7' });
    restore = fake.install();
    const list = exampleList('serial');
    fake.setSheet('Клієнти', list).select('Клієнти', `A1:D${list.length}`);
    const input = await readSelectionInput();
    const before = fake.sheetNames();
    expect(
      (
        await (
          await startWorkbookRun({ input, mapping: recogniseColumns(input.headers), ...COMMON }, { ask: sandboxAsk(0) })
        ).done
      ).status,
    ).toBe('completed');
    const added = fake.sheetNames().filter((n) => !before.includes(n) && fake.sheetVisibility(n) === 'Visible');
    const hitsSheet = added.find((n) => /hits/.test(n))!;
    expect(fake.dataValidations(hitsSheet)).toEqual([]);
    decideAll(hitsSheet);
    const report = await (
      await startWorkbookRescreen({ sheetName: added.find((n) => !/hits/.test(n))!, ...COMMON }, { ask: sandboxAsk(1) })
    ).done;
    expect(report.rescreen).toMatchObject(documentedCounts(0, 1));
  });

  it('refuses a typo and a deleted column, naming the sheet and cell, and adds nothing', async () => {
    const first = await firstRun();
    const grid = fake.sheetValues(first.hits);
    const [e] = decisionEdits(grid, 'en');
    fake.pasteValues(first.hits, cellAddress(e.row, e.column), [['Flase positive']]);
    const names = fake.sheetNames();
    const again = () => startWorkbookRescreen({ sheetName: first.results, ...COMMON }, { ask: sandboxAsk(1) });
    await expect(again()).rejects.toThrow(
      `Sheet "${first.hits}", cell ${cellAddress(e.row, e.column)}: "Flase positive" is not a decision.`,
    );

    fake.pasteValues(first.hits, cellAddress(e.row, e.column), [[decisionList('en')[0]]]);
    fake.deleteColumn(first.hits, columnLetter(hitsIndex(grid[0], 'en').reason));
    await expect(again()).rejects.toThrow(
      new RegExp(`Sheet "${first.hits}", header row A1:[A-Z]+1: the column "Reason" is missing`),
    );
    expect(fake.sheetNames()).toEqual(names);
    expect(fake.sheetValues(first.hits)[e.row][e.column]).toBe('False positive');
  });
});

describe('the run’s last batch meets Excel’s rules (issue 32)', () => {
  it('waits for the analyst to finish editing a cell instead of failing after every row was written', async () => {
    // The batch that adds the Decision drop-down arrives while a cell is being edited.
    fake.cellEditStartsAt((p) => p.p === 'rule', 30);
    const first = await firstRun();
    expect(fake.stats.delayedForCellEdit).toBeGreaterThan(0);
    expect(fake.dataValidations(first.hits)).toHaveLength(2);
  });

  it('sets the drop-down again over a column that already holds it on its first rows (a resumed run)', async () => {
    const first = await firstRun();
    const [validation, reasonRule] = fake.dataValidations(first.hits);
    const rows = fake.sheetValues(first.hits).length - 1;
    // A rule on the first half only, as an interrupted end of a run leaves it.
    await Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem(first.hits);
      const column = sheet.getRange(validation.address);
      column.dataValidation.clear();
      const firstHalf = column.getResizedRange(-Math.ceil(rows / 2), 0);
      firstHalf.dataValidation.rule = { list: { inCellDropDown: true, source: 'a,b' } };
      await context.sync();
    });
    const columns = hitsColumns('en');
    await Excel.run(async (context) => {
      queueDecisionValidation(context.workbook.worksheets.getItem(first.hits), columns, 0, rows, 'en');
      await context.sync();
    });
    expect(fake.dataValidations(first.hits)).toEqual([
      expect.objectContaining({ address: validation.address, rule: validation.rule }),
      expect.objectContaining({ address: reasonRule.address, rule: reasonRule.rule }),
    ]);
  });
});

describe('Screen again when the hits table was renamed, converted or lost (issue 32)', () => {
  async function decidedRun(): Promise<{ results: string; hits: string }> {
    const first = await firstRun();
    decideAll(first.hits);
    return first;
  }
  const again = (results: string) =>
    startWorkbookRescreen({ sheetName: results, ...COMMON }, { ask: sandboxAsk(1) }).then((r) => r.done);
  const hitsTableOf = (sheet: string) => fake.tables(sheet).find((t) => /_hits$/.test(t.name))!.name;

  it('a renamed hits table: decisions found by the header row and carried', async () => {
    const first = await decidedRun();
    const name = hitsTableOf(first.hits);
    await Excel.run(async (context) => {
      context.workbook.tables.getItem(name).name = 'MyReview';
      await context.sync();
    });
    const report = await again(first.results);
    expect(report.rescreen).toMatchObject(documentedCounts(0, 1));
  });

  it('a renamed hits table on a renamed sheet: found by the id kept beside its name, decisions carried', async () => {
    const first = await decidedRun();
    const name = hitsTableOf(first.hits);
    await Excel.run(async (context) => {
      context.workbook.tables.getItem(name).name = 'MyReview';
      context.workbook.worksheets.getItem(first.hits).name = 'Review';
      await context.sync();
    });
    const report = await again(first.results);
    expect(report.rescreen).toMatchObject(documentedCounts(0, 1));
  });

  it('a hits table converted to a range: decisions found by the header row and carried', async () => {
    const first = await decidedRun();
    const name = hitsTableOf(first.hits);
    await Excel.run(async (context) => {
      context.workbook.tables.getItem(name).convertToRange();
      await context.sync();
    });
    expect(fake.tables(first.hits)).toEqual([]);
    const report = await again(first.results);
    expect(report.rescreen).toMatchObject(documentedCounts(0, 1));
  });

  it('a deleted hits sheet after a run with hits: refused, naming the table, nothing added', async () => {
    const first = await decidedRun();
    const name = hitsTableOf(first.hits);
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem(first.hits).delete();
      await context.sync();
    });
    const names = fake.sheetNames();
    await expect(again(first.results)).rejects.toThrow(`The hits table "${name}" of "${first.results}" is gone`);
    expect(fake.sheetNames()).toEqual(names);
  });
});

describe('A date stays a date (issue 31)', () => {
  it.each([1900, 1904] as const)(
    'a Decided at date Excel holds as a serial (%s date system) is carried as the date, not the number',
    async (system) => {
      restore();
      fake = new WorkbookFake({ dateSystem: system });
      restore = fake.install();
      const first = await firstRun();
      decideAll(first.hits);
      const grid = fake.sheetValues(first.hits);
      const at = hitsIndex(grid[0], 'en');
      const [e] = decisionEdits(grid, 'en');
      // 2026-10-01 as Excel stores a pasted date in this workbook, shown as a date.
      const serial = (Date.UTC(2026, 9, 1) - Date.UTC(1899, 11, 30)) / 86_400_000 - (system === 1904 ? 1462 : 0);
      const cell = cellAddress(e.row, at.decidedAt);
      fake.pasteValues(first.hits, cell, [[serial]]);
      fake.setNumberFormat(first.hits, cell, 'dd.mm.yyyy');
      const before = fake.sheetNames();
      await (
        await startWorkbookRescreen({ sheetName: first.results, ...COMMON }, { ask: sandboxAsk(1) })
      ).done;
      const hits = fake.sheetValues(fake.sheetNames().find((n) => !before.includes(n) && /hits/.test(n))!);
      const carried = hits.filter((r) => r[at.hitId] === grid[e.row][at.hitId]);
      expect(carried.length).toBeGreaterThan(0);
      for (const r of carried) expect(r[at.decidedAt]).toBe('2026-10-01');
    },
  );
});

describe('Screen again follows the earlier run’s choice for hidden rows', () => {
  /** The results sheet a run added, and its rows' "Row" numbers whose status says they were left out as hidden. */
  function leftOutRows(before: readonly string[]): { sheet: string; rows: unknown[] } {
    const sheet = fake
      .sheetNames()
      .find((n) => !before.includes(n) && fake.sheetVisibility(n) === 'Visible' && !/hits|gone/.test(n))!;
    const values = fake.sheetValues(sheet);
    const status = values[TABLE_TOP].indexOf('Status');
    const hidden = bulkMessages.t('en', 'status.hidden');
    return {
      sheet,
      rows: values
        .slice(TABLE_TOP + 1)
        .filter((r) => r[status] === hidden)
        .map((r) => r[0]),
    };
  }

  it.each([
    ['left out', true, [4, 6]],
    ['screened', false, []],
  ] as const)('hidden rows %s before: the rows hidden now are treated alike', async (_, leaveOutHidden, expected) => {
    fake.setSheet('Клієнти', exampleList('serial')).select('Клієнти', 'A1');
    fake.userHidesRows('Клієнти', [3, 4]);
    const input = await readSelectionInput();
    let before = fake.sheetNames();
    const first = await (
      await startWorkbookRun(
        { input, mapping: recogniseColumns(input.headers), leaveOutHidden, ...COMMON },
        { ask: sandboxAsk(0) },
      )
    ).done;
    expect(first.hiddenRows).toBe(leaveOutHidden ? 2 : 0);
    const { sheet: results } = leftOutRows(before);

    // A month later the filter shows other rows.
    fake.userUnhidesRows('Клієнти', [3]).userHidesRows('Клієнти', [6]);
    before = fake.sheetNames();
    const again = await (await startWorkbookRescreen({ sheetName: results, ...COMMON }, { ask: sandboxAsk(1) })).done;
    expect(again.status).toBe('completed');
    const now = leftOutRows(before);
    expect(now.rows).toEqual(expected);
    expect(again.hiddenRows).toBe(expected.length);
    const note = leaveOutHidden
      ? bulkMessages.t('en', 'input.rowsHiddenLeftOut', { hidden: 2 })
      : bulkMessages.t('en', 'input.rowsHidden');
    expect(fake.sheetValues(now.sheet).slice(0, TABLE_TOP).flat()).toContain(note);
  });
});
