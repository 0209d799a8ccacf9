import { randomUUID } from 'node:crypto';
import { ALL_LISTS, containsListdata } from '../core/protocol/listdata';
import type { CachedAnswer } from '../core/cache/answer-cache';
import type { SearchResult } from '../core/request/client';
import { CancelledError } from '../core/protocol/errors';
import { delay } from '../core/request/timing';
import { subjectKey, type SearchQuery } from '../core/query';
import { isCacheable } from '../core/request/cacheable';
import type { SearchFn } from '../core/request/scheduler';
import type { SearchOptions } from '../core/request/scheduler-api';
import { envelopeToWire } from './envelope-wire';
import type { SharedAnswerCache } from './shared-answer-cache';
import type { ClaimRead, ClaimToRead, SubjectClaim } from './store/port';

/**
 * A request to the service that every relay on one database makes at most once per subject.
 * Before asking, an instance claims the subject with a row and reads the shared cache's row for
 * it in the same round trip (no connection held while the service answers); the holder stores the
 * answer in the shared cache and then gives the claim back; the others try again until the answer
 * is there or the claim is free.
 * A claim whose holder died runs out after `holdMs`; a wait past `waitMs` asks anyway, since
 * paying twice beats failing.
 */

export interface ClaimedSearchOptions {
  cache: SharedAnswerCache;
  /** The paid request itself (budget counted there). */
  ask: (query: SearchQuery, options: SearchOptions) => Promise<SearchResult>;
  /**
   * How a claim is taken (with its cache row) and given back: the relay's journal carries both
   * with its next commit (../audit-journal.ts), so neither costs a statement of its own.
   */
  claim: (item: ClaimToRead, holdMs: number) => Promise<ClaimRead>;
  release: (claim: SubjectClaim) => Promise<void>;
  holdMs?: number;
  waitMs?: number;
}

export const DEFAULT_CLAIM_HOLD_MS = 45_000;
export const DEFAULT_CLAIM_WAIT_MS = 40_000;
const RELEASE_RETRIES = 6;
const RELEASE_RETRY_MS = 250;
const FIRST_PAUSE_MS = 5;
const LONGEST_PAUSE_MS = 50;

export function claimedSearch(options: ClaimedSearchOptions): SearchFn {
  const { cache } = options;
  const holdMs = options.holdMs ?? DEFAULT_CLAIM_HOLD_MS;
  const waitMs = options.waitMs ?? DEFAULT_CLAIM_WAIT_MS;
  // A release the database missed (a restart, a lost connection) is tried again: the holder is
  // alive, and another instance waiting for the subject would otherwise wait out waitMs (40 s).
  const release = (claim: SubjectClaim, attempt = 0): Promise<void> =>
    options.release(claim).catch((error: unknown) => {
      if (attempt < RELEASE_RETRIES) {
        setTimeout(
          () => void release(claim, attempt + 1).catch(() => undefined),
          RELEASE_RETRY_MS * 2 ** attempt,
        ).unref();
      }
      throw error;
    });

  const shared = (found: CachedAnswer): SearchResult => ({
    source: 'shared',
    stored: true,
    envelope: found.envelope,
    servedBy: found.servedBy,
    attempts: [],
    durationMs: 0,
    method: 'POST',
    raw: envelopeToWire(found.envelope),
    receivedAt: found.storedAt,
    ...(found.receipt !== undefined ? { receipt: found.receipt } : {}),
  });

  return async (query, searchOptions) => {
    const { signal } = searchOptions;
    const key = subjectKey(query);
    const name = `relay-subject:${key}`;
    const owner = randomUUID();
    const started = Date.now();
    const deadline = started + waitMs;
    const asked = query.listdata ?? ALL_LISTS;
    // The scheduler looked in this instance's memory: the claim reads the shared row as well.
    for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
      let claimed: boolean;
      let found: CachedAnswer | null;
      try {
        const got = await options.claim({ claim: { name, owner }, key: cache.keyOf(key) }, holdMs);
        claimed = got.claimed;
        const row = cache.adopt(key, got.answer);
        // Asked again on purpose: only an answer stored since this search began (another instance's
        // request, answered meanwhile) will do.
        const recent = !searchOptions.fresh || (row !== null && row.storedAt >= started);
        found = row && recent && containsListdata(row.listdata, asked) ? row : null;
      } catch (error) {
        // The claim may have been written before its answer was lost: give it back once the
        // database answers again, or it blocks every instance for holdMs.
        void release({ name, owner }).catch(() => undefined);
        throw error;
      }
      if (found) {
        // Another instance answered (and, if the claim was free, gave its claim back) already.
        if (claimed) void release({ name, owner }).catch(() => undefined);
        return shared(found);
      }
      if (claimed) {
        try {
          const result = await options.ask(query, searchOptions);
          // The asker has its answer now. The claim is given back only once the answer is stored,
          // so that whoever waits for it finds it; neither wait is the asker's. A release that
          // fails leaves a claim that runs out after holdMs.
          const stored = isCacheable(result.envelope)
            ? cache.put(key, asked, result.raw, result.envelope, result.servedBy, result.receipt)
            : Promise.resolve(false);
          void stored
            .catch(() => false)
            .then(() => release({ name, owner }))
            .catch(() => undefined);
          // Stored here, before the claim is given back: the scheduler need not write it again.
          return { ...result, stored: true };
        } catch (error) {
          void release({ name, owner }).catch(() => undefined);
          throw error;
        }
      }
      if (signal?.aborted) throw new CancelledError();
      if (Date.now() >= deadline) return options.ask(query, searchOptions);
      await delay(pause);
    }
  };
}
