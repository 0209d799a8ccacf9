import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JournalObserver } from './audit-journal';

/**
 * The steps of one /api request, in the order they run; `claim`, `upstream` and `archive` are parts
 * of `answer`, and `claim` runs beside `audit-asked` (service.ts, paid-request.ts).
 */
export const RELAY_STEPS = [
  'auth',
  'rate',
  'validate',
  'audit-asked',
  'answer',
  'claim',
  'upstream',
  'archive',
  'audit-complete',
  'reply',
] as const;
export type RelayStep = (typeof RELAY_STEPS)[number];

const SAMPLES_KEPT = 20_000;

/**
 * /metrics in Prometheus format. One registry per relay service (not prom-client's global one),
 * so several relays in one process (tests, benchmarks) never mix their figures. No label ever
 * holds an analyst, a key or client data: outcomes, codes and service addresses only.
 */
export class RelayMetrics {
  readonly registry = new Registry();
  readonly requests: Counter<'outcome' | 'code'>;
  readonly upstream: Histogram<'address'>;
  readonly answers: Counter<'source'>;
  readonly auditWrite: Histogram;
  readonly steps: Histogram<'step'>;
  readonly auditBatch: Histogram;
  readonly auditCommit: Histogram;
  readonly auditCommitFailures: Counter;
  readonly decisionReadFailures: Counter;
  readonly undelivered: Counter;
  /**
   * The last samples of each step, ms, for the bench's exact percentiles (bounded); kept only when
   * `keepStepSamples` is set: a production relay has the histogram.
   */
  readonly stepSamples = new Map<RelayStep, number[]>();
  /** The last commits (ms, changes carried), kept with the step samples: a durable-write step is its commit and the wait for the one on its way. */
  readonly commitSamples: { ms: number; changes: number }[] = [];
  private readonly stepChildren = new Map<RelayStep, Histogram.Internal<'step'>>();
  keepStepSamples = false;

  constructor(budgetLeft: () => Promise<number | null>) {
    this.requests = new Counter({
      name: 'relay_requests_total',
      help: '/api requests by outcome (answered, refused) and interface error code (none when answered)',
      labelNames: ['outcome', 'code'],
      registers: [this.registry],
    });
    this.upstream = new Histogram({
      name: 'relay_upstream_seconds',
      help: 'Requests to the CheckLists service, retries and failover included, by the address that served',
      labelNames: ['address'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
      registers: [this.registry],
    });
    this.answers = new Counter({
      name: 'relay_answers_total',
      help: 'Answers by source: the shared cache or a request to the service',
      labelNames: ['source'],
      registers: [this.registry],
    });
    const answers = this.answers;
    new Gauge({
      name: 'relay_cache_hit_ratio',
      help: 'Share of answers that came from the shared cache since start',
      registers: [this.registry],
      async collect() {
        const values = (await answers.get()).values;
        const cache = values.find((v) => v.labels.source === 'cache')?.value ?? 0;
        const total = values.reduce((sum, v) => sum + v.value, 0);
        this.set(total > 0 ? cache / total : 0);
      },
    });
    this.auditWrite = new Histogram({
      name: 'relay_audit_write_seconds',
      help: 'Durable audit row writes (each before its answer leaves)',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [this.registry],
    });
    this.steps = new Histogram({
      name: 'relay_step_seconds',
      help: 'Where a request spends its time in the relay, by step (see docs/PERFORMANCE.md, "Where the relay\'s time goes")',
      labelNames: ['step'],
      buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
      registers: [this.registry],
    });
    this.decisionReadFailures = new Counter({
      name: 'relay_decision_read_failures_total',
      help: 'Answers sent without the accept list applied because the decision record could not be read',
      registers: [this.registry],
    });
    this.undelivered = new Counter({
      name: 'relay_replies_undelivered_total',
      help: 'Answered requests whose connection closed before the whole reply was handed to it',
      registers: [this.registry],
    });
    this.auditBatch = new Histogram({
      name: 'relay_audit_batch_rows',
      help: 'Audit changes carried by one durable commit (group commit)',
      buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256, 500],
      registers: [this.registry],
    });
    this.auditCommit = new Histogram({
      name: 'relay_audit_commit_seconds',
      help: 'One durable commit of the audit journal, from its statement sent to the database to its answer (a durable-write step is this plus the wait for the commit on its way)',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [this.registry],
    });
    this.auditCommitFailures = new Counter({
      name: 'relay_audit_commit_failures_total',
      help: 'Audit journal statements the database refused; their parts were then tried again one by one (a request answers 503 only when its own part fails again)',
      registers: [this.registry],
    });
    new Gauge({
      name: 'relay_cpu_seconds',
      help: 'CPU time (user and system) this relay process has spent since it started; its rate is the CPU in use, which is what limits one relay (docs/relay.md, sizing)',
      registers: [this.registry],
      collect() {
        const used = process.cpuUsage();
        this.set((used.user + used.system) / 1e6);
      },
    });
    new Gauge({
      name: 'relay_budget_left',
      help: "Requests left in today's budget (-1 when no budget is set)",
      registers: [this.registry],
      async collect() {
        try {
          const left = await budgetLeft();
          this.set(left ?? -1);
        } catch {
          // The store is down: leave the last value; /healthz says the rest.
        }
      },
    });
  }

  /**
   * What the audit journal reports: each commit, and each statement the database refused (its
   * parts then went again one by one; the database's log says why).
   */
  journalObserver(): JournalObserver {
    return {
      onCommit: (changes, ms) => this.commit(changes, ms),
      onCommitFailed: () => this.auditCommitFailures.inc(),
    };
  }

  /** Records one commit of the audit journal: the changes it carried and its time, ms. */
  private commit(changes: number, ms: number): void {
    this.auditBatch.observe(changes);
    this.auditCommit.observe(ms / 1000);
    if (!this.keepStepSamples) return;
    if (this.commitSamples.length >= SAMPLES_KEPT) this.commitSamples.splice(0, SAMPLES_KEPT / 2);
    this.commitSamples.push({ ms, changes });
  }

  /** Records one step's time, ms. */
  step(step: RelayStep, ms: number): void {
    // A child per step, made once: observe() with a labels object would build its key on every call.
    let child = this.stepChildren.get(step);
    if (!child) this.stepChildren.set(step, (child = this.steps.labels({ step })));
    child.observe(ms / 1000);
    if (!this.keepStepSamples) return;
    let samples = this.stepSamples.get(step);
    if (!samples) this.stepSamples.set(step, (samples = []));
    if (samples.length >= SAMPLES_KEPT) samples.splice(0, samples.length - SAMPLES_KEPT / 2);
    samples.push(ms);
  }
}
