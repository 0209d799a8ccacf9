/**
 * Waiting, written once: a delay an AbortSignal can cut short, a deadline raced against work
 * that may ignore its signal, and a signal that fires on a timeout or on its caller's abort.
 * Pure (setTimeout and AbortController only), so the add-in, the CLI and the servers share it.
 */

/** What fetch rejects with on an abort: the signal's reason, else a DOMException named AbortError. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * Resolves after `ms`; an abort of `signal` (before or during the wait) rejects at once with
 * `abortError(signal)`, by default the signal's reason.
 */
export function delay(
  ms: number,
  signal?: AbortSignal,
  abortError: (signal: AbortSignal) => unknown = abortReason,
): Promise<void> {
  if (!signal) return new Promise((resolve) => setTimeout(resolve, ms));
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The promise's outcome, or `onTimeout()`'s when it has not settled within `ms`: its value, or
 * its throw as a rejection. The promise keeps running (abort it from `onTimeout` if it listens);
 * the timer is cleared either way, so nothing holds a Node process open.
 */
export function withTimeout<T, U = never>(promise: Promise<T>, ms: number, onTimeout: () => U): Promise<T | U> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<U>((resolve, reject) => {
    timer = setTimeout(() => {
      try {
        resolve(onTimeout());
      } catch (error) {
        reject(error);
      }
    }, ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

export interface DeadlineSignal {
  /** Aborted `ms` after `start`, or as soon as the caller's signal is. */
  signal: AbortSignal;
  /** True when it was the timeout, not the caller, that aborted. */
  timedOut(): boolean;
  /**
   * Starts the timer and links the caller's cancel. An attempt starts it just after handing its
   * request to the transport: the timer and the listener (tens of microseconds of Node's
   * EventTarget) then come after the request's bytes, not on each answer's path to the next request.
   */
  start(): void;
  /** Stops the timer and lets go of the caller's signal; call when the work is over. */
  clear(): void;
}

/** One attempt's signal: its own timeout, linked to the caller's cancel, both from `start`. */
export function deadlineSignal(ms: number, caller?: AbortSignal): DeadlineSignal {
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onCallerAbort = () => controller.abort();
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    start: () => {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, ms);
      // A listener added to an aborted signal never runs: a cancel that came first counts at once.
      if (caller?.aborted) controller.abort();
      else caller?.addEventListener('abort', onCallerAbort, { once: true });
    },
    clear: () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onCallerAbort);
    },
  };
}
