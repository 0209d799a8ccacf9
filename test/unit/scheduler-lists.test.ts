import { AnswerCache } from '../../src/core/cache/answer-cache';
import type { SearchResult } from '../../src/core/request/client';
import { ALL_LISTS, bitsOf, parseListdata, unionListdata, type Listdata } from '../../src/core/protocol/listdata';
import { subjectKey, type SearchQuery } from '../../src/core/query';
import { LISTS } from '../../src/core/protocol/registries';
import { parseEnvelope, type ParsedEnvelope } from '../../src/core/protocol/schema';
import { RequestScheduler, type SchedulerOptions } from '../../src/core/request/scheduler';
import { memoryStorage, type KeyValueStorage } from '../../src/core/settings/storage';
import type { SearchOptions } from '../../src/core/request/scheduler-api';

const EU = parseListdata('sanctions-eu');
const NSDC = parseListdata('sanctions-nsdc');
const PEPS = parseListdata('peps');
/** The sanctions lists this subject is on, whatever is asked. */
const ON_LISTS = ['sanctions-eu', 'sanctions-nsdc', 'sanctions-us'].map((n) => parseListdata(n));

/**
 * A service double that, like the real one, answers each sanctions list asked with that list's
 * entries (each saying which list it is on in p_listdata), and PEPs when they are asked.
 */
function listService(durationMs = 42) {
  const calls: SearchQuery[] = [];
  /** Each call's SearchOptions.fresh. */
  const fresh: boolean[] = [];
  let release: (() => void) | null = null;
  let hold: Promise<void> | null = null;
  const search = async (query: SearchQuery, options?: SearchOptions): Promise<SearchResult> => {
    const n = calls.push(query);
    fresh.push(options?.fresh === true);
    if (hold) await hold;
    const asked = query.listdata ?? ALL_LISTS;
    const askedBits = new Set(bitsOf(asked));
    const result: Record<string, unknown> = {};
    if (asked === ALL_LISTS || LISTS.some((l) => l.keys.includes('psanctions') && askedBits.has(l.bit))) {
      result.psanctions = ON_LISTS.filter((l) => asked === ALL_LISTS || (asked & l) !== 0n).map((l) => ({
        pid: `P${l}`,
        p_fullname: query.name,
        p_percent: 90,
        p_level: 'Високий',
        p_listdata: Number(l),
      }));
    }
    if (asked === ALL_LISTS || askedBits.has(9)) result.peps = [{ name: query.name, percent: 70, level: 'Низький' }];
    const raw = { idrequest: `req-${n}`, listdata: asked.toString(), result };
    return {
      envelope: parseEnvelope(raw),
      servedBy: 'https://svc.test',
      attempts: [],
      durationMs,
      method: 'POST',
      raw,
    };
  };
  return {
    search,
    calls,
    fresh,
    /** Holds every answer until the returned function is called. */
    pause(): () => void {
      hold = new Promise<void>((r) => (release = r));
      return () => {
        hold = null;
        release?.();
      };
    },
  };
}

function scheduler(search: SchedulerOptions['search'], extra: Partial<SchedulerOptions> = {}) {
  return new RequestScheduler({ search, batchWindowMs: 2, ...extra });
}

const q = (name: string, listdata?: Listdata): SearchQuery => ({
  name,
  ...(listdata !== undefined ? { listdata } : {}),
});

const sanctionPids = (envelope: ParsedEnvelope) => {
  const o = envelope.registries.psanctions;
  return o && o.status !== 'error' ? o.items.map((i) => i.pid) : [];
};

