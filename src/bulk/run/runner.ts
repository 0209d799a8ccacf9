// The running engine: asks each distinct subject once, writes rows in order, saves state, stops cleanly.
import { RATE_LIMIT_WAITS_MS } from '../../core/request/retry';
import type { PreviousRun } from '../previous-hits';
import { RowCursor, type RowAccess } from '../input-rows';
import type { SubjectOutcome } from '../outcome';
import {
  HIDDEN_ROW_SUBJECT,
  hiddenRowErrors,
  rowErrors,
  type InputRow,
  type RunPlan,
  type RunQueryOptions,
} from '../plan';
import { SANDBOX_SERVER_LABEL, serviceKindOfLabel } from '../../shared-runtime/messages';
import type { BulkDeps, BulkProgress, BulkRun, BulkRunReport, RunTotals, RunTuning } from '../ports';
import { RescreenTally, serviceShiftOf, type RescreenSummary } from '../rescreen';
import type { RowResult, TableContext } from '../result-table';
import {
  ZERO_COUNTERS,
  queryOptionsOf,
  type RunMeta,
  type RunProgressState,
  type RunState,
  type RunStatus,
} from '../state';
import { SubjectAsker } from './asking';
import { ChunkWriter } from './chunk-writer';
import { NO_HITS_TO_DECIDE } from '../hit-triage';
import { RunJournal } from './journal';
import { RunProgress } from './progress';
import { finalStatus, progressRecord, runHeader, stateText, type RunStanding } from './run-words';
import { sinkBegin, sinkEnd, type SinkPosition } from './sink-calls';
import { SubjectStates } from './subjects';
import { Wakeup } from './wakeup';

export interface RunnerSetup {
  previous?: PreviousRun | null;
  meta: RunMeta;
  /** The input's rows, read in order (streamed) or looked up (in memory); the headers are the meta's. */
  rows: RowAccess;
  plan: RunPlan;
  resume: RunState | null;
  deps: BulkDeps;
  tuning: RunTuning;
}

/**
 * Orchestrates a run: requests go out as the feed offers subjects and the concurrency allows
 * (SubjectStates keeps what each subject is at), answers are saved as they come (the store's
 * record, or a checkpoint), rows are written in order once their answers are in (ChunkWriter),
 * and progress is reported (RunProgress). A stop lets the requests in flight finish.
 */
export class Runner implements BulkRun {
  readonly runId: string;
  readonly done: Promise<BulkRunReport>;

  private readonly meta: RunMeta;
  private readonly plan: RunPlan;
  private readonly deps: BulkDeps;
  private readonly ctx: TableContext;
  private readonly options: RunQueryOptions;
  private readonly validatedAt: Date;
  private readonly now: () => number;
  private readonly wakeup = new Wakeup();
  private readonly subjects: SubjectStates;
  private readonly asker: SubjectAsker;
  private readonly writer: ChunkWriter;
  private readonly progressOf: RunProgress;
  private readonly tally: RescreenTally | null;
  private readonly journal: RunJournal;
  private readonly chunkRows: number;
  private readonly flushIntervalMs: number;
  private lastFlush = 0;
  private output: Record<string, string>;
  /** An answer said it is fictional (a relay of a sandbox): the header must not name the live service. */
  private fictional: boolean;

