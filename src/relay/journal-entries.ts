import type { SpooledAnswer } from './spooled-evidence';
import type {
  ArchiveEntry,
  AuditBatch,
  AuditBatchIds,
  AuditOutcome,
  AuditRow,
  ClaimRead,
  ClaimToRead,
  StoredAnswer,
  SubjectClaim,
} from './store/port';

/** What the audit journal (./audit-journal.ts) holds until a commit takes it, and the statement made of it. */

export type Pending =
  | {
      kind: 'insert';
      row: AuditRow & { id?: number };
      /** Durable in the spool already: nobody waits for its commit, which need not start for it alone. */
      spooled?: true;
      resolve: (id: number) => void;
      reject: (e: unknown) => void;
    }
  | { kind: 'complete'; id: number; outcome: AuditOutcome; resolve: () => void; reject: (e: unknown) => void }
  | {
      kind: 'archive';
      entry: ArchiveEntry;
      /** The paying request's outcome, written with its answer in one commit. */
      outcome: AuditOutcome;
      resolve: (id: number) => void;
      reject: (e: unknown) => void;
    }
  | {
      /** A row of the relay's own chain, with its paying request's outcome. */
      kind: 'chained';
      answer: SpooledAnswer;
      /** As an insert's. */
      spooled?: true;
      resolve: () => void;
      reject: (e: unknown) => void;
    };

/** A subject's claim, read with its cache row in the next commit (claimed-search.ts). */
export interface PendingClaim {
  item: ClaimToRead;
  holdMs: number;
  resolve: (read: ClaimRead) => void;
  reject: (e: unknown) => void;
}

/** Changes nobody waits on to answer: they ride along with the next commit. */
export type Rider =
  | { kind: 'delivery'; id: number; delivered: boolean; resolve: () => void; reject: (e: unknown) => void }
  | { kind: 'answer'; answer: StoredAnswer; resolve: (kept: boolean) => void; reject: (e: unknown) => void }
  | { kind: 'release'; claim: SubjectClaim; resolve: () => void; reject: (e: unknown) => void };

/**
 * The items for one statement, in order, each key once (an upsert may not touch a row twice); the
 * rest keep their places for the next. `keyOf`: null for an item any batch may take, false for one
 * this batch may not.
 */
export function takeDistinct<T>(
  items: readonly T[],
  keyOf: (item: T) => string | null | false,
): { taken: T[]; rest: T[] } {
  const taken: T[] = [];
  const rest: T[] = [];
  const keys = new Set<string>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === false || (key !== null && keys.has(key))) rest.push(item);
    else {
      if (key !== null) keys.add(key);
      taken.push(item);
    }
  }
  return { taken, rest };
}

/**
 * The journal's entries as one statement's AuditBatch, and how each entry settles with the ids
 * that statement gives back (once durable; a failed statement rejects nothing here).
 */
export function auditBatchOf(
  batch: Pending[],
  claims: PendingClaim[],
  riders: Rider[],
  options: { answersTtlMs: number; spooled: boolean },
): { batch: AuditBatch; settle: (ids: AuditBatchIds) => void } {
  const inserts = batch.filter((p) => p.kind === 'insert');
  const completions = batch.filter((p) => p.kind === 'complete');
  const archives = batch.filter((p) => p.kind === 'archive');
  const chained = batch.filter((p) => p.kind === 'chained');
  const deliveries = riders.filter((r) => r.kind === 'delivery');
  const answers = riders.filter((r) => r.kind === 'answer');
  const releases = riders.filter((r) => r.kind === 'release');
  let archived = 0;
  return {
    batch: {
      inserts: inserts.map((p) => p.row),
      // In the order they came: the last outcome for a row stands (a refusal after its archived answer).
      completions: batch.flatMap((p) => {
        if (p.kind === 'complete') return [{ id: p.id, outcome: p.outcome }];
        if (p.kind === 'archive') return [{ id: p.entry.auditId, outcome: p.outcome, archived: archived++ }];
        if (p.kind === 'chained') {
          return [{ id: p.answer.row.auditId, outcome: { ...p.answer.outcome, archiveId: p.answer.row.id } }];
        }
        return [];
      }),
      archives: archives.map((p) => p.entry),
      archiveRows: chained.map((p) => p.answer.row),
      deliveries: deliveries.map((p) => ({ id: p.id, delivered: p.delivered })),
      answers: answers.map((p) => p.answer),
      answersTtlMs: options.answersTtlMs,
      releases: releases.map((p) => p.claim),
      claims: claims.map((c) => c.item),
      ...(claims.length > 0 ? { claimHoldMs: claims[0].holdMs } : {}),
      spooled: options.spooled,
    },
    settle: (ids) => {
      claims.forEach((c, i) => c.resolve(ids.claims[i]));
      inserts.forEach((p, i) => p.resolve(ids.audit[i]));
      archives.forEach((p, i) => p.resolve(ids.archive[i]));
      answers.forEach((p, i) => p.resolve(ids.answersKept[i]));
      for (const p of [...completions, ...chained, ...deliveries, ...releases]) p.resolve();
    },
  };
}
