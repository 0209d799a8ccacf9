// The first requests of a new run, sent while the run still reads its whole input to plan it.
import { subjectKey } from '../core/query';
import type { ColumnMapping } from './columns';
import type { RowAccess } from './input-rows';
import type { AnswerLike } from './outcome';
import { checkRow, type RunQueryOptions } from './plan';
import type { AskFn } from './ports';

/** One request sent before the plan existed, waiting to be adopted by the run as its subject's request. */
export interface EarlyRequest {
  key: string;
  /** The data row (0-based) the subject first appears on: the plan gives it the same first row. */
  row: number;
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
  /** How many distinct subjects to ask: the run's concurrency. */
  count: number;
}

/**
 * Planning reads the whole input (a streamed file once more) before the first request: for a
 * list of two thousand rows that was more than the time of two rounds of requests, with the
 * service idle. The first `count` distinct valid subjects are found by the same rules the plan
 * applies (checkRow, subjectKey, first appearance) and asked at once; the run adopts each as its
 * own request for that subject, so nothing is asked twice. Input checks that refuse a run
 * (mapping, empty, limits) come before this: a refused list still costs nothing.
 */
export class HeadStart {
  private readonly controller = new AbortController();
  readonly requests: EarlyRequest[] = [];

  private constructor() {}

  static async begin(params: HeadStartParams): Promise<HeadStart> {
    const start = new HeadStart();
    if (params.count < 1) return start;
    const seen = new Set<string>();
    const rows = params.rows.read(0)[Symbol.asyncIterator]();
    try {
      for (let r = 0; seen.size < params.count; r++) {
        const next = await rows.next();
        if (next.done) break;
        const checked = checkRow(next.value, params.mapping, params.options, params.now);
        if (!checked.ok) continue;
        const key = subjectKey(checked.query);
        if (seen.has(key)) continue;
        seen.add(key);
        start.send(key, r, { ...checked.query, IDinternal: `${params.runId}:${params.firstSourceRow + r}` }, params.ask);
      }
    } finally {
      await rows.return?.();
    }
    return start;
  }

  private send(key: string, row: number, query: Parameters<AskFn>[0], ask: AskFn): void {
    let arrived = false;
    let listener: (() => void) | null = null;
    const onAnswerArrived = () => {
      if (arrived) return;
      arrived = true;
      listener?.();
    };
    let answer: Promise<AnswerLike>;
    try {
      answer = ask(query, { signal: this.controller.signal, onAnswerArrived });
    } catch (error) {
      answer = Promise.reject(error);
    }
    // Settled later by the run that adopts it; until then a failure must not count as unhandled.
    answer.catch(() => undefined);
    this.requests.push({
      key,
      row,
      answer,
      whenArrived: (l) => {
        if (arrived) queueMicrotask(l);
        else listener = l;
      },
    });
  }

  /** The run stopped hard, or never started: what is still in flight is dropped. */
  abort(): void {
    this.controller.abort();
  }
}
