import { CheckListsClient, describeAddress } from '../core/request/client';
import { validateQuery, type SearchQuery } from '../core/query';
import { RELAY_AUDIT_FIELD } from '../core/answer/relay-decisions';
import { RELAY_SANDBOX_FIELD } from '../core/answer/relay-sandbox';
import { RELAY_CACHED_FIELD } from '../core/answer/relay-cached';
import { RequestScheduler, type ScheduledAnswer } from '../core/request/scheduler';
import { claimedSearch } from './claimed-search';
import { entraVerifier, type BearerCheck } from './entra';
import { can, type Identity } from './roles';
import { asAskersOwn, envelopeToWire } from './envelope-wire';
import { KeyVerifier } from './keys';
import { Limits } from './limits';
import type { RelayServiceConfig } from './service-config';
import { BudgetSpent, Refusal, RELAY_ERRORS, refusalFor } from './refusal';
import { RelayMetrics, type RelayStep } from './metrics';
import { SharedAnswerCache } from './shared-answer-cache';
import { AuditJournal } from './audit-journal';
import { DecisionRecord } from './decisions';
import type { RelayStore } from './store/port';
import { ANONYMOUS, auditRowBase, requestOutcome } from './audit-row';
import { PaidRequests } from './paid-request';
import { anyAddressAccepts } from './tcp-probe';

/**
 * The relay without HTTP: one /api request in (fields, credentials as sent), one reply out in
 * the interface's form, and its audit row written before the reply is handed back.
 */

export type { RelayServiceConfig } from './service-config';

export interface ApiRequest {
  method: 'GET' | 'POST';
  /** Query string and (POST) body fields; the body wins. */
  fields: Record<string, unknown>;
  /** From `Authorization: Bearer`, when present. */
  bearer: string | null;
  /** Asked again on purpose (the FRESH_HEADER): not answered from the shared cache. */
  fresh?: boolean;
}

export interface ApiReply {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  analyst: string | null;
  errorCode: number | null;
  fromCache: boolean;
  /** The request's audit row, when it has one: its delivery is recorded there (recordDelivery). */
  auditId: number | null;
}

const CREDENTIAL_FIELDS = new Set(['tokken', 'idsubjectfm']);

/** A request at its end: what finish() records and answers. */
interface Finished {
  request: ApiRequest;
  started: number;
  analyst: string;
  query: SearchQuery | null;
  /** The "asked" row, when the request got that far. */
  auditId: number | null;
  answer: ScheduledAnswer | null;
  refusal: Refusal | null;
}

export class RelayService {
  readonly client: CheckListsClient;
  readonly scheduler: RequestScheduler;
  readonly limits: Limits;
  readonly metrics: RelayMetrics;
  private readonly keys: KeyVerifier;
  readonly journal: AuditJournal;
  readonly decisions: DecisionRecord;
  private readonly bearer: ((token: string) => Promise<BearerCheck>) | null;
  private readonly paid: PaidRequests;
  /** Each request's ticket with the scheduler: its paid request (if any) finds its audit row by it. */
  private lastTicket = 0;

