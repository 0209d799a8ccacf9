import type { ArchiveChain } from './archive-chain';
import type { EvidenceSpool } from './evidence-spool';
import type { SpooledAnswer } from './spooled-evidence';
import { auditBatchOf, takeDistinct, type Pending, type PendingClaim, type Rider } from './journal-entries';
import { RefusedEvidence } from './refused-evidence';
import type {
  ArchiveEntry,
  ArchiveRow,
  AuditOutcome,
  AuditRow,
  ClaimRead,
  ClaimToRead,
  RelayStore,
  StoredAnswer,
  SubjectClaim,
} from './store/port';

/**
 * Group commit for the audit trail and the answer archive. Requests that arrive while a commit is
 * on its way to disk wait for the next one and share it: one statement, one transaction and one
 * fsync for all of them, however many analysts are busy, instead of one fsync each in a queue. A
 * request's promise settles only once its own row is durable; a batch that fails fails each of its
 * requests, which then answer 503 (no answer leaves without its row).
 *
 * One queue for everything: new "asked" rows, outcomes and archived answers share each commit. (Two
 * queues, so that asked rows never waited behind the archive chain's lock, cost 0.61 statements per
 * paid request against 0.37, and 7 % of the relay's throughput: bench/results, session 14.) A
 * completion meets its own row's insert in one batch only when the row was made durable in the
 * evidence spool (./evidence-spool.ts) and has not reached the database yet: both then go together.
 * Where the relay keeps the archive's chain (./archive-chain.ts), an archived answer is made durable
 * in the spool too: then no request waits for a commit at all, and commits go every SPOOLED_WAIT_MS
 * with everything waiting.
 */

/** One commit carries at most this many changes; the next takes the rest at once. */
const MAX_BATCH = 500;
/** How long a rider waits for a commit to go along with before it is committed on its own. */
const RIDER_WAIT_MS = 20;
/**
 * How long spooled evidence waits for company. Shorter than a rider's: with a 50 ms service, a
 * commit every 20 ms of everything spooled meanwhile (38 changes, 3.1–3.4 ms) held the cores in
 * bursts, and the service's answers reached the relay about a millisecond later (added p50 +6.1
 * and +6.3 ms); every 5 ms (13–14 changes, 1.4–1.5 ms), +2.3 and +2.6 ms (session 20).
 */
const SPOOLED_WAIT_MS = 5;

export interface JournalObserver {
  /** Each commit: how many changes it carried and how long it took, ms. */
  onCommit?(changes: number, ms: number): void;
  /**
   * A statement the database refused. Its parts are then tried again one by one, so the requests
   * mostly still answer: without this, only the extra statements would tell.
   */
  onCommitFailed?(error: unknown): void;
}

/** The relay's own durable files, where it has them: the spool, and the archive's chain when it keeps it. */
export interface JournalEvidence {
  spool: EvidenceSpool;
  chain: ArchiveChain | null;
}

export class AuditJournal {
  private pending: Pending[] = [];
  private riders: Rider[] = [];
  private claims: PendingClaim[] = [];
  /** Since when something nobody waits on (spooled evidence, riders) has been queued: claimsGoAlone(). */
  private heldSince: number | null = null;
  private flushing = false;
  private readonly spool: EvidenceSpool | null;
  /** The archive's chain, when this relay keeps it (alone on its database); its answers go to the spool too. */
  private readonly chain: ArchiveChain | null;
  private readonly refused: RefusedEvidence;

  constructor(
    private readonly store: RelayStore,
    private readonly observer: JournalObserver = {},
    /** The shared cache's time to live: a fresh entry holding more lists is not replaced by a narrower one. */
    private readonly answersTtlMs = 0,
    /** Where new rows are made durable first, when the relay has a folder that outlives it (./evidence-spool.ts). */
    evidence: JournalEvidence | null = null,
    /**
     * The clock that times how long queued evidence has waited (claimsGoAlone()). A test holds it
     * still: on a busy machine SPOOLED_WAIT_MS can pass between two turns of the event loop.
     */
    private readonly now: () => number = () => performance.now(),
  ) {
    this.spool = evidence?.spool ?? null;
    this.chain = evidence?.chain ?? null;
    this.refused = new RefusedEvidence(store, this.spool, (error) => this.observer.onCommitFailed?.(error));
  }