  constructor(private readonly setup: RunnerSetup) {
    const { meta, rows, plan, resume, deps, tuning } = setup;
    this.runId = meta.runId;
    this.meta = meta;
    this.plan = plan;
    this.deps = deps;
    this.journal = new RunJournal(deps.store, meta.runId);
    this.now = deps.now ?? (() => Date.now());
    this.validatedAt = new Date(meta.createdAt);
    this.options = queryOptionsOf(meta);
    this.ctx = {
      lang: meta.lang,
      headers: meta.headers,
      mapping: meta.mapping,
      registries: meta.registries,
      firstSourceRow: meta.input.firstSourceRow,
      previous: setup.previous ?? null,
    };
    this.tally = setup.previous ? new RescreenTally(setup.previous) : null;
    const concurrency = Math.max(1, Math.floor(tuning.concurrency));
    this.chunkRows = Math.max(1, tuning.chunkRows ?? 500);
    this.flushIntervalMs = tuning.flushIntervalMs ?? 2000;
    this.output = { ...meta.output };
    this.fictional = resume?.outcomes.some((o) => o.kind === 'screened' && o.fictional === true) ?? false;

    const start = {
      written: resume ? Math.min(resume.progress.written, plan.rowCount) : 0,
      hitsWritten: resume ? resume.progress.hitsWritten : 0,
      counters: resume ? { ...resume.progress.counters } : { ...ZERO_COUNTERS },
    };
    this.writer = new ChunkWriter(
      { rows, plan, ctx: this.ctx, sink: deps.sink, tally: this.tally, chunkRows: this.chunkRows },
      start,
    );
    this.subjects = new SubjectStates(plan, resume, start.written, start.counters);
    this.progressOf = new RunProgress(this.now, deps.onProgress, tuning.progressIntervalMs ?? 150, () => ({
      totals: this.totals(),
      rowsDone: this.subjects.rowsDone,
      subjectsDone: this.subjects.subjectsDone,
      doneThisSession: this.subjects.doneThisSession,
      // Read when progress is reported: the asker is made just below.
      waitingUntil: (this.asker as SubjectAsker | undefined)?.waitingUntil ?? null,
    }));
    this.asker = new SubjectAsker(
      {
        meta,
        plan,
        rows,
        subjects: this.subjects,
        options: this.options,
        validatedAt: this.validatedAt,
        ask: deps.ask,
        concurrency,
        maxAheadRows: Math.max(this.chunkRows, tuning.maxAheadRows ?? 5000),
        unreachableStreak: Math.max(1, tuning.unreachableStreak ?? Math.max(8, concurrency * 2)),
        rateLimitWaitsMs: tuning.rateLimitWaitsMs ?? RATE_LIMIT_WAITS_MS,
        now: this.now,
      },
      {
        answered: (s, outcome) => this.finish(s, outcome),
        changed: () => {
          this.progressOf.emit();
          this.wakeup.notify();
        },
      },
    );

    if (deps.signal?.aborted) this.abort();
    else deps.signal?.addEventListener('abort', () => this.abort(), { once: true });
    this.done = this.main();
  }

  cancel(): void {
    this.asker.cancel();
    this.wakeup.notify();
  }

  abort(): void {
    this.asker.abort();
    this.wakeup.notify();
  }

  progress(): BulkProgress {
    return this.progressOf.progress();
  }

  private totals(): RunTotals {
    const live = this.subjects.live;
    return {
      runId: this.runId,
      rowsTotal: this.plan.rowCount,
      rowsWritten: this.writer.written,
      rowsWithHits: live.rowsWithHits,
      highRows: live.highRows,
      failedRows: live.failedRows,
      invalidRows: live.invalidRows,
      emptyRows: live.emptyRows ?? 0,
      hiddenRows: live.hiddenRows ?? 0,
      noHitsInDoubt: this.writer.counters.noHitsInDoubt ?? 0,
      hitsToDecide: { ...(this.writer.counters.hitsToDecide ?? NO_HITS_TO_DECIDE) },
      subjectsTotal: this.plan.subjectCount,
      requests: this.asker.requests,
      answersFromCache: this.asker.answersFromCache,
      answersFromRelayCache: this.asker.answersFromRelayCache,
    };
  }

  private standing(): RunStanding {
    return {
      written: this.writer.written,
      rowCount: this.plan.rowCount,
      hitsWritten: this.writer.hitsWritten,
      stopping: this.asker.stopping,
      noHitsInDoubt: this.writer.counters.noHitsInDoubt ?? 0,
    };
  }

  private progressRecord(status: RunStatus): RunProgressState {
    return progressRecord(this.standing(), this.writer.counters, status, new Date(this.now()));
  }

  private position(status: RunStatus): SinkPosition {
    const state = stateText(this.meta, status, this.standing());
    return {
      header: runHeader(this.headerMeta(), this.plan.rowCount, new Date(this.now()), state, this.tally),
      written: this.writer.written,
      hitsWritten: this.writer.hitsWritten,
    };
  }

  /** The comparison with the previous run, and whether one side of it was fictional and the other not. */
  private withShift(changes: RescreenSummary): RescreenSummary {
    // The in-process sandbox, a relay's sandbox (its answers say so), or a sandbox server (its label).
    const fictionalNow =
      this.meta.mode === 'sandbox' || this.fictional || serviceKindOfLabel(this.meta.modeLabel.en) === 'fictional';
    const shift = serviceShiftOf(this.setup.previous?.service, fictionalNow);
    return shift ? { ...changes, serviceShift: shift } : changes;
  }

  private headerMeta(): RunMeta {
    if (!this.fictional || this.meta.mode === 'sandbox') return this.meta;
    return { ...this.meta, modeLabel: SANDBOX_SERVER_LABEL };
  }

