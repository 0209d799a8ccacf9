import { CancelledError } from '../protocol/errors';
import { ALL_LISTS, type Listdata } from '../protocol/listdata';
import type { SearchQuery } from '../query';
import type { Arrival } from './scheduled-answer';
import type { AskOptions, ScheduledAnswer } from './scheduler-api';

/** One ask in the request scheduler (./scheduler.ts), from ask() until it is answered or refused. */
export interface Waiter {
  query: SearchQuery;
  asked: Listdata;
  fresh: boolean;
  patient: boolean;
  /** Order of the ask, to tell a request that left before it from one that left after. */
  seq: number;
  settled: boolean;
  resolve(answer: ScheduledAnswer): void;
  reject(error: unknown): void;
  signal?: AbortSignal;
  flight?: Flight;
  onSent?: () => void;
  ticket?: number;
}

/** One request to the service for one subject, and the asks it answers. */
export interface Flight {
  key: string;
  listdata: Listdata;
  query: SearchQuery;
  waiters: Waiter[];
  controller: AbortController;
  /** Set when the request leaves; until then it may still be widened for later asks. */
  sent: boolean;
  /** The last ask made before the request left: a fresh ask after it may not share it. */
  sentSeq: number;
  /** Set once answered; the flight stays findable until its answer is in the cache. */
  result?: Omit<Arrival, 'listdata'>;
}

export interface NewWaiter {
  query: SearchQuery;
  options: AskOptions;
  seq: number;
  resolve(answer: ScheduledAnswer): void;
  reject(error: unknown): void;
  /** Once, when the ask is answered, refused or cancelled. */
  onSettled(waiter: Waiter): void;
  /** When its own signal cancels it. */
  onCancelled(): void;
}

/**
 * An ask that settles once, whoever settles it first (its answer, an error, its signal). Its
 * signal takes only this asker out: a request still queued is dropped when it finds nobody
 * waiting; one already on the wire is paid for, so it finishes and its answer goes to the cache.
 */
export function newWaiter(init: NewWaiter): Waiter {
  const { query, options } = init;
  const { signal } = options;
  const settle = (then: () => void) => {
    if (waiter.settled) return;
    waiter.settled = true;
    init.onSettled(waiter);
    signal?.removeEventListener('abort', onAbort);
    then();
  };
  const waiter: Waiter = {
    query,
    asked: query.listdata ?? ALL_LISTS,
    fresh: options.fresh === true,
    patient: options.patient === true,
    seq: init.seq,
    settled: false,
    signal,
    ...(options.onSent ? { onSent: options.onSent } : {}),
    ...(options.ticket !== undefined ? { ticket: options.ticket } : {}),
    resolve: (answer) => settle(() => init.resolve(answer)),
    reject: (error) => settle(() => init.reject(error)),
  };
  const onAbort = () => {
    init.onCancelled();
    waiter.reject(new CancelledError());
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  return waiter;
}
