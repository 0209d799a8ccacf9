// The running engine: asks each distinct subject once, writes rows in order, saves state, stops cleanly.
import { AccountError, CancelledError, ServiceUnreachableError } from '../core/protocol/errors';
import type { LocalizedText } from '../core/text/i18n';
import type { RegistryKey } from '../core/protocol/registries';
import { subjectKey, type SearchQuery } from '../core/query';
import type { PreviousRun } from './decisions';
import { bulkMessages } from './messages';
import { failedOutcome, screenedOutcome, type AnswerLike, type SubjectOutcome } from './outcome';
import { inputChangedError } from './guards';
import type { EarlyRequest, HeadStart } from './head-start';
import { RowCursor, type RowAccess } from './input-rows';
import {
  idInternalOf,
  rowErrors,
  rowHash,
  subjectQuery,
  type InputRow,
  type RunPlan,
  type RunQueryOptions,
} from './plan';
import { RescreenTally } from './rescreen';
import { SubjectFeed } from './subject-feed';
import {
  goneRows,
  hitRows,
  hitsColumns,
  resultColumns,
  resultRow,
  rowReviews,
  type RowResult,
  type RunHeaderInfo,
  type TableCell,
  type TableContext,
} from './result-table';
import { highlightRules } from './highlights';
import {
  ZERO_COUNTERS,
  type RunMeta,
  type RunProgressState,
  type RunState,
  type RunStatus,
  type WrittenCounters,
} from './state';
import type {
  BulkDeps,
  BulkPhase,
  BulkProgress,
  BulkRun,
  BulkRunReport,
  RunTotals,
  RunTuning,
  StopKind,
} from './ports';
import { identityOfRecord } from './hit-identity';

const TODO = 0;
const IN_FLIGHT = 1;
const DONE = 2;
/** An "unreachable" failure that becomes final only if the service answers again later. */
const TENTATIVE = 3;

class Wakeup {
  private resolve: (() => void) | null = null;
  private pending = false;

  notify(): void {
    if (this.resolve) {
      const r = this.resolve;
      this.resolve = null;
      r();
    } else this.pending = true;
  }

  wait(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.resolve = null;
        resolve();
      }, ms);
      this.resolve = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

export interface RunnerSetup {
  previous?: PreviousRun | null;
  meta: RunMeta;
  /** The input's rows, read in order (streamed) or looked up (in memory); the headers are the meta's. */
  rows: RowAccess;
  plan: RunPlan;
  resume: RunState | null;
  deps: BulkDeps;
  tuning: RunTuning;
  /** Requests a new run sent while it was being planned: adopted as the requests of their subjects. */
  headStart?: HeadStart | null;
}

export class Runner implements BulkRun {
  readonly runId: string;
  readonly done: Promise<BulkRunReport>;

  private readonly meta: RunMeta;
  private readonly rows: RowAccess;
  /** Rows on their way to the writer, read in order. */
  private readonly writeCursor: RowCursor;
  /** Subjects to ask next, with the rows their requests are built from. */
  private readonly feed: SubjectFeed;
  private readonly plan: RunPlan;
  private readonly deps: BulkDeps;
  private readonly ctx: TableContext;
  private readonly options: RunQueryOptions;
  private readonly validatedAt: Date;
  private readonly registries: RegistryKey[];
  private readonly now: () => number;
  private readonly controller = new AbortController();
  private readonly wakeup = new Wakeup();
  private readonly recordAnswer: ((runId: string, outcome: SubjectOutcome) => void) | null;
  /** Answers are recorded one by one once the store has begun the run; until then they wait in pendingPersist. */
  private storeBegun = false;
  private readonly headStart: HeadStart | null;
  /** Early requests by subject, until the run launches that subject. */
  private readonly early = new Map<number, EarlyRequest>();
  /** The next subject's request, built while the run waits, so an answer's arrival sends it without validating a row first. */
  private prepared: { subject: number; base: SearchQuery; key: string } | null = null;

  private readonly concurrency: number;
  private readonly chunkRows: number;
  private readonly flushIntervalMs: number;
  private readonly maxAheadRows: number;
  private readonly unreachableStreak: number;
  private readonly progressIntervalMs: number;

  private readonly subjectState: Uint8Array;
  /** Answers still needed by rows not yet written. */
  private readonly outcomes = new Map<number, SubjectOutcome>();
  private pendingPersist: SubjectOutcome[] = [];
  private tentative: { subject: number; outcome: SubjectOutcome }[] = [];