  private rowResult(r: number, row: InputRow): RowResult {
    const s = this.plan.rowSubject[r];
    if (s === HIDDEN_ROW_SUBJECT) return { kind: 'invalid', errors: hiddenRowErrors() };
    if (s < 0) return { kind: 'invalid', errors: rowErrors(row, this.meta.mapping, this.options, this.validatedAt) };
    const o = this.subjects.outcomeOf(s);
    return o ? { kind: 'outcome', outcome: o } : { kind: 'pending' };
  }

  private finish(s: number, outcome: SubjectOutcome): void {
    this.subjects.answered(s, outcome);
    this.journal.answered(outcome);
    if (outcome.kind === 'screened' && outcome.fictional) this.fictional = true;
  }

  private async flush(force: boolean): Promise<void> {
    const { written } = this.writer;
    const ready = this.subjects.readyPrefix;
    const timely = force || (ready > written && this.now() - this.lastFlush >= this.flushIntervalMs);
    // Full chunks while the run goes on; a partial one only when time says so or at the end.
    const target = timely ? ready : written + Math.floor((ready - written) / this.chunkRows) * this.chunkRows;
    if (!force && target <= written) return;
    if (target <= written && !this.journal.hasPending) return;
    // Answers first, then rows: a crash between the two costs a rewrite of the same rows, never a request.
    await this.journal.checkpoint(this.progressRecord('running'));
    await this.writer.writeUpTo(
      target,
      (r, input) => this.rowResult(r, input),
      (upTo) => this.subjects.prune(upTo),
    );
    this.lastFlush = this.now();
    this.progressOf.emit(true);
  }

  private async main(): Promise<BulkRunReport> {
    // Let the caller attach listeners (and keep the handle) before anything happens.
    await Promise.resolve();
    this.progressOf.setPhase('preparing');
    const resume = this.setup.resume !== null;
    // Its own pass: a writer asks for placeholders at the start (Excel) or after the last chunk (files).
    const pendingCursor = new RowCursor(this.setup.rows);
    const opened = await this.deps.sink.begin(
      sinkBegin(
        { meta: this.meta, ctx: this.ctx, rowCount: this.plan.rowCount, resume, output: this.output },
        this.position('running'),
        pendingCursor,
      ),
    );
    this.output = { ...opened.output };
    const closeAll = () => Promise.all([this.asker.feed.close(), this.writer.close(), pendingCursor.close()]);

    this.progressOf.screeningStarts();
    this.lastFlush = this.now();
    this.progressOf.setPhase('screening');
    let failure: unknown = null;
    try {
      // The first requests go out before the state is begun: no answer can come back sooner than
      // the service's latency, and one that does waits in the journal until the state has its run.
      this.asker.start();
      await this.journal.begin({ ...this.meta, output: this.output }, this.progressRecord('running'), resume);
      for (;;) {
        if (this.asker.feed.failure) throw this.asker.feed.failure;
        const exhausted = this.asker.feed.exhausted;
        if (this.asker.inFlight === 0 && (this.asker.stopping || exhausted)) break;
        await this.wakeup.wait(this.flushIntervalMs);
        await this.flush(false);
      }
    } catch (error) {
      failure = error;
      this.abort();
      while (this.asker.inFlight > 0) await this.wakeup.wait(50);
    }

    // The list ended on failures that looked like an outage, but no stop was called: they are final.
    this.asker.settleHeld();
    this.subjects.advanceReady();

    if (failure) {
      // Keep what was answered so a resume does not pay for it again; the run stays resumable.
      await this.journal.checkpoint(this.progressRecord('running')).catch(() => undefined);
      await closeAll().catch(() => undefined);
      this.progressOf.setPhase('stopped');
      throw failure;
    }

    this.progressOf.setPhase('finishing');
    await this.flush(true);
    const status = finalStatus(this.standing());
    if (status !== 'completed') await this.journal.checkpoint(this.progressRecord(status));
    const end = sinkEnd(status, this.position(status), {
      meta: this.meta,
      tally: this.tally,
      counters: this.writer.counters,
    });
    await this.deps.sink.end(end);
    await closeAll();
    if (status === 'completed') await this.journal.remove();
    this.progressOf.setPhase(status === 'completed' ? 'done' : 'stopped');

    return {
      ...this.totals(),
      status,
      chunksWritten: this.writer.chunksWritten,
      ...(this.asker.stopping && status !== 'completed' ? { stop: this.asker.stopping } : {}),
      output: this.output,
      elapsedMs: this.now() - this.progressOf.startedAt,
      ...(end.header.changes && end.header.changes !== 'pending'
        ? { rescreen: this.withShift(end.header.changes) }
        : {}),
      ...(this.fictional ? { fictional: true } : {}),
    };
  }
}