  /** A new row; its id once durable. */
  insert(row: AuditRow): Promise<number> {
    if (this.spool) return this.insertSpooled(this.spool, row);
    return new Promise((resolve, reject) => this.add({ kind: 'insert', row, resolve, reject }));
  }

  /** Durable in the spool, then into the database with the next commit (at the latest its outcome's). */
  private async insertSpooled(spool: EvidenceSpool, row: AuditRow): Promise<number> {
    const [id] = await this.store.reserveAuditIds(1);
    await spool.append(id, row);
    this.queue({
      kind: 'insert',
      row: { ...row, id },
      spooled: true,
      resolve: () => spool.stored(id),
      reject: () => this.refused.row({ id, row }),
    });
    // With nothing else to commit, it goes on its own within SPOOLED_WAIT_MS.
    this.awaitCompany(SPOOLED_WAIT_MS);
    return id;
  }

  /** The outcome of an "asked" row; resolves once durable. */
  complete(id: number, outcome: AuditOutcome): Promise<void> {
    return new Promise((resolve, reject) => this.add({ kind: 'complete', id, outcome, resolve, reject }));
  }

  /**
   * A paid answer into the archive's chain, with the outcome of the audit row that paid for it,
   * in the same commit (or the same spool write); its archive id once durable.
   */
  archive(entry: ArchiveEntry, outcome: AuditOutcome): Promise<number> {
    // A relay keeping the chain makes every row of it: one appended by the database meanwhile would fork it.
    if (this.chain && this.spool) return this.archiveChained(this.chain, this.spool, entry, outcome);
    return new Promise((resolve, reject) => this.add({ kind: 'archive', entry, outcome, resolve, reject }));
  }

  /**
   * The row made here, durable in the spool, then into the database with a later commit. Once made,
   * the row is the chain's: should the spool fail it, the request waits for its commit instead, and
   * should that fail too, the row is still put in later (refusing the request), or the chain breaks.
   */
  private async archiveChained(
    chain: ArchiveChain,
    spool: EvidenceSpool,
    entry: ArchiveEntry,
    outcome: AuditOutcome,
  ): Promise<number> {
    const row: ArchiveRow = await chain.next(entry);
    const answer: SpooledAnswer = { row, outcome };
    const spooled = await spool.appendAnswer(answer).then(
      () => true,
      () => false,
    );
    if (spooled) {
      this.queue({
        kind: 'chained',
        answer,
        spooled: true,
        resolve: () => spool.storedAnswer(row.id),
        reject: () => this.refused.answer(answer),
      });
      this.awaitCompany(SPOOLED_WAIT_MS);
      return row.id;
    }
    await new Promise<void>((resolve, reject) =>
      this.add({
        kind: 'chained',
        answer,
        resolve,
        reject: (error) => {
          this.refused.answer(answer);
          reject(error);
        },
      }),
    );
    return row.id;
  }

  /**
   * Whether a row's reply reached its client. Written with the next commit; nobody waits on it,
   * and shutdown drains it with the rest.
   */
  delivered(id: number, delivered: boolean): Promise<void> {
    return new Promise((resolve, reject) => this.ride({ kind: 'delivery', id, delivered, resolve, reject }));
  }

  /** A shared-cache entry, written with the next commit; whether it was kept. */
  keepAnswer(answer: StoredAnswer): Promise<boolean> {
    return new Promise((resolve, reject) => this.ride({ kind: 'answer', answer, resolve, reject }));
  }

