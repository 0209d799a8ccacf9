import { cutHashes, cutsMade } from '../../src/cli/commands/relay-record-command';
import type { ArchiveCut } from '../../src/relay/store/port';

/**
 * `checklists relay archive prune` names the hash where each chain it cut now starts: the database's,
 * and by URL each relay's own (docs/relay.md, The answer archive), not only the latest cut's.
 */

const cut = (chainId: string | null, firstKept: number, byte: number): ArchiveCut => ({
  cutAt: new Date('2026-11-27T04:00:00Z'),
  removedBefore: new Date('2021-11-27T04:00:00Z'),
  firstKept,
  chain: Buffer.alloc(4, byte),
  rowsRemoved: 3,
  chainId,
});

it('names each chain the prune cut, and none it left', () => {
  const before = [cut(null, 10, 1), cut('relay-a', 20, 2)];
  const after = [cut(null, 40, 3), cut('relay-a', 20, 2), cut('relay-b', 30, 4)];
  const made = cutsMade(before, after);
  expect(made.map((c) => c.chainId)).toEqual([null, 'relay-b']);
  expect(cutHashes(made)).toBe('03030303, 04040404 (relay-b)');
  expect(cutHashes(cutsMade(after, after))).toBe('-');
});
