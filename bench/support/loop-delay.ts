import { monitorEventLoopDelay } from 'node:perf_hooks';

/** The histogram's tick: each sample is the time between two ticks, so its delay is what exceeds the tick. */
const TICK_MS = 10;

/** This process's event-loop delay from now on: p50 and p99, ms. */
export function loopDelayMeter(): { percentilesMs(): [number, number]; reset(): void; stop(): void } {
  const histogram = monitorEventLoopDelay({ resolution: TICK_MS });
  histogram.enable();
  const delay = (p: number) => Math.max(0, histogram.percentile(p) / 1e6 - TICK_MS);
  return {
    percentilesMs: () => [delay(50), delay(99)],
    reset: () => histogram.reset(),
    stop: () => histogram.disable(),
  };
}