describe('RequestScheduler: each asker sees only its own lists', () => {
  it('splits a merged request within one registry: an EU ask counts no NSDC entry', async () => {
    const svc = listService();
    const s = scheduler(svc.search);
    const [eu, nsdc] = await Promise.all([s.ask(q('Ivan', EU)), s.ask(q('Ivan', NSDC))]);
    expect(svc.calls).toHaveLength(1);
    expect(svc.calls[0].listdata).toBe(unionListdata(EU, NSDC));
    expect(sanctionPids(eu.envelope)).toEqual([`P${EU}`]);
    expect(sanctionPids(nsdc.envelope)).toEqual([`P${NSDC}`]);
    expect(eu.summary.totalHits).toBe(1);
    expect(nsdc.summary.totalHits).toBe(1);
  });

  it('answers an EU ask from a cached "all lists" answer with the EU entries only, and keeps the whole answer cached', async () => {
    const svc = listService();
    const cache = new AnswerCache({ storage: memoryStorage() });
    const s = scheduler(svc.search, { cache });
    const all = await s.ask(q('Ivan'));
    expect(all.summary.totalHits).toBe(ON_LISTS.length + 1);
    await s.idle();

    const eu = await s.ask(q('Ivan', EU));
    expect(eu.fromCache).toBe(true);
    expect(svc.calls).toHaveLength(1);
    expect(sanctionPids(eu.envelope)).toEqual([`P${EU}`]);
    expect(eu.summary.registries).toEqual([expect.objectContaining({ key: 'psanctions', hits: 1 })]);
    expect(eu.listdata).toBe(ALL_LISTS);

    const entry = await cache.get(subjectKey(q('Ivan')), ALL_LISTS);
    expect(entry && sanctionPids(entry.envelope)).toHaveLength(ON_LISTS.length);
  });

  it('restricts the asker that joins a wider request already in flight', async () => {
    const svc = listService();
    const s = scheduler(svc.search);
    const release = svc.pause();
    const wide = s.ask(q('Ivan', unionListdata(EU, NSDC, PEPS)));
    await new Promise((r) => setTimeout(r, 10));
    const narrow = s.ask(q('Ivan', NSDC));
    await new Promise((r) => setTimeout(r, 10));
    release();
    const [w, n] = await Promise.all([wide, narrow]);
    expect(svc.calls).toHaveLength(1);
    expect(w.summary.totalHits).toBe(3);
    expect(sanctionPids(n.envelope)).toEqual([`P${NSDC}`]);
    expect(n.envelope.registries.peps).toBeUndefined();
  });
});

describe('RequestScheduler: where an answer came from (issue 26, one ask path)', () => {
  it('says "shared" when the search function found another instance’s answer instead of asking', async () => {
    const svc = listService();
    const shared = scheduler(async (query) => ({ ...(await svc.search(query)), source: 'shared' as const }));
    const answer = await shared.ask(q('Ivan', EU));
    expect(answer).toMatchObject({ source: 'shared', fromCache: true });
    const paid = await scheduler(svc.search).ask(q('Petro', EU));
    expect(paid).toMatchObject({ source: 'service', fromCache: false });
  });

  it('does not write an answer the search function says it has stored itself (the relay’s claimed search)', async () => {
    const svc = listService();
    const cache = new AnswerCache({ storage: memoryStorage() });
    const stored = scheduler(async (query) => ({ ...(await svc.search(query)), stored: true as const }), { cache });
    await stored.ask(q('Ivan', EU));
    await stored.idle();
    expect(await cache.peek(subjectKey(q('Ivan', EU)))).toBeNull();
    const plain = scheduler(svc.search, { cache });
    await plain.ask(q('Petro', EU));
    await plain.idle();
    expect(await cache.peek(subjectKey(q('Petro', EU)))).not.toBeNull();
  });
});

