import { AccountError, CancelledError, ServiceUnreachableError, isRateLimited } from '../protocol/errors';
import { containsListdata, unionListdata, type Listdata } from '../protocol/listdata';
import { subjectKey, type SearchQuery } from '../query';
import { isCacheable } from './cacheable';
import type { SearchResult } from './client';
import { RATE_LIMIT_WAITS_MS } from './retry';
import { delay, withTimeout } from './timing';
import { answerFor, joined } from './scheduled-answer';
import { RequestSlots } from './request-slots';
import { newWaiter, type Flight, type Waiter } from './waiters';

/**
 * One place between every surface and the service that makes sure no paid request is wasted:
 * - asks for the same subject arriving within one merge window (one recalculation) become one
 *   request for the union of their listdata, and each asker gets its own registries back;
 * - an ask whose listdata is covered by a request already in flight waits for that request;
 * - an ask covered by a fresh cached answer is answered from the cache (unless it asks `fresh`);
 * - every asker sees only its own lists, even in an answer fetched or cached for more;
 * - at most `concurrency` requests are on the wire at once;
 * - after an account or quota error nothing more is sent until `resume()`;
 * - a request refused with 429 (the relay's limit per analyst) is sent again after a wait while a
 *   `patient` ask (a cell) waits for it, holding its slot so that no other request adds to the count;
 *   meanwhile an ask that is not patient gets that refusal at once.
 * Every answer says where it came from (`source`). The pane, the functions and the relay ask
 * through it; the command line does not: its run asks each distinct subject once by construction
 * and keeps no cache between runs. Pure: no Office, no timers beyond setTimeout (and a microtask).
 */

// The scheduler's types are its interface: callers import them from here.
export type * from './scheduler-api';
import type {
  AnswerSource,
  AskOptions,
  ScheduledAnswer,
  SchedulerCache,
  SchedulerOptions,
  SchedulerStats,
  SearchFn,
} from './scheduler-api';

export const DEFAULT_SCHEDULER_CONCURRENCY = 4;
export const DEFAULT_BATCH_WINDOW_MS = 5;
export const DEFAULT_SCHEDULER_TIMEOUT_MS = 60_000;
export const DEFAULT_CACHE_READ_TIMEOUT_MS = 3_000;
export const DEFAULT_CACHE_WRITE_TIMEOUT_MS = 30_000;

const TIMED_OUT: unique symbol = Symbol('timed out');
/** For withTimeout: a storage call that hangs yields TIMED_OUT and keeps running. */
const timedOut = (): typeof TIMED_OUT => TIMED_OUT;

/** The tickets (AskOptions.ticket) of the asks one request answers, first asker first. */
const ticketsOf = (waiters: readonly Waiter[]) => waiters.flatMap((w) => (w.ticket === undefined ? [] : [w.ticket]));

export class RequestScheduler {
  private readonly searchFn: SearchFn;
  private readonly cache: SchedulerCache | null;
  private readonly batchWindowMs: number;
  private readonly timeoutMs: number;
  private readonly accountHaltMs: number;
  private readonly cacheReadTimeoutMs: number;
  private readonly cacheWriteTimeoutMs: number;
  private readonly rateLimitWaitsMs: readonly number[];
  /** The 429 a patient ask is waiting out, until when. */
  private limited: { error: unknown; until: number } | null = null;

  private askSeq = 0;
  private pending = new Map<string, Waiter[]>();
  /** A window of 0 flushes on a microtask: a timer would wait a millisecond at least. */
  private windowTimer: ReturnType<typeof setTimeout> | 'microtask' | null = null;
  private readonly inFlight = new Map<string, Flight[]>();
  /** Per subject, so a second window never misses a request the first one is about to send. */
  private readonly keyLocks = new Map<string, Promise<void>>();
  private readonly slots: RequestSlots;
  private readonly work = new Set<Promise<unknown>>();
  /** Every ask not yet settled, wherever it is (window, cache lookup, queue, wire): what cancelAll must reach. */
  private readonly open = new Set<Waiter>();
  private halted: AccountError | null = null;
  private haltedAt = 0;

