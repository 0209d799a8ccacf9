import type { AnswerCache } from '../cache/answer-cache';
import type { Listdata } from '../protocol/listdata';
import type { ParsedEnvelope } from '../protocol/schema';
import type { SearchQuery } from '../query';
import type { EnvelopeSummary } from '../answer/summary';
import type { SearchResult } from './client';
import type { RegistryKey } from '../protocol/registries';

/** What callers give the request scheduler (scheduler.ts) and get back from it. */

export interface SearchOptions {
  signal?: AbortSignal;
  /** The tickets (AskOptions.ticket) of the asks this request answers, first asker first. */
  tickets?: readonly number[];
  /**
   * One of the asks asked `fresh`: a search function with a cache of its own (the relay's shared
   * cache, or a relay upstream) must not answer from it either.
   */
  fresh?: boolean;
}

export type SearchFn = (query: SearchQuery, options: SearchOptions) => Promise<SearchResult>;

/** What the scheduler uses of a cache: core's AnswerCache, or the relay's cache in its database. */
export interface SchedulerCache extends Pick<AnswerCache, 'enabled' | 'peek'> {
  /** As AnswerCache.put; `receipt` (SearchResult.receipt) is kept by caches that keep it. */
  put(
    subjectKey: string,
    listdata: Listdata,
    raw: unknown,
    envelope: ParsedEnvelope,
    servedBy: string,
    receipt?: number,
  ): Promise<boolean>;
}

export interface SchedulerOptions {
  search: SearchFn;
  cache?: SchedulerCache | null;
  /** Requests on the wire at once. Default 4. */
  concurrency?: number;
  /** How long asks for one subject are gathered before a request leaves. Default 5 ms. */
  batchWindowMs?: number;
  /** Guard around one request, the client's own retries included. Default 60 s. */
  timeoutMs?: number;
  /**
   * How long an account or quota error stops all sending. Default: until resume(). Worksheet
   * functions use a finite pause so that a later recalculation notices a raised quota.
   */
  accountHaltMs?: number;
  /**
   * Longest an ask waits for the cache to say whether it holds the subject; past it the read
   * counts as a miss. OfficeRuntime.storage can stop answering, and a bulk run must not stop
   * with it. Default 3 s.
   */
  cacheReadTimeoutMs?: number;
  /**
   * Longest an answered request stays findable while its answer is written to the cache; the
   * askers have their answer before the write starts. Default 30 s.
   */
  cacheWriteTimeoutMs?: number;
  /** The waits before a request refused with 429 is sent again for a patient ask. Default RATE_LIMIT_WAITS_MS. */
  rateLimitWaitsMs?: readonly number[];
}

export interface AskOptions {
  signal?: AbortSignal;
  /**
   * Ask the service again: never answered from the cache, nor by a request that left before
   * this ask, nor from the search function's own cache (SearchOptions.fresh). The answer still
   * goes to the cache. For "search again" in the task pane and `search --fresh`.
   */
  fresh?: boolean;
  /**
   * Called once the request that will answer this ask has left for the service (at once when it
   * already had). A wait counted from here is a wait for the service, not for a place in the
   * queue: 10,000 cells at concurrency 4 queue for minutes, and none of that is the service's.
   * Never called for an answer from the cache.
   */
  onSent?: () => void;
  /**
   * The caller's name for this ask, handed to search() (SearchOptions.tickets): the relay's
   * audit row, so the answer's archived copy names the request that paid for it.
   */
  ticket?: number;
  /**
   * Wait out the relay's limit per analyst (429): the request is sent again after each of
   * SchedulerOptions.rateLimitWaitsMs while this ask waits, and the last refusal is the answer. For
   * cells, which a person does not watch; the pane's search says the relay's words at once.
   */
  patient?: boolean;
}

/**
 * Where an answer came from, so that every surface reads one fact rather than timing it: `service`,
 * this ask's own paid request; `merged`, another ask's paid request that this one joined (sent for
 * both, on the wire, or just answered and being stored), so not paid by this ask; `cache`, the
 * scheduler's own cache; `shared`, the search function found another relay instance's answer in the
 * shared cache instead of asking (relay/claimed-search.ts).
 */
export type AnswerSource = 'service' | 'merged' | 'cache' | 'shared';

export interface ScheduledAnswer {
  /**
   * The answer restricted to the asked lists (restrictToListdata), whatever the request or the
   * cache entry held; its header is the service's, unchanged.
   */
  envelope: ParsedEnvelope;
  /** What the request or cache entry answering this ask was for: the asked listdata or more. */
  listdata: Listdata;
  asked: Listdata;
  /** The registries the asked listdata selects; `summary` covers exactly these. */
  registries: RegistryKey[];
  summary: EnvelopeSummary;
  /** The address that answered (for a cached answer: the one that answered originally). */
  servedBy: string;
  /** Where the answer came from: this ask's own request, another's it joined, this cache, or another instance's. */
  source: AnswerSource;
  /** Not paid for by this ask: `source` is another ask's request, the cache or the shared cache. */
  fromCache: boolean;
  /** When the answer was received (for a cached one: originally). */
  receivedAt: number;
  /** How long the request took, retries and failover included; 0 for an answer from the cache. */
  durationMs: number;
  /** The stored copy of the answer this came from (SearchResult.receipt, CachedAnswer.receipt). */
  receipt?: number;
}

export interface SchedulerStats {
  asks: number;
  requestsSent: number;
  cacheHits: number;
  /** Asks answered by a request that also answered another ask. */
  merged: number;
  failures: number;
  cancelled: number;
  /** Cache reads taken as misses and cache writes given up because storage did not answer in time. */
  cacheTimeouts: number;
}
