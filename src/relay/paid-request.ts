import type { CheckListsClient, SearchResult } from '../core/request/client';
import { ServiceUnreachableError, type AttemptReport } from '../core/protocol/errors';
import type { SearchQuery } from '../core/query';
import { plainQuery } from '../core/query/plain';
import type { SearchOptions } from '../core/request/scheduler-api';
import type { AuditJournal } from './audit-journal';
import { ANONYMOUS, paidOutcome } from './audit-row';
import type { Limits } from './limits';
import type { RelayMetrics } from './metrics';
import { BudgetSpent } from './refusal';

/**
 * The relay's request to the service, the one that costs the organisation's quota: it goes out
 * only once the asking request's "asked" row is durable and the budget allows it, and its answer
 * is archived, durably and in the chain, before anyone is given it or it enters the shared cache.
 * The archived copy names the audit row of the request that paid, and that row is completed in
 * the same commit.
 */

interface AskedRow {
  /** The "asked" row's id once durable. */
  row: Promise<number>;
  /** When the scheduler took the request: the `claim` step runs from there to the paid request's start. */
  scheduled: number;
}

export class PaidRequests {
  /** Paid requests started: one per question asked of the service, whatever its retries. */
  sent = 0;
  /**
   * The "asked" row of each request in progress, by its scheduler ticket, as the journal writes
   * it: the scheduler (and the subject's claim) starts meanwhile, and only the request to the
   * service waits for the row.
   */
  private readonly askedRows = new Map<number, AskedRow>();
  /** Audit rows already completed with their paid answer's archive row. */
  private readonly completedWithAnswer = new Set<number>();

  constructor(
    private readonly client: CheckListsClient,
    private readonly limits: Limits,
    private readonly journal: AuditJournal,
    private readonly metrics: RelayMetrics,
  ) {}

  /** The request behind `ticket` has its "asked" row on its way; the paid request waits for it. */
  expect(ticket: number, row: Promise<number>, scheduled: number): void {
    this.askedRows.set(ticket, { row, scheduled });
  }

  /** The request behind `ticket` has its answer or its refusal: no paid request will start for it. */
  forget(ticket: number): void {
    this.askedRows.delete(ticket);
  }

  /** Whether the audit row was completed with its answer's archived copy (true once, then forgotten). */
  takeCompleted(auditId: number): boolean {
    return this.completedWithAnswer.delete(auditId);
  }

  async ask(query: SearchQuery, options: SearchOptions): Promise<SearchResult> {
    const ticket = options.tickets?.[0];
    const asked = ticket === undefined ? undefined : this.askedRows.get(ticket);
    if (asked === undefined) throw new Error('a paid request without its audit row');
    this.metrics.step('claim', performance.now() - asked.scheduled);
    // Nothing goes to the service before the asking request's row is durable.
    const payer = await asked.row;
    if (!(await this.limits.spend())) throw new BudgetSpent();
    this.sent++;
    let result: SearchResult;
    try {
      result = await this.client.search(query, options.signal ? { signal: options.signal } : {});
    } catch (error) {
      if (error instanceof ServiceUnreachableError) await this.chargeRetries(error.attempts).catch(() => undefined);
      throw error;
    }
    await this.chargeRetries(result.attempts).catch(() => undefined);
    const receivedAt = new Date();
    this.metrics.upstream.observe({ address: result.servedBy }, result.durationMs / 1000);
    this.metrics.step('upstream', result.durationMs);
    const archiving = performance.now();
    // The paying request's own audit row is completed in the same commit as its answer's copy:
    // one durable write for both, and the row names the copy.
    const receipt = await this.journal.archive(
      {
        auditId: payer,
        receivedAt,
        analyst: query.IDuserPC ?? ANONYMOUS,
        request: JSON.stringify(plainQuery(query)),
        answer: Buffer.from(result.body ?? JSON.stringify(result.raw), 'utf8'),
      },
      paidOutcome(result),
    );
    this.completedWithAnswer.add(payer);
    this.metrics.step('archive', performance.now() - archiving);
    return { ...result, receipt };
  }

  /**
   * The budget counts what the service may have billed: every attempt that reached it (a 5xx, a
   * timeout, a bad answer, the answer), not one per question; spend() counted the first.
   */
  private async chargeRetries(attempts: readonly AttemptReport[]): Promise<void> {
    const reached = attempts.filter((a) => a.outcome !== 'network').length;
    await this.limits.spendMore(reached - 1);
  }
}