  /** Requests not yet settled. */
  private inFlight = 0;
  /** Requests the service is still working on: what the concurrency limits. */
  private atService = 0;
  private requests = 0;
  private chunksWritten = 0;
  private subjectsDone = 0;
  private doneThisSession = 0;
  private written = 0;
  private hitsWritten = 0;
  private readyPrefix = 0;
  private writtenCounters: WrittenCounters;
  private rowsDone = 0;
  private live: WrittenCounters;

  private stopping: { kind: StopKind; text: LocalizedText; accountCode?: number; quota?: boolean } | null = null;
  private phase: BulkPhase = 'validating';
  private startedAt = 0;
  private screeningSince = 0;
  private lastFlush = 0;
  private lastProgress = 0;
  private output: Record<string, string>;
  private readonly isResume: boolean;
  private readonly tally: RescreenTally | null;

  constructor(setup: RunnerSetup) {
    const { meta, rows, plan, resume, deps, tuning } = setup;
    this.runId = meta.runId;
    this.meta = meta;
    this.rows = rows;
    this.writeCursor = new RowCursor(rows);
    this.plan = plan;
    this.deps = deps;
    this.recordAnswer = deps.store?.record ? deps.store.record.bind(deps.store) : null;
    this.now = deps.now ?? (() => Date.now());
    this.startedAt = this.now();
    this.validatedAt = new Date(meta.createdAt);
    this.registries = meta.registries;
    this.options = {
      listdata: BigInt(meta.options.listdata),
      search: meta.options.search,
      lowranklimit: meta.options.lowranklimit,
      idUserPC: meta.options.idUserPC,
      ...(meta.options.dateSystem ? { dateSystem: meta.options.dateSystem } : {}),
    };
    this.ctx = {
      lang: meta.lang,
      headers: meta.headers,
      mapping: meta.mapping,
      registries: meta.registries,
      firstSourceRow: meta.input.firstSourceRow,
      previous: setup.previous ?? null,
    };
    this.tally = setup.previous ? new RescreenTally(setup.previous) : null;
    this.concurrency = Math.max(1, Math.floor(tuning.concurrency));
    this.chunkRows = Math.max(1, tuning.chunkRows ?? 500);
    this.flushIntervalMs = tuning.flushIntervalMs ?? 2000;
    this.maxAheadRows = Math.max(this.chunkRows, tuning.maxAheadRows ?? 5000);
    this.unreachableStreak = Math.max(1, tuning.unreachableStreak ?? Math.max(8, this.concurrency * 2));
    this.progressIntervalMs = tuning.progressIntervalMs ?? 150;
    this.subjectState = new Uint8Array(plan.subjectCount);
    this.output = { ...meta.output };
    this.isResume = resume !== null;
    this.headStart = setup.headStart ?? null;
    this.headStart?.stop();
    for (const e of this.headStart?.requests ?? []) {
      const s = plan.subjectOf(e.key);
      // The head start applies the plan's rules, so this always holds; an answer that did not fit would simply go unused.
      if (s >= 0 && plan.subjectFirstRow[s] === e.row) this.early.set(s, e);
    }

    this.writtenCounters = resume ? { ...resume.progress.counters } : { ...ZERO_COUNTERS };
    this.written = resume ? Math.min(resume.progress.written, plan.rowCount) : 0;
    this.hitsWritten = resume ? resume.progress.hitsWritten : 0;
    this.live = { ...this.writtenCounters };
    this.rowsDone = this.written;

    if (resume) {
      for (let s = 0; s < plan.subjectCount; s++) {
        // Every row of this subject is already on the sheet.
        if (plan.subjectLastRow[s] < this.written) this.subjectState[s] = DONE;
      }
      // Later answers win for the same subject: the state lists them in arrival order.
      for (const o of resume.outcomes) {
        const s = plan.subjectOf(o.key);
        if (s < 0 || plan.subjectLastRow[s] < this.written) continue;
        this.subjectState[s] = DONE;
        this.outcomes.set(s, o);
      }
      for (let s = 0; s < plan.subjectCount; s++) if (this.subjectState[s] === DONE) this.subjectsDone++;
    }
    for (let r = this.written; r < plan.rowCount; r++) {
      const s = plan.rowSubject[r];
      if (s < 0) this.countResolved(this.live, { kind: 'invalid', errors: [] });
      else if (this.subjectState[s] === DONE) {
        this.countResolved(this.live, { kind: 'outcome', outcome: this.outcomes.get(s)! });
      } else continue;
      this.rowsDone++;
    }
    this.readyPrefix = this.written;
    this.advanceReady();
    this.feed = new SubjectFeed(
      plan,
      rows,
      (s) => this.subjectState[s] === TODO,
      () => {
        // A streamed read-ahead brought more subjects: start them (once screening has begun), and let the main loop see the end.
        if (this.phase === 'screening') this.pump();
        this.wakeup.notify();
      },
    );

    if (deps.signal?.aborted) this.abort();
    else deps.signal?.addEventListener('abort', () => this.abort(), { once: true });
    this.done = this.main();
  }

