import { CancelledError } from './errors';

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
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  timeoutMs: 20_000,
  retries: 1,
  backoffMs: 500,
  cooldownMs: 30_000,
};

export function backoffDelay(policy: RetryPolicy, round: number, random: () => number = Math.random): number {
  const base = policy.backoffMs * 2 ** Math.max(0, round - 1);
  return Math.round(base * (1 + random() * 0.25));
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new CancelledError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new CancelledError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
