import { AnswerCache } from '../../src/core/cache/answer-cache';
import type { SearchResult } from '../../src/core/request/client';
import { AccountError, CancelledError, ServiceUnreachableError } from '../../src/core/protocol/errors';
import {
  ALL_LISTS,
  listdataForRegistries,
  registriesOf,
  unionListdata,
  type Listdata,
} from '../../src/core/protocol/listdata';
import { subjectKey, type SearchQuery } from '../../src/core/query';
import type { RegistryKey } from '../../src/core/protocol/registries';
import { RequestScheduler, type SchedulerOptions } from '../../src/core/request/scheduler';
import { memoryStorage } from '../../src/core/settings/storage';
import { everyListAnswer, fakeService as sharedFakeService } from '../support/fake-service';

const PEPS = listdataForRegistries(['peps']);
const SANCTIONS = listdataForRegistries(['psanctions']);
const LOST = listdataForRegistries(['lostdocs']);

/** The scheduler tests' service: every registry the listdata selects answers, names starting with "Hit" with one hit. */
function fakeService(
  options: { gated?: boolean; registryErrors?: Partial<Record<RegistryKey, string>>; fail?: () => unknown } = {},
) {
  return sharedFakeService({
    gated: options.gated,
    delayMs: 1,
    answer: everyListAnswer(options.registryErrors),
    fail: options.fail,
  });
}

/** A promise the test resolves by hand: what a request or a storage call waits on instead of a clock. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** Waits, turn by turn, until the scheduler has reached the state the test names (never a fixed time). */
async function until(reached: () => boolean): Promise<void> {
  for (let turn = 0; !reached(); turn++) {
    if (turn > 1000) throw new Error('the scheduler never reached the awaited state');
    await new Promise((r) => setTimeout(r, 1));
  }
}

function scheduler(search: SchedulerOptions['search'], extra: Partial<SchedulerOptions> = {}) {
  return new RequestScheduler({ search, batchWindowMs: 2, ...extra });
}

const q = (name: string, listdata?: Listdata, more: Partial<SearchQuery> = {}): SearchQuery => ({
  name,
  ...(listdata !== undefined ? { listdata } : {}),
  ...more,
});

