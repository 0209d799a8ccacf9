import { recogniseColumns } from '../../src/bulk/columns';
import type { BulkProgress } from '../../src/bulk';
import { listdataForRegistries } from '../../src/core/protocol/listdata';
import type { RequestScheduler } from '../../src/core/request/scheduler';
import { readSelectionInput } from '../../src/excel/bulk/bulk-input';
import {
  resumableRuns,
  resumeWorkbookRun,
  startWorkbookRun,
  type WorkbookRunRequest,
} from '../../src/excel/bulk/bulk-run';
import { STATE_SHEET_PREFIX } from '../../src/excel/bulk/bulk-state';
import { DEMO_CREDENTIALS, createSandboxEngine } from '../../src/sandbox';
import { WorkbookFake } from '../support/workbook-fake';
import {
  LIST_HEADERS,
  countOf,
  distinctSubjects,
  makeClientList,
  schedulerFor,
  startCounting,
  startPair,
  type CountingServer,
  type ListRow,
} from './bulk-fixtures';

jest.setTimeout(120_000);

/**
 * The acceptance, end to end: a 2,000-row list in the workbook fake, the real engine,
 * the shared scheduler and the core client over HTTP to two sandbox instances on loopback
 * (primary and reserve, 5% 5xx each), requests counted at the servers.
 */
const ROWS = 2_000;
const TABLE_TOP = 14;
const CONCURRENCY = 4;
const TUNING = { concurrency: CONCURRENCY, chunkRows: 250, flushIntervalMs: 60_000 };
const LISTDATA = listdataForRegistries(['peps', 'psanctions', 'lostdocs']);

let fake: WorkbookFake;
let restore: () => void;
const running: CountingServer[] = [];

beforeEach(() => {
  fake = new WorkbookFake();
  restore = fake.install();
});
afterEach(async () => {
  restore();
  await Promise.all(running.splice(0).map((s) => s.server.close()));
});

async function pair(extra = {}, engine = createSandboxEngine()): Promise<CountingServer[]> {
  const servers = await startPair(extra, engine);
  running.push(...servers);
  return servers;
}

function putList(rows: readonly ListRow[]): void {
  fake.setSheet('Clients', [LIST_HEADERS, ...rows.map((r) => r.cells)]).select('Clients', 'B2');
}

const SANDBOX_LABEL = { uk: 'ПІСОЧНИЦЯ — вигадані дані', en: 'SANDBOX — fictional data' };

async function request(): Promise<WorkbookRunRequest> {
  const input = await readSelectionInput();
  return {
    input,
    mapping: recogniseColumns(input.headers),
    options: { listdata: LISTDATA, search: 1, lowranklimit: 0, idUserPC: 'ACCEPTANCE' },
    lang: 'en',
    mode: 'sandbox',
    modeLabel: SANDBOX_LABEL,
    tuning: TUNING,
  };
}

function ask(scheduler: RequestScheduler) {
  return (q: Parameters<RequestScheduler['ask']>[0], o: Parameters<RequestScheduler['ask']>[1]) => scheduler.ask(q, o);
}

/** The results table body as the sheet holds it, and the index of each column by header. */
function resultsBody(sheet: string): { rows: (string | number | boolean)[][]; col: (header: string) => number } {
  const [table] = fake.tables(sheet);
  const rows = fake.sheetValues(sheet).slice(TABLE_TOP, TABLE_TOP + ROWS);
  return { rows, col: (h) => table.headers.indexOf(h) };
}

/** Everything but idrequest, response time and relay audit no. (blank here), which differ between any two runs. */
const comparable = (rows: (string | number | boolean)[][]) => rows.map((r) => r.slice(0, -3));