describe('RequestScheduler: fresh asks', () => {
  it('sends a request despite a cached answer, writes the new answer to the cache, and reports its duration', async () => {
    const svc = listService(42);
    const cache = new AnswerCache({ storage: memoryStorage() });
    const s = scheduler(svc.search, { cache });
    await s.ask(q('Ivan', EU));
    await s.idle();
    const cached = await s.ask(q('Ivan', EU));
    expect(cached).toMatchObject({ source: 'cache', fromCache: true, durationMs: 0, servedBy: 'https://svc.test' });

    const fresh = await s.ask(q('Ivan', EU), { fresh: true });
    expect(svc.calls).toHaveLength(2);
    // The search function hears of it too: the relay's shared cache must not answer it either.
    expect(svc.fresh).toEqual([false, true]);
    expect(fresh).toMatchObject({ source: 'service', fromCache: false, durationMs: 42, servedBy: 'https://svc.test' });
    expect(fresh.envelope.header.idrequest).toBe('req-2');
    await s.idle();
    const after = await s.ask(q('Ivan', EU));
    expect(after.fromCache).toBe(true);
    expect(after.envelope.header.idrequest).toBe('req-2');
  });

  it('widens a fresh request to what the cache holds, so the fresh answer replaces the whole entry', async () => {
    const svc = listService();
    const cache = new AnswerCache({ storage: memoryStorage() });
    const s = scheduler(svc.search, { cache });
    await s.ask(q('Ivan'));
    await s.idle();
    const fresh = await s.ask(q('Ivan', EU), { fresh: true });
    expect(svc.calls[1].listdata ?? ALL_LISTS).toBe(ALL_LISTS);
    expect(sanctionPids(fresh.envelope)).toEqual([`P${EU}`]);
    await s.idle();
    expect((await s.ask(q('Ivan'))).envelope.header.idrequest).toBe('req-2');
  });

  it('does not share a request that left before the fresh ask, but shares one that leaves after it', async () => {
    const svc = listService();
    const s = scheduler(svc.search);
    const release = svc.pause();
    const early = s.ask(q('Ivan', EU));
    await new Promise((r) => setTimeout(r, 10));
    expect(svc.calls).toHaveLength(1);
    const fresh = s.ask(q('Ivan', EU), { fresh: true });
    const plain = s.ask(q('Ivan', EU));
    await new Promise((r) => setTimeout(r, 10));
    release();
    const [e, f, p] = await Promise.all([early, fresh, plain]);
    // The plain ask joined the request on the wire; the fresh one needed its own.
    expect(svc.calls).toHaveLength(2);
    expect(e.envelope.header.idrequest).toBe('req-1');
    expect(p.envelope.header.idrequest).toBe('req-1');
    expect(f.envelope.header.idrequest).toBe('req-2');
  });

  it('joins a request still waiting for a slot: it leaves after the fresh ask', async () => {
    const svc = listService();
    const s = scheduler(svc.search, { concurrency: 1 });
    const release = svc.pause();
    const other = s.ask(q('Petro', EU));
    await new Promise((r) => setTimeout(r, 10));
    const queued = s.ask(q('Ivan', EU));
    await new Promise((r) => setTimeout(r, 10));
    const fresh = s.ask(q('Ivan', EU), { fresh: true });
    await new Promise((r) => setTimeout(r, 10));
    release();
    const [, a, b] = await Promise.all([other, queued, fresh]);
    expect(svc.calls).toHaveLength(2);
    expect(b.envelope.header.idrequest).toBe(a.envelope.header.idrequest);
    // Joined before it left, so the request it joined is asked as fresh.
    expect(svc.fresh).toEqual([false, true]);
  });

  it('gives an answer another instance kept (a shared cache) the time it was received, not the time it was found', async () => {
    const svc = listService();
    const keptAt = Date.now() - 3_600_000;
    const s = scheduler(async (query) => ({
      ...(await svc.search(query)),
      source: 'shared' as const,
      receivedAt: keptAt,
    }));
    const answer = await s.ask(q('Ivan', EU));
    expect(answer).toMatchObject({ source: 'shared', fromCache: true, receivedAt: keptAt });
  });
});

/** Storage whose calls never settle until released: OfficeRuntime.storage gone quiet. */
function hangingStorage() {
  const inner = memoryStorage();
  const waiting: (() => void)[] = [];
  let hanging = true;
  const wrap =
    <A extends unknown[], T>(call: (...args: A) => Promise<T>) =>
    (...args: A): Promise<T> =>
      hanging
        ? new Promise<T>((resolve, reject) => waiting.push(() => call(...args).then(resolve, reject)))
        : call(...args);
  const storage: KeyValueStorage = {
    getItem: wrap(inner.getItem),
    setItem: wrap(inner.setItem),
    removeItem: wrap(inner.removeItem),
    keys: wrap(inner.keys),
  };
  return {
    storage,
    pending: () => waiting.length,
    release() {
      hanging = false;
      for (const go of waiting.splice(0)) go();
    },
  };
}

describe('RequestScheduler: a cache that does not answer', () => {
  it('takes a hanging read as a miss and a hanging write as given up: the answer and idle() still come', async () => {
    const svc = listService();
    const hang = hangingStorage();
    // The cache's own bound is far away: the scheduler's bounds are what is tested here.
    const cache = new AnswerCache({ storage: hang.storage, storageTimeoutMs: 3_600_000 });
    const s = scheduler(svc.search, { cache, cacheReadTimeoutMs: 20, cacheWriteTimeoutMs: 20 });
    try {
      const answer = await s.ask(q('Ivan', EU));
      expect(answer.fromCache).toBe(false);
      expect(sanctionPids(answer.envelope)).toEqual([`P${EU}`]);
      await s.idle();
      expect(hang.pending()).toBeGreaterThan(0);
      expect(s.stats.cacheTimeouts).toBe(2);
      // Bulk runs go on: the next subject is not held up either.
      expect((await s.ask(q('Petro', EU))).fromCache).toBe(false);
    } finally {
      hang.release();
      await s.idle();
    }
  });
});