  readonly stats: SchedulerStats = {
    asks: 0,
    requestsSent: 0,
    cacheHits: 0,
    merged: 0,
    failures: 0,
    cancelled: 0,
    cacheTimeouts: 0,
  };

  constructor(options: SchedulerOptions) {
    this.searchFn = options.search;
    this.cache = options.cache ?? null;
    this.slots = new RequestSlots(Math.max(1, Math.floor(options.concurrency ?? DEFAULT_SCHEDULER_CONCURRENCY)));
    this.batchWindowMs = Math.max(0, options.batchWindowMs ?? DEFAULT_BATCH_WINDOW_MS);
    this.timeoutMs = Math.max(1, options.timeoutMs ?? DEFAULT_SCHEDULER_TIMEOUT_MS);
    this.accountHaltMs = options.accountHaltMs ?? Infinity;
    this.cacheReadTimeoutMs = Math.max(1, options.cacheReadTimeoutMs ?? DEFAULT_CACHE_READ_TIMEOUT_MS);
    this.cacheWriteTimeoutMs = Math.max(1, options.cacheWriteTimeoutMs ?? DEFAULT_CACHE_WRITE_TIMEOUT_MS);
    this.rateLimitWaitsMs = options.rateLimitWaitsMs ?? RATE_LIMIT_WAITS_MS;
  }

  /** The account error that stopped sending, if any. */
  get haltedBy(): AccountError | null {
    if (this.halted && Date.now() - this.haltedAt >= this.accountHaltMs) this.halted = null;
    return this.halted;
  }

  /** Sending again after an account error: for when the settings or the account changed. */
  resume(): void {
    this.halted = null;
  }

  ask(query: SearchQuery, options: AskOptions = {}): Promise<ScheduledAnswer> {
    this.stats.asks++;
    const halted = this.haltedBy;
    if (halted) return Promise.reject(halted);
    const signal = options.signal;
    if (signal?.aborted) {
      this.stats.cancelled++;
      return Promise.reject(new CancelledError());
    }
    const key = subjectKey(query);
    const seq = ++this.askSeq;
    return new Promise<ScheduledAnswer>((resolve, reject) => {
      const waiter = newWaiter({
        query,
        options,
        seq,
        resolve,
        reject,
        onSettled: (settled) => this.open.delete(settled),
        onCancelled: () => this.stats.cancelled++,
      });
      this.open.add(waiter);
      const list = this.pending.get(key);
      if (list) list.push(waiter);
      else this.pending.set(key, [waiter]);
      if (this.windowTimer) return;
      if (this.batchWindowMs > 0) {
        this.windowTimer = setTimeout(() => this.flush(), this.batchWindowMs);
      } else {
        this.windowTimer = 'microtask';
        queueMicrotask(() => this.flush());
      }
    });
  }

  /** Resolves once nothing is pending, in flight or being written to the cache. */
  async idle(): Promise<void> {
    while (this.windowTimer || this.work.size > 0) {
      if (this.windowTimer) await delay(this.batchWindowMs + 1);
      else await Promise.allSettled([...this.work]);
    }
  }

  /** Rejects everything not yet answered and stops requests on the wire. */
  cancelAll(): void {
    if (this.windowTimer) {
      if (this.windowTimer !== 'microtask') clearTimeout(this.windowTimer);
      this.windowTimer = null;
    }
    this.pending = new Map();
    for (const w of [...this.open]) w.reject(new CancelledError());
    for (const flights of this.inFlight.values()) for (const flight of flights) flight.controller.abort();
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.work.add(promise);
    const done = () => this.work.delete(promise);
    promise.then(done, done);
    return promise;
  }