describe('RequestScheduler: merging and dedupe', () => {
  it('merges asks for one subject in one window into a single request with the union of listdata, and splits the answer back', async () => {
    const svc = fakeService();
    const s = scheduler(svc.search);
    const [pep, sanctions] = await Promise.all([s.ask(q('Hit Ivan', PEPS)), s.ask(q('Hit Ivan', SANCTIONS))]);
    expect(svc.calls).toHaveLength(1);
    expect(svc.calls[0].query.listdata).toBe(unionListdata(PEPS, SANCTIONS));
    expect(pep.summary.registries.map((r) => r.key)).toEqual(['peps']);
    expect(sanctions.summary.registries.map((r) => r.key)).toEqual(['psanctions']);
    expect(pep.summary.registries[0].hits).toBe(1);
    expect(pep.fromCache).toBe(false);
    // One request, paid for the first ask; the second joined it and paid nothing.
    expect([pep.source, sanctions.source, sanctions.fromCache]).toEqual(['service', 'merged', true]);
    expect(s.stats).toMatchObject({ asks: 2, requestsSent: 1, merged: 1 });
  });

  it('a window of 0 sends on a microtask, before any timer: asks made in one run still share a request', async () => {
    const svc = fakeService();
    const order: string[] = [];
    const s = scheduler(
      (query, options) => {
        order.push('sent');
        return svc.search(query, options);
      },
      { batchWindowMs: 0 },
    );
    // Set before the asks: a window kept by a timer, even of 0 ms, would close after it.
    const timer = new Promise<void>((resolve) => setTimeout(() => resolve(void order.push('timer')), 0));
    await Promise.all([s.ask(q('Hit Ivan', PEPS)), s.ask(q('Hit Ivan', SANCTIONS)), timer]);
    expect(order).toEqual(['sent', 'timer']);
    expect(svc.calls).toHaveLength(1);
    expect(svc.calls[0].query.listdata).toBe(unionListdata(PEPS, SANCTIONS));
  });

  it('treats queries that differ only in ids and spacing/case of the name as one subject', async () => {
    const svc = fakeService();
    const s = scheduler(svc.search);
    await Promise.all([
      s.ask(q('Hit  Ivan', PEPS, { IDinternal: 'row-1' })),
      s.ask(q('hit ivan', PEPS, { IDinternal: 'row-2' })),
    ]);
    expect(svc.calls).toHaveLength(1);
  });

  it('sends different subjects separately', async () => {
    const svc = fakeService();
    const s = scheduler(svc.search);
    await Promise.all([
      s.ask(q('Hit Ivan', PEPS)),
      s.ask(q('Hit Petro', PEPS)),
      s.ask(q('Hit Ivan', PEPS, { date: '1980-01-02' })),
    ]);
    expect(svc.calls).toHaveLength(3);
  });

  it('lets a later ask covered by a request in flight wait for it instead of asking again', async () => {
    const svc = fakeService({ gated: true });
    const s = scheduler(svc.search);
    const first = s.ask(q('Hit Ivan', unionListdata(PEPS, SANCTIONS)));
    await svc.reached(1); // the first request is on the wire now
    const asked = s.ask(q('Hit Ivan', SANCTIONS));
    await until(() => s.stats.merged === 1); // the second ask joined the request on the wire
    svc.release();
    const second = await asked;
    expect([(await first).source, second.source]).toEqual(['service', 'merged']);
    expect(svc.calls).toHaveLength(1);
    expect(second.summary.registries.map((r) => r.key)).toEqual(['psanctions']);
  });

  it('asks again for listdata that the request in flight does not cover', async () => {
    const svc = fakeService({ gated: true });
    const s = scheduler(svc.search);
    const first = s.ask(q('Hit Ivan', PEPS));
    await svc.reached(1); // the PEP request is on the wire and stays there
    const lost = s.ask(q('Hit Ivan', LOST));
    await svc.reached(2);
    svc.release();
    await Promise.all([first, lost]);
    expect(svc.calls).toHaveLength(2);
    expect(svc.calls[1].query.listdata).toBe(LOST);
  });

  it('keeps at most `concurrency` requests on the wire', async () => {
    const svc = fakeService();
    const s = scheduler(svc.search, { concurrency: 2 });
    await Promise.all(Array.from({ length: 7 }, (_, i) => s.ask(q(`Person ${i}`, PEPS))));
    expect(svc.calls).toHaveLength(7);
    expect(svc.maxInFlight).toBe(2);
  });

  it('reports "all lists" answers for what came back, not for all 18 registries', async () => {
    const svc = fakeService();
    const s = scheduler(svc.search);
    const answer = await s.ask(q('Hit Ivan'));
    expect(answer.asked).toBe(ALL_LISTS);
    expect(answer.summary.registries.length).toBe(registriesOf(ALL_LISTS).length);
  });
});

