/** Retry and timeout policy as plain data, so settings, the CLI and tests can state it. */
export interface RetryPolicy {
  /** One attempt at one address. */
  timeoutMs: number;
  /** Extra rounds over all addresses after the first. */
  retries: number;
  /** Pause before round n is backoffMs * 2^(n-1), plus up to 25% jitter. */
  backoffMs: number;
  /** A failed address is tried after the healthy ones for this long. */
  cooldownMs: number;
  /** HTTP statuses that mean "this address, not this question": the next address or round is tried. */
  retryStatuses: readonly number[];
}

/**
 * Request Timeout and every 5xx: the service's own refusals (4xx) are final. So is 429 Too Many
 * Requests (the organisation's relay limits each analyst): it says "slow down", not "this address
 * is away"; asking again at once only adds to the count. It reaches the caller as a rejection with
 * the relay's words (RequestRejectedError, status 429), which a bulk run waits out.
 */
const RETRY_STATUSES: readonly number[] = [408, ...Array.from({ length: 100 }, (_, i) => 500 + i)];

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  timeoutMs: 20_000,
  retries: 1,
  backoffMs: 500,
  cooldownMs: 30_000,
  retryStatuses: RETRY_STATUSES,
};

/**
 * After a 429 (the organisation's relay limiting this analyst, by default 600 requests in any
 * minute), the request is sent again after each of these waits: about three minutes in all, past
 * the relay's sliding minute. A bulk run (bulk/run/asking.ts) and the worksheet functions' asks
 * (AskOptions.patient) wait them out; a person searching reads the relay's words at once.
 */
export const RATE_LIMIT_WAITS_MS: readonly number[] = [5_000, 10_000, 20_000, 30_000, 30_000, 30_000, 30_000, 30_000];

export function backoffDelay(policy: RetryPolicy, round: number, random: () => number = Math.random): number {
  const base = policy.backoffMs * 2 ** Math.max(0, round - 1);
  return Math.round(base * (1 + random() * 0.25));
}

export function isRetryableStatus(policy: RetryPolicy, status: number): boolean {
  return policy.retryStatuses.includes(status);
}
