// The subjects a run asks next, each with the row its request is built from.
import type { RowAccess } from './input-rows';
import { inputChangedError } from './guards';
import { rowHash, type InputRow, type RunPlan } from './plan';

export interface FeedItem {
  subject: number;
  /** The subject's first row: its request is built from it. */
  row: InputRow;
}

/**
 * Subjects in the order they first appear, skipping those `wanted` refuses (answered, in flight).
 * Rows in memory are looked up directly; a streamed source is read ahead by one pass over the
 * file, at most `readAhead` subjects in hand, so memory stays flat whatever the row count.
 */
export class SubjectFeed {
  private readonly queue: FeedItem[] = [];
  private head = 0;
  private nextSubject = 0;
  private iterator: AsyncIterator<InputRow> | null = null;
  private row = 0;
  private filling = false;
  private ended = false;
  /** A read that failed (the file changed or went away): the run stops on it. */
  failure: unknown = null;

  constructor(
    private readonly plan: RunPlan,
    private readonly source: RowAccess,
    private readonly wanted: (subject: number) => boolean,
    /** Called after a read-ahead brought more subjects (or reached the end). */
    private readonly onMore: () => void,
    private readonly readAhead = 512,
  ) {
    if (!source.at) this.fill();
  }

  /** The next subject to ask, or null: none left, or (streamed) still reading ahead, and onMore follows. */
  peek(): FeedItem | null {
    const { plan, wanted } = this;
    const at = this.source.at;
    if (at) {
      while (this.nextSubject < plan.subjectCount && !wanted(this.nextSubject)) this.nextSubject++;
      return this.nextSubject < plan.subjectCount
        ? { subject: this.nextSubject, row: at(plan.subjectFirstRow[this.nextSubject]) }
        : null;
    }
    while (this.head < this.queue.length && !wanted(this.queue[this.head].subject)) this.head++;
    if (this.head > 1024) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
    if (this.queue.length - this.head < this.readAhead / 2) this.fill();
    return this.head < this.queue.length ? this.queue[this.head] : null;
  }

  /** The peeked subject was launched. */
  take(): void {
    if (!this.source.at) this.head++;
  }

  /** No subject is left to ask. */
  get exhausted(): boolean {
    return this.peek() === null && (this.source.at !== undefined || this.ended);
  }

  private fill(): void {
    if (this.filling || this.ended) return;
    this.filling = true;
    void (async () => {
      const { plan } = this;
      try {
        this.iterator ??= this.source.read(0)[Symbol.asyncIterator]();
        while (this.queue.length - this.head < this.readAhead) {
          const it = this.iterator;
          if (!it) break;
          const next = await it.next();
          if (next.done) {
            if (this.row < plan.rowCount) throw inputChangedError();
            this.ended = true;
            break;
          }
          const r = this.row++;
          const s = r < plan.rowCount ? plan.rowSubject[r] : -1;
          if (s >= 0 && plan.subjectFirstRow[s] === r && this.wanted(s)) {
            if (rowHash(next.value) !== plan.rowHash[r]) throw inputChangedError();
            this.queue.push({ subject: s, row: next.value });
          }
        }
      } catch (error) {
        this.failure = error;
        this.ended = true;
      } finally {
        this.filling = false;
      }
      this.onMore();
    })();
  }

  async close(): Promise<void> {
    const it = this.iterator;
    this.iterator = null;
    this.ended = true;
    await it?.return?.().catch(() => undefined);
  }
}