  cancel(): void {
    if (!this.stopping) this.stopping = { kind: 'cancelled', text: bulkMessages.text('phase.stopped') };
    this.wakeup.notify();
  }

  abort(): void {
    this.cancel();
    this.controller.abort();
    this.headStart?.abort();
  }

  private countResolved(c: WrittenCounters, result: RowResult, times = 1): void {
    if (result.kind === 'invalid') c.invalidRows += times;
    else if (result.kind === 'outcome') {
      const o = result.outcome;
      if (o.kind === 'failed') c.failedRows += times;
      else if (o.totalHits > 0) {
        c.rowsWithHits += times;
        if (o.level === 'high') c.highRows += times;
      }
    }
  }

  private rowResult(r: number, row: InputRow): RowResult {
    const s = this.plan.rowSubject[r];
    if (s < 0) return { kind: 'invalid', errors: rowErrors(row, this.meta.mapping, this.options, this.validatedAt) };
    const o = this.outcomes.get(s);
    return o ? { kind: 'outcome', outcome: o } : { kind: 'pending' };
  }

  private header(state: string): RunHeaderInfo {
    return {
      runId: this.runId,
      startedAt: new Date(this.meta.createdAt),
      updatedAt: new Date(this.now()),
      idUserPC: this.meta.options.idUserPC,
      registries: this.meta.allRegistries ? 'all' : this.registries,
      listdata: this.meta.options.listdata,
      search: this.meta.options.search,
      modeLabel: this.meta.modeLabel,
      source: this.meta.input.source,
      rows: this.plan.rowCount,
      state,
      ...(this.tally ? { changes: 'pending' as const } : {}),
      ...(this.meta.service ? { service: this.meta.service } : {}),
      ...(this.meta.notes && this.meta.notes.length > 0 ? { notes: this.meta.notes } : {}),
    };
  }

  private progressRecord(status: RunStatus): RunProgressState {
    return {
      written: this.written,
      hitsWritten: this.hitsWritten,
      counters: { ...this.writtenCounters },
      status,
      ...(this.stopping && status !== 'running' && status !== 'completed' ? { stopReason: this.stopping.text } : {}),
      updatedAt: new Date(this.now()).toISOString(),
    };
  }

  progress(): BulkProgress {
    const elapsed = this.now() - this.startedAt;
    const remaining = this.plan.subjectCount - this.subjectsDone;
    const screeningFor = this.screeningSince ? this.now() - this.screeningSince : 0;
    const etaMs =
      this.phase === 'done' || this.phase === 'stopped'
        ? 0
        : remaining === 0
          ? 0
          : this.doneThisSession >= 3 && screeningFor > 0
            ? Math.round((remaining * screeningFor) / this.doneThisSession)
            : null;
    return {
      ...this.totals(),
      phase: this.phase,
      rowsDone: this.rowsDone,
      subjectsDone: this.subjectsDone,
      etaMs,
      elapsedMs: elapsed,
    };
  }

  private totals(): RunTotals {
    return {
      runId: this.runId,
      rowsTotal: this.plan.rowCount,
      rowsWritten: this.written,
      rowsWithHits: this.live.rowsWithHits,
      highRows: this.live.highRows,
      failedRows: this.live.failedRows,
      invalidRows: this.live.invalidRows,
      subjectsTotal: this.plan.subjectCount,
      requests: this.requests,
    };
  }

  private emit(force = false): void {
    if (!this.deps.onProgress) return;
    const t = this.now();
    if (!force && t - this.lastProgress < this.progressIntervalMs) return;
    this.lastProgress = t;
    try {
      this.deps.onProgress(this.progress());
    } catch {
      // A progress listener's failure must not stop the screening.
    }
  }

