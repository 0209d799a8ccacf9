import { resumeRun, startRun, type BulkInput, type NewRunParams } from '../../src/bulk';
import { hitsToDecideLine, NO_HITS_TO_DECIDE, withHitsToDecide } from '../../src/bulk/hit-triage';
import type { HitLine } from '../../src/bulk/hits';
import type { RowResult } from '../../src/bulk/result-table';
import type { HitReview } from '../../src/bulk/rescreen';
import { keyValueRunStateStore } from '../../src/bulk/state';
import { memoryStorage } from '../../src/core/settings/storage';
import { fakeService } from '../support/fake-service';
import { memorySink } from '../support/memory-sink';

/** After a first run the analyst is told the work ahead: the hits to decide, by what "why this hit" suggests. */

function hit(decision: 'true-match' | 'needs-review' | 'false-positive' | null): HitLine {
  return {
    registry: 'peps',
    id: 'x',
    name: 'n',
    percent: 100,
    level: 'high',
    birth: '',
    details: '',
    ...(decision ? { suggested: { decision, reason: 'incomplete-data' as const } } : {}),
  };
}

function screened(hits: HitLine[]): RowResult {
  return {
    kind: 'outcome',
    outcome: {
      kind: 'screened',
      key: 'k',
      verdict: 'high',
      level: 'high',
      bestPercent: 100,
      totalHits: hits.length,
      counts: [hits.length],
      failures: [],
      idrequest: '1',
      dateResponse: '2026-11-29 10:00:00',
      hits,
      hitsOmitted: 0,
    },
  };
}

const review = (decision: HitReview['decision']): HitReview => ({
  identity: 'h',
  change: null,
  decision,
  reason: '',
  comment: '',
  decidedBy: '',
  decidedAt: '',
});

describe('withHitsToDecide', () => {
  it('adds the hits with no decision by suggestion, leaving out decided ones and those with no suggestion', () => {
    const result = screened([
      hit('true-match'),
      hit('needs-review'),
      hit('needs-review'),
      hit('false-positive'),
      hit(null),
    ]);
    const reviews = [review(null), review(null), review('falsePositive'), review(null), review(null)];
    const before = { ...NO_HITS_TO_DECIDE, 'true-match': 4 };
    const after = withHitsToDecide(before, result, reviews);
    expect(after).toEqual({ 'true-match': 5, 'needs-review': 1, 'false-positive': 1 });
    // A saved state may hold the object it was given: a new one, the old one unchanged.
    expect(before).toEqual({ 'true-match': 4, 'needs-review': 0, 'false-positive': 0 });
    expect(withHitsToDecide(before, screened([]), [])).toBe(before);
    expect(withHitsToDecide(undefined, { kind: 'invalid', errors: [] }, [])).toBeUndefined();
  });

  it('says them in words with the total, and nothing when there are none (en, uk)', () => {
    const counts = { 'true-match': 2, 'needs-review': 30, 'false-positive': 5 };
    expect(hitsToDecideLine(counts, 'en')).toBe(
      "Hits to decide: 37; why this hit suggests true match for 2, needs review for 30, false positive for 5 (the hits sheet's Suggested column)",
    );
    expect(hitsToDecideLine(counts, 'uk')).toBe(
      'Збігів до рішення: 37; «чому це збіг» пропонує: справжній збіг — 2, потребує перевірки — 30, хибний збіг — 5 (стовпець «Пропозиція» аркуша збігів)',
    );
    expect(hitsToDecideLine(NO_HITS_TO_DECIDE, 'en')).toBeNull();
  });
});

describe('a bulk run’s hits to decide', () => {
  const rows = Array.from({ length: 30 }, (_, i) => [i % 3 === 0 ? `Клієнт ${i} HIT` : `Клієнт ${i}`, '1980-01-02']);
  const input: BulkInput = { headers: ['ПІБ', 'Дата'], rows, source: 'Clients!A1:B31', firstSourceRow: 2 };
  const params: NewRunParams = {
    input,
    mapping: { name: 0, date: 1 },
    options: { listdata: 512n + 1n, search: 1, lowranklimit: 0, idUserPC: 'PC-7' },
    lang: 'en',
    mode: 'sandbox',
    modeLabel: { uk: 'ПІСОЧНИЦЯ', en: 'SANDBOX' },
  };
  const tuning = { concurrency: 2, chunkRows: 3, flushIntervalMs: 5 };
  const total = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);

  it('are every hit listed on a first run, and a resume after a quota stop still counts each once', async () => {
    const sink = memorySink();
    const whole = await (await startRun(params, { ask: fakeService().ask, sink }, tuning)).done;
    expect(whole.status).toBe('completed');
    expect(total(whole.hitsToDecide)).toBe(sink.hits.length);
    expect(sink.hits.length).toBe(10);

    const service = fakeService({ seed: 3 });
    service.quotaAfter = 12;
    const store = keyValueRunStateStore(memoryStorage());
    const again = memorySink();
    const run = await startRun(params, { ask: service.ask, sink: again, store }, tuning);
    const stopped = await run.done;
    expect(stopped.status).toBe('stopped-account');
    expect(total(stopped.hitsToDecide)).toBeGreaterThan(0);
    expect(total(stopped.hitsToDecide)).toBeLessThan(10);
    service.quotaAfter = null;
    const state = await store.load(run.runId);
    const resumed = await (await resumeRun(state!, input, { ask: service.ask, sink: again, store }, tuning)).done;
    expect(resumed.status).toBe('completed');
    expect(resumed.hitsToDecide).toEqual(whole.hitsToDecide);
  });
});
