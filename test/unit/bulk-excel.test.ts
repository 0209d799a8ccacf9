import { recogniseColumns } from '../../src/bulk/columns';
import type { BulkProgress } from '../../src/bulk';
import { readSelectionInput } from '../../src/excel/bulk/bulk-input';
import { resumableRuns, resumeWorkbookRun, startWorkbookRun } from '../../src/excel/bulk/bulk-run';
import { STATE_SHEET_PREFIX, workbookRunStateStore } from '../../src/excel/bulk/bulk-state';
import { WorkbookFake } from '../support/workbook-fake';
import { listdataForRegistries } from '../../src/core/protocol/listdata';
import { REGISTRY_KEYS, registryDef, type RegistryKey } from '../../src/core/protocol/registries';
import { bulkAnswer, fakeService } from '../support/fake-service';
import { bulkMessages } from '../../src/bulk/messages';

const HEADERS = ['ПІБ', 'Дата народження', 'ІПН', 'Примітка'];
const SOME: RegistryKey[] = ['peps', 'psanctions', 'lostdocs', 'edr', 'wanted', 'zrada'];

function clientRows(count: number): (string | number | null)[][] {
  const rows: (string | number | null)[][] = [HEADERS];
  for (let i = 0; i < count; i++) {
    const hostile = ['=HYPERLINK("http://x","y")', '+380 44 000', '@SUM(A1)', '-1+2'][i % 4];
    const name = i % 9 === 0 ? hostile : i % 11 === 0 ? `Person ${i} HIT` : `Person ${i % 150}`;
    rows.push([
      name,
      i % 20 === 5 ? '31.02.1990' : 29000 + (i % 300),
      i % 3 === 0 ? '0123456789' : null,
      i % 4 === 0 ? '=1+1' : 'note',
    ]);
  }
  return rows;
}

let fake: WorkbookFake;
let restore: () => void;
beforeEach(() => {
  fake = new WorkbookFake();
  restore = fake.install();
});
afterEach(() => restore());

function request(input: Awaited<ReturnType<typeof readSelectionInput>>) {
  return {
    input,
    mapping: recogniseColumns(input.headers),
    options: { listdata: 512n, search: 1 as const, lowranklimit: 0, idUserPC: '=PC' },
    lang: 'uk' as const,
    mode: 'sandbox' as const,
    modeLabel: { uk: 'ПІСОЧНИЦЯ', en: 'SANDBOX' },
    tuning: { concurrency: 4, chunkRows: 100, flushIntervalMs: 10_000 },
  };
}

function resultsSheet(): string {
  const name = fake.sheetNames().find((n) => /^CheckLists \d{4}-\d{2}-\d{2} \d{2}-\d{2}/.test(n));
  if (!name) throw new Error(`no results sheet in ${fake.sheetNames().join(', ')}`);
  return name;
}

