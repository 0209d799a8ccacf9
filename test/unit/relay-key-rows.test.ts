import { createKey, KeyVerifier } from '../../src/relay/keys';
import type { AnalystKeyRow, RelayStore } from '../../src/relay/store/port';

/** The two statements the key verifier and createKey use, over an array, counting reads. */
function keyStore() {
  const rows: AnalystKeyRow[] = [];
  const reads: string[][] = [];
  const store = {
    async addKey(row: Omit<AnalystKeyRow, 'createdAt' | 'revokedAt'>) {
      rows.push({ ...row, createdAt: new Date(), revokedAt: null });
      return 'added' as const;
    },
    async keysByIds(ids: readonly string[]) {
      reads.push([...ids].sort());
      return rows.filter((r) => ids.includes(r.keyId)).map((r) => ({ ...r }));
    },
  };
  return { rows, reads, store: store as unknown as RelayStore };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('analyst key rows (issue 30)', () => {
  it('reads the rows of keys in use again together, so requests do not wait for them, and a revocation is felt within a second', async () => {
    const { rows, reads, store } = keyStore();
    const keys = [];
    for (const name of ['olena', 'petro', 'iryna']) {
      const made = await createKey(store, name);
      if (made === 'exists') throw new Error('unexpected');
      keys.push(made.key);
    }
    const verifier = new KeyVerifier(store);
    try {
      await Promise.all(keys.map((k) => verifier.check(k)));
      // The first sight goes at once; the two that arrive while it is on its way share the next. (On a
      // slow machine the keys' hashing can outlast the 250 ms refresh, whose read of all three follows.)
      expect(reads.slice(0, 2).map((ids) => ids.length)).toEqual([1, 2]);
      expect(reads.slice(2).every((ids) => ids.length === 3)).toBe(true);

      // Busy for a second: every request is answered from memory while the rows are refreshed.
      const started = performance.now();
      let slowest = 0;
      while (performance.now() - started < 1_000) {
        for (const key of keys) {
          const t = performance.now();
          expect(await verifier.check(key)).toEqual(expect.objectContaining({ ok: true }));
          slowest = Math.max(slowest, performance.now() - t);
        }
        await pause(20);
      }
      const refreshes = reads.slice(2);
      // About four a second (every 250 ms), each for every key in use at once.
      expect(refreshes.length).toBeGreaterThanOrEqual(2);
      expect(refreshes.length).toBeLessThanOrEqual(6);
      for (const ids of refreshes) expect(ids).toHaveLength(3);

      const petro = rows.find((r) => r.name === 'petro')!;
      petro.revokedAt = new Date();
      const revokedAt = performance.now();
      let refusedAfter = Infinity;
      while (performance.now() - revokedAt < 2_000) {
        const checked = await verifier.check(keys[1]);
        if (!checked.ok && checked.reason === 'revoked') {
          refusedAfter = performance.now() - revokedAt;
          break;
        }
        await pause(20);
      }
      expect(refusedAfter).toBeLessThan(1_000);
      expect(await verifier.check(keys[0])).toEqual(expect.objectContaining({ ok: true, analyst: 'olena' }));
    } finally {
      verifier.stop();
    }
  });

  it('stops reading rows of keys nobody uses, and reads a key again at its next use', async () => {
    const { reads, store } = keyStore();
    const made = await createKey(store, 'olena');
    if (made === 'exists') throw new Error('unexpected');
    let now = 0;
    const verifier = new KeyVerifier(store, () => now);
    try {
      await verifier.check(made.key);
      expect(reads).toHaveLength(1);
      // Unused for longer than the idle limit: the next refresh finds nothing in use and stops.
      now = 60_000;
      await pause(600);
      const after = reads.length;
      await pause(600);
      expect(reads.length).toBe(after);
      // Its row is too old to trust: read before the request is answered.
      expect(await verifier.check(made.key)).toEqual(expect.objectContaining({ ok: true }));
      expect(reads.length).toBe(after + 1);
    } finally {
      verifier.stop();
    }
  });
});
