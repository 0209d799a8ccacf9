import { AnswerCache } from '../../src/core/cache/answer-cache';
import { CACHE_INDEX_KEY, CACHE_KEY_PREFIX } from '../../src/core/cache/cache-layout';
import { hashKey } from '../../src/core/cache/fnv';
import { listdataForRegistries, unionListdata } from '../../src/core/protocol/listdata';
import { parseEnvelope } from '../../src/core/protocol/schema';
import { memoryStorage } from '../../src/core/settings/storage';

const PEPS = listdataForRegistries(['peps']);
const SANCTIONS = listdataForRegistries(['psanctions']);

function answer(name: string, padding = 0) {
  const raw = {
    idrequest: '1',
    result: { peps: [{ name, percent: 80, level: 'Низький', remark: 'x'.repeat(padding) }] },
  };
  return { raw, envelope: parseEnvelope(raw) };
}

async function put(cache: AnswerCache, key: string, listdata = PEPS, padding = 0) {
  const { raw, envelope } = answer(key, padding);
  return cache.put(key, listdata, raw, envelope, 'https://svc.test');
}

describe('AnswerCache', () => {
  it('answers an asked listdata that the stored one contains, and nothing else', async () => {
    const cache = new AnswerCache({ storage: memoryStorage() });
    await put(cache, 'subject-a', unionListdata(PEPS, SANCTIONS));
    expect(await cache.get('subject-a', PEPS)).not.toBeNull();
    expect(await cache.get('subject-a', SANCTIONS)).not.toBeNull();
    expect(await cache.get('subject-a', listdataForRegistries(['lostdocs']))).toBeNull();
    expect(await cache.get('subject-b', PEPS)).toBeNull();
  });

  it('reads its entries back in a new instance (a restarted runtime) and re-parses the envelope', async () => {
    const storage = memoryStorage();
    await put(new AnswerCache({ storage }), 'subject-a');
    const reopened = new AnswerCache({ storage });
    const hit = await reopened.get('subject-a', PEPS);
    expect(hit?.envelope.registries.peps).toMatchObject({ status: 'ok' });
    expect(hit?.servedBy).toBe('https://svc.test');
    expect((await reopened.stats()).entries).toBe(1);
  });

  it('stays within its byte budget by evicting the oldest entries first', async () => {
    let now = 0;
    const storage = memoryStorage();
    const maxBytes = 20_000;
    const cache = new AnswerCache({ storage, maxBytes, now: () => now });
    for (let i = 0; i < 20; i++) {
      now += 1000;
      await put(cache, `subject-${i}`, PEPS, 1500);
    }
    const stats = await cache.stats();
    expect(stats.bytes).toBeLessThanOrEqual(maxBytes);
    let stored = 0;
    for (const [key, value] of storage.map) {
      if (key.startsWith(CACHE_KEY_PREFIX) || key === CACHE_INDEX_KEY) stored += (key.length + value.length) * 2;
    }
    expect(stored).toBeLessThanOrEqual(stats.bytes);
    expect(await cache.get('subject-0', PEPS)).toBeNull();
    expect(await cache.get('subject-19', PEPS)).not.toBeNull();
    expect(stats.entries).toBeGreaterThan(1);
    expect(stats.entries).toBeLessThan(20);
  });

  it('counts its index in the byte budget, so many small answers cannot push storage past it', async () => {
    let now = 0;
    const storage = memoryStorage();
    const maxBytes = 20_000;
    const cache = new AnswerCache({ storage, maxBytes, now: () => now });
    for (let i = 0; i < 60; i++) {
      now += 1000;
      await put(cache, `s${i}`);
    }
    let footprint = 0;
    for (const [key, value] of storage.map) {
      if (key.startsWith(CACHE_KEY_PREFIX) || key === CACHE_INDEX_KEY) footprint += (key.length + value.length) * 2;
    }
    expect(footprint).toBeLessThanOrEqual(maxBytes);
    expect(await cache.get('s59', PEPS)).not.toBeNull();
  });

  it('refuses an answer larger than one entry may be', async () => {
    const cache = new AnswerCache({ storage: memoryStorage(), maxEntryBytes: 4000 });
    expect(await put(cache, 'small')).toBe(true);
    expect(await put(cache, 'large', PEPS, 5000)).toBe(false);
    expect(await cache.get('large', PEPS)).toBeNull();
  });

  it('never answers one subject with an entry written for another (hash collision guard)', async () => {
    const storage = memoryStorage();
    const cache = new AnswerCache({ storage });
    await put(cache, 'subject-b');
    const bKey = `${CACHE_KEY_PREFIX}${hashKey('subject-b')}`;
    const aKey = `${CACHE_KEY_PREFIX}${hashKey('subject-a')}`;
    storage.map.set(aKey, storage.map.get(bKey) ?? '');
    storage.map.delete(CACHE_INDEX_KEY);
    const reopened = new AnswerCache({ storage });
    expect(await reopened.get('subject-a', PEPS)).toBeNull();
    expect(await reopened.get('subject-b', PEPS)).not.toBeNull();
  });

  it('rebuilds a lost index from the entries and drops unreadable ones', async () => {
    const storage = memoryStorage();
    await put(new AnswerCache({ storage }), 'subject-a');
    storage.map.delete(CACHE_INDEX_KEY);
    storage.map.set(`${CACHE_KEY_PREFIX}garbage`, '{not json');
    const reopened = new AnswerCache({ storage });
    expect((await reopened.stats()).entries).toBe(1);
    expect(storage.map.has(`${CACHE_KEY_PREFIX}garbage`)).toBe(false);
    expect(storage.map.has(CACHE_INDEX_KEY)).toBe(true);
  });

  it('keeps namespaces apart (sandbox answers never answer live questions) within one shared budget', async () => {
    const storage = memoryStorage();
    const sandbox = new AnswerCache({ storage, namespace: 'sandbox' });
    const live = new AnswerCache({ storage, namespace: 'live|https://svc|subject' });
    await put(sandbox, 'subject-a');
    expect(await live.get('subject-a', PEPS)).toBeNull();
    await put(live, 'subject-a');
    expect((await live.stats()).entries).toBe(2);
    await live.clear();
    expect(await live.get('subject-a', PEPS)).toBeNull();
    expect(await new AnswerCache({ storage, namespace: 'sandbox' }).get('subject-a', PEPS)).not.toBeNull();
  });

  it('expires entries after the lifetime, and a zero lifetime disables it', async () => {
    let now = 0;
    const storage = memoryStorage();
    const cache = new AnswerCache({ storage, ttlMs: 1000, now: () => now });
    await put(cache, 'subject-a');
    now = 999;
    expect(await cache.get('subject-a', PEPS)).not.toBeNull();
    now = 1000;
    expect(await cache.get('subject-a', PEPS)).toBeNull();
    const off = new AnswerCache({ storage: memoryStorage(), ttlMs: 0 });
    expect(await put(off, 'subject-a')).toBe(false);
    expect(off.enabled).toBe(false);
  });

  it('ages an answer the relay kept from when the relay received it, not from when it came here', async () => {
    const hour = 3_600_000;
    let now = Date.parse('2026-11-28T12:00:00Z');
    const cache = new AnswerCache({ storage: memoryStorage(), ttlMs: 24 * hour, now: () => now });
    const kept = (at: string) => {
      const raw = { idrequest: '1', relay_cached_at: at, result: { peps: [] } };
      return cache.put(at, PEPS, raw, parseEnvelope(raw), 'https://relay.test');
    };
    await kept('2026-11-27T14:00:00Z');
    await kept('not a time');
    expect((await cache.peek('2026-11-27T14:00:00Z'))?.storedAt).toBe(Date.parse('2026-11-27T14:00:00Z'));
    expect((await cache.peek('not a time'))?.storedAt).toBe(now);
    now += 2 * hour;
    expect(await cache.get('2026-11-27T14:00:00Z', PEPS)).toBeNull();
    expect(await cache.get('not a time', PEPS)).not.toBeNull();
  });

  it('keeps no name or tax number in storage keys', async () => {
    const storage = memoryStorage();
    await put(new AnswerCache({ storage }), 'q1:[["name","іваненко іван"],["ipn","1234567890"]]');
    expect([...storage.map.keys()].some((k) => /іваненко|1234567890/.test(k))).toBe(false);
  });
});
