/**
 * Bulk runs of thousands of rows on the workbook fake, held to Excel's 5 MB payload limit per sync
 * (Excel on the web's documented limit, enforced by the fake: test/support/workbook-fake). Moved
 * here from test/unit/excel-real-rules.test.ts: they need their volume to be able to fail, and it
 * took seconds of the unit loop.
 */
import type { AskFn } from '../../src/bulk';
import { AccountError } from '../../src/core/protocol/errors';
import { parseEnvelope } from '../../src/core/protocol/schema';
import { readSelectionInput } from '../../src/excel/bulk/bulk-input';
import { resumeWorkbookRun, startWorkbookRun } from '../../src/excel/bulk/bulk-run';
import { EXCEL_WEB_PAYLOAD_LIMIT_BYTES } from '../../src/excel/payload';
import { WorkbookFake } from '../support/workbook-fake';
import { fakeService } from '../support/fake-service';
import { SANDBOX, TUNING, clients, request, stateSheets } from '../support/workbook-runs';

let fake: WorkbookFake;
let restore: () => void;
beforeEach(() => {
  fake = new WorkbookFake();
  restore = fake.install();
});
afterEach(() => restore());

const MB5 = EXCEL_WEB_PAYLOAD_LIMIT_BYTES;

describe('fixes: what the stricter fake caught, at volume', () => {
  it('3a. resumes a 2,000-row run whose rows carry 20 Cyrillic hit lines each, every sync under 5 MB', async () => {
    const ROWS = 2_000;
    fake.setSheet('Clients', clients(ROWS)).select('Clients', 'A1');
    const job =
      'Голова правління акціонерного товариства «Українська енергетична компанія», член наглядової ради '.repeat(4);
    let idr = 0;
    let asked = 0;
    let quotaAfter: number | null = ROWS - 10;
    const ask: AskFn = async (query) => {
      asked++;
      if (quotaAfter !== null && asked >= quotaAfter) throw new AccountError(11, 403, 'quota');
      const peps = Array.from({ length: 20 }, (_, k) => ({
        list: 'pep',
        idpep: ++idr,
        name: `${query.name ?? ''} Олександрович-Костянтинович ${k}`,
        percent: 90,
        level: 'Високий',
        job,
      }));
      return {
        envelope: parseEnvelope({
          idrequest: String(idr),
          dateResponse: '2026-11-22 10:00:00',
          listdata: '512',
          result: { peps },
        }),
      };
    };
    const run = await startWorkbookRun(request(await readSelectionInput()), { ask });
    const first = await run.done;
    expect(first.status).toBe('stopped-account');

    quotaAfter = null;
    fake.resetStats();
    const resumed = await resumeWorkbookRun(run.runId, { ask, ...SANDBOX }, TUNING);
    const second = await resumed!.done;
    expect(second.status).toBe('completed');
    expect(second.rowsWritten).toBe(ROWS);
    expect(Math.max(...fake.stats.bytesPerSync)).toBeLessThan(MB5);
    expect(Math.max(...fake.stats.responseBytesPerSync)).toBeLessThan(MB5);
    // The state really was that large: about 31 MB read back, in reads under 5 MB each.
    expect(fake.stats.responseBytesPerSync.reduce((a, b) => a + b, 0)).toBeGreaterThan(25 * 1024 * 1024);
    expect(stateSheets(fake)).toEqual([]);
  }, 60_000);

  // 1.6 s on an idle machine; the timeout leaves room for a loaded one.
  it('3d. a bulk run whose batches Excel refuses as too large is sent again in halves and completes', async () => {
    fake.setSheet('Clients', clients(3_000)).select('Clients', 'A1');
    const input = await readSelectionInput();
    fake.payloadLimitBytes = 250_000;
    const report = await (await startWorkbookRun(request(input), { ask: fakeService({ seed: 8 }).ask })).done;
    expect(report.status).toBe('completed');
    expect(fake.sheetValues(report.output.resultsSheet).length).toBe(14 + 3_000);
    expect(Math.max(...fake.stats.bytesPerSync)).toBeGreaterThan(250_000);
    expect(stateSheets(fake)).toEqual([]);
  }, 20_000);
});
