// The first requests of a new run, sent while the run still reads its whole input to plan it.
import { subjectKey } from '../core/query';
import type { ColumnMapping } from './columns';
import type { InputRow } from './plan';
import type { RowAccess } from './input-rows';
import type { AnswerLike } from './outcome';
import { checkRow, idInternalOf, type RunQueryOptions } from './plan';
import type { AskFn } from './ports';

/** One request sent before the plan existed, waiting to be adopted by the run as its subject's request. */
export interface EarlyRequest {
  key: string;
  /** The data row (0-based) the subject first appears on: the plan gives it the same first row. */
  row: number;
  /** What was asked: the row's query, and what the answer's hits are explained against. */
  query: Parameters<AskFn>[0];
  answer: Promise<AnswerLike>;
  /** Calls `listener` once the answer's bytes are in (at once, if they already are). */
  whenArrived(listener: () => void): void;
}

export interface HeadStartParams {
  rows: RowAccess;
  mapping: ColumnMapping;
  options: RunQueryOptions;
  /** The run's "today", as the plan will validate rows against it. */
  now: Date;
  runId: string;
  firstSourceRow: number;
  ask: AskFn;
  /** How many requests may be at the service at once: the run's concurrency. */
  concurrency: number;
}

/**
 * At most this many concurrency's worth of early answers wait in memory before the run has its
 * state to record them in: what a crash during planning could cost, beside the requests in flight.
 */
const MAX_ROUNDS_AHEAD = 4;

/**
 * Rows the head start reads at most: a list of few distinct subjects (or mostly invalid rows)
 * would otherwise be read whole once more before its planning pass even began.
 */
const MAX_ROWS_READ = 10_000;

/**
 * Planning reads the whole input (a streamed file once more) before the first request: for a
 * list of two thousand rows that took longer than a round of requests, with the service idle.
 * The head start finds the first distinct valid subjects by the same rules the plan applies
 * (checkRow, subjectKey, first appearance), asks `concurrency` of them at once and one more each
 * time an answer arrives, until the run adopts them (stop) or MAX_ROUNDS_AHEAD rounds are out.
 * The run takes each as its own request for that subject, so nothing is asked twice. Input
 * checks that refuse a run (mapping, empty, limits) come before it: a refused list costs nothing.
 */
export class HeadStart {
  private readonly controller = new AbortController();
  readonly requests: EarlyRequest[] = [];
  private readonly seen = new Set<string>();
  private rows: AsyncIterator<InputRow> | null = null;
  private row = 0;
  /** Answers arrived that have not yet been followed by a new request. */
  private owed = 0;
  private reading = false;
  private stopped = false;

  private constructor(
    private readonly params: HeadStartParams,
    private readonly max: number,
  ) {}

  static async begin(params: HeadStartParams): Promise<HeadStart> {
    const concurrency = Math.max(1, Math.floor(params.concurrency));
    const start = new HeadStart(params, concurrency * MAX_ROUNDS_AHEAD);
    start.rows = params.rows.read(0)[Symbol.asyncIterator]();
    start.owed = concurrency;
    await start.sendOwed();
    return start;
  }

  /** Sends one request per answer that arrived, each for the next distinct valid subject of the list. */
  private async sendOwed(): Promise<void> {
    if (this.reading) return;
    this.reading = true;
    try {
      while (this.owed > 0 && !this.stopped && this.requests.length < this.max && this.rows) {
        if (this.row >= MAX_ROWS_READ) {
          await this.closeRows();
          break;
        }
        const next = await this.rows.next();
        // Adopted while the row was read: the run asks from here on.
        if (this.stopped) break;
        if (next.done) {
          await this.closeRows();
          break;
        }
        const r = this.row++;
        const checked = checkRow(next.value, this.params.mapping, this.params.options, this.params.now);
        if (!checked.ok) continue;
        const key = subjectKey(checked.query);
        if (this.seen.has(key)) continue;
        this.seen.add(key);
        this.owed--;
        this.send(key, r, {
          ...checked.query,
          IDinternal: idInternalOf(this.params.runId, this.params.firstSourceRow + r),
        });
      }
    } catch {
      // The run's own pass over the input meets the same problem and reports it.
      await this.closeRows();
    } finally {
      this.reading = false;
    }
    if (this.stopped) await this.closeRows();
  }

  private send(key: string, row: number, query: Parameters<AskFn>[0]): void {
    let arrived = false;
    let listener: (() => void) | null = null;
    const onAnswerArrived = () => {
      if (arrived) return;
      arrived = true;
      if (listener) listener();
      else if (!this.stopped) {
        this.owed++;
        void this.sendOwed();
      }
    };
    let answer: Promise<AnswerLike>;
    try {
      answer = this.params.ask(query, { signal: this.controller.signal, onAnswerArrived });
    } catch (error) {
      answer = Promise.reject(error);
    }
    // An ask that cannot tell the bytes' arrival still frees its slot when it settles.
    answer.then(onAnswerArrived, onAnswerArrived);
    this.requests.push({
      key,
      row,
      query,
      answer,
      whenArrived: (l) => {
        if (arrived) queueMicrotask(l);
        else listener = l;
      },
    });
  }

  private async closeRows(): Promise<void> {
    const rows = this.rows;
    this.rows = null;
    try {
      await rows?.return?.();
    } catch {
      // A pass that fails even to close: the run's own pass over the input reports the problem.
    }
  }

  /** The run has its plan and adopts `requests`: nothing more is sent from here. */
  stop(): void {
    this.stopped = true;
    // A read under way closes the pass itself when it returns.
    if (!this.reading) void this.closeRows();
  }

  /** The run stopped hard, or never started: what is still in flight is dropped. */
  abort(): void {
    this.stop();
    this.controller.abort();
  }
}