describe('RequestScheduler: cache', () => {
  it('answers a subset of a cached listdata from the cache, without a request', async () => {
    const svc = fakeService();
    const cache = new AnswerCache({ storage: memoryStorage() });
    const s = scheduler(svc.search, { cache });
    await s.ask(q('Hit Ivan', unionListdata(PEPS, SANCTIONS)));
    await s.idle();
    const again = await s.ask(q('Hit Ivan', PEPS));
    expect(svc.calls).toHaveLength(1);
    expect(again.fromCache).toBe(true);
    expect(again.summary.registries.map((r) => [r.key, r.hits])).toEqual([['peps', 1]]);
    expect(s.stats.cacheHits).toBe(1);
  });

  it('asks for the union of cached and new listdata when the cache holds only part, and replaces the entry', async () => {
    const svc = fakeService();
    const cache = new AnswerCache({ storage: memoryStorage() });
    const s = scheduler(svc.search, { cache });
    await s.ask(q('Hit Ivan', PEPS));
    await s.idle();
    await s.ask(q('Hit Ivan', SANCTIONS));
    await s.idle();
    expect(svc.calls).toHaveLength(2);
    expect(svc.calls[1].query.listdata).toBe(unionListdata(PEPS, SANCTIONS));
    const third = await s.ask(q('Hit Ivan', PEPS));
    expect(third.fromCache).toBe(true);
    expect(svc.calls).toHaveLength(2);
  });

  it('does not ask again while an answer is still being written to a slow cache', async () => {
    const svc = fakeService();
    const backing = memoryStorage();
    const writes = gate();
    const slow = {
      ...backing,
      setItem: async (k: string, v: string) => {
        await writes.promise;
        await backing.setItem(k, v);
      },
    };
    const s = scheduler(svc.search, { cache: new AnswerCache({ storage: slow }) });
    const first = await s.ask(q('Hit Ivan', PEPS));
    // The answer is out, its cache write is not: a second recalculation batch arrives now.
    const second = await s.ask(q('Hit Ivan', PEPS));
    expect(svc.calls).toHaveLength(1);
    expect(second.summary).toEqual(first.summary);
    expect([first.source, second.source]).toEqual(['service', 'merged']);
    writes.open();
    await s.idle();
    const third = await s.ask(q('Hit Ivan', PEPS));
    expect(third.fromCache).toBe(true);
    expect(svc.calls).toHaveLength(1);
  });

  it('survives a restart: a new scheduler and cache over the same storage send nothing', async () => {
    const storage = memoryStorage();
    const svc = fakeService();
    const first = scheduler(svc.search, { cache: new AnswerCache({ storage }) });
    await Promise.all([first.ask(q('Hit Ivan', PEPS)), first.ask(q('Olena', SANCTIONS))]);
    await first.idle();
    const svc2 = fakeService();
    const second = scheduler(svc2.search, { cache: new AnswerCache({ storage }) });
    const answers = await Promise.all([second.ask(q('Hit Ivan', PEPS)), second.ask(q('Olena', SANCTIONS))]);
    expect(svc2.calls).toHaveLength(0);
    expect(answers.map((a) => a.fromCache)).toEqual([true, true]);
    expect(answers[0].summary.registries[0]).toMatchObject({
      key: 'peps',
      hits: 1,
      bestLevel: 'high',
      bestPercent: 91,
    });
  });

  it('asks again once an entry has outlived its lifetime', async () => {
    let now = 1_000_000;
    const storage = memoryStorage();
    const svc = fakeService();
    const s = scheduler(svc.search, { cache: new AnswerCache({ storage, ttlMs: 60_000, now: () => now }) });
    await s.ask(q('Hit Ivan', PEPS));
    await s.idle();
    now += 59_000;
    await s.ask(q('Hit Ivan', PEPS));
    expect(svc.calls).toHaveLength(1);
    now += 2_000;
    await s.ask(q('Hit Ivan', PEPS));
    expect(svc.calls).toHaveLength(2);
  });

  it('does not cache failures, nor answers with a registry that failed for a passing reason', async () => {
    let failing = true;
    const svc = fakeService({ fail: () => (failing ? new ServiceUnreachableError([]) : null) });
    const cache = new AnswerCache({ storage: memoryStorage() });
    const s = scheduler(svc.search, { cache });
    await expect(s.ask(q('Hit Ivan', PEPS))).rejects.toBeInstanceOf(ServiceUnreachableError);
    failing = false;
    await s.ask(q('Hit Ivan', PEPS));
    expect(svc.calls).toHaveLength(2);

    const flaky = fakeService({ registryErrors: { psanctions: '9000.Немає зʼєднання' } });
    const s2 = scheduler(flaky.search, { cache: new AnswerCache({ storage: memoryStorage() }) });
    await s2.ask(q('Olena', SANCTIONS));
    await s2.idle();
    await s2.ask(q('Olena', SANCTIONS));
    expect(flaky.calls).toHaveLength(2);

    const unpaid = fakeService({ registryErrors: { psanctions: '9001.Реєстр не входить до оплаченого пакету' } });
    const s3 = scheduler(unpaid.search, { cache: new AnswerCache({ storage: memoryStorage() }) });
    await s3.ask(q('Olena', SANCTIONS));
    await s3.idle();
    await s3.ask(q('Olena', SANCTIONS));
    expect(unpaid.calls).toHaveLength(1);
  });
});

