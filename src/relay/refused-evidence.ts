import type { EvidenceSpool } from './evidence-spool';
import { storeMissing, storeMissingAnswers, type SpooledAnswer, type SpooledRow } from './spooled-evidence';
import type { RelayStore } from './store/port';
import { FIRST_RETRY_MS, nextRetryMs } from './evidence-retry';

/**
 * Evidence no request waits for any more whose commit the database refused: spooled asked rows,
 * and rows of the relay's own archive chain. Each is put in again apart, a second later and until
 * the database takes it, so that it cannot fail others' commits. The spool keeps it meanwhile (a
 * shutdown leaves it there for the next start); a chain's row must go in, or verify finds a gap.
 * While the database keeps refusing, the rounds come less often (up to a minute apart), and a row
 * it refuses for good holds back only itself: a refused round is tried again row by row.
 */
export class RefusedEvidence {
  private rows: SpooledRow[] = [];
  private answers: SpooledAnswer[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private waitMs = FIRST_RETRY_MS;

  constructor(
    private readonly store: RelayStore,
    private readonly spool: EvidenceSpool | null,
    /** Each refusal of a retry (the journal's relay_audit_commit_failures_total). */
    private readonly onRefused: (error: unknown) => void = () => undefined,
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
    this.timer ??= setTimeout(() => void this.round(), this.waitMs);
    // A shutdown leaves them in the spool for the next start.
    this.timer.unref();
  }

  private async round(): Promise<void> {
    const rows = this.rows.splice(0);
    const answers = this.answers.splice(0);
    // Asked rows first: an answer's row names its asked row.
    const leftRows = await this.putIn(rows, (some) => storeMissing(this.store, some));
    const rowsLeft = new Set(leftRows);
    for (const r of rows) if (!rowsLeft.has(r)) this.spool?.stored(r.id);
    const leftAnswers = await this.putIn(answers, (some) => storeMissingAnswers(this.store, some));
    const answersLeft = new Set(leftAnswers);
    for (const a of answers) if (!answersLeft.has(a)) this.spool?.storedAnswer(a.row.id);
    this.rows.unshift(...leftRows);
    this.answers.unshift(...leftAnswers);
    this.waitMs = leftRows.length + leftAnswers.length > 0 ? nextRetryMs(this.waitMs) : FIRST_RETRY_MS;
    this.timer = null;
    if (this.rows.length + this.answers.length > 0) this.schedule();
  }

  /** What the database still refuses: all of them when it refuses the first alone too (it is down). */
  private async putIn<T>(items: T[], put: (some: T[]) => Promise<unknown>): Promise<T[]> {
    if (items.length === 0) return [];
    try {
      await put(items);
      return [];
    } catch (error) {
      this.onRefused(error);
      if (items.length === 1) return items;
    }
    const refused: T[] = [];
    for (const [i, item] of items.entries()) {
      try {
        await put([item]);
      } catch (error) {
        this.onRefused(error);
        refused.push(item);
        // Not one taken: the database refuses everything now. The refused go last next round,
        // so that one refused for good is not always the one tried first.
        if (refused.length === i + 1) return [...items.slice(i + 1), ...refused];
      }
    }
    return refused;
  }
}