  private flush(): void {
    this.windowTimer = null;
    const batches = this.pending;
    this.pending = new Map();
    for (const [key, waiters] of batches) {
      const previous = this.keyLocks.get(key) ?? Promise.resolve();
      const step = previous
        .then(() => this.processBatch(key, waiters))
        .catch((error: unknown) => {
          for (const w of waiters) w.reject(error);
        });
      this.keyLocks.set(key, step);
      this.track(step).then(() => {
        if (this.keyLocks.get(key) === step) this.keyLocks.delete(key);
      });
    }
  }

  private async processBatch(key: string, batch: Waiter[]): Promise<void> {
    let waiting = batch.filter((w) => !w.settled);
    if (waiting.length === 0) return;
    const halted = this.haltedBy;
    if (halted) {
      for (const w of waiting) w.reject(halted);
      return;
    }

    for (const flight of this.inFlight.get(key) ?? []) {
      for (const w of waiting) {
        if (containsListdata(flight.listdata, w.asked) && (!w.fresh || !flight.sent || w.seq <= flight.sentSeq)) {
          w.flight = flight;
          this.stats.merged++;
          if (flight.sent) w.onSent?.();
          const r = flight.result;
          if (r) w.resolve(answerFor(w.asked, joined({ ...r, listdata: flight.listdata })));
          else flight.waiters.push(w);
        }
      }
      waiting = waiting.filter((w) => !w.flight);
    }
    if (waiting.length === 0) return;

    // Read even when every ask is fresh: what the entry holds widens the request below, so the
    // fresh answer can replace the entry instead of being refused as narrower.
    let cachedListdata: Listdata | null = null;
    if (this.cache?.enabled) {
      const read = await withTimeout(
        this.cache.peek(key).catch(() => null),
        this.cacheReadTimeoutMs,
        timedOut,
      );
      if (read === TIMED_OUT) this.stats.cacheTimeouts++;
      const cached = read === TIMED_OUT ? null : read;
      if (cached) {
        cachedListdata = cached.listdata;
        for (const w of waiting) {
          if (!w.fresh && containsListdata(cached.listdata, w.asked)) {
            this.stats.cacheHits++;
            w.resolve(
              answerFor(w.asked, {
                envelope: cached.envelope,
                listdata: cached.listdata,
                servedBy: cached.servedBy,
                source: 'cache',
                receivedAt: cached.storedAt,
                durationMs: 0,
                receipt: cached.receipt,
              }),
            );
          }
        }
      }
    }
    // Asks may have been cancelled while the cache was read.
    waiting = waiting.filter((w) => !w.settled);
    if (waiting.length === 0) return;

    const asked = waiting.map((w) => w.asked);
    const others = this.inFlight.get(key) ?? [];
    // A request still waiting for a slot has cost nothing yet: widening it answers these asks
    // with the request already planned instead of a second paid one.
    const queued = others.find((f) => !f.sent && !f.result);
    if (queued) {
      queued.listdata = unionListdata(queued.listdata, ...asked);
      queued.query = { ...queued.query, listdata: queued.listdata };
      for (const w of waiting) w.flight = queued;
      queued.waiters.push(...waiting);
      this.stats.merged += waiting.length;
      return;
    }

    // With a cache, asking also for what it holds and what other requests for this subject fetch
    // costs no extra request, and lets the last answer stored hold every list instead of one
    // partial entry replacing another.
    const kept = this.cache?.enabled
      ? [...others.map((f) => f.listdata), ...(cachedListdata !== null ? [cachedListdata] : [])]
      : [];
    const listdata = unionListdata(...asked, ...kept);
    const flight: Flight = {
      key,
      listdata,
      query: { ...waiting[0].query, listdata },
      waiters: waiting,
      controller: new AbortController(),
      sent: false,
      sentSeq: 0,
    };
    for (const w of waiting) w.flight = flight;
    this.stats.merged += waiting.length - 1;
    const flights = this.inFlight.get(key);
    if (flights) flights.push(flight);
    else this.inFlight.set(key, [flight]);
    this.track(this.fly(flight));
  }

