import type { SpooledAnswer } from './spooled-evidence';
import type {
  ArchiveEntry,
  AuditOutcome,
  AuditRow,
  ClaimRead,
  ClaimToRead,
  StoredAnswer,
  SubjectClaim,
} from './store/port';

/** What the audit journal (./audit-journal.ts) holds until a commit takes it. */

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