  /** A subject claim given back with the next commit. */
  release(claim: SubjectClaim): Promise<void> {
    return new Promise((resolve, reject) => this.ride({ kind: 'release', claim, resolve, reject }));
  }

  /**
   * A subject's claim and the shared cache's row for it, read in the next commit (before its
   * archive lock) rather than in a statement of its own.
   */
  claim(item: ClaimToRead, holdMs: number): Promise<ClaimRead> {
    return new Promise((resolve, reject) => {
      this.claims.push({ item, holdMs, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  /** Resolves when nothing is waiting to be written (shutdown). */
  async drained(): Promise<void> {
    while (this.flushing || this.pending.length > 0 || this.riders.length > 0 || this.claims.length > 0) {
      // Nothing more is coming: the riders (and spooled rows) go now.
      if (!this.flushing && (this.riders.length > 0 || this.pending.length > 0)) void this.flush();
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  /**
   * Resolves once everything queued before the call is committed (or refused and left to its
   * retry): a record route then reads what this relay has answered, though spooled evidence reaches
   * the database after its reply.
   */
  caughtUp(): Promise<void> {
    if (this.settledCount === this.queuedCount) return Promise.resolve();
    return new Promise((resolve) => {
      this.caughtUpWaits.push({ at: this.queuedCount, resolve });
      if (!this.flushing) void this.flush();
    });
  }

  private queuedCount = 0;
  private settledCount = 0;
  private caughtUpWaits: { at: number; resolve: () => void }[] = [];

  private queue(entry: Pending): void {
    this.pending.push(entry);
    this.heldSince ??= this.now();
    this.queuedCount++;
  }

  /** Batches are taken in queue order: the first `settledCount` entries are settled. */
  private settled(entries: number): void {
    this.settledCount += entries;
    const ready = this.caughtUpWaits.filter((w) => w.at <= this.settledCount);
    this.caughtUpWaits = this.caughtUpWaits.filter((w) => w.at > this.settledCount);
    for (const w of ready) w.resolve();
  }

  private add(entry: Pending): void {
    this.queue(entry);
    if (!this.flushing) void this.flush();
  }

  /**
   * A rider goes with the next commit. With none coming, it waits up to RIDER_WAIT_MS for one
   * rather than take the one commit on its way for itself: an "asked" row arriving meanwhile
   * would wait behind a commit of cache entries and deliveries (with a service answering in
   * 50 ms, a third of the commits were riders alone).
   */
  private ride(rider: Rider): void {
    this.riders.push(rider);
    this.heldSince ??= this.now();
    this.awaitCompany();
  }

  /** A commit within `ms`, unless one is due sooner. */
  private awaitCompany(ms = RIDER_WAIT_MS): void {
    const due = performance.now() + ms;
    if (this.riderTimer && this.riderDue <= due) return;
    if (this.riderTimer) clearTimeout(this.riderTimer);
    this.riderDue = due;
    this.riderTimer = setTimeout(() => {
      this.riderTimer = null;
      if (!this.flushing && (this.riders.length > 0 || this.pending.length > 0)) void this.flush();
    }, ms);
  }

  private riderTimer: ReturnType<typeof setTimeout> | null = null;
  private riderDue = 0;

  /** The riders for the next commit: every one, but a second entry for one cache key waits for the next. */
  private takeRiders(): Rider[] {
    const { taken, rest } = takeDistinct(this.riders, (r) => (r.kind === 'answer' ? r.answer.key : null));
    this.riders = rest;
    return taken;
  }

  /** The claims for the next commit: each name once, all with the first one's hold time. */
  private takeClaims(): PendingClaim[] {
    const hold = this.claims[0]?.holdMs;
    const { taken, rest } = takeDistinct(this.claims, (c) => c.holdMs === hold && c.item.claim.name);
    this.claims = rest;
    return taken;
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      // A commit from idle waits out this turn of the event loop: a request's "asked" row and the
      // subject claim its search makes a few microtasks later (claimed-search.ts) then share it,
      // where the claim would otherwise wait for a second commit before the service is asked.
      await new Promise((resolve) => setImmediate(resolve));
      // Riders go along while there is something else to commit; the last of them on their own (a
      // timer's flush or drained()).
      let first = true;
      while (this.waitedOn() || (first && (this.riders.length > 0 || this.pending.length > 0))) {
        first = false;
        const claimsAlone = this.claimsGoAlone();
        const batch = claimsAlone ? [] : this.pending.splice(0, MAX_BATCH);
        const claims = this.takeClaims();
        const riders = claimsAlone ? [] : this.takeRiders();
        if (!claimsAlone) this.heldSince = this.pending.length + this.riders.length > 0 ? this.now() : null;
        try {
          await this.commit(batch, claims, riders);
        } catch (error) {
          this.observer.onCommitFailed?.(error);
          const parts = [batch.length, claims.length, riders.length].filter((n) => n > 0).length;
          if (parts <= 1) {
            for (const p of [...batch, ...claims, ...riders]) p.reject(error);
            continue;
          }
          // A claim or a rider must never cost the evidence its commit, nor the evidence them
          // theirs: each part again, on its own.
          const alone = (b: Pending[], c: PendingClaim[], r: Rider[]) =>
            b.length + c.length + r.length === 0
              ? Promise.resolve()
              : this.commit(b, c, r).catch((e: unknown) => {
                  this.observer.onCommitFailed?.(e);
                  for (const p of [...b, ...c, ...r]) p.reject(e);
                });
          await alone(batch, [], []);
          await alone([], claims, []);
          await alone([], [], riders);
        } finally {
          this.settled(batch.length);
        }
      }
    } finally {
      this.flushing = false;
      if (this.pending.length > 0) this.awaitCompany(SPOOLED_WAIT_MS);
      else if (this.riders.length > 0) this.awaitCompany();
    }
  }

  /**
   * Whether the subjects' claims go in a commit of their own: the search waits for it (by URL, the
   * service is asked only after it), and what else is queued, spooled evidence and riders, nobody
   * waits on, and it would make the commit longer. Alone, the claims' commit took 0.66–0.76 ms p50
   * with the 50 ms service against 0.92–1.01, and 1.0–1.1 ms at full load against 1.7–1.8
   * (docs/PERFORMANCE.md, session 22). What waited SPOOLED_WAIT_MS already goes along, so that claims
   * arriving one after another never hold it back for long.
   */
  private claimsGoAlone(): boolean {
    if (this.claims.length === 0 || this.heldSince === null || this.caughtUpWaits.length > 0) return false;
    if (this.now() - this.heldSince >= SPOOLED_WAIT_MS) return false;
    return this.pending.every((p) => 'spooled' in p && p.spooled);
  }

  /** Whether a request waits on something queued: spooled rows alone do not start a commit. */
  private waitedOn(): boolean {
    if (this.claims.length > 0 || this.caughtUpWaits.length > 0) return true;
    return this.pending.some((p) => !('spooled' in p && p.spooled));
  }

  /** One statement for the batch and its riders; settles each once it is durable (rejects nothing: the caller does). */
  private async commit(batch: Pending[], claims: PendingClaim[], riders: Rider[]): Promise<void> {
    const statement = auditBatchOf(batch, claims, riders, {
      answersTtlMs: this.answersTtlMs,
      // Its rows and outcomes are in the spool already, and the spool keeps them until they are
      // flushed: nothing here waits for the disk a second time. (Claims and cache rows are no
      // evidence; delivery reports ride along, as they wait in memory for up to RIDER_WAIT_MS.)
      spooled: this.spool !== null && batch.every((p) => 'spooled' in p && p.spooled === true),
    });
    const started = performance.now();
    const ids = await this.store.writeAuditBatch(statement.batch);
    this.observer.onCommit?.(batch.length + claims.length + riders.length, performance.now() - started);
    statement.settle(ids);
  }
}
