import type { SubjectOutcome } from '../outcome';
import type { RunMeta, RunProgressState, RunStateStore } from '../state';

/**
 * What a run keeps so that a resume pays for nothing twice: each answer, saved the moment it
 * arrives where the store can (the CLI's file, so a crash costs only the requests in flight),
 * else with the next checkpoint (the workbook), always before the rows it fills are written.
 * Answers that arrive before the store has the run wait here until it does.
 */
export class RunJournal {
  private begun = false;
  private pending: SubjectOutcome[] = [];
  private readonly record: ((runId: string, outcome: SubjectOutcome) => void) | null;

  constructor(
    private readonly store: RunStateStore | undefined,
    private readonly runId: string,
  ) {
    this.record = store?.record ? store.record.bind(store) : null;
  }

  answered(outcome: SubjectOutcome): void {
    if (this.record && this.begun) this.record(this.runId, outcome);
    else this.pending.push(outcome);
  }

  /** Answers not yet saved. */
  get hasPending(): boolean {
    return this.pending.length > 0;
  }

  /** The run's state in the store: begun for a new run, its progress record replaced for a resumed one. */
  async begin(meta: RunMeta, progress: RunProgressState, resume: boolean): Promise<void> {
    if (this.store) {
      if (resume) await this.store.checkpoint(this.runId, progress, []);
      else await this.store.begin(meta, progress);
    }
    this.begun = true;
    if (this.record) for (const o of this.pending.splice(0)) this.record(this.runId, o);
  }

  /** The progress record, with the answers not yet saved appended first (a crash between the two loses nothing). */
  async checkpoint(progress: RunProgressState): Promise<void> {
    const answers = this.pending.splice(0);
    if (this.store) await this.store.checkpoint(this.runId, progress, answers);
  }

  /** A completed run leaves nothing to resume. */
  async remove(): Promise<void> {
    await this.store?.remove(this.runId);
  }
}
