import { CancelledError, RequestRejectedError, isRateLimited } from '../../src/core/protocol/errors';
import { listdataForRegistries } from '../../src/core/protocol/listdata';
import { RATE_LIMIT_WAITS_MS } from '../../src/core/request/retry';
import { RequestScheduler, type SchedulerOptions } from '../../src/core/request/scheduler';
import { everyListAnswer, fakeService } from '../support/fake-service';

// The organisation's relay refuses an analyst's request past its limit per minute with 429 and
// the seconds to wait. A cell waits its turn (AskOptions.patient); a person searching is told.

const PEPS = listdataForRegistries(['peps']);
const WAIT_MS = 40;
const refused = () => new RequestRejectedError(429, null, 'Too many requests from this analyst: wait 12 s.');

/** A service behind a relay that refuses the first `refusals` requests with 429. */
function limitedService(refusals: number) {
  const times: number[] = [];
  const svc = fakeService({
    delayMs: 1,
    answer: everyListAnswer(),
    fail: (_query, n) => {
      times.push(Date.now());
      return n <= refusals ? refused() : null;
    },
  });
  return { svc, times };
}

/** Until the first refusal has been given; the scheduler takes it in before the next timer. */
async function refusalTaken(times: readonly number[]): Promise<void> {
  while (times.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

function scheduler(search: SchedulerOptions['search'], extra: Partial<SchedulerOptions> = {}) {
  return new RequestScheduler({ search, batchWindowMs: 0, rateLimitWaitsMs: [WAIT_MS, WAIT_MS, WAIT_MS], ...extra });
}

describe("RequestScheduler: the relay's limit per analyst (429)", () => {
  it('sends a patient ask again after each wait, and holds its slot meanwhile so nothing else adds to the count', async () => {
    const { svc, times } = limitedService(2);
    const s = scheduler(svc.search, { concurrency: 1 });
    const cell = s.ask({ name: 'Hit Ivan', listdata: PEPS }, { patient: true });
    const other = s.ask({ name: 'Petro', listdata: PEPS }, { patient: true });
    const [answer] = await Promise.all([cell, other]);
    expect(answer.summary.registries.map((r) => [r.key, r.hits])).toEqual([['peps', 1]]);
    expect(answer.source).toBe('service');
    expect(svc.calls.map((c) => c.query.name)).toEqual(['Hit Ivan', 'Hit Ivan', 'Hit Ivan', 'Petro']);
    // A timer fires no earlier than asked, give or take the millisecond Date.now() rounds to.
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(WAIT_MS - 1);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(WAIT_MS - 1);
    expect(s.stats).toMatchObject({ requestsSent: 2, failures: 0 });
  });

  it("refuses an ask that is not patient at once, with the relay's words", async () => {
    const { svc } = limitedService(1);
    const s = scheduler(svc.search);
    const error: unknown = await s.ask({ name: 'Hit Ivan', listdata: PEPS }).catch((e: unknown) => e);
    expect(isRateLimited(error)).toBe(true);
    expect(String((error as Error).message)).toContain('wait 12 s');
    expect(svc.calls).toHaveLength(1);
  });

  it('tells an ask that is not patient at once while cells wait out the limit, sending nothing for it', async () => {
    const { svc, times } = limitedService(1);
    // The cells hold every slot while they wait: a search queued behind them would wait minutes.
    const s = scheduler(svc.search, { concurrency: 1, rateLimitWaitsMs: [60_000] });
    const cell = s.ask({ name: 'Hit Ivan', listdata: PEPS }, { patient: true });
    await refusalTaken(times);
    const started = Date.now();
    const error: unknown = await s.ask({ name: 'Petro', listdata: PEPS }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(isRateLimited(error)).toBe(true);
    expect(svc.calls.map((c) => c.query.name)).toEqual(['Hit Ivan']);
    s.cancelAll();
    await expect(cell).rejects.toBeInstanceOf(CancelledError);
  });

  it('sends a search again once another request has been let through, though a cell still waits', async () => {
    const { svc, times } = limitedService(1);
    const s = scheduler(svc.search, { concurrency: 2, rateLimitWaitsMs: [60_000] });
    const waiting = s.ask({ name: 'Hit Ivan', listdata: PEPS }, { patient: true });
    await refusalTaken(times);
    await s.ask({ name: 'Petro', listdata: PEPS }, { patient: true });
    await expect(s.ask({ name: 'Olena', listdata: PEPS })).resolves.toMatchObject({ source: 'service' });
    expect(svc.calls.map((c) => c.query.name)).toEqual(['Hit Ivan', 'Petro', 'Olena']);
    s.cancelAll();
    await expect(waiting).rejects.toBeInstanceOf(CancelledError);
  });

  it('gives the last refusal to a patient ask once the waits are spent', async () => {
    const { svc } = limitedService(100);
    const s = scheduler(svc.search, { rateLimitWaitsMs: [5, 5] });
    const error: unknown = await s
      .ask({ name: 'Hit Ivan', listdata: PEPS }, { patient: true })
      .catch((e: unknown) => e);
    expect(isRateLimited(error)).toBe(true);
    expect(svc.calls).toHaveLength(3);
  });

  it('sends nothing more for a patient ask cancelled while it waits', async () => {
    const { svc } = limitedService(100);
    const s = scheduler(svc.search, { rateLimitWaitsMs: [WAIT_MS] });
    const controller = new AbortController();
    const asked = s.ask({ name: 'Hit Ivan', listdata: PEPS }, { patient: true, signal: controller.signal });
    await svc.reached(1);
    controller.abort();
    await expect(asked).rejects.toBeInstanceOf(CancelledError);
    await s.idle();
    expect(svc.calls).toHaveLength(1);
  });

  it("waits about three minutes in all by default, past the relay's sliding minute", () => {
    const total = RATE_LIMIT_WAITS_MS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(2 * 60_000);
    // Within the five minutes a cell waits for its request once it has left (DEFAULT_MAX_EVALUATION_MS).
    expect(total).toBeLessThan(5 * 60_000);
  });
});