  private setPhase(phase: BulkPhase): void {
    this.phase = phase;
    this.emit(true);
  }

  private advanceReady(): void {
    const { rowSubject, rowCount } = this.plan;
    while (this.readyPrefix < rowCount) {
      const s = rowSubject[this.readyPrefix];
      if (s >= 0 && this.subjectState[s] !== DONE) break;
      this.readyPrefix++;
    }
  }

  /** Starts requests while there is room, in the order subjects first appear. */
  private pump(): void {
    while (this.atService < this.concurrency) {
      const next = this.feed.peek();
      if (!next) return;
      // A stop sends nothing new; a request the head start already sent is paid for and is kept.
      if (this.stopping && !this.early.has(next.subject)) return;
      if (this.plan.subjectFirstRow[next.subject] > this.readyPrefix + this.maxAheadRows && this.inFlight > 0) return;
      this.feed.take();
      this.launch(next.subject, next.row);
    }
  }

  private launch(s: number, row: InputRow): void {
    this.subjectState[s] = IN_FLIGHT;
    this.inFlight++;
    this.atService++;
    this.requests++;
    let atService = true;
    const leaveService = () => {
      if (!atService) return;
      atService = false;
      this.atService--;
    };
    // The service is done once the answer's bytes are in: the next request goes out before this
    // answer is read, so reading it overlaps the next one's latency instead of adding to it.
    const onAnswerArrived = () => {
      leaveService();
      this.pump();
    };
    let promise: Promise<AnswerLike>;
    let key: string;
    /** What was asked, and what the answer's hits are explained against. */
    let asked: SearchQuery;
    const early = this.early.get(s);
    if (early) {
      // Already sent by the head start, from the same row by the same rules: only its answer is taken.
      this.early.delete(s);
      key = early.key;
      asked = early.query;
      promise = early.answer;
      early.whenArrived(onAnswerArrived);
    } else {
      const request = this.requestOf(s, row);
      key = request.key;
      asked = request.base;
      const query: SearchQuery = {
        ...request.base,
        IDinternal: idInternalOf(this.runId, this.meta.input.firstSourceRow + this.plan.subjectFirstRow[s]),
      };
      try {
        promise = this.deps.ask(query, { signal: this.controller.signal, onAnswerArrived });
      } catch (error) {
        promise = Promise.reject(error);
      }
    }
    promise.then(
      (answer) => {
        leaveService();
        this.settle(s, key, screenedOutcome(key, answer, this.registries, asked), null);
      },
      (error: unknown) => {
        leaveService();
        this.settle(s, key, null, error);
      },
    );
  }

  /** Rebuilt from the subject's first row rather than kept per subject: the plan holds no key strings. */
  private requestOf(s: number, row: InputRow): { base: SearchQuery; key: string } {
    const prepared = this.prepared;
    this.prepared = null;
    if (prepared?.subject === s) return prepared;
    const base = subjectQuery(row, this.meta.mapping, this.options, this.validatedAt);
    return { base, key: subjectKey(base) };
  }

  /** Builds the next request ahead, after an answer was read: off the path from the next arrival to the next send. */
  private prepareNext(): void {
    if (this.prepared || this.stopping) return;
    const next = this.feed.peek();
    if (!next || this.early.has(next.subject)) return;
    try {
      this.prepared = { subject: next.subject, ...this.requestOf(next.subject, next.row) };
    } catch {
      // A row that no longer validates fails where it is launched, as it always did.
    }
  }

  private settle(s: number, key: string, outcome: SubjectOutcome | null, error: unknown): void {
    this.inFlight--;
    if (outcome) {
      // The service answers again: failures that looked like an outage were isolated after all.
      for (const t of this.tentative.splice(0)) this.finish(t.subject, t.outcome);
      this.finish(s, outcome);
    } else if (error instanceof AccountError) {
      this.subjectState[s] = TODO;
      if (!this.stopping || this.stopping.kind === 'cancelled') {
        this.stopping = { kind: 'account', text: error.text, accountCode: error.code, quota: error.isQuota };
      }
    } else if (error instanceof CancelledError || this.controller.signal.aborted) {
      this.subjectState[s] = TODO;
    } else if (error instanceof ServiceUnreachableError) {
      this.subjectState[s] = TENTATIVE;
      this.tentative.push({ subject: s, outcome: failedOutcome(key, error) });
      if (this.tentative.length >= this.unreachableStreak) {
        for (const t of this.tentative.splice(0)) this.subjectState[t.subject] = TODO;
        if (!this.stopping) this.stopping = { kind: 'unreachable', text: error.text };
      }
    } else {
      this.finish(s, failedOutcome(key, error));
    }
    this.advanceReady();
    this.pump();
    this.prepareNext();
    this.emit();
    this.wakeup.notify();
  }

