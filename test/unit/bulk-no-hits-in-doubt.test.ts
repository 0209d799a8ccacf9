import { resumeRun, startRun, type BulkInput, type NewRunParams } from '../../src/bulk';
import { keyValueRunStateStore } from '../../src/bulk/state';
import { noHitsInDoubt } from '../../src/bulk/no-hit-doubts';
import type { RowResult } from '../../src/bulk/result-table';
import { memoryStorage } from '../../src/core/settings/storage';
import { fakeService } from '../support/fake-service';
import { memorySink } from '../support/memory-sink';

/**
 * Rows whose "no hits" their own input puts in doubt (initials, a code failing its check digit)
 * are counted into the run's summary and its header, not only each row's Status. A name mixing
 * alphabets is asked in one, so its answer stands and it is not counted.
 */
const rows: (string | number | null)[][] = [
  ['Іваненко І.І.', '1980-01-01', null], // initials
  ['Іваненко І.І.', '1980-01-01', null], // the same subject again: a second row to check
  ['Петренко Олег Іванович', '1975-05-05', null], // a full name: its "no hits" stands
  ['Kовальчук Марія', '1990-02-02', null], // a Latin K among Cyrillic letters: asked in Cyrillic, not in doubt
  ['', '', 2234567890], // a code alone that fails its check digit
  ['', '', 1234567899], // a valid code alone
  ['Сидоренко С. HIT', '1970-03-03', null], // initials, but hits came back: nothing to doubt
  ['Мельник Ганна', '1985-04-04', null],
];
const input: BulkInput = { headers: ['ПІБ', 'Дата', 'ІПН'], rows, source: 'Clients!A1:C9', firstSourceRow: 2 };

function params(lang: 'en' | 'uk' = 'en'): NewRunParams {
  return {
    input,
    mapping: { name: 0, date: 1, ipn: 2 },
    options: { listdata: 512n + 1n, search: 1, lowranklimit: 0, idUserPC: 'PC-7' },
    lang,
    mode: 'sandbox',
    modeLabel: { uk: 'ПІСОЧНИЦЯ', en: 'SANDBOX' },
  };
}

const tuning = { concurrency: 2, chunkRows: 2, flushIntervalMs: 5 };

describe('rows with no hits in doubt', () => {
  it('are counted in the report and on the header’s Run state line, each row once (en, uk)', async () => {
    const sink = memorySink();
    const report = await (await startRun(params(), { ask: fakeService().ask, sink }, tuning)).done;
    expect(report.status).toBe('completed');
    expect(report.rowsWithHits).toBe(1);
    expect(report.noHitsInDoubt).toBe(3);
    expect(sink.ends[0].header.state).toBe(
      'completed: 8 rows, 1 hit listed; 3 rows with no hits in doubt (see Status)',
    );
    const uk = memorySink();
    await (
      await startRun(params('uk'), { ask: fakeService().ask, sink: uk }, tuning)
    ).done;
    expect(uk.ends[0].header.state).toBe(
      'завершено: 8 рядків, у переліку збігів: 1; рядків без збігів під сумнівом: 3 (див. «Стан»)',
    );
  });

  it('keeps the Run state line as before when there are none', async () => {
    const plain: BulkInput = { ...input, rows: [rows[2], rows[5], rows[7]] };
    const sink = memorySink();
    const report = await (await startRun({ ...params(), input: plain }, { ask: fakeService().ask, sink }, tuning)).done;
    expect(report.noHitsInDoubt).toBe(0);
    expect(sink.ends[0].header.state).toBe('completed: 3 rows, 0 hits listed');
  });

  it('are still all counted when a run stopped by the quota is resumed', async () => {
    const service = fakeService({ seed: 3 });
    service.quotaAfter = 3;
    const sink = memorySink();
    const store = keyValueRunStateStore(memoryStorage());
    const run = await startRun(params(), { ask: service.ask, sink, store }, tuning);
    const stopped = await run.done;
    expect(stopped.status).toBe('stopped-account');
    expect(stopped.rowsWritten).toBeGreaterThan(0);
    // Some counted before the stop, some after: the saved state carries the first part over.
    expect(stopped.noHitsInDoubt).toBeGreaterThan(0);
    expect(stopped.noHitsInDoubt).toBeLessThan(3);
    service.quotaAfter = null;
    const state = await store.load(run.runId);
    const final = await (await resumeRun(state!, input, { ask: service.ask, sink, store }, tuning)).done;
    expect(final.status).toBe('completed');
    expect(final.noHitsInDoubt).toBe(3);
  });
});

describe('noHitsInDoubt', () => {
  const mapping = { name: 0, date: 1, ipn: 2 };
  const screened = (totalHits: number): RowResult => ({
    kind: 'outcome',
    outcome: {
      kind: 'screened',
      key: 'k',
      verdict: totalHits > 0 ? 'high' : 'clear',
      level: totalHits > 0 ? 'high' : null,
      bestPercent: totalHits > 0 ? 100 : null,
      totalHits,
      counts: [totalHits],
      failures: [],
      idrequest: '1',
      dateResponse: '2026-11-29 10:00:00',
      hits: [],
      hitsOmitted: 0,
    },
  });

  it.each([
    ['initials', ['Іваненко І.І.', null, null], true],
    ['mixed alphabets, asked in one', ['Kовальчук Марія', null, null], false],
    ['a mistyped code', [null, null, '2234567890'], true],
    ['a full name and a valid code', ['Петренко Олег', null, '1234567899'], false],
  ])('a row with no hits and %s: %s', (_label, input, expected) => {
    expect(noHitsInDoubt(screened(0), input, mapping)).toBe(expected);
  });

  it('leaves out rows with hits, failed rows and rows not asked', () => {
    expect(noHitsInDoubt(screened(1), ['Іваненко І.І.', null, null], mapping)).toBe(false);
    const failed: RowResult = {
      kind: 'outcome',
      outcome: { kind: 'failed', key: 'k', errorKind: 'unreachable', error: { en: 'x', uk: 'x' } },
    };
    expect(noHitsInDoubt(failed, ['Іваненко І.І.', null, null], mapping)).toBe(false);
    expect(noHitsInDoubt({ kind: 'invalid', errors: [] }, ['Іваненко І.І.', null, null], mapping)).toBe(false);
  });
});
