import { performance } from 'node:perf_hooks';

/**
 * How the evidence spool's next write reaches the disk: blocking the event loop (writeSync) or on
 * the thread pool. A flush that takes this disk a fifth of a millisecond costs a request less as a
 * blocking write than as the hop to the thread pool and back to a busy event loop: with the 50 ms
 * service the embedded store's "asked" and archive steps went from 0.86–1.82 to 0.35–0.62 ms p50
 * (docs/PERFORMANCE.md, session 24). A disk slow by nature (a network volume) would stall every
 * request for each flush, so its writes go to the thread pool, and the event loop keeps serving
 * meanwhile. One slow moment does not count: on this machine 1 flush in 1,000 takes 5 ms or more,
 * and a few a run 15–350 ms.
 */

/** A flush slower than this is slow. */
export const SLOW_FLUSH_MS = 2;
/** So many slow flushes in a row send the writes to the thread pool. */
export const SLOW_IN_A_ROW = 8;
/** How long they stay there before blocking writes are measured again. */
export const THREAD_POOL_MS = 10_000;

export class FlushPace {
  private slowInARow = 0;
  private threadPoolUntil = 0;

  /** `mayBlock` false: every write on the thread pool. */
  constructor(
    private readonly mayBlock = true,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Whether the next write blocks. */
  get blocking(): boolean {
    return this.mayBlock && this.now() >= this.threadPoolUntil;
  }

  /** A blocking write's time, ms. */
  took(ms: number): void {
    this.slowInARow = ms > SLOW_FLUSH_MS ? this.slowInARow + 1 : 0;
    if (this.slowInARow < SLOW_IN_A_ROW) return;
    this.threadPoolUntil = this.now() + THREAD_POOL_MS;
    this.slowInARow = 0;
  }
}
