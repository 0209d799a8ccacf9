import { AccountError, CancelledError, ServiceUnreachableError, isRateLimited } from '../../core/protocol/errors';
import { relayCachedAt } from '../../core/answer/relay-cached';
import { delay } from '../../core/request/timing';
import { subjectKey, type SearchQuery } from '../../core/query';
import type { RowAccess } from '../input-rows';
import { bulkMessages } from '../messages';
import { failedOutcome, screenedOutcome, type AnswerLike, type SubjectOutcome } from '../outcome';
import { idInternalOf, subjectQuery, type InputRow, type RunPlan, type RunQueryOptions } from '../plan';
import type { AskFn } from '../ports';
import type { RunMeta } from '../state';
import { SubjectFeed } from '../subject-feed';
import type { Stopping } from './run-words';
import type { SubjectStates } from './subjects';

export interface AskingSetup {
  meta: RunMeta;
  plan: RunPlan;
  rows: RowAccess;
  subjects: SubjectStates;
  options: RunQueryOptions;
  /** The run's "today": rows are validated against it, as the plan was. */
  validatedAt: Date;
  ask: AskFn;
  concurrency: number;
  /** How far past the rows ready to write a request may reach while others are in flight. */
  maxAheadRows: number;
  /** Unreachable failures in a row that stop the run, rather than fail their subjects. */
  unreachableStreak: number;
  /**
   * The waits before asking again after a 429, one per refusal (core's RATE_LIMIT_WAITS_MS). A run
   * through the relay's cache is fast enough to meet the relay's limit.
   */
  rateLimitWaitsMs: readonly number[];
  now: () => number;
}

/** What the asker tells the run. */
export interface AskingEvents {
  /** A subject's answer (or final failure): the run saves it. */
  answered(s: number, outcome: SubjectOutcome): void;
  /** A request settled, or the feed brought more subjects: the run looks again. */
  changed(): void;
}

/**
 * Asks each distinct subject once: at most `concurrency` requests at the service, in the order
 * subjects first appear, never too far ahead of the rows being written. Decides what a failure
 * means: an account error stops the run, a cancel puts the subject back, "unreachable" is held
 * until the service answers again (then it was that subject's failure) or the streak says the
 * service is away (then the run stops and those subjects are asked again on resume).
 */
export class SubjectAsker {
  readonly feed: SubjectFeed;
  /** Requests not yet settled. */
  inFlight = 0;
  requests = 0;
  /** Answers no request of this run paid for: the add-in's cache, or an identical ask's request (a formula's). */
  answersFromCache = 0;
  /** Answers the organisation's relay gave from its shared cache: no request reached the service. */
  answersFromRelayCache = 0;
  stopping: Stopping | null = null;
  /** Until when (epoch ms) a request waits out a 429 before asking again; progress says so. */
  waitingUntil: number | null = null;
  /** Ends the waits when the run is stopped: a cancel must not sit out half a minute. */
  private readonly patience = new AbortController();
  /** Requests the service is still working on: what the concurrency limits. */
  private atService = 0;
  private started = false;
  private readonly controller = new AbortController();

  constructor(
    private readonly setup: AskingSetup,
    private readonly events: AskingEvents,
  ) {
    this.feed = new SubjectFeed(
      setup.plan,
      setup.rows,
      (s) => setup.subjects.isTodo(s),
      () => {
        // A streamed read-ahead brought more subjects: start them (once asking has begun), and let the run see the end.
        if (this.started) this.pump();
        events.changed();
      },
    );
  }

  start(): void {
    this.started = true;
    this.pump();
  }

  cancel(): void {
    if (!this.stopping) this.stopping = { kind: 'cancelled', text: bulkMessages.text('phase.stopped') };
    this.patience.abort();
  }

  abort(): void {
    this.cancel();
    this.controller.abort();
  }

  /** At the end of asking: held failures are final, unless a stop means the service may be away (asked again on resume). */
  settleHeld(): void {
    for (const held of this.setup.subjects.takeHeld()) {
      if (this.stopping) this.setup.subjects.unasked(held.subject);
      else this.events.answered(held.subject, held.outcome);
    }
  }

