import type { BulkPhase, BulkProgress, RunTotals } from '../ports';

/** What the progress is computed from, read when it is reported. */
export interface ProgressCounts {
  totals: RunTotals;
  rowsDone: number;
  subjectsDone: number;
  /** Subjects answered in this session: a resume's earlier answers say nothing of the pace. */
  doneThisSession: number;
  /** Until when (epoch ms) requests wait out a 429. */
  waitingUntil: number | null;
}

/**
 * The run's phase, its progress and the estimate of the time left, reported to the listener at
 * most every `intervalMs` (and at once on a change of phase). A listener that throws never stops
 * the screening.
 */
export class RunProgress {
  phase: BulkPhase = 'validating';
  readonly startedAt: number;
  private screeningSince = 0;
  private lastReported = 0;

  constructor(
    private readonly now: () => number,
    private readonly listener: ((progress: BulkProgress) => void) | undefined,
    private readonly intervalMs: number,
    private readonly counts: () => ProgressCounts,
  ) {
    this.startedAt = now();
  }

  /** The estimate is the pace since here. */
  screeningStarts(): void {
    this.screeningSince = this.now();
  }

  setPhase(phase: BulkPhase): void {
    this.phase = phase;
    this.emit(true);
  }

  emit(force = false): void {
    if (!this.listener) return;
    const t = this.now();
    if (!force && t - this.lastReported < this.intervalMs) return;
    this.lastReported = t;
    try {
      this.listener(this.progress());
    } catch {
      // A progress listener's failure must not stop the screening.
    }
  }

  progress(): BulkProgress {
    const { totals, rowsDone, subjectsDone, doneThisSession, waitingUntil } = this.counts();
    const elapsed = this.now() - this.startedAt;
    const remaining = totals.subjectsTotal - subjectsDone;
    const screeningFor = this.screeningSince ? this.now() - this.screeningSince : 0;
    const etaMs =
      this.phase === 'done' || this.phase === 'stopped'
        ? 0
        : remaining === 0
          ? 0
          : doneThisSession >= 3 && screeningFor > 0
            ? Math.round((remaining * screeningFor) / doneThisSession)
            : null;
    const waiting = waitingUntil === null ? 0 : waitingUntil - this.now();
    return {
      ...totals,
      phase: this.phase,
      rowsDone,
      subjectsDone,
      etaMs,
      elapsedMs: elapsed,
      ...(waiting > 0 && this.phase === 'screening' ? { rateLimitedMs: waiting } : {}),
    };
  }
}
