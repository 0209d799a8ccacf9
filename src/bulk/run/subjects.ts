import type { SubjectOutcome } from '../outcome';
import { EMPTY_ROW_CODE, EMPTY_ROW_SUBJECT, HIDDEN_ROW_CODE, HIDDEN_ROW_SUBJECT, type RunPlan } from '../plan';
import type { RowResult } from '../result-table';
import type { RunState, WrittenCounters } from '../state';

const TODO = 0;
const IN_FLIGHT = 1;
const DONE = 2;
/** An "unreachable" failure that becomes final only if the service answers again later. */
const TENTATIVE = 3;

/** A new array when a column joins: the counters are copied shallowly from a saved state. */
function noteShownRegistries(c: WrittenCounters, counts: readonly (number | null)[]): void {
  const known = c.shownRegistries;
  if (!known) return;
  const added = counts.flatMap((n, i) => (n !== null && n > 0 && !known.includes(i) ? [i] : []));
  if (added.length > 0) c.shownRegistries = [...known, ...added].sort((a, b) => a - b);
}

type Unasked = 'blank' | 'hidden' | 'invalid';

/** A row not asked: a blank one (a spacer) and a hidden one left out are counted apart from one with input to correct. */
function countUnasked(c: WrittenCounters, why: Unasked, times: number): void {
  if (why === 'blank') c.emptyRows = (c.emptyRows ?? 0) + times;
  else if (why === 'hidden') c.hiddenRows = (c.hiddenRows ?? 0) + times;
  else c.invalidRows += times;
}

function unaskedByCode(code: string | undefined): Unasked {
  return code === EMPTY_ROW_CODE ? 'blank' : code === HIDDEN_ROW_CODE ? 'hidden' : 'invalid';
}

function unaskedBySubject(s: number): Unasked {
  return s === EMPTY_ROW_SUBJECT ? 'blank' : s === HIDDEN_ROW_SUBJECT ? 'hidden' : 'invalid';
}

/** Adds `times` rows of `result` to the counters. */
export function countResolved(c: WrittenCounters, result: RowResult, times = 1): void {
  if (result.kind === 'invalid') countUnasked(c, unaskedByCode(result.errors[0]?.code), times);
  else if (result.kind === 'outcome') {
    const o = result.outcome;
    if (o.kind === 'failed') c.failedRows += times;
    else {
      if (o.totalHits > 0) {
        c.rowsWithHits += times;
        if (o.level === 'high') c.highRows += times;
      }
      noteShownRegistries(c, o.counts);
    }
  }
}

interface Held {
  subject: number;
  outcome: SubjectOutcome;
}

/**
 * Every distinct subject's state (to ask, asked, answered, or failed as unreachable until the
 * service shows it is there), the answers that rows not yet written still need, and the count of
 * rows whose result is known. A resume starts from the answers its state saved.
 */
export class SubjectStates {
  private readonly state: Uint8Array;
  /** Answers still needed by rows not yet written. */
  private readonly outcomes = new Map<number, SubjectOutcome>();
  private held: Held[] = [];
  subjectsDone = 0;
  /** Answers of this session, not a resume's: what the estimate of the rest divides by. */
  doneThisSession = 0;
  /** Rows whose result is known, written or not. */
  rowsDone: number;
  /** The counters over every row whose result is known. */
  readonly live: WrittenCounters;
  /** Rows below this have their results: the writer may write up to here. */
  readyPrefix: number;

  constructor(
    private readonly plan: RunPlan,
    resume: RunState | null,
    written: number,
    writtenCounters: WrittenCounters,
  ) {
    this.state = new Uint8Array(plan.subjectCount);
    this.live = { ...writtenCounters };
    this.rowsDone = written;
    if (resume) {
      for (let s = 0; s < plan.subjectCount; s++) {
        // Every row of this subject is already on the sheet.
        if (plan.subjectLastRow[s] < written) this.state[s] = DONE;
      }
      // Later answers win for the same subject: the state lists them in arrival order.
      for (const o of resume.outcomes) {
        const s = plan.subjectOf(o.key);
        if (s < 0 || plan.subjectLastRow[s] < written) continue;
        this.state[s] = DONE;
        this.outcomes.set(s, o);
      }
      for (let s = 0; s < plan.subjectCount; s++) if (this.state[s] === DONE) this.subjectsDone++;
    }
    for (let r = written; r < plan.rowCount; r++) {
      const s = plan.rowSubject[r];
      if (s < 0) countUnasked(this.live, unaskedBySubject(s), 1);
      else if (this.state[s] === DONE) countResolved(this.live, { kind: 'outcome', outcome: this.outcomes.get(s)! });
      else continue;
      this.rowsDone++;
    }
    this.readyPrefix = written;
    this.advanceReady();
  }

  isTodo(s: number): boolean {
    return this.state[s] === TODO;
  }

  asked(s: number): void {
    this.state[s] = IN_FLIGHT;
  }

  /** To be asked again: its request was cut short (a stop, an account error) and counts for nothing. */
  unasked(s: number): void {
    this.state[s] = TODO;
  }

  answered(s: number, outcome: SubjectOutcome): void {
    this.state[s] = DONE;
    this.outcomes.set(s, outcome);
    this.subjectsDone++;
    this.doneThisSession++;
    const rows = this.plan.subjectRows[s];
    this.rowsDone += rows;
    countResolved(this.live, { kind: 'outcome', outcome }, rows);
  }

  /** Holds an "unreachable" failure until the service answers again (final) or the run stops (asked again); how many are held. */
  hold(s: number, outcome: SubjectOutcome): number {
    this.state[s] = TENTATIVE;
    this.held.push({ subject: s, outcome });
    return this.held.length;
  }

  /** The held failures, let go. */
  takeHeld(): Held[] {
    return this.held.splice(0);
  }

  outcomeOf(s: number): SubjectOutcome | undefined {
    return this.outcomes.get(s);
  }

  advanceReady(): void {
    const { rowSubject, rowCount } = this.plan;
    while (this.readyPrefix < rowCount) {
      const s = rowSubject[this.readyPrefix];
      if (s >= 0 && this.state[s] !== DONE) break;
      this.readyPrefix++;
    }
  }

  /** Drops answers no row from `written` on needs any more. */
  prune(written: number): void {
    for (const s of this.outcomes.keys()) if (this.plan.subjectLastRow[s] < written) this.outcomes.delete(s);
  }
}