describe('RequestScheduler: failures and bounds', () => {
  it('gives an account error to every waiter and sends nothing more until resumed', async () => {
    let account = true;
    const svc = fakeService({ fail: () => (account ? new AccountError(11, 403, 'quota') : null) });
    const s = scheduler(svc.search);
    const results = await Promise.allSettled([s.ask(q('A', PEPS)), s.ask(q('A', SANCTIONS)), s.ask(q('B', PEPS))]);
    expect(results.every((r) => r.status === 'rejected' && r.reason instanceof AccountError)).toBe(true);
    const sentBefore = svc.calls.length;
    expect(sentBefore).toBeLessThanOrEqual(2);
    await expect(s.ask(q('C', PEPS))).rejects.toBeInstanceOf(AccountError);
    expect(svc.calls).toHaveLength(sentBefore);
    expect(s.haltedBy?.isQuota).toBe(true);
    account = false;
    s.resume();
    await expect(s.ask(q('C', PEPS))).resolves.toMatchObject({ fromCache: false });
    expect(svc.calls).toHaveLength(sentBefore + 1);
  });

  it('stops sending after an account error only for accountHaltMs when given', async () => {
    let account = true;
    const svc = fakeService({ fail: () => (account ? new AccountError(8, 403, 'ended') : null) });
    // The halt is measured on the wall clock: the test moves that clock instead of waiting.
    const realNow = Date.now.bind(Date);
    let skewMs = 0;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + skewMs);
    try {
      const s = scheduler(svc.search, { accountHaltMs: 40_000 });
      await expect(s.ask(q('A', PEPS))).rejects.toBeInstanceOf(AccountError);
      account = false;
      skewMs = 39_000;
      await expect(s.ask(q('B', PEPS))).rejects.toBeInstanceOf(AccountError);
      expect(svc.calls).toHaveLength(1);
      skewMs = 41_000;
      await expect(s.ask(q('B', PEPS))).resolves.toMatchObject({ fromCache: false });
      expect(svc.calls).toHaveLength(2);
    } finally {
      clock.mockRestore();
    }
  });

  it('rejects within its timeout when the service never answers, even if the search ignores its signal', async () => {
    const search = () => new Promise<SearchResult>(() => undefined);
    const s = scheduler(search, { timeoutMs: 50 });
    const started = Date.now();
    await expect(s.ask(q('A', PEPS))).rejects.toBeInstanceOf(ServiceUnreachableError);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('aborts the request signal on timeout', async () => {
    const svc = fakeService({ gated: true });
    const s = scheduler(svc.search, { timeoutMs: 20 });
    await expect(s.ask(q('A', PEPS))).rejects.toBeInstanceOf(ServiceUnreachableError);
    expect(svc.calls[0].signal?.aborted).toBe(true);
  });

  it('sends nothing for an ask cancelled before its window closes', async () => {
    const svc = fakeService();
    const s = scheduler(svc.search, { batchWindowMs: 10 });
    const controller = new AbortController();
    const pending = s.ask(q('A', PEPS), { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
    await s.idle();
    expect(svc.calls).toHaveLength(0);
  });

  it('skips a queued request whose askers all left, but lets one on the wire finish and be cached', async () => {
    const svc = fakeService({ gated: true });
    const cache = new AnswerCache({ storage: memoryStorage() });
    const s = scheduler(svc.search, { concurrency: 1, cache });
    const onWire = new AbortController();
    const queued = new AbortController();
    const a = s.ask(q('Hit A', PEPS), { signal: onWire.signal });
    const b = s.ask(q('Hit B', PEPS), { signal: queued.signal });
    await svc.reached(1); // A holds the one slot, B waits for it
    onWire.abort();
    queued.abort();
    await expect(a).rejects.toBeInstanceOf(CancelledError);
    await expect(b).rejects.toBeInstanceOf(CancelledError);
    svc.release();
    await s.idle();
    expect(svc.calls.map((c) => c.query.name)).toEqual(['Hit A']);
    expect(await cache.get(subjectKey(q('Hit A')), PEPS)).not.toBeNull();
  });

  it('cancelAll settles everything pending', async () => {
    const svc = fakeService({ gated: true });
    const s = scheduler(svc.search);
    const asks = [s.ask(q('A', PEPS)), s.ask(q('B', PEPS))];
    await svc.reached(2); // both on the wire
    const late = s.ask(q('C', PEPS));
    s.cancelAll();
    const settled = await Promise.allSettled([...asks, late]);
    expect(settled.every((r) => r.status === 'rejected' && r.reason instanceof CancelledError)).toBe(true);
  });
});

describe('RequestScheduler: review fixes', () => {
  it('widens a request still waiting for a slot instead of paying for a second one for the same subject', async () => {
    const svc = fakeService({ gated: true });
    const s = scheduler(svc.search, { concurrency: 1 });
    const busy = s.ask(q('Someone Else', PEPS));
    const pep = s.ask(q('Hit Ivan', PEPS));
    await svc.reached(1); // both windows closed; Ivan's request waits for the slot
    const sanctions = s.ask(q('Hit Ivan', SANCTIONS));
    await until(() => s.stats.merged === 1); // it widened Ivan's queued request
    svc.release(); // the busy request answers and frees the slot
    await svc.reached(2);
    svc.release();
    const [, pepAnswer, sanctionsAnswer] = await Promise.all([busy, pep, sanctions]);
    expect(svc.calls.map((c) => c.query.name)).toEqual(['Someone Else', 'Hit Ivan']);
    expect(svc.calls[1].query.listdata).toBe(unionListdata(PEPS, SANCTIONS));
    expect(pepAnswer.summary.registries.map((r) => [r.key, r.hits])).toEqual([['peps', 1]]);
    expect(sanctionsAnswer.summary.registries.map((r) => [r.key, r.hits])).toEqual([['psanctions', 1]]);
    expect([pepAnswer.source, sanctionsAnswer.source]).toEqual(['service', 'merged']);
  });

  it('keeps every list of a subject in the cache when a narrower request on the wire finishes after a wider one', async () => {
    const svc = fakeService();
    const answers = [gate(), gate()];
    let call = 0;
    // The first request is held until the second has answered: their answers reach the cache in the other order.
    const search: SchedulerOptions['search'] = async (query, options) => {
      await answers[call++].promise;
      return svc.search(query, options);
    };
    const s = scheduler(search, { cache: new AnswerCache({ storage: memoryStorage() }) });
    const pep = s.ask(q('Hit Ivan', PEPS));
    await until(() => call === 1); // the PEP request is on the wire
    const sanctions = s.ask(q('Hit Ivan', SANCTIONS));
    await until(() => call === 2);
    answers[1].open();
    await sanctions;
    answers[0].open();
    await pep;
    await s.idle();
    const again = await Promise.all([s.ask(q('Hit Ivan', PEPS)), s.ask(q('Hit Ivan', SANCTIONS))]);
    expect(again.map((a) => a.fromCache)).toEqual([true, true]);
    expect(svc.calls).toHaveLength(2);
  });

  it('cancelAll also reaches asks whose batch is still reading the cache, and sends nothing for them', async () => {
    const svc = fakeService();
    const backing = memoryStorage();
    const reading = gate();
    const lookup = gate();
    const slowKeys = {
      ...backing,
      keys: async () => {
        reading.open();
        await lookup.promise;
        return backing.keys();
      },
    };
    const s = scheduler(svc.search, { cache: new AnswerCache({ storage: slowKeys }) });
    const pending = s.ask(q('Hit Ivan', PEPS));
    await reading.promise; // the batch is inside the cache lookup now
    s.cancelAll();
    lookup.open();
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
    await s.idle();
    expect(svc.calls).toHaveLength(0);
  });
});