  private async fly(flight: Flight): Promise<void> {
    // A person searching is told at once what the cells are waiting out, instead of queueing behind them.
    const limited = this.limited;
    if (limited && limited.until > Date.now() && !flight.waiters.some((w) => w.patient)) {
      this.removeFlight(flight);
      for (const w of flight.waiters) w.reject(limited.error);
      return;
    }
    await this.slots.acquire();
    let released = false;
    const free = () => {
      if (!released) {
        released = true;
        this.slots.release();
      }
    };
    try {
      if (flight.waiters.every((w) => w.settled)) return;
      const halted = this.haltedBy;
      if (halted) throw halted;
      const started = Date.now();
      this.stats.requestsSent++;
      flight.sent = true;
      flight.sentSeq = this.askSeq;
      for (const w of flight.waiters) w.onSent?.();
      let result: SearchResult;
      for (let refusals = 0; ; refusals++) {
        try {
          // Raced rather than trusted: a search that ignores its signal must not hold a cell forever.
          result = await withTimeout(
            this.searchFn(flight.query, {
              signal: flight.controller.signal,
              tickets: ticketsOf(flight.waiters),
              fresh: flight.waiters.some((w) => w.fresh),
            }),
            this.timeoutMs,
            () => {
              flight.controller.abort();
              throw new ServiceUnreachableError([
                { address: '(all)', outcome: 'timeout', detail: 'no answer in time', durationMs: Date.now() - started },
              ]);
            },
          );
          // Let through: the relay has room again, and a search need not be told otherwise.
          this.limited = null;
          break;
        } catch (error) {
          const wait = this.rateLimitWaitsMs[refusals];
          if (!isRateLimited(error) || wait === undefined || !flight.waiters.some((w) => w.patient && !w.settled)) {
            throw error;
          }
          this.limited = { error, until: Date.now() + wait };
          await delay(wait, flight.controller.signal);
          if (flight.waiters.every((w) => w.settled)) return;
        }
      }
      const now = Date.now();
      const durationMs = Number.isFinite(result.durationMs) ? result.durationMs : now - started;
      // Another instance's answer found in the shared cache is as old as that instance's request.
      const receivedAt = result.receivedAt ?? now;
      // The wire is free again; storing the answer must not hold back the next request.
      free();
      const { envelope, servedBy, receipt } = result;
      // The search function may have found another instance's answer instead of asking (the relay's shared cache).
      const source: AnswerSource = result.source ?? 'service';
      flight.result = { envelope, servedBy, source, receivedAt, durationMs, receipt };
      const arrival = {
        envelope,
        listdata: flight.listdata,
        servedBy,
        source,
        receivedAt,
        durationMs,
        receipt,
      };
      // The first asker's request; the others joined it (merged in its window, widened into it, or on the wire).
      const [first, ...others] = flight.waiters;
      first.resolve(answerFor(first.asked, arrival));
      for (const w of others) w.resolve(answerFor(w.asked, joined(arrival)));
      // Asks arriving while the answer is being stored join the answered flight (see processBatch).
      // A write that hangs only ends that early: the askers were answered above.
      if (this.cache?.enabled && isCacheable(result.envelope) && !result.stored) {
        const stored = this.cache
          .put(flight.key, flight.listdata, result.raw, result.envelope, result.servedBy, result.receipt)
          .catch(() => false);
        if ((await withTimeout(stored, this.cacheWriteTimeoutMs, timedOut)) === TIMED_OUT) this.stats.cacheTimeouts++;
      }
    } catch (error) {
      this.stats.failures++;
      if (error instanceof AccountError) {
        this.halted = error;
        this.haltedAt = Date.now();
      }
      for (const w of flight.waiters) w.reject(error);
    } finally {
      this.removeFlight(flight);
      free();
    }
  }

  private removeFlight(flight: Flight): void {
    const flights = this.inFlight.get(flight.key);
    if (!flights) return;
    const rest = flights.filter((f) => f !== flight);
    if (rest.length > 0) this.inFlight.set(flight.key, rest);
    else this.inFlight.delete(flight.key);
  }
}
