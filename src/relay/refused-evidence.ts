import {
  storeMissing,
  storeMissingAnswers,
  type EvidenceSpool,
  type SpooledAnswer,
  type SpooledRow,
} from './evidence-spool';
import type { RelayStore } from './store/port';

/**
 * Evidence no request waits for any more whose commit the database refused: spooled asked rows,
 * and rows of the relay's own archive chain. Each is put in again apart, a second later and until
 * the database takes it, so that it cannot fail others' commits. The spool keeps it meanwhile (a
 * shutdown leaves it there for the next start); a chain's row must go in, or verify finds a gap.
 */
export class RefusedEvidence {
  private rows: SpooledRow[] = [];
  private answers: SpooledAnswer[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly store: RelayStore,
    private readonly spool: EvidenceSpool | null,
  ) {}

  row(row: SpooledRow): void {
    this.rows.push(row);
    this.schedule();
  }

  answer(answer: SpooledAnswer): void {
    this.answers.push(answer);
    this.schedule();
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => {
      const rows = this.rows.splice(0);
      const answers = this.answers.splice(0);
      // Asked rows first: an answer's row names its asked row.
      storeMissing(this.store, rows)
        .then(() => rows.forEach((r) => this.spool?.stored(r.id)))
        .catch(() => this.rows.push(...rows))
        .then(() => storeMissingAnswers(this.store, answers))
        .then(() => answers.forEach((a) => this.spool?.storedAnswer(a.row.id)))
        .catch(() => this.answers.push(...answers))
        .finally(() => {
          this.timer = null;
          if (this.rows.length + this.answers.length > 0) this.schedule();
        });
    }, 1_000);
    // A shutdown leaves them in the spool for the next start.
    this.timer.unref();
  }
}
