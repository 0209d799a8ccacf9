/**
 * Issue 32, item 4: rows are written by their place in the results table, so an analyst who sorts
 * the table while a run writes it would leave some clients overwritten and others twice. The
 * table hides its filter buttons while the run writes, the run header says not to sort, and the
 * end of the run checks the Row column: if the rows moved, every row is written again from the
 * answers the run already holds.
 */
import { recogniseColumns } from '../../src/bulk/columns';
import type { AskFn } from '../../src/bulk';
import { readSelectionInput } from '../../src/excel/bulk/bulk-input';
import { startWorkbookRun } from '../../src/excel/bulk/bulk-run';
import { RUN_HEADER_ROWS } from '../../src/excel/bulk/bulk-sink';
import { STATE_SHEET_PREFIX } from '../../src/excel/bulk/bulk-state';
import { excelMessages } from '../../src/excel/messages';
import { WorkbookFake } from '../support/workbook-fake';
import { fakeService } from '../support/fake-service';

let fake: WorkbookFake;
let restore: () => void;
beforeEach(() => {
  fake = new WorkbookFake();
  restore = fake.install();
});
afterEach(() => restore());

const CLIENTS = 300;

async function startRun(ask: AskFn, lang: 'uk' | 'en' = 'en') {
  fake
    .setSheet('Clients', [
      ['Name', 'Date of birth'],
      ...Array.from({ length: CLIENTS }, (_, i) => [`Петренко Петро ${i}`, 29000 + i]),
    ])
    .select('Clients', 'A1');
  const input = await readSelectionInput();
  return startWorkbookRun(
    {
      input,
      mapping: recogniseColumns(input.headers),
      options: { listdata: 512n, search: 1, lowranklimit: 0, idUserPC: 'PC' },
      lang,
      mode: 'sandbox',
      modeLabel: { uk: 'ПІСОЧНИЦЯ', en: 'SANDBOX' },
      tuning: { concurrency: 4, chunkRows: 20, flushIntervalMs: 10_000 },
    },
    { ask },
  );
}

function resultsTable() {
  const table = fake
    .tables()
    .find((t) => (t.name.startsWith('CheckLists_') && !t.name.endsWith('_hits')) || t.name === 'MyClients');
  if (!table) throw new Error('no results table');
  return table;
}

/** The results table's data rows: the Row column and the client's name, top to bottom. */
function tableRows(): [unknown, unknown][] {
  const values = fake.sheetValues(resultsTable().sheet);
  return values.slice(RUN_HEADER_ROWS + 2, RUN_HEADER_ROWS + 2 + CLIENTS).map((row) => [row[0], row[1]]);
}

it('a descending sort while the run writes: every client once, in its place, nothing asked twice, and the analyst told', async () => {
  const service = fakeService({ seed: 5 });
  let sorted = false;
  let filterButtonsWhileRunning: boolean | null = null;
  const ask: AskFn = async (query, options) => {
    // About a fifth of the way through, once some rows are on the sheet: the analyst sorts by Row, Z to A.
    if (service.calls.length === 60 && !sorted) {
      sorted = true;
      filterButtonsWhileRunning = resultsTable().showFilterButton;
      fake.userSortsTable(resultsTable().name, 0, 'descending');
    }
    return service.ask(query, options);
  };
  const run = await startRun(ask);
  const report = await run.done;
  expect(sorted).toBe(true);
  expect(filterButtonsWhileRunning).toBe(false);
  expect(report.status).toBe('completed');
  expect(report.notice?.en).toBe(excelMessages.t('en', 'excel.run.tableRewritten'));
  // Written again from the answers the run held: each client asked once.
  expect(service.calls).toHaveLength(CLIENTS);
  const rows = tableRows();
  expect(rows.map(([row]) => row)).toEqual(Array.from({ length: CLIENTS }, (_, i) => i + 2));
  expect(rows.map(([, name]) => name)).toEqual(Array.from({ length: CLIENTS }, (_, i) => `Петренко Петро ${i}`));
  expect(resultsTable().showFilterButton).toBe(true);
  expect(fake.sheetNames().filter((n) => n.startsWith(STATE_SHEET_PREFIX))).toEqual([]);
});

it('an undisturbed run hides the filter buttons while it writes, shows them at the end, and says nothing more', async () => {
  const service = fakeService({ seed: 6 });
  let filterButtonsWhileRunning: boolean | null = null;
  const ask: AskFn = async (query, options) => {
    if (service.calls.length === 100) filterButtonsWhileRunning = resultsTable().showFilterButton;
    return service.ask(query, options);
  };
  const report = await (await startRun(ask, 'uk')).done;
  expect(filterButtonsWhileRunning).toBe(false);
  expect(report.notice).toBeUndefined();
  expect(resultsTable().showFilterButton).toBe(true);
  expect(tableRows().map(([row]) => row)).toEqual(Array.from({ length: CLIENTS }, (_, i) => i + 2));
});

it('a results table renamed while the run writes it costs the run nothing at its end', async () => {
  const service = fakeService({ seed: 7 });
  let renamed = false;
  const ask: AskFn = async (query, options) => {
    if (service.calls.length === 100 && !renamed) {
      renamed = true;
      const name = resultsTable().name;
      await Excel.run(async (context) => {
        context.workbook.tables.getItem(name).name = 'MyClients';
        await context.sync();
      });
    }
    return service.ask(query, options);
  };
  const report = await (await startRun(ask)).done;
  expect(renamed).toBe(true);
  expect(report.status).toBe('completed');
  expect(fake.tables().map((t) => t.name)).toContain('MyClients');
  expect(tableRows().map(([row]) => row)).toEqual(Array.from({ length: CLIENTS }, (_, i) => i + 2));
});

it('a filter while the run writes hides rows but moves none: hidden clients are written in their place, the filter kept', async () => {
  const service = fakeService({ seed: 8 });
  let filtered = false;
  const ask: AskFn = async (query, options) => {
    if (service.calls.length === 60 && !filtered) {
      filtered = true;
      // Data → Filter, then "Row" ≤ 30: the rows below are hidden while the run goes on writing them.
      fake.userFiltersTable(resultsTable().name, 0, (value) => typeof value === 'number' && value <= 30);
    }
    return service.ask(query, options);
  };
  const report = await (await startRun(ask)).done;
  expect(filtered).toBe(true);
  expect(report.status).toBe('completed');
  expect(report.notice).toBeUndefined();
  const rows = tableRows();
  expect(rows.map(([row]) => row)).toEqual(Array.from({ length: CLIENTS }, (_, i) => i + 2));
  expect(rows.map(([, name]) => name)).toEqual(Array.from({ length: CLIENTS }, (_, i) => `Петренко Петро ${i}`));
  // The analyst's filter is theirs to clear: rows 32 onward (Row > 30) stay hidden.
  const firstBodyRow = RUN_HEADER_ROWS + 3;
  expect(fake.hiddenRows(resultsTable().sheet)[0]).toBe(firstBodyRow + 29);
  expect(service.calls).toHaveLength(CLIENTS);
});