describe('bulk screening acceptance (sandbox over HTTP, workbook fake)', () => {
  it('2,000 rows: one result row each, in order, correct statuses, one request per distinct subject, no formulas, small syncs', async () => {
    const engine = createSandboxEngine();
    const servers = await pair({}, engine);
    const list = makeClientList(ROWS, engine);
    putList(list);
    const scheduler = schedulerFor(
      servers.map((s) => s.server.url),
      CONCURRENCY,
    );
    const req = await request();
    expect(req.mapping).toEqual({ name: 0, date: 1, ipn: 2, doc: 3 });
    fake.resetStats();

    const run = await startWorkbookRun(req, { ask: ask(scheduler) });
    const report = await run.done;
    expect(report.status).toBe('completed');
    const sheet = report.output.resultsSheet;

    const { rows, col } = resultsBody(sheet);
    expect(rows).toHaveLength(ROWS);
    expect(fake.sheetValues(sheet)[TABLE_TOP + ROWS]).toBeUndefined();
    expect(rows.map((r) => r[col('Row')])).toEqual(list.map((_, i) => i + 2));
    rows.forEach((r, i) => expect(r[col('ПІБ')]).toBe(list[i].cells[0]));

    const status = rows.map((r) => String(r[col('Status')]));
    const resultCells = (r: (string | number | boolean)[]) => r.slice(col('Overall level'));
    const firstOf = new Map<number, number>();
    list.forEach((row, i) => {
      if (row.kind === 'invalid') expect(status[i]).toMatch(/^invalid input: /);
      else expect(status[i]).toMatch(/^(ok: \d+ hits?|no hits)$/);
      if (row.kind === 'known') {
        expect(status[i]).toMatch(/^ok: /);
        expect(rows[i][col('PEP')]).toBeGreaterThan(0);
      }
      if (row.subject >= 0 && !firstOf.has(row.subject)) firstOf.set(row.subject, i);
      if (row.kind === 'duplicate') expect(resultCells(rows[i])).toEqual(resultCells(rows[firstOf.get(row.subject)!]));
    });
    expect(status.filter((s) => s.startsWith('invalid input:'))).toHaveLength(200);
    expect(rows.filter((r) => r[col('Overall level')] === 'High').length).toBeGreaterThan(50);

    // One answered request per distinct valid subject; the injected 5xx were retried elsewhere.
    const distinct = distinctSubjects(list);
    const answered = countOf(servers, (s) => s === 200);
    const failed = countOf(servers, (s) => s >= 500);
    expect(answered).toBe(distinct);
    expect(failed).toBeGreaterThan(0);
    expect(countOf(servers, () => true)).toBe(answered + failed);
    expect(engine.usage(DEMO_CREDENTIALS)).toBe(distinct);

    for (const name of fake.sheetNames()) expect(fake.formulaCells(name)).toEqual([]);
    expect(list.some((r) => r.hostile)).toBe(true);
    list.forEach((row, i) => {
      if (row.hostile) {
        expect(fake.cell(sheet, `B${TABLE_TOP + i + 1}`)).toMatchObject({
          value: row.cells[0],
          formula: null,
          type: 'String',
        });
      }
    });
    expect(fake.stats.maxSyncBytes).toBeLessThan(4 * 1024 * 1024);
    expect(fake.stats.droppedOps).toBe(0);
    // Set-up and finish cost a handful of syncs; the rest follows the chunks (a write and a checkpoint each).
    expect(report.chunksWritten).toBe(Math.ceil(ROWS / TUNING.chunkRows));
    expect(fake.stats.syncs).toBeLessThanOrEqual(16 + 2 * report.chunksWritten);
    console.log(
      `acceptance: ${ROWS} rows, ${distinct} distinct subjects, HTTP ${answered} answered + ${failed} 5xx, ` +
        `${fake.stats.syncs} syncs for ${report.chunksWritten} chunks, max ${fake.stats.maxSyncBytes} bytes per sync, ${report.elapsedMs} ms`,
    );

    const hitsSheet = report.output.hitsSheet;
    const [hitsTable] = fake.tables(hitsSheet);
    expect(hitsTable.headers).toEqual([
      'Source row',
      'Input name',
      'Registry',
      'Record id',
      'Name in registry',
      'Match %',
      'Level',
      'Birth date',
      'Key details',
      'Why (rules v2)',
      'Suggested',
      'Change',
      'Decision',
      'Reason',
      'Comment',
      'Decided by',
      'Decided at',
      'Hit ID',
      'Record fingerprint',
    ]);
    const hitRows = fake.sheetValues(hitsSheet).slice(1);
    const totalHits = rows.reduce(
      (n, r) => n + ['PEP', 'Sanctions', 'Lost docs'].reduce((m, h) => m + Number(r[col(h)] || 0), 0),
      0,
    );
    expect(hitRows).toHaveLength(totalHits);
    const header = fake.sheetValues(sheet).slice(0, 12);
    expect(header.map((r) => r[0])).toEqual(
      expect.arrayContaining(['Started', 'IDuserPC', 'Registries', 'listdata', 'Search method', 'Service']),
    );
    expect(header.find((r) => r[0] === 'Service')?.[1]).toBe('SANDBOX — fictional data');
    expect(header.find((r) => r[0] === 'listdata')?.[1]).toBe(String(LISTDATA));
  });

  it('cancelled half way and resumed: the same sheet as an uninterrupted run, no subject asked twice', async () => {
    const referenceServers = await pair();
    const list = makeClientList(ROWS, referenceServers[0].server.engine);
    putList(list);
    const reference = await (
      await startWorkbookRun(await request(), {
        ask: ask(schedulerFor(referenceServers.map((s) => s.server.url))),
      })
    ).done;
    const expected = comparable(resultsBody(reference.output.resultsSheet).rows);

    const servers = await pair();
    const scheduler = schedulerFor(servers.map((s) => s.server.url));
    let cancelledAt = 0;
    const onProgress = (p: BulkProgress) => {
      if (!cancelledAt && p.rowsDone >= ROWS / 2) {
        cancelledAt = p.rowsDone;
        run.cancel();
      }
    };
    fake.select('Clients', 'B2');
    const run = await startWorkbookRun(await request(), { ask: ask(scheduler), onProgress });
    const first = await run.done;
    expect(first.status).toBe('cancelled');
    expect(first.rowsWritten).toBeLessThan(ROWS);
    const answeredBefore = countOf(servers, (s) => s === 200);
    expect(answeredBefore).toBeLessThan(distinctSubjects(list));
    const [listing] = await resumableRuns();
    expect(listing).toMatchObject({ runId: run.runId, status: 'cancelled' });

    const resumed = await resumeWorkbookRun(
      run.runId,
      { ask: ask(scheduler), mode: 'sandbox', modeLabel: SANDBOX_LABEL },
      TUNING,
    );
    const second = await resumed!.done;
    expect(second.status).toBe('completed');
    expect(second.requests).toBe(distinctSubjects(list) - answeredBefore);
    expect(countOf(servers, (s) => s === 200)).toBe(distinctSubjects(list));
    expect(comparable(resultsBody(first.output.resultsSheet).rows)).toEqual(expected);
    expect(fake.sheetValues(first.output.hitsSheet).map((r) => r.slice(0, 7))).toEqual(
      fake.sheetValues(reference.output.hitsSheet).map((r) => r.slice(0, 7)),
    );
    expect(fake.sheetNames().filter((n) => n.startsWith(STATE_SHEET_PREFIX))).toEqual([]);
    for (const name of fake.sheetNames()) expect(fake.formulaCells(name)).toEqual([]);
  });

  it('a quota error at row 700 stops within the requests in flight, says so, and a later resume finishes', async () => {
    const engine = createSandboxEngine();
    const list = makeClientList(ROWS, engine);
    // The quota runs out exactly when the first subject after row 700 is asked.
    const quota = distinctSubjects(list, 700);
    const servers = await pair({ quota }, engine);
    putList(list);
    const scheduler = schedulerFor(servers.map((s) => s.server.url));
    const run = await startWorkbookRun(await request(), { ask: ask(scheduler) });
    const report = await run.done;

    expect(report.status).toBe('stopped-account');
    expect(report.stop).toMatchObject({ kind: 'account', accountCode: 11, quota: true });
    expect(engine.usage(DEMO_CREDENTIALS)).toBe(quota);
    const refused = countOf(servers, (s) => s === 403);
    expect(refused).toBeGreaterThanOrEqual(1);
    // Nothing new is sent once the first refusal arrives: only what was already on the wire.
    expect(refused).toBeLessThanOrEqual(CONCURRENCY);
    expect(report.rowsWritten).toBeLessThanOrEqual(700);
    expect(report.rowsWritten).toBeGreaterThan(600);

    const sheet = report.output.resultsSheet;
    const header = fake.sheetValues(sheet).slice(0, 12);
    expect(String(header.find((r) => r[0] === 'Run state')?.[1])).toMatch(
      /^stopped at \d+ of 2000 rows: The request quota is used up/,
    );
    const { rows, col } = resultsBody(sheet);
    expect(rows.slice(700).every((r) => r[col('Status')] === 'not screened yet')).toBe(true);
    const [listing] = await resumableRuns();
    expect(listing).toMatchObject({ runId: run.runId, status: 'stopped-account' });

    // Later: the operator raised the quota. Same addresses, same engine, no limit.
    const ports = servers.map((s) => s.server.port);
    await Promise.all(running.splice(0).map((s) => s.server.close()));
    const raised = [];
    for (let i = 0; i < ports.length; i++) {
      raised.push(await startCounting({ engine, faults: { seed: 20 + i, failRate: 0.05 }, port: ports[i] }));
    }
    running.push(...raised);
    scheduler.resume();
    const resumed = await resumeWorkbookRun(
      run.runId,
      { ask: ask(scheduler), mode: 'sandbox', modeLabel: SANDBOX_LABEL },
      TUNING,
    );
    const final = await resumed!.done;
    expect(final.status).toBe('completed');
    expect(engine.usage(DEMO_CREDENTIALS)).toBe(distinctSubjects(list));
    expect(countOf(raised, (s) => s === 200)).toBe(distinctSubjects(list) - quota);
    const after = resultsBody(sheet);
    expect(after.rows.filter((r) => r[after.col('Status')] === 'not screened yet')).toHaveLength(0);
    expect(after.rows.filter((r) => String(r[after.col('Status')]).startsWith('failed:'))).toHaveLength(0);
    expect(
      String(
        fake
          .sheetValues(sheet)
          .slice(0, 12)
          .find((r) => r[0] === 'Run state')?.[1],
      ),
    ).toMatch(/^completed: 2000 rows, \d+ hits listed$/);
  });
});
