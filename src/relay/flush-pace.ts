import { performance } from 'node:perf_hooks';

/**
 * How the evidence spool's next write reaches the disk: blocking the event loop (writeSync) or on
 * the thread pool. A flush that takes this disk a fifth of a millisecond costs a request less as a
 * blocking write than as the hop to the thread pool and back to a busy event loop: with the 50 ms
 * service the "asked" and archive steps went from 0.89–1.04 to 0.34–0.54 ms p50, and the relay's
 * added p50 from +2.8–3.6 to +1.7–2.5 ms (docs/PERFORMANCE.md, session 24). A slower disk (a
 * network volume) would stall every request for each flush, so its writes go to the thread pool,
 * and the event loop keeps serving meanwhile.
 */

/** Flushes slower than this on average go to the thread pool. */
export const BLOCKING_LIMIT_MS = 0.5;
/** How long they stay there before blocking writes are measured again. */
const THREAD_POOL_MS = 1000;
/** The weight of the latest flush in the average: one flush 4 × the limit is enough to move. */
const WEIGHT = 0.25;

export class FlushPace {
  private average = 0;
  private threadPoolUntil = 0;

  /** `limitMs` 0: every write on the thread pool. */
  constructor(
    private readonly limitMs = BLOCKING_LIMIT_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Whether the next write blocks. */
  get blocking(): boolean {
    return this.limitMs > 0 && this.now() >= this.threadPoolUntil;
  }

  /** A blocking write's time, ms. */
  took(ms: number): void {
    this.average += (ms - this.average) * WEIGHT;
    if (this.average <= this.limitMs) return;
    this.threadPoolUntil = this.now() + THREAD_POOL_MS;
    this.average = 0;
  }
}
