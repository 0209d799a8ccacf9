import { createHash } from 'node:crypto';
import type { ArchiveRow, RelayStore } from './store/port';

/**
 * Checks the answer archive the way an inspector would have it checked: every row's answer
 * against its digest, every row's chain hash against the previous row's in its chain, from the
 * chain's first row (or its last prune's cut) to its head. The archive holds the database's chain
 * and one for each relay that keeps its own (archive-chain.ts). The hash is the one the database
 * computes on append (migrations.ts, archive_row_hash); both must change together.
 */

/** The chain's start: the hash before the first row. */
export const GENESIS = Buffer.alloc(32);

export function sha256(data: Buffer | string): Buffer {
  return createHash('sha256').update(data).digest();
}

/** SHA-256 of the previous chain hash, the answer's digest and the digest of the row's own fields. */
export function chainHash(prev: Buffer, row: Omit<ArchiveRow, 'chain' | 'answer' | 'chainId'>): Buffer {
  const fields = [row.id, row.auditId, row.receivedAt.getTime(), row.analyst, row.request].join('\n');
  return sha256(Buffer.concat([prev, row.answerSha256, sha256(Buffer.from(fields, 'utf8'))]));
}

export type VerifyProblem =
  { kind: 'digest'; id: number } | { kind: 'chain'; id: number } | { kind: 'missing'; id: number };

export interface VerifyReport {
  ok: boolean;
  rows: number;
  /** The last row's chain hash, hex (the cut's when every row was pruned; zeros for an empty archive). */
  head: string;
  /** The first problem found, when not ok. */
  problem?: VerifyProblem;
  /** Rows removed by prunes before the first kept one. */
  prunedBefore: number | null;
}

export async function verifyArchive(store: RelayStore, pageSize = 1_000): Promise<VerifyReport> {
  const cut = await store.archiveCut();
  // Each chain from its own cut: the key is its id, '' for the database's.
  const heads = new Map((await store.archiveCuts()).map((c) => [c.chainId ?? '', c.chain]));
  let last = cut?.chain ?? GENESIS;
  let rows = 0;
  const report = (problem?: VerifyProblem): VerifyReport => ({
    ok: problem === undefined,
    rows,
    head: last.toString('hex'),
    prunedBefore: cut?.firstKept ?? null,
    ...(problem ? { problem } : {}),
  });
  for await (const page of store.archivePages(0, pageSize)) {
    for (const row of page) {
      if (!sha256(row.answer).equals(row.answerSha256)) return report({ kind: 'digest', id: row.id });
      const chain = row.chainId ?? '';
      const expected = chainHash(heads.get(chain) ?? GENESIS, row);
      if (!expected.equals(row.chain)) return report({ kind: 'chain', id: row.id });
      heads.set(chain, row.chain);
      last = row.chain;
      rows++;
    }
  }
  // A chain cannot tell that its last rows were removed; the audit rows that name them can.
  const missing = await store.missingArchiveRows(cut?.firstKept ?? 0);
  if (missing.length > 0) return report({ kind: 'missing', id: missing[0] });
  return report();
}
