import type { ArchiveEntry, AuditOutcome, AuditRow, RelayStore } from './store/port';

/**
 * Group commit for the audit trail and the answer archive. Requests that arrive while a commit is on its way to disk
 * wait for the next one and share it: one transaction and one fsync for all of them, however
 * many analysts are busy, instead of one fsync each in a queue. A request's promise settles
 * only once its own row is durable; a batch that fails fails each of its requests, which then
 * answer 503 (no answer leaves without its row).
 */

/** One commit carries at most this many changes; the next takes the rest at once. */
const MAX_BATCH = 500;

type Pending =
  | { kind: 'insert'; row: AuditRow; resolve: (id: number) => void; reject: (e: unknown) => void }
  | { kind: 'complete'; id: number; outcome: AuditOutcome; resolve: () => void; reject: (e: unknown) => void }
  | { kind: 'delivery'; id: number; delivered: boolean; resolve: () => void; reject: (e: unknown) => void }
  | {
      kind: 'archive';
      entry: ArchiveEntry;
      /** The paying request's outcome, written with its answer in one commit. */
      outcome?: AuditOutcome;
      resolve: (id: number) => void;
      reject: (e: unknown) => void;
    };

export interface JournalObserver {
  /** Each commit: how many changes it carried and how long it took, ms. */
  onCommit?(changes: number, ms: number): void;
}

/**
 * Two lanes, each with one commit on its way at a time: archived answers take the archive chain's
 * lock (held to commit, shared by every instance on the database), and the "asked" rows of new
 * requests must not queue behind it. A completion never needs a row of the other lane's batch in
 * flight: its row was durable before the request was sent.
 */
interface Lane {
  pending: Pending[];
  flushing: boolean;
}

export class AuditJournal {
  private readonly rows: Lane = { pending: [], flushing: false };
  private readonly answers: Lane = { pending: [], flushing: false };

  constructor(
    private readonly store: RelayStore,
    private readonly observer: JournalObserver = {},
  ) {}

  /** A new row; its id once durable. */
  insert(row: AuditRow): Promise<number> {
    return new Promise((resolve, reject) => this.add({ kind: 'insert', row, resolve, reject }));
  }

  /** The outcome of an "asked" row; resolves once durable. */
  complete(id: number, outcome: AuditOutcome): Promise<void> {
    return new Promise((resolve, reject) => this.add({ kind: 'complete', id, outcome, resolve, reject }));
  }

  /**
   * Whether a row's reply reached its client. Written with the next commit; nobody waits on it,
   * and shutdown drains it with the rest.
   */
  delivered(id: number, delivered: boolean): Promise<void> {
    return new Promise((resolve, reject) => this.add({ kind: 'delivery', id, delivered, resolve, reject }));
  }

  /**
   * A paid answer into the archive's chain, with (when given) the outcome of the audit row that
   * paid for it, in the same commit; its archive id once durable.
   */
  archive(entry: ArchiveEntry, outcome?: AuditOutcome): Promise<number> {
    return new Promise((resolve, reject) =>
      this.add({ kind: 'archive', entry, ...(outcome ? { outcome } : {}), resolve, reject }),
    );
  }

  /** Resolves when nothing is waiting to be written (shutdown). */
  async drained(): Promise<void> {
    const busy = (lane: Lane) => lane.flushing || lane.pending.length > 0;
    while (busy(this.rows) || busy(this.answers)) await new Promise((r) => setTimeout(r, 5));
  }

  private add(entry: Pending): void {
    const lane = entry.kind === 'archive' ? this.answers : this.rows;
    lane.pending.push(entry);
    if (!lane.flushing) void this.flush(lane);
  }

  private async flush(lane: Lane): Promise<void> {
    lane.flushing = true;
    try {
      while (lane.pending.length > 0) {
        const batch = lane.pending.splice(0, MAX_BATCH);
        const inserts = batch.filter((p) => p.kind === 'insert');
        const completions = batch.filter((p) => p.kind === 'complete');
        const archives = batch.filter((p) => p.kind === 'archive');
        const deliveries = batch.filter((p) => p.kind === 'delivery');
        const started = performance.now();
        try {
          const ids = await this.store.writeAuditBatch({
            inserts: inserts.map((p) => p.row),
            completions: [
              ...completions.map((p) => ({ id: p.id, outcome: p.outcome })),
              ...archives.flatMap((p, archived) =>
                p.outcome ? [{ id: p.entry.auditId, outcome: p.outcome, archived }] : [],
              ),
            ],
            archives: archives.map((p) => p.entry),
            deliveries: deliveries.map((p) => ({ id: p.id, delivered: p.delivered })),
          });
          this.observer.onCommit?.(batch.length, performance.now() - started);
          inserts.forEach((p, i) => p.resolve(ids.audit[i]));
          archives.forEach((p, i) => p.resolve(ids.archive[i]));
          for (const p of [...completions, ...deliveries]) p.resolve();
        } catch (error) {
          for (const p of batch) p.reject(error);
        }
      }
    } finally {
      lane.flushing = false;
    }
  }
}