describe('bulk run on the workbook', () => {
  it('writes one table row per input row, safely, in few syncs, and leaves no state behind', async () => {
    fake.setSheet('Clients', clientRows(600)).select('Clients', 'B7');
    const input = await readSelectionInput();
    expect(input.source).toBe('Clients!A1:D601');
    expect(input.aboveHeader).toBe(0);
    expect(request(input).mapping).toEqual({ name: 0, date: 1, ipn: 2 });
    fake.resetStats();

    const service = fakeService({ seed: 11 });
    const run = await startWorkbookRun(request(input), { ask: service.ask });
    const report = await run.done;
    expect(report.status).toBe('completed');

    const sheet = resultsSheet();
    const [table] = fake.tables(sheet);
    expect(table.address).toBe(`'${sheet}'!A14:${table.address.split(':')[1]}`);
    expect(table.headers.slice(0, 5)).toEqual(['Рядок', ...HEADERS]);
    const values = fake.sheetValues(sheet);
    const body = values.slice(14, 14 + 600);
    expect(body).toHaveLength(600);
    expect(body.map((r) => r[0])).toEqual(Array.from({ length: 600 }, (_, i) => i + 2));
    // Input text comes back exactly, hostile or not, and as text.
    const source = clientRows(600).slice(1);
    body.forEach((r, i) => expect(r[1]).toBe(source[i][0]));
    expect(fake.cell(sheet, 'B15').quotePrefix).toBe(true);
    expect(fake.cell(sheet, 'C16').numberFormat).toBe('yyyy-mm-dd');
    expect(body[0][3]).toBe('0123456789');

    for (const name of fake.sheetNames()) expect(fake.formulaCells(name)).toEqual([]);
    expect(fake.stats.maxSyncBytes).toBeLessThan(4 * 1024 * 1024);
    // One sync per flush for the rows, one for the checkpoint, a few to set up and finish:
    // it follows the 6 chunks of 100 rows, not the 600 rows.
    // (The end reads the Row column once, to find rows a sort moved, and gives the table its
    // sort and filter buttons back in two syncs of their own, and its print layout in one more.)
    expect(fake.stats.syncs).toBeLessThanOrEqual(16 + 2 * Math.ceil(600 / 100));
    expect(fake.stats.droppedOps).toBe(0);

    const formats = fake.conditionalFormats(sheet);
    const formulas = formats.map((f) => f.formula ?? '');
    expect(formulas[0]).toContain('"Високий"');
    expect(formulas[1]).toContain('"Низький"');
    expect(formulas[2]).toContain('LEFT(');
    // Then one format over the registry columns, relative to its first cell: a count above zero
    // colours its own cell, not the row.
    expect(formats).toHaveLength(4);
    expect(formulas[3]).toMatch(/^=AND\(ISNUMBER\([A-Z]+15\),[A-Z]+15>0\)$/);
    const pepColumn = table.headers.indexOf('ПЕП');
    expect(pepColumn).toBeGreaterThan(0);
    expect(formats[3].address).toMatch(new RegExp(`^${String.fromCharCode(65 + pepColumn)}15:`));
    // Frozen under the table's header: 12 run header rows, a blank one, the header.
    expect(fake.frozen(sheet)).toEqual({ rows: 14, columns: 0 });
    const statusIndex = table.headers.indexOf('Стан');
    expect(body.filter((r) => String(r[statusIndex]).startsWith('некоректні дані:'))).toHaveLength(30);

    const hitsSheet = fake.sheetNames().find((n) => n.startsWith('CheckLists збіги'))!;
    const [hitsTable] = fake.tables(hitsSheet);
    expect(hitsTable.headers[0]).toBe('Рядок джерела');
    expect(fake.sheetValues(hitsSheet).length - 1).toBe(report.rowsWithHits);
    expect(fake.sheetNames().some((n) => n.startsWith(STATE_SHEET_PREFIX))).toBe(false);
    const header = values.slice(0, 12).map((r) => r[1]);
    expect(header).toContain('=PC');
    expect(header).toContain('ПІСОЧНИЦЯ');
  });

  it('refuses rows whose name or date cell holds an Excel error, asking nothing for them', async () => {
    // Range.values reads an error cell as its text: a failed VLOOKUP would otherwise be screened as "#N/A".
    fake
      .setSheet(
        'Clients',
        [
          HEADERS,
          ['Person 1', 29000, null, 'note'],
          ['#N/A', 29001, null, 'lookup failed'],
          ['Person 2', '#VALUE!', null, null],
        ],
        { typed: true },
      )
      .select('Clients', 'A1');
    expect(fake.cell('Clients', 'A3').type).toBe('Error');
    const input = await readSelectionInput();
    expect(input.rows[1][0]).toBe('#N/A');
    const service = fakeService({ seed: 3 });
    const report = await (await startWorkbookRun(request(input), { ask: service.ask })).done;
    expect(report.status).toBe('completed');
    expect(service.calls.map((c) => c.query.name)).toEqual(['Person 1']);
    const sheet = resultsSheet();
    const [table] = fake.tables(sheet);
    const status = table.headers.indexOf('Стан');
    const body = fake.sheetValues(sheet).slice(14, 17);
    expect(body.map((r) => r[status])).toEqual([
      expect.not.stringMatching(/^некоректні/),
      'некоректні дані: ПІБ: у клітинці помилка Excel #N/A: виправте формулу чи дані й перевірте рядок знову.',
      'некоректні дані: Дата народження: у клітинці помилка Excel #VALUE!: виправте формулу чи дані й перевірте рядок знову.',
    ]);
    // Echoed as text, not as an error value of the results sheet.
    expect(body[1][1]).toBe('#N/A');
    expect(fake.cell(sheet, 'B16').type).toBe('String');
  });

  it('reads a list from its headers when a title sits right above them, inside the region a click reads', async () => {
    fake
      .setSheet('Clients', [
        ['Перелік клієнтів станом на 01.11.2026', null, null, null],
        HEADERS,
        ['Person 1 HIT', 29000, null, null],
        ['Person 2', 29001, null, null],
      ])
      .select('Clients', 'A3');
    const input = await readSelectionInput();
    expect(input.source).toBe('Clients!A2:D4');
    expect(input.aboveHeader).toBe(1);
    expect(input.headers).toEqual(HEADERS);
    expect(input.rows.map((r) => r[0])).toEqual(['Person 1 HIT', 'Person 2']);
    expect(request(input).mapping).toEqual({ name: 0, date: 1, ipn: 2 });
    const service = fakeService({ seed: 3 });
    const report = await (await startWorkbookRun(request(input), { ask: service.ask })).done;
    expect(report.status).toBe('completed');
    // The title is nobody: only the two clients are asked, each with its birth date.
    expect(service.calls.map((c) => [c.query.name, c.query.date])).toEqual([
      ['Person 1 HIT', '1979-05-25'],
      ['Person 2', '1979-05-26'],
    ]);
    const body = fake.sheetValues(resultsSheet()).slice(14, 16);
    expect(body.map((r) => r[0])).toEqual([3, 4]);
  });

  it('reads a filtered list whole, says rows are hidden, screens every one and says so in the results header', async () => {
    fake
      .setSheet('Clients', [
        HEADERS,
        ['Person 1', 29000, null, null],
        ['Person 2', 29001, null, null],
        ['Person 3', 29002, null, null],
      ])
      .addTable('Clients', 'A1:D4', 'Clients')
      .userFiltersTable('Clients', 0, (value) => value !== 'Person 2')
      .select('Clients', 'B3');
    const input = await readSelectionInput();
    expect(input.rowsHidden).toBe(true);
    expect(input.rows.map((r) => r[0])).toEqual(['Person 1', 'Person 2', 'Person 3']);
    const service = fakeService({ seed: 3 });
    const report = await (await startWorkbookRun(request(input), { ask: service.ask })).done;
    expect(report.status).toBe('completed');
    expect(service.calls.map((c) => c.query.name)).toEqual(['Person 1', 'Person 2', 'Person 3']);
    const header = fake.sheetValues(resultsSheet()).slice(0, 14).flat();
    expect(header).toContain(bulkMessages.t('uk', 'input.rowsHidden'));
    // The filter cleared: nothing to say.
    fake.userFiltersTable('Clients', 0, () => true);
    expect((await readSelectionInput()).rowsHidden).toBe(false);
  });

  it('leaves the hidden rows out when the analyst chooses the rows shown: each accounted for, none asked, the same after a resume with the filter gone', async () => {
    const rows = clientRows(300);
    fake.setSheet('Clients', rows).select('Clients', 'A1:D301');
    // Sheet rows 2-11 hidden as a block and every 7th row by hand: 10 + 41 rows, 42 runs.
    const hidden = [
      ...Array.from({ length: 10 }, (_, i) => i + 2),
      ...Array.from({ length: 41 }, (_, i) => 14 + 7 * i),
    ];
    fake.userHidesRows('Clients', hidden);
    const input = await readSelectionInput();
    expect(input.rowsHidden).toBe(true);
    expect(input.hiddenRows).toHaveLength(42);
    expect(input.hiddenRows?.[0]).toEqual([0, 10]);
    expect(input.hiddenRows?.[1]).toEqual([12, 1]);
    const shownNames = rows.slice(1).filter((_, i) => !hidden.includes(i + 2));

    const service = fakeService({ seed: 6 });
    let cancelled = false;
    const onProgress = (p: BulkProgress) => {
      if (!cancelled && p.rowsDone >= 120) {
        cancelled = true;
        run.cancel();
      }
    };
    const run = await startWorkbookRun({ ...request(input), leaveOutHidden: true }, { ask: service.ask, onProgress });
    expect((await run.done).status).toBe('cancelled');
    // The filter cleared before the resume: the rows hidden when the run began stay left out.
    fake.userUnhidesRows('Clients', hidden);
    const resumed = await resumeWorkbookRun(
      run.runId,
      { ask: service.ask, mode: 'sandbox', modeLabel: { uk: 'ПІСОЧНИЦЯ', en: 'SANDBOX' } },
      { concurrency: 4, chunkRows: 100, flushIntervalMs: 10_000 },
    );
    const report = await resumed!.done;
    expect(report.status).toBe('completed');
    expect(report.hiddenRows).toBe(51);

    const asked = new Set(service.calls.map((c) => c.query.name));
    for (const name of asked) expect(shownNames.map((r) => r[0])).toContain(name);
    expect(new Set(service.asked).size).toBe(service.asked.length);
    const values = fake.sheetValues(resultsSheet());
    const body = values.slice(14, 14 + 300);
    const status = values[13].indexOf(bulkMessages.t('uk', 'col.status'));
    const leftOut = body.filter((r) => r[status] === bulkMessages.t('uk', 'status.hidden')).map((r) => r[0]);
    expect(leftOut).toEqual(hidden);
    expect(values.slice(0, 14).flat()).toContain(bulkMessages.t('uk', 'input.rowsHiddenLeftOut', { hidden: 51 }));
  });

  it('prints landscape, one page wide, the header on every page; folds registries no client was found in (issue 31, item 9)', async () => {
    fake.setSheet('Clients', clientRows(120)).select('Clients', 'A1');
    const input = await readSelectionInput();
    const asked = { ...request(input), options: { ...request(input).options, listdata: listdataForRegistries(SOME) } };
    const report = await (await startWorkbookRun(asked, { ask: fakeService({ seed: 11 }).ask })).done;
    expect(report.status).toBe('completed');
    const sheet = resultsSheet();
    const hitsSheet = fake.sheetNames().find((n) => n.startsWith('CheckLists збіги'))!;
    for (const [name, titles] of [
      [sheet, '$14:$14'],
      [hitsSheet, '$1:$1'],
    ] as const) {
      expect(fake.pageLayout(name)).toEqual({
        orientation: 'Landscape',
        zoom: { horizontalFitToPages: 1, verticalFitToPages: 0 },
        printTitleRows: titles,
      });
    }
    const [table] = fake.tables(sheet);
    const body = fake.sheetValues(sheet).slice(14, 14 + 120);
    // The registries' own columns, however many the lists asked for bring (zrada's lists reach okupant too).
    const labels = new Set(REGISTRY_KEYS.map((key) => registryDef(key).shortLabel.uk));
    const registryColumns = table.headers.flatMap((h, i) => (labels.has(String(h)) ? [i] : []));
    expect(registryColumns.length).toBeGreaterThanOrEqual(SOME.length);
    const letter = (i: number) => String.fromCharCode(65 + i);
    const quiet = registryColumns.filter((i) => body.every((r) => r[i] === 0 || r[i] === ''));
    const shown = registryColumns.filter((i) => !quiet.includes(i));
    expect(quiet.length).toBeGreaterThan(0);
    expect(shown.length).toBeGreaterThan(0);
    expect(fake.columnGroups(sheet)).toEqual({ grouped: quiet.map(letter), hidden: quiet.map(letter) });
  });

  it('an Excel without page layout or outlines (ExcelApi 1.8) finishes the run as before', async () => {
    restore();
    fake = new WorkbookFake({ excelApi: '1.8' });
    restore = fake.install();
    fake.setSheet('Clients', clientRows(40)).select('Clients', 'A1');
    const input = await readSelectionInput();
    const asked = { ...request(input), options: { ...request(input).options, listdata: listdataForRegistries(SOME) } };
    const report = await (await startWorkbookRun(asked, { ask: fakeService({ seed: 11 }).ask })).done;
    expect(report.status).toBe('completed');
    expect(fake.pageLayout(resultsSheet()).orientation).toBe('Portrait');
    expect(fake.columnGroups(resultsSheet())).toEqual({ grouped: [], hidden: [] });
  });

  it('cancelled half way, resumed from the workbook state: same sheet as an uninterrupted run, nobody asked twice', async () => {
    fake.setSheet('Clients', clientRows(400)).select('Clients', 'A1:D401');
    const reference = await (
      await startWorkbookRun(request(await readSelectionInput()), { ask: fakeService({ seed: 2 }).ask })
    ).done;
    expect(reference.status).toBe('completed');
    const referenceValues = fake.sheetValues(resultsSheet()).slice(14);

    const service = fakeService({ seed: 2 });
    let cancelled = false;
    const onProgress = (p: BulkProgress) => {
      if (!cancelled && p.rowsDone >= 200) {
        cancelled = true;
        run.cancel();
      }
    };
    fake.select('Clients', 'A1:D401');
    const run = await startWorkbookRun(request(await readSelectionInput()), { ask: service.ask, onProgress });
    const first = await run.done;
    expect(first.status).toBe('cancelled');
    const sheet = first.output.resultsSheet;
    const [listed] = await resumableRuns();
    expect(listed).toMatchObject({ runId: run.runId, status: 'cancelled', rowCount: 400 });
    const stateSheet = fake.sheetNames().find((n) => n.startsWith(STATE_SHEET_PREFIX))!;
    expect(stateSheet).toBeDefined();
    expect(fake.sheetVisibility(stateSheet)).toBe('VeryHidden');

    const sandbox = { mode: 'sandbox' as const, modeLabel: { uk: 'ПІСОЧНИЦЯ', en: 'SANDBOX' } };
    // Credentials saved meanwhile: the add-in now asks the live service, which must not finish a sandbox run.
    await expect(
      resumeWorkbookRun(
        run.runId,
        { ask: service.ask, mode: 'live', modeLabel: { uk: 'Сервіс', en: 'Live service' } },
        { concurrency: 4, chunkRows: 100, flushIntervalMs: 10_000 },
      ),
    ).rejects.toThrow(/started on "SANDBOX" and the add-in now uses "Live service"/);
    expect(new Set(service.asked).size).toBe(service.asked.length);
    const askedBeforeResume = service.asked.length;

    const resumed = await resumeWorkbookRun(
      run.runId,
      { ask: service.ask, ...sandbox },
      { concurrency: 4, chunkRows: 100, flushIntervalMs: 10_000 },
    );
    const second = await resumed!.done;
    expect(second.status).toBe('completed');
    expect(service.asked.length).toBeGreaterThan(askedBeforeResume);
    expect(new Set(service.asked).size).toBe(service.asked.length);
    const values = fake.sheetValues(sheet).slice(14);
    // Request id, response time and relay audit no. (blank here) are each run's own.
    const stable = (rows: (string | number | boolean)[][]) => rows.map((r) => r.slice(0, -3));
    expect(stable(values)).toEqual(stable(referenceValues));
    expect(fake.sheetNames().some((n) => n.startsWith(STATE_SHEET_PREFIX))).toBe(false);
    expect(await workbookRunStateStore().list()).toEqual([]);
  });

  it('a run begun by an older add-in (a narrower results table) resumes into its own columns, nothing beside the table', async () => {
    fake.setSheet('Clients', clientRows(120)).select('Clients', 'A1:D121');
    // Through a relay: every answer names its audit row, the column added after the older add-in.
    const service = fakeService({
      seed: 4,
      answer: (query, idrequest) => ({ ...bulkAnswer(query, idrequest), relay_audit_id: 500 + idrequest }),
    });
    let cancelled = false;
    const onProgress = (p: BulkProgress) => {
      if (!cancelled && p.rowsDone >= 40) {
        cancelled = true;
        run.cancel();
      }
    };
    const run = await startWorkbookRun(request(await readSelectionInput()), { ask: service.ask, onProgress });
    expect((await run.done).status).toBe('cancelled');
    const sheet = resultsSheet();
    const [table] = fake.tables(sheet);
    const header = fake.sheetValues(sheet)[13];
    const lastColumn = String.fromCharCode(64 + header.length);
    expect(header[header.length - 1]).toBe(bulkMessages.t('uk', 'col.relayAudit'));
    // What the older add-in made: the table without the last column.
    fake.deleteColumn(sheet, lastColumn);
    const older = fake.tables(sheet)[0];
    expect(older.headers).toEqual(table.headers.slice(0, -1));

    const resumed = await resumeWorkbookRun(
      run.runId,
      { ask: service.ask, mode: 'sandbox', modeLabel: { uk: 'ПІСОЧНИЦЯ', en: 'SANDBOX' } },
      { concurrency: 4, chunkRows: 50, flushIntervalMs: 10_000 },
    );
    expect((await resumed!.done).status).toBe('completed');
    expect(fake.tables(sheet)[0]).toMatchObject({ address: older.address, headers: older.headers });
    const width = older.headers.length;
    const rows = fake.sheetValues(sheet).slice(13);
    expect(rows).toHaveLength(121);
    // Every row of the run written within the table: no cell to the right of it.
    for (const row of rows) expect(row.slice(width).filter((v) => v !== '')).toEqual([]);
  });
});
