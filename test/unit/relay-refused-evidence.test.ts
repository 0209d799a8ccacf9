import { auditRowBase } from '../../src/relay/audit-row';
import { RefusedEvidence } from '../../src/relay/refused-evidence';
import type { AuditBatch, AuditBatchIds, RelayStore } from '../../src/relay/store/port';

/**
 * Spooled evidence whose commit the database refused (src/relay/refused-evidence.ts): put in again
 * until the database takes it, less often while it keeps refusing, and a row it refuses for good
 * never holds back the others. A store in memory and jest's clock.
 */

function memoryStore(refuses: (ids: number[]) => boolean): {
  store: RelayStore;
  stored: Set<number>;
  attempts: { at: number; ids: number[] }[];
} {
  const stored = new Set<number>();
  const attempts: { at: number; ids: number[] }[] = [];
  const store = {
    auditIdsKnown: async (ids: readonly number[]) => new Set(ids.filter((id) => stored.has(id))),
    advanceAuditIds: async () => undefined,
    writeAuditBatch: async (batch: AuditBatch): Promise<AuditBatchIds> => {
      const ids = batch.inserts.map((r) => r.id ?? 0);
      attempts.push({ at: Date.now(), ids });
      if (refuses(ids)) throw new Error('refused');
      for (const id of ids) stored.add(id);
      return { audit: ids, archive: [], answersKept: [], claims: [] };
    },
  } as unknown as RelayStore;
  return { store, stored, attempts };
}

const row = (id: number) => ({ id, row: auditRowBase('POST', 'olena', { name: `Рядок ${id}` }, 'asked', 'A') });

beforeEach(() => jest.useFakeTimers({ now: 0 }));
afterEach(() => jest.useRealTimers());

it('a row the database refuses for good holds back only itself', async () => {
  const { store, stored } = memoryStore((ids) => ids.includes(3));
  const refusals: unknown[] = [];
  const evidence = new RefusedEvidence(store, null, (error) => refusals.push(error));
  for (const id of [1, 2, 3, 4, 5]) evidence.row(row(id));
  await jest.advanceTimersByTimeAsync(1_000);
  expect([...stored].sort()).toEqual([1, 2, 4, 5]);
  // The round of five, then row 3 alone.
  expect(refusals).toHaveLength(2);
  // Row 3 alone from then on, however long.
  await jest.advanceTimersByTimeAsync(10 * 60_000);
  expect([...stored].sort()).toEqual([1, 2, 4, 5]);
});

it('while the database refuses everything, the rounds come less often, up to a minute apart; once it takes them, a second again', async () => {
  let down = true;
  const { store, stored, attempts } = memoryStore(() => down);
  const evidence = new RefusedEvidence(store, null);
  evidence.row(row(1));
  evidence.row(row(2));
  await jest.advanceTimersByTimeAsync(200_000);
  // Each round: both together, then the first alone (refused too: the database is down, not a row).
  const rounds = attempts.filter((a) => a.ids.length === 2).map((a) => a.at);
  expect(rounds).toEqual([1_000, 3_000, 7_000, 15_000, 31_000, 63_000, 123_000, 183_000]);
  expect(attempts).toHaveLength(16);
  down = false;
  await jest.advanceTimersByTimeAsync(60_000);
  expect([...stored].sort()).toEqual([1, 2]);
  // Taken: a new refusal is tried again a second later.
  down = true;
  evidence.row(row(3));
  const before = attempts.length;
  await jest.advanceTimersByTimeAsync(1_000);
  expect(attempts.length).toBe(before + 1);
});
