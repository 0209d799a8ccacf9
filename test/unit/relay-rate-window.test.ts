import { Limits } from '../../src/relay/limits';
import type { CounterHit, RelayStore } from '../../src/relay/store/port';

/** The two counter statements Limits uses, in memory. */
function counters() {
  const values = new Map<string, number>();
  const store = {
    async hitCounter(name: string, _expires: Date, by = 1, previous?: string): Promise<CounterHit> {
      values.set(name, (values.get(name) ?? 0) + by);
      return {
        count: values.get(name)!,
        ...(previous !== undefined ? { previous: values.get(previous) ?? 0 } : {}),
      };
    },
    async readCounter(name: string): Promise<number> {
      return values.get(name) ?? 0;
    },
  };
  return store as unknown as RelayStore;
}

const MINUTE = 60_000;

it('the rate is a sliding minute: a full minute just before the edge still counts just after it', async () => {
  let now = 10 * MINUTE + 59_000; // 12:10:59
  const limits = new Limits(counters(), { ratePerMinute: 10, dailyBudget: 0 }, () => now);
  for (let i = 0; i < 10; i++) expect(await limits.hit('olena')).toEqual({ ok: true });
  expect((await limits.hit('olena')).ok).toBe(false);
  now = 11 * MINUTE + 1_000; // 12:11:01: a fixed window would let ten more through at once
  const next = await limits.hit('olena');
  expect(next.ok).toBe(false);
  // It says when the last minute's share will have faded enough for one more.
  expect(next.ok === false && next.retryAfterSeconds).toBeGreaterThan(1);
  expect(next.ok === false && next.retryAfterSeconds).toBeLessThanOrEqual(59);
  expect((await limits.peek('olena')).ok).toBe(false);
  // Another analyst has a minute of their own.
  expect(await limits.hit('petro')).toEqual({ ok: true });
  // Most of the previous minute has slid out by 12:11:50: requests pass again.
  now = 11 * MINUTE + 50_000;
  expect(await limits.peek('olena')).toEqual({ ok: true });
  expect(await limits.hit('olena')).toEqual({ ok: true });
});

it('a refused request is not counted: an analyst who waits as told gets in as soon as the minute has room', async () => {
  let now = 10 * MINUTE; // 12:10:00
  const limits = new Limits(counters(), { ratePerMinute: 10, dailyBudget: 0 }, () => now);
  for (let i = 0; i < 10; i++) expect(await limits.hit('olena')).toEqual({ ok: true });
  // Cells and a bulk run asking again while refused (in the add-in they wait between tries).
  for (let i = 0; i < 20; i++) expect((await limits.hit('olena')).ok).toBe(false);
  // 12:11:30: half of the last minute's ten still counts, so five more fit; counting the twenty
  // refusals too would have left room for none.
  now = 11 * MINUTE + 30_000;
  const passed: boolean[] = [];
  for (let i = 0; i < 8; i++) passed.push((await limits.hit('olena')).ok);
  expect(passed).toEqual([true, true, true, true, true, false, false, false]);
});

it('the daily budget is Kyiv’s day: spent at 01:00 there, it comes back at midnight, not when UTC’s day turns', async () => {
  // 23:00 UTC on 29 November is 01:00 on the 30th in Kyiv (UTC+2).
  let now = Date.parse('2026-11-29T23:00:00Z');
  const limits = new Limits(counters(), { ratePerMinute: 0, dailyBudget: 2 }, () => now);
  expect([await limits.spend(), await limits.spend(), await limits.spend()]).toEqual([true, true, false]);
  // Midnight UTC: still the 30th in Kyiv, so still spent.
  now = Date.parse('2026-11-30T00:30:00Z');
  expect(await limits.budgetLeft()).toBe(0);
  expect(await limits.spend()).toBe(false);
  // 21:59 UTC is 23:59 in Kyiv; a minute on, 1 December begins there and the budget is whole again.
  now = Date.parse('2026-11-30T21:59:00Z');
  expect(await limits.budgetLeft()).toBe(0);
  now = Date.parse('2026-11-30T22:00:00Z');
  expect(await limits.budgetLeft()).toBe(2);
  expect(await limits.spend()).toBe(true);
  // In summer the day turns at 21:00 UTC.
  now = Date.parse('2026-07-01T20:59:00Z');
  expect(await limits.spend()).toBe(true);
  now = Date.parse('2026-07-01T21:00:00Z');
  expect(await limits.budgetLeft()).toBe(2);
});