  private finish(s: number, outcome: SubjectOutcome): void {
    this.subjectState[s] = DONE;
    this.outcomes.set(s, outcome);
    // Saved as it arrives where the store can (CLI): a crash then costs only the requests in flight.
    if (this.recordAnswer && this.storeBegun) this.recordAnswer(this.runId, outcome);
    else this.pendingPersist.push(outcome);
    this.subjectsDone++;
    this.doneThisSession++;
    const rows = this.plan.subjectRows[s];
    this.rowsDone += rows;
    this.countResolved(this.live, { kind: 'outcome', outcome }, rows);
  }

  private async flush(force: boolean): Promise<void> {
    const ready = this.readyPrefix;
    const timely = force || (ready > this.written && this.now() - this.lastFlush >= this.flushIntervalMs);
    // Full chunks while the run goes on; a partial one only when time says so or at the end.
    const target = timely ? ready : this.written + Math.floor((ready - this.written) / this.chunkRows) * this.chunkRows;
    if (!force && target <= this.written) return;
    if (target <= this.written && this.pendingPersist.length === 0) return;
    // Answers first, then rows: a crash between the two costs a rewrite of the same rows, never a request.
    if (this.deps.store) {
      await this.deps.store.checkpoint(this.runId, this.progressRecord('running'), this.pendingPersist.splice(0));
    } else this.pendingPersist = [];
    while (this.written < target) {
      const end = Math.min(this.written + this.chunkRows, target);
      const rows: TableCell[][] = [];
      const hits: TableCell[][] = [];
      const inputs = await this.writeCursor.take(this.written, end);
      // A streamed file is read again here: a row that changed since planning must not get another row's answer.
      if (!this.rows.at) {
        for (let r = this.written; r < end; r++) {
          if (rowHash(inputs[r - this.written]) !== this.plan.rowHash[r]) throw inputChangedError();
        }
      }
      for (let r = this.written; r < end; r++) {
        const input = inputs[r - this.written];
        const result = this.rowResult(r, input);
        rows.push(resultRow(this.ctx, r, input, result));
        for (const h of hitRows(this.ctx, r, input, result)) hits.push(h);
        this.tally?.noteRow(rowReviews(this.ctx, result));
        if (result.kind === 'outcome' && result.outcome.kind === 'screened' && result.outcome.mutedRecords) {
          const { key, mutedRecords } = result.outcome;
          this.tally?.noteMuted(mutedRecords.map((record) => identityOfRecord(key, record)));
        }
        this.countResolved(this.writtenCounters, result);
      }
      await this.deps.sink.write({ start: this.written, rows, hitsStart: this.hitsWritten, hits });
      this.chunksWritten++;
      this.written = end;
      this.hitsWritten += hits.length;
      this.prune();
    }
    this.lastFlush = this.now();
    this.emit(true);
  }

  /** Drops answers no unwritten row needs any more. */
  private prune(): void {
    for (const s of this.outcomes.keys()) if (this.plan.subjectLastRow[s] < this.written) this.outcomes.delete(s);
  }

  private stateText(status: RunStatus): string {
    const lang = this.meta.lang;
    const params = { done: this.written, total: this.plan.rowCount };
    switch (status) {
      case 'completed':
        return bulkMessages.t(lang, 'run.completed', { ...params, hits: this.hitsWritten });
      case 'cancelled':
        return bulkMessages.t(lang, 'run.cancelled', params);
      case 'stopped-account':
        return bulkMessages.t(lang, 'run.stoppedAccount', { ...params, why: this.stopping?.text[lang] ?? '' });
      case 'stopped-unreachable':
        return bulkMessages.t(lang, 'run.stoppedUnreachable', params);
      default:
        return bulkMessages.t(lang, 'run.running', params);
    }
  }

  private finalStatus(): RunStatus {
    if (this.written >= this.plan.rowCount) return 'completed';
    switch (this.stopping?.kind) {
      case 'account':
        return 'stopped-account';
      case 'unreachable':
        return 'stopped-unreachable';
      default:
        return 'cancelled';
    }
  }