  constructor(
    readonly store: RelayStore,
    readonly config: RelayServiceConfig,
  ) {
    this.client = new CheckListsClient({
      addresses: config.upstream.addresses,
      credentials: { tokken: config.upstream.tokken, idSubjectFM: config.upstream.idSubjectFM },
      ...(config.upstream.transport ? { transport: config.upstream.transport } : {}),
      ...(config.upstream.timeoutMs !== undefined ? { timeoutMs: config.upstream.timeoutMs } : {}),
      ...(config.upstream.retries !== undefined ? { retries: config.upstream.retries } : {}),
      method: 'POST',
    });
    this.limits = new Limits(store, config.limits);
    this.metrics = new RelayMetrics(() => this.limits.budgetLeft());
    this.keys = new KeyVerifier(store);
    this.journal = new AuditJournal(store, this.metrics.journalObserver(), config.cacheTtlMs, config.evidence);
    this.bearer = config.entra ? entraVerifier(config.entra) : null;
    this.paid = new PaidRequests(this.client, this.limits, this.journal, this.metrics);
    this.decisions = new DecisionRecord(store, { fourEyes: new Set(config.fourEyes ?? []), instance: config.instance });
    const cache =
      config.cacheTtlMs > 0
        ? new SharedAnswerCache(store, {
            ttlMs: config.cacheTtlMs,
            maxEntryBytes: 8 * 1024 * 1024,
            // Answers depend on the account's paid lists: another account never reads them.
            namespace: `relay:${config.upstream.idSubjectFM}`,
            // Coordinated, the subject's claim reads the shared row; alone on its database (the
            // embedded store), the relay knows every key stored and a new subject costs no read.
            misses: config.coordinateInstances ? 'claim' : 'known-keys',
            write: (answer) => this.journal.keepAnswer(answer),
          })
        : null;
    this.scheduler = new RequestScheduler({
      cache,
      concurrency: config.concurrency,
      accountHaltMs: config.accountCooldownMs,
      cacheReadTimeoutMs: 10_000,
      // Asks for one subject merge while its request is on the wire; a window before sending,
      // made for a recalculation's burst of cells, would only add its length to every request.
      batchWindowMs: 0,
      search:
        cache && config.coordinateInstances
          ? claimedSearch({
              cache,
              ask: (query, options) => this.paid.ask(query, options),
              claim: (item, holdMs) => this.journal.claim(item, holdMs),
              release: (claim) => this.journal.release(claim),
            })
          : (query, options) => this.paid.ask(query, options),
    });
  }

  /** Paid requests started (one per question asked of the service). */
  get upstreamRequests(): number {
    return this.paid.sent;
  }

  /** Who is asking: an analyst key where the tokken goes, or an Entra ID bearer token. */
  async authenticate(fields: Record<string, unknown>, bearer: string | null): Promise<Identity> {
    if (bearer && this.bearer) {
      const checked = await this.bearer(bearer);
      if (!checked.ok) throw Refusal.of(401, RELAY_ERRORS.badKey, 'bearer.invalid');
      return { analyst: checked.analyst, roles: checked.roles };
    }
    const key = typeof fields.tokken === 'string' ? fields.tokken : null;
    const checked = await this.keys.check(key);
    if (checked.ok) return { analyst: checked.analyst, roles: checked.roles };
    if (checked.reason === 'revoked') throw Refusal.of(403, RELAY_ERRORS.revokedKey, 'key.revoked');
    throw Refusal.of(401, RELAY_ERRORS.badKey, checked.reason === 'missing' ? 'key.missing' : 'key.unknown');
  }