  /** Starts requests while there is room. */
  private pump(): void {
    const { plan, subjects } = this.setup;
    while (this.atService < this.setup.concurrency) {
      const next = this.feed.peek();
      if (!next || this.stopping) return;
      if (plan.subjectFirstRow[next.subject] > subjects.readyPrefix + this.setup.maxAheadRows && this.inFlight > 0) {
        return;
      }
      this.feed.take();
      this.launch(next.subject, next.row);
    }
  }

  private launch(s: number, row: InputRow): void {
    const { meta, plan } = this.setup;
    this.setup.subjects.asked(s);
    this.inFlight++;
    this.atService++;
    this.requests++;
    let atService = true;
    const leaveService = () => {
      if (!atService) return;
      atService = false;
      this.atService--;
    };
    // The service is done once the answer's bytes are in: the next request goes out before this
    // answer is read, so reading it overlaps the next one's latency instead of adding to it.
    const onAnswerArrived = () => {
      leaveService();
      this.pump();
    };
    // Rebuilt from the subject's first row rather than kept per subject: the plan holds no key strings.
    const asked = subjectQuery(row, meta.mapping, this.setup.options, this.setup.validatedAt);
    const key = subjectKey(asked);
    const query: SearchQuery = {
      ...asked,
      IDinternal: idInternalOf(meta.runId, meta.input.firstSourceRow + plan.subjectFirstRow[s]),
    };
    const fresh = meta.rescreenOf !== undefined;
    const options = { signal: this.controller.signal, onAnswerArrived, ...(fresh ? { fresh } : {}) };
    const promise = this.askPatiently(() => this.setup.ask(query, options));
    promise.then(
      (answer) => {
        leaveService();
        if (answer.fromCache) this.answersFromCache++;
        else if (relayCachedAt(answer.envelope) !== null) this.answersFromRelayCache++;
        // The hits are explained against what was asked.
        this.settle(s, key, screenedOutcome(key, answer, meta.registries, asked), null);
      },
      (error: unknown) => {
        leaveService();
        this.settle(s, key, null, error);
      },
    );
  }

  /** One subject's request, asked again after each 429 until the waits run out or the run stops. */
  private async askPatiently(ask: () => Promise<AnswerLike>): Promise<AnswerLike> {
    for (let refused = 0; ; refused++) {
      try {
        return await ask();
      } catch (error) {
        const wait = this.setup.rateLimitWaitsMs[refused];
        if (wait === undefined || !isRateLimited(error) || this.stopping) throw error;
        this.waitingUntil = Math.max(this.waitingUntil ?? 0, this.setup.now() + wait);
        this.events.changed();
        await delay(wait, this.patience.signal, () => new CancelledError());
      }
    }
  }

  private settle(s: number, key: string, outcome: SubjectOutcome | null, error: unknown): void {
    const { subjects } = this.setup;
    this.inFlight--;
    if (outcome) {
      // The service answers again: failures that looked like an outage were isolated after all.
      for (const held of subjects.takeHeld()) this.events.answered(held.subject, held.outcome);
      this.events.answered(s, outcome);
    } else if (error instanceof AccountError) {
      subjects.unasked(s);
      if (!this.stopping || this.stopping.kind === 'cancelled') {
        this.stopping = { kind: 'account', text: error.text, accountCode: error.code, quota: error.isQuota };
      }
    } else if (error instanceof CancelledError || this.controller.signal.aborted) {
      subjects.unasked(s);
    } else if (isRateLimited(error)) {
      // Still refused after every wait: asked again on resume, and the run says why it stopped.
      subjects.unasked(s);
      if (!this.stopping) this.stopping = { kind: 'unreachable', text: error.text };
    } else if (error instanceof ServiceUnreachableError) {
      if (subjects.hold(s, failedOutcome(key, error)) >= this.setup.unreachableStreak) {
        for (const held of subjects.takeHeld()) subjects.unasked(held.subject);
        if (!this.stopping) this.stopping = { kind: 'unreachable', text: error.text };
      }
    } else {
      this.events.answered(s, failedOutcome(key, error));
    }
    subjects.advanceReady();
    this.pump();
    this.events.changed();
  }
}