  private async main(): Promise<BulkRunReport> {
    // Let the caller attach listeners (and keep the handle) before anything happens.
    await Promise.resolve();
    this.setPhase('preparing');
    const resume = this.isResume;
    // Its own pass: a writer asks for placeholders at the start (Excel) or after the last chunk (files).
    const pendingCursor = new RowCursor(this.rows);
    const opened = await this.deps.sink.begin({
      runId: this.runId,
      lang: this.meta.lang,
      resume,
      columns: resultColumns(this.ctx),
      hitsColumns: hitsColumns(this.meta.lang),
      highlights: highlightRules(this.meta.lang, resultColumns(this.ctx)),
      header: this.header(this.stateText('running')),
      rowCount: this.plan.rowCount,
      written: this.written,
      hitsWritten: this.hitsWritten,
      output: this.output,
      pendingRows: async (from, to) => {
        const inputs = await pendingCursor.take(from, to);
        return inputs.map((input, i) => resultRow(this.ctx, from + i, input, { kind: 'pending' }));
      },
    });
    this.output = { ...opened.output };

    this.screeningSince = this.now();
    this.lastFlush = this.now();
    this.setPhase('screening');
    let failure: unknown = null;
    try {
      // The first requests go out before the state is begun: no answer can come back sooner than
      // the service's latency, and one that does waits in pendingPersist until the state has its run.
      this.pump();
      if (this.deps.store) {
        const meta: RunMeta = { ...this.meta, output: this.output };
        if (resume) await this.deps.store.checkpoint(this.runId, this.progressRecord('running'), []);
        else await this.deps.store.begin(meta, this.progressRecord('running'));
      }
      this.storeBegun = true;
      if (this.recordAnswer) for (const o of this.pendingPersist.splice(0)) this.recordAnswer(this.runId, o);
      for (;;) {
        if (this.feed.failure) throw this.feed.failure;
        const exhausted = this.feed.exhausted;
        if (this.inFlight === 0 && (this.stopping || exhausted)) break;
        await this.wakeup.wait(this.flushIntervalMs);
        await this.flush(false);
      }
    } catch (error) {
      failure = error;
      this.abort();
      while (this.inFlight > 0) await this.wakeup.wait(50);
    }

    // The list ended on failures that looked like an outage, but no stop was called: they are final.
    if (!this.stopping) for (const t of this.tentative.splice(0)) this.finish(t.subject, t.outcome);
    else for (const t of this.tentative.splice(0)) this.subjectState[t.subject] = TODO;
    this.advanceReady();

    if (failure) {
      // Keep what was answered so a resume does not pay for it again; the run stays resumable.
      if (this.deps.store) {
        await this.deps.store
          .checkpoint(this.runId, this.progressRecord('running'), this.pendingPersist.splice(0))
          .catch(() => undefined);
      }
      await Promise.all([this.feed.close(), this.writeCursor.close(), pendingCursor.close()]).catch(() => undefined);
      this.setPhase('stopped');
      throw failure;
    }

    this.setPhase('finishing');
    await this.flush(true);
    const status = this.finalStatus();
    if (this.deps.store && status !== 'completed') {
      await this.deps.store.checkpoint(this.runId, this.progressRecord(status), this.pendingPersist.splice(0));
    }
    const completedRescreen = this.tally && status === 'completed' ? this.tally : null;
    await this.deps.sink.end({
      header: {
        ...this.header(this.stateText(status)),
        ...(completedRescreen ? { changes: completedRescreen.summary() } : {}),
      },
      status,
      written: this.written,
      hitsWritten: this.hitsWritten,
      ...(completedRescreen ? { gone: goneRows(completedRescreen.gone(), this.meta.lang) } : {}),
    });
    await Promise.all([this.feed.close(), this.writeCursor.close(), pendingCursor.close()]);
    if (this.deps.store && status === 'completed') await this.deps.store.remove(this.runId);
    this.setPhase(status === 'completed' ? 'done' : 'stopped');

    return {
      ...this.totals(),
      status,
      chunksWritten: this.chunksWritten,
      ...(this.stopping && status !== 'completed' ? { stop: this.stopping } : {}),
      output: this.output,
      elapsedMs: this.now() - this.startedAt,
      ...(completedRescreen ? { rescreen: completedRescreen.summary() } : {}),
    };
  }
}
