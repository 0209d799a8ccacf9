import { AnswerCache } from '../../src/core/cache/answer-cache';
import { CACHE_INDEX_KEY, CACHE_KEY_PREFIX } from '../../src/core/cache/cache-layout';
import { listdataForRegistries } from '../../src/core/protocol/listdata';
import { parseEnvelope } from '../../src/core/protocol/schema';
import { memoryStorage, type KeyValueStorage } from '../../src/core/settings/storage';

const PEPS = listdataForRegistries(['peps']);

async function put(cache: AnswerCache, key: string, padding = 0) {
  const raw = {
    idrequest: key,
    result: { peps: [{ name: key, percent: 80, level: 'Низький', remark: 'x'.repeat(padding) }] },
  };
  return cache.put(key, PEPS, raw, parseEnvelope(raw), 'https://svc.test');
}

/** What the cache really occupies, and the entry keys its saved index accounts for. */
function inStorage(storage: ReturnType<typeof memoryStorage>) {
  let footprint = 0;
  const entries: string[] = [];
  for (const [key, value] of storage.map) {
    if (key.startsWith(CACHE_KEY_PREFIX)) entries.push(key);
    if (key.startsWith(CACHE_KEY_PREFIX) || key === CACHE_INDEX_KEY) footprint += (key.length + value.length) * 2;
  }
  const index = Object.keys(JSON.parse(storage.map.get(CACHE_INDEX_KEY) ?? '{}') as Record<string, unknown>);
  return { footprint, entries: entries.sort(), indexed: index.sort() };
}

describe('AnswerCache: two instances over one storage (the runtime rebuilt after a settings change)', () => {
  it('stay within the byte budget together when writing alternately, and account for each other', async () => {
    let now = 0;
    const storage = memoryStorage();
    const maxBytes = 20_000;
    const older = new AnswerCache({ storage, maxBytes, now: () => now });
    const newer = new AnswerCache({ storage, maxBytes, now: () => now });
    for (let i = 0; i < 40; i++) {
      now += 1000;
      expect(await put(i % 2 === 0 ? older : newer, `s${i}`, 1500)).toBe(true);
      const seen = inStorage(storage);
      expect(seen.footprint).toBeLessThanOrEqual(maxBytes);
      expect(seen.indexed).toEqual(seen.entries);
    }
    const [a, b] = [await older.stats(), await newer.stats()];
    expect(a).toEqual(b);
    expect(a.entries).toBe(inStorage(storage).entries.length);
    expect(a.bytes).toBeGreaterThanOrEqual(inStorage(storage).footprint);
    // The newest answers of both are kept; the oldest went first, whoever wrote them.
    expect(await older.get('s39', PEPS)).not.toBeNull();
    expect(await newer.get('s38', PEPS)).not.toBeNull();
    expect(await new AnswerCache({ storage }).get('s0', PEPS)).toBeNull();
  });

  it('lose no entry from the saved index when both write at the same time', async () => {
    const storage = memoryStorage();
    const one = new AnswerCache({ storage });
    const two = new AnswerCache({ storage });
    await Promise.all(Array.from({ length: 10 }, (_, i) => put(i % 2 ? one : two, `subject-${i}`)));
    const seen = inStorage(storage);
    expect(seen.entries).toHaveLength(10);
    expect(seen.indexed).toEqual(seen.entries);
    expect((await one.stats()).entries).toBe(10);
  });

  it('takes in an index saved from elsewhere (another window) before its next write', async () => {
    let now = 0;
    const storage = memoryStorage();
    const maxBytes = 12_000;
    const here = new AnswerCache({ storage, maxBytes, now: () => now });
    now = 1000;
    await put(here, 'mine', 1500);
    // Another JavaScript context has its own module state: only the saved index is shared.
    const elsewhere = { ...storage };
    const there = new AnswerCache({ storage: elsewhere, maxBytes, now: () => now });
    for (let i = 0; i < 3; i++) {
      now += 1000;
      await put(there, `theirs-${i}`, 1500);
    }
    now += 1000;
    await put(here, 'mine-again', 1500);
    const seen = inStorage(storage);
    expect(seen.footprint).toBeLessThanOrEqual(maxBytes);
    expect(seen.indexed).toEqual(seen.entries);
  });
});

/** Storage that stops answering until healed; calls made while hanging never settle. */
function flakyStorage() {
  const inner = memoryStorage();
  let hanging = false;
  const wrap =
    <A extends unknown[], T>(call: (...args: A) => Promise<T>) =>
    (...args: A): Promise<T> =>
      hanging ? new Promise<T>(() => undefined) : call(...args);
  const storage: KeyValueStorage = {
    getItem: wrap(inner.getItem),
    setItem: wrap(inner.setItem),
    removeItem: wrap(inner.removeItem),
    keys: wrap(inner.keys),
  };
  return {
    storage,
    hang: () => (hanging = true),
    heal: () => (hanging = false),
  };
}

describe('AnswerCache: a storage that stops answering', () => {
  it('reads a miss and gives up a write within its bound, and works again once storage answers', async () => {
    const flaky = flakyStorage();
    const cache = new AnswerCache({ storage: flaky.storage, storageTimeoutMs: 20 });
    flaky.hang();
    expect(await cache.peek('subject-a')).toBeNull();
    await expect(put(cache, 'subject-a')).rejects.toThrow();
    flaky.heal();
    expect(await put(cache, 'subject-a')).toBe(true);
    expect(await new AnswerCache({ storage: flaky.storage }).get('subject-a', PEPS)).not.toBeNull();
  });

  it('does not hold later writes behind one that hangs', async () => {
    const flaky = flakyStorage();
    const cache = new AnswerCache({ storage: flaky.storage, storageTimeoutMs: 20 });
    expect(await put(cache, 'first')).toBe(true);
    flaky.hang();
    const stuck = put(cache, 'second');
    // Let the write reach storage before it answers again.
    await new Promise((r) => setTimeout(r, 0));
    flaky.heal();
    expect(await put(cache, 'third')).toBe(true);
    await stuck.catch(() => false);
    expect(await cache.get('third', PEPS)).not.toBeNull();
  });
});

/** A storage that counts what is written to it, per kind of key (issue 32: the fake's storage counts bytes). */
function countingStorage() {
  const inner = memoryStorage();
  const written = { entries: 0, index: 0 };
  const storage: KeyValueStorage = {
    ...inner,
    setItem: async (key, value) => {
      const bytes = (key.length + value.length) * 2;
      if (key === CACHE_INDEX_KEY) written.index += bytes;
      else written.entries += bytes;
      return inner.setItem(key, value);
    },
  };
  return { storage, written, inner };
}

describe('AnswerCache: writes proportional to what changed (issue 32)', () => {
  it('3,000 answers write their index in proportion, not the whole index per answer; a new session still finds every answer', async () => {
    const { storage, written, inner } = countingStorage();
    const cache = new AnswerCache({ storage });
    for (let i = 0; i < 3000; i++) expect(await put(cache, `subject-${i}`)).toBe(true);
    // Saving the whole index on every answer wrote ~500 times the answers' bytes here.
    expect(written.index).toBeLessThan(10 * written.entries);
    // Index lines not saved yet are no loss: the next session reads what its index does not know.
    const next = new AnswerCache({ storage: inner });
    expect((await next.stats()).entries).toBe(3000);
    expect(await next.get('subject-2999', PEPS)).not.toBeNull();
    await cache.flush();
    expect(Object.keys(JSON.parse(inner.map.get(CACHE_INDEX_KEY) ?? '{}') as object)).toHaveLength(3000);
  });
});