  async handle(request: ApiRequest): Promise<ApiReply> {
    const started = performance.now();
    let mark = started;
    const lap = (step: RelayStep) => {
      const now = performance.now();
      this.metrics.step(step, now - mark);
      mark = now;
    };
    let analyst: string | null = null;
    let query: SearchQuery | null = null;
    let auditId: number | null = null;
    let answer: ScheduledAnswer;
    try {
      const identity = await this.authenticate(request.fields, request.bearer);
      analyst = identity.analyst;
      lap('auth');
      // An auditor's key reads the record and never spends the organisation's quota.
      if (!can(identity, 'search')) throw Refusal.of(403, RELAY_ERRORS.forbidden, 'role.noSearch');
      const rate = await this.limits.hit(analyst);
      lap('rate');
      if (!rate.ok) throw Refusal.rateLimited(rate.retryAfterSeconds);
      const input: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(request.fields)) if (!CREDENTIAL_FIELDS.has(k.toLowerCase())) input[k] = v;
      const checked = validateQuery(input);
      lap('validate');
      if (!checked.ok) throw Refusal.invalidQuery(checked.errors);
      // The operator's own records then show who asked.
      query = { ...checked.query, IDuserPC: analyst.slice(0, 128) };
      // Durable before anything is asked of the service (the paid request waits for it): a crash from then on
      // leaves "asked, outcome unknown". The cache and the subject's claim need not wait.
      const ticket = ++this.lastTicket;
      const asked = this.journal.insert(auditRowBase(request.method, analyst, query, 'asked', this.config.instance));
      const scheduled = performance.now();
      this.paid.expect(ticket, asked, scheduled);
      try {
        const answering = this.scheduler.ask(query, { ticket, fresh: request.fresh === true });
        // Its failure is met below, through the row's own or through the answer.
        answering.catch(() => undefined);
        auditId = await asked;
        lap('audit-asked');
        answer = await answering;
        // An answer that joined another request's (`merged`) waited for that request, not for a claim.
        if (answer.source === 'cache' || answer.source === 'shared') {
          this.metrics.step('claim', performance.now() - scheduled);
        }
      } finally {
        this.paid.forget(ticket);
      }
      lap('answer');
    } catch (error) {
      mark = performance.now();
      return this.finish(
        {
          request,
          started,
          analyst: analyst ?? ANONYMOUS,
          query,
          auditId,
          answer: null,
          refusal: this.refusalFor(error),
        },
        lap,
      );
    }
    return this.finish({ request, started, analyst, query, auditId, answer, refusal: null }, lap);
  }

  private refusalFor(error: unknown): Refusal {
    return refusalFor(error, this.config.accountCooldownMs);
  }

  private async finish(done: Finished, lap: (step: RelayStep) => void): Promise<ApiReply> {
    const { request, started, analyst, query, answer, refusal } = done;
    let { auditId } = done;
    const outcome = requestOutcome(answer, refusal, performance.now() - started);
    const { fromCache } = outcome;
    const auditStarted = performance.now();
    // The payer's row was completed with its answer's archive copy, unless something refused it since.
    const completed = auditId !== null && this.paid.takeCompleted(auditId) && !refusal;
    try {
      if (completed) {
        // Durable already.
      } else if (auditId !== null) await this.journal.complete(auditId, outcome);
      // A request nobody could be named for asked nothing and is nobody's record: it is counted in
      // relay_requests_total (refused, by code), not written durably, so a flood of bad keys costs
      // no disk flush.
      else if (analyst !== ANONYMOUS) {
        auditId = await this.journal.insert({
          ...auditRowBase(request.method, analyst, query, outcome.state, this.config.instance),
          ...outcome,
        });
      }
      this.metrics.auditWrite.observe((performance.now() - auditStarted) / 1000);
      lap('audit-complete');
    } catch (error) {
      if (process.env.RELAY_DEBUG) {
        process.stderr.write(`audit failure: ${error instanceof Error ? error.message : String(error)}\n`);
      }
      // Never an answer without its audit row.
      return this.refused(
        Refusal.of(503, RELAY_ERRORS.storeDown, 'store.down', undefined, { 'Retry-After': '5' }),
        analyst,
        auditId,
      );
    }
    if (refusal) return this.refused(refusal, analyst, auditId);
    this.metrics.requests.inc({ outcome: 'answered', code: 'none' });
    this.metrics.answers.inc({ source: fromCache ? 'cache' : 'service' });
    const wire = envelopeToWire(answer!.envelope);
    // The accept list. Should the record be unreadable, the answer goes out whole: more hits
    // shown, never fewer, and no paid answer lost.
    if (query) await this.decisions.apply(query, wire).catch(() => this.metrics.decisionReadFailures.inc());
    asAskersOwn(wire, analyst, query?.IDinternal);
    // The request's own record: the pane asks for its certificate by it (GET /certificates/<id>.pdf).
    if (auditId !== null) wire[RELAY_AUDIT_FIELD] = auditId;
    if (this.config.sandboxUpstream) wire[RELAY_SANDBOX_FIELD] = true;
    // An answer kept from an earlier request (this analyst's, a colleague's, another instance's)
    // says when the service gave it, so nobody takes a day-old answer for a fresh one.
    const kept = answer!.source === 'cache' || answer!.source === 'shared';
    if (kept) wire[RELAY_CACHED_FIELD] = new Date(answer!.receivedAt).toISOString();
    lap('reply');
    return {
      status: 200,
      body: request.method === 'GET' ? [wire] : wire,
      headers: {},
      analyst,
      errorCode: null,
      fromCache,
      auditId,
    };
  }

  /** A refusal's reply, counted in relay_requests_total by its code. */
  private refused(refusal: Refusal, analyst: string, auditId: number | null): ApiReply {
    this.metrics.requests.inc({ outcome: 'refused', code: String(refusal.code) });
    return {
      status: refusal.status,
      body: { error: refusal.code, message: refusal.text },
      headers: refusal.headers,
      analyst,
      errorCode: refusal.code,
      fromCache: false,
      auditId,
    };
  }

  /**
   * Whether a reply reached its client, on its audit row. A shutdown's deadline or a client that
   * hung up leaves an answer paid and audited but never read: the row says so.
   */
  recordDelivery(auditId: number, delivered: boolean): void {
    if (!delivered) this.metrics.undelivered.inc();
    this.journal.delivered(auditId, delivered).catch(() => undefined);
  }

  /** Ends the work the service does on its own (the key rows' refresh): the server has closed. */
  stopBackground(): void {
    this.keys.stop();
  }

  /**
   * For /relay/check: whether this key may search now, without a request to the service. Each
   * thing that would refuse a search is asked in turn, so the pane's test names the one that does.
   */
  async check(
    fields: Record<string, unknown>,
    bearer: string | null,
  ): Promise<{ status: number; body: unknown; headers: Record<string, string> }> {
    try {
      const identity = await this.authenticate(fields, bearer);
      const { analyst, roles } = identity;
      // A relay that cannot write its audit trail answers no search.
      await this.store.ping().catch(() => {
        throw Refusal.of(503, RELAY_ERRORS.storeDown, 'store.down', undefined, { 'Retry-After': '5' });
      });
      const rate = await this.limits.peek(analyst);
      if (!rate.ok) throw Refusal.rateLimited(rate.retryAfterSeconds);
      // Answers the relay holds are still served; a subject not asked today is refused.
      if ((await this.limits.budgetLeft()) === 0) throw new BudgetSpent();
      const halted = this.scheduler.haltedBy;
      if (halted) throw this.refusalFor(halted);
      if (!(await this.upstreamReachable())) throw Refusal.of(503, RELAY_ERRORS.upstreamDown, 'upstream.down');
      const sandbox = this.config.sandboxUpstream === true;
      // On testing the connection, an approver learns that colleagues' decisions wait for them, and
      // anyone who decides that some of theirs came back for review.
      const lists = can(identity, 'approve') || can(identity, 'decide') ? await this.decisions.pending(identity) : null;
      const waiting = can(identity, 'approve') ? lists?.pending.filter((d) => d.analyst !== analyst).length : 0;
      const returned = lists?.returned.length ?? 0;
      return {
        status: 200,
        body: {
          analyst,
          roles,
          upstream: 'up',
          ...(sandbox ? { sandbox } : {}),
          ...(waiting ? { waiting } : {}),
          ...(returned ? { returned } : {}),
        },
        headers: {},
      };
    } catch (error) {
      const refusal = this.refusalFor(error);
      return {
        status: refusal.status,
        body: { error: refusal.code, message: refusal.text, reason: refusal.reason },
        headers: refusal.headers,
      };
    }
  }

  /** Any upstream address accepts a TCP connection: reachable without spending a request. */
  upstreamReachable(): Promise<boolean> {
    return anyAddressAccepts(this.client.addresses);
  }

  upstreamDescription(): string {
    return this.client.addresses.map(describeAddress).join(', ');
  }
}
