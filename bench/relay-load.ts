// Relay load: 20 analysts × 100 requests through the relay to the sandbox, and the same requests
// straight to the sandbox, on loopback. Prints throughput and p50/p95 for:
//   - the sandbox directly;
//   - one relay on its embedded store (the data-dir cluster the relay starts itself), cache cold and warm;
//   - one relay on PostgreSQL by URL (--database-url), a separate throwaway cluster started here,
//     with its asked-row spool in a folder of its own (--spool-dir), and without that folder, or
//     without the cross-instance subject claim;
//   - two relays on that same PostgreSQL by URL;
//   - the floor: a bare node:http proxy that only puts the credentials in (support/bare-proxy.cjs).
// Each with distinct subjects and with 400 subjects, cache cold then warm.
// "Added latency" compares like with like: every request names a distinct subject, so the relay's
// cache never answers and each relay request costs exactly one paid upstream request, as each
// direct request does. Each relay runs in a process of its own (support/relay-child.ts), as
// `checklists relay` does, so the load generator's HTTP work never shares the relay's event loop;
// the per-step breakdown comes from the relays' own step timings (relay_step_seconds).
// Prints figures only; nothing here passes or fails on machine speed.
//   npx tsx bench/relay-load.ts
//   BENCH_DATABASE_URL=postgres://... npx tsx bench/relay-load.ts   the by-URL rows use that server instead
//   BENCH_RELAY_CORE=1 npx tsx bench/relay-load.ts   the relays on CPU 1 with the embedded store they start, the rest
//                                                    on the others
//   BENCH_RELAY_TSX=1 npx tsx bench/relay-load.ts    the relays through tsx rather than bundled as the command line is
//   BENCH_RELAY_ONLY=embedded | url | slow | slow-url  a quick look: the embedded or the by-URL rows at full load, or
//                                                    with the slow service (embedded only, or with the by-URL rows too)
//   BENCH_RELAY_NO_SPOOL=1 npx tsx bench/relay-load.ts  every relay's asked rows committed to PostgreSQL before
//                                                    the service is asked, as before the spool (session 19)
//   BENCH_RELAY_NO_CHAIN=1 npx tsx bench/relay-load.ts  every relay's archived answers committed to PostgreSQL before
//                                                    the reply, on the database's chain, as before session 20
import { rmSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { build } from 'esbuild';
import { BUNDLE_OPTIONS } from '../scripts/cli-build';
import { RELAY_STEPS } from '../src/relay/metrics';
import { startEmbeddedCluster, type EmbeddedCluster } from '../src/relay/store/embedded-cluster';
import { openStore } from '../src/relay/store/open-store';
import type { RelayStore } from '../src/relay/store/port';
import { DEMO_CREDENTIALS } from '../src/sandbox';
import { startSandboxCluster } from '../src/sandbox/server';
import { cpuMs, mainThreadTimes, postgresCpuMs, type ThreadTimes } from './support/process-cpu';
import { loopDelayMeter } from './support/loop-delay';
import type { RelayChildConfig, RelayChildRequest } from './support/relay-child';

const ANALYSTS = Number(process.env.BENCH_ANALYSTS ?? 20);
const PER_ANALYST = Number(process.env.BENCH_PER_ANALYST ?? 100);
const SUBJECTS = Number(process.env.BENCH_SUBJECTS ?? 400);
/**
 * Requests per analyst sent before a setup's first measured pass, not measured (per relay: two
 * relays get twice as many): a relay runs for days, and a new process pays for compiling its code.
 * V8's optimising compiler, on threads beside the main one, was busy 22–33 % of a core through the
 * first 5,000 requests of a relay and settled to a few per cent after about 10,000 (`perf record`
 * of the relay process, session 18). With 50 per analyst, as before, the measured pass ran while it
 * compiled: the relay spent 0.96–1.14 ms of CPU per paid request against 0.46–0.59 ms after 500 per
 * analyst (bench/results/2026-11-26-session18-relay-warm-up.txt). The direct row gets the same.
 */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 500);
/** The slow service's time to answer, ms (the last rows). */
const SLOW_SERVICE_MS = Number(process.env.BENCH_SLOW_SERVICE_MS ?? 50);
const LABEL_WIDTH = 48;
/** A quick look while working: 'embedded' (full load) or 'slow' (the slow service), each with its direct rows. */
const ONLY = process.env.BENCH_RELAY_ONLY ?? null;
/**
 * BENCH_RELAY_CORE=1: the relays on CPU 1, the load generator, the sandbox and the by-URL PostgreSQL on
 * the others, as in production, where the relay's cores are its own (Linux, taskset). The embedded
 * store's PostgreSQL is started by its relay and shares the relay's CPU, as on a relay's own machine.
 */
const RELAY_CORE = process.env.BENCH_RELAY_CORE ? Number(process.env.BENCH_RELAY_CORE) : null;
if (RELAY_CORE !== null) {
  const others = Array.from({ length: availableParallelism() }, (_, i) => i).filter((i) => i !== RELAY_CORE);
  // The by-URL PostgreSQL's processes are started from here, and inherit it.
  execFileSync('taskset', ['-p', '-c', others.join(','), String(process.pid)], { stdio: 'ignore' });
}

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function ms(n: number): string {
  return `${n.toFixed(1)} ms`;
}

interface Pass {
  latencies: number[];
  seconds: number;
  failed: number;
  /** This process's event loop delay during the pass, ms p50 and p99: the load generator's, and the sandbox's. */
  loopDelayMs: [number, number];
  /** Each request's latency by its id (the x-bench-request header, `analyst-j`). */
  byId: Map<string, number>;
}

/** Every analyst one request at a time, all analysts at once; analyst a on target a mod n. */
async function drive(
  urls: string[],
  body: (analyst: number, j: number) => Record<string, unknown>,
  perAnalyst = PER_ANALYST,
): Promise<Pass> {
  const latencies: number[] = [];
  const byId = new Map<string, number>();
  let failed = 0;
  const loopDelay = loopDelayMeter();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: ANALYSTS }, async (_, a) => {
      for (let j = 0; j < perAnalyst; j++) {
        const t = performance.now();
        const res = await fetch(`${urls[a % urls.length]}/api`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'x-bench-request': `${a}-${j}` },
          body: JSON.stringify(body(a, j)),
        });
        await res.arrayBuffer();
        if (res.status !== 200) failed++;
        latencies.push(performance.now() - t);
        byId.set(`${a}-${j}`, latencies[latencies.length - 1]);
      }
    }),
  );
  loopDelay.stop();
  return {
    latencies: latencies.sort((x, y) => x - y),
    seconds: (performance.now() - started) / 1000,
    failed,
    loopDelayMs: loopDelay.percentilesMs(),
    byId,
  };
}

const DIST = join(__dirname, '..', 'dist');

interface CpuSplit {
  bench: number;
  relays: number;
  relaysKernel: number;
  postgres: number;
  /** The main threads' scheduler times: the load generator's, then each relay's. */
  threads: (ThreadTimes | null)[];
  atMs: number;
}

function cpuNow(relayPids: number[]): CpuSplit {
  return {
    bench: cpuMs((pid) => pid === process.pid),
    relays: cpuMs((pid) => relayPids.includes(pid)),
    relaysKernel: cpuMs((pid) => relayPids.includes(pid), true),
    postgres: postgresCpuMs(),
    threads: [process.pid, ...relayPids].map(mainThreadTimes),
    atMs: performance.now(),
  };
}

/** CPU ms per request, every process of the setup together, by its label. */
const cpuSpent = new Map<string, number>();

/** CPU ms per request, load generator and sandbox / relays / PostgreSQL, per setup with distinct subjects. */
const cpuPerRequest: [string, string][] = [];

function noteCpu(label: string, before: CpuSplit, after: CpuSplit, requests: number): void {
  const per = (k: 'bench' | 'relays' | 'relaysKernel' | 'postgres') => ((after[k] - before[k]) / requests).toFixed(2);
  cpuSpent.set(
    label,
    (after.bench - before.bench + after.relays - before.relays + after.postgres - before.postgres) / requests,
  );
  cpuPerRequest.push([
    label,
    `load generator + sandbox ${per('bench')}, relays ${per('relays')} (in the kernel ${per('relaysKernel')}), PostgreSQL ${per('postgres')}`,
  ]);
  const wallMs = after.atMs - before.atMs;
  const relayCount = before.threads.length - 1;
  const shares = before.threads.map((was, i) => {
    const now = after.threads[i];
    if (!was || !now) return null;
    const onCpu = now.onCpuMs - was.onCpuMs;
    const waiting = now.waitingMs - was.waitingMs;
    const percent = (part: number) => `${((100 * part) / wallMs).toFixed(0)} %`;
    // Each relay serves its share of the requests; the load generator (with the sandbox) all of them.
    const perRequest = onCpu / (i === 0 ? requests : requests / relayCount);
    const name = i === 0 ? 'load generator + sandbox' : relayCount > 1 ? `relay ${i}` : 'relay';
    return (
      `${name}: on a core ${percent(onCpu)}, waiting for one ${percent(waiting)}, neither ${percent(wallMs - onCpu - waiting)};` +
      ` ${perRequest.toFixed(2)} ms on a core a request, so at most ${(1000 / perRequest).toFixed(0)} req/s with a core of its own`
    );
  });
  if (shares.every((line) => line !== null)) mainThreads.push([label, shares.join('; ')]);
}

/**
 * Each setup's main threads (where JavaScript runs) over its pass, from Linux's schedstat. At full
 * load a relay is limited by its own: its time on a core per request caps its rate even alone on
 * a core, and its time waiting for a core is what sharing two cores with the rest costs it.
 */
const mainThreads: [string, string][] = [];

type Row = [string, Pass, string];

/** Per-step p50 / p95 of the last pass, every relay of the setup together (metrics.ts RELAY_STEPS). */
const breakdowns: [string, string][] = [];

/** Database statements per request of the last pass, every relay of the setup together, with the commonest kinds. */
const statementCounts: [string, string][] = [];

async function statementsPerRequest(relays: RelayChild[], requests: number): Promise<string> {
  const all = await Promise.all(
    relays.map((r) => r.ask<{ statements: Record<string, number> }>({ type: 'statements' })),
  );
  const byKind = new Map<string, number>();
  for (const m of all) {
    for (const [kind, n] of Object.entries(m.statements)) byKind.set(kind, (byKind.get(kind) ?? 0) + n);
  }
  const total = [...byKind.values()].reduce((a, b) => a + b, 0);
  const kinds = [...byKind]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([kind, n]) => `${(n / requests).toFixed(2)} ${kind}`);
  return `${(total / requests).toFixed(2)} (${kinds.join('; ')})`;
}

async function stepBreakdown(relays: RelayChild[], pass: Pass): Promise<string> {
  const all = await Promise.all(
    relays.map((r) =>
      r.ask<{
        steps: Record<string, number[]>;
        commits: { ms: number; changes: number }[];
        failedCommits: number;
        inProcess: [string, number][];
        loopDelayMs: number[];
      }>({ type: 'steps' }),
    ),
  );
  const steps = RELAY_STEPS.map((step) => {
    const samples = all.flatMap((m) => m.steps[step] ?? []).sort((x, y) => x - y);
    return `${step} ${pct(samples, 50).toFixed(2)}/${pct(samples, 95).toFixed(2)}`;
  }).join(', ');
  // A durable-write step is its commit and the wait for the commit on its way.
  const commits = all.flatMap((m) => m.commits);
  const times = commits.map((c) => c.ms).sort((x, y) => x - y);
  const changes = commits.reduce((n, c) => n + c.changes, 0) / Math.max(1, commits.length);
  // A refused statement is split and its parts tried again: slower, and nothing else would show it.
  const failed = all.reduce((n, m) => n + m.failedCommits, 0);
  const refused =
    failed > 0 ? `; ${failed} statements refused by the database (relay_audit_commit_failures_total)` : '';
  // The rest of what an analyst waits is outside the relay's handling: its event loop's delay
  // before a request's 'request' event, the network, the load generator's own loop. Per request:
  // its latency as the load generator saw it less its time in the relay process.
  const inProcess = all.flatMap((m) => m.inProcess.map(([, ms]) => ms)).sort((x, y) => x - y);
  const outside = all
    .flatMap((m) => m.inProcess.map(([id, ms]) => (pass.byId.get(id) ?? Number.NaN) - ms))
    .filter((ms) => !Number.isNaN(ms))
    .sort((x, y) => x - y);
  const delay = all.map((m) => m.loopDelayMs.map((d) => d.toFixed(2)).join('/')).join(' and ');
  return `${steps}; each commit itself ${pct(times, 50).toFixed(2)}/${pct(times, 95).toFixed(2)}, ${changes.toFixed(1)} changes${refused}; in the relay process ${pct(inProcess, 50).toFixed(2)}/${pct(inProcess, 95).toFixed(2)}, outside it ${pct(outside, 50).toFixed(2)}/${pct(outside, 95).toFixed(2)}, its event loop's delay p50/p99 ${delay}`;
}

/**
 * The relay process's code, bundled once per run with the command line's own options
 * (scripts/cli-build.js): the relay as `checklists relay` runs it. tsx would compile it with every
 * function's name kept, a call at each closure made (BENCH_RELAY_TSX=1 runs it so, to compare).
 */
let childBundle: Promise<string> | null = null;
function relayChildBundle(): Promise<string> {
  childBundle ??= (async () => {
    // Inside the project, so that the bundle's external packages (pg, prom-client) resolve.
    const cache = join(__dirname, '..', 'node_modules', '.cache');
    await mkdir(cache, { recursive: true });
    const dir = await mkdtemp(join(cache, 'relay-child-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const outfile = join(dir, 'relay-child.cjs');
    await build({
      ...BUNDLE_OPTIONS,
      entryPoints: [join(__dirname, 'support', 'relay-child.ts')],
      outfile,
      logLevel: 'warning',
    });
    return outfile;
  })();
  return childBundle;
}

/** A relay process of its own (support/relay-child.ts), spoken to over IPC. */
class RelayChild {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  get pid(): number {
    return this.child.pid ?? -1;
  }

  static async start(config: RelayChildConfig): Promise<RelayChild> {
    const tsx = Boolean(process.env.BENCH_RELAY_TSX);
    const script = tsx ? join(__dirname, 'support', 'relay-child.ts') : await relayChildBundle();
    const child = fork(script, [JSON.stringify(config)], {
      // BENCH_RELAY_CORE=N: the relays run on CPU N (taskset), with what they start; everything else on the others.
      ...(RELAY_CORE !== null ? { execPath: 'taskset' } : {}),
      // BENCH_RELAY_PROFILE=DIR: each relay writes a V8 CPU profile there (open in Chrome's DevTools, or as text
      // with bench/cpuprofile-summary.cjs);
      // with BENCH_RELAY_TSX=1 its frames name the source files rather than the bundle.
      execArgv: [
        ...(RELAY_CORE !== null ? ['-c', String(RELAY_CORE), process.execPath] : []),
        ...(tsx ? ['--import', 'tsx'] : []),
        ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : []),
        ...(process.env.BENCH_RELAY_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_RELAY_PROFILE}`] : []),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Promise((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`relay child exited with ${code}`)));
      child.once('message', (m: { type: string; url: string }) => resolve(new RelayChild(child, m.url)));
    });
  }

  ask<T>(request: RelayChildRequest): Promise<T> {
    return new Promise((resolve) => {
      this.child.once('message', (m: T) => resolve(m));
      this.child.send(request);
    });
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    await this.ask({ type: 'close' });
    await exited;
  }
}

/** Relays (one process each), as `checklists relay` runs them; `measure` runs one pass and counts what it paid. */
async function withRelays(
  configs: Omit<RelayChildConfig, 'upstream' | 'concurrency' | 'distDir'>[],
  upstream: string[],
  passes: (
    measure: (label: string, keys: string[], subject: (a: number, j: number) => string) => Promise<Row>,
    keysFor: (prefix: string) => Promise<string[]>,
  ) => Promise<void>,
): Promise<void> {
  const relays: RelayChild[] = [];
  try {
    for (const config of configs) {
      // As many requests on the wire as analysts: the direct row has 20 at once too, so the
      // added latency is the relay's own, not a queue in front of a lower --concurrency.
      relays.push(await RelayChild.start({ ...config, upstream, concurrency: ANALYSTS, distDir: DIST }));
    }
    const paid = async () =>
      (await Promise.all(relays.map((r) => r.ask<{ paid: number }>({ type: 'paid' })))).reduce((n, m) => n + m.paid, 0);
    let warm = false;
    await passes(
      async (label, keys, subject) => {
        if (!warm) {
          warm = true;
          await drive(
            relays.map((r) => r.url),
            (a, j) => ({ tokken: keys[a], name: `Прогрів ${label} ${a}-${j}` }),
            WARM_UP * relays.length,
          );
        }
        const before = await paid();
        for (const relay of relays) await relay.ask({ type: 'clear' });
        const cpuBefore = cpuNow(relays.map((r) => r.pid));
        const pass = await drive(
          relays.map((r) => r.url),
          (a, j) => ({ tokken: keys[a], name: subject(a, j) }),
        );
        if (/distinct/.test(label)) {
          noteCpu(label, cpuBefore, cpuNow(relays.map((r) => r.pid)), pass.latencies.length);
          breakdowns.push([label, await stepBreakdown(relays, pass)]);
          statementCounts.push([label, await statementsPerRequest(relays, pass.latencies.length)]);
        }
        return [label, pass, `${(await paid()) - before} paid`];
      },
      async (prefix) => (await relays[0].ask<{ keys: string[] }>({ type: 'keys', prefix, count: ANALYSTS })).keys,
    );
  } finally {
    for (const relay of relays.reverse()) await relay.close();
  }
}

/**
 * The floor row: the same pass through bench/support/bare-proxy.cjs, a node:http proxy that only
 * puts the credentials in (no store, no audit, no archive), in a process of its own like a relay.
 * Its added latency is the two HTTP exchanges' cost, which no database work can take away.
 */
async function bareProxyRow(label: string, upstream: string): Promise<Row> {
  const child = fork(
    join(__dirname, 'support', 'bare-proxy.cjs'),
    [
      JSON.stringify({
        upstream,
        concurrency: ANALYSTS,
        tokken: DEMO_CREDENTIALS.tokken,
        idSubjectFM: DEMO_CREDENTIALS.idSubjectFM,
      }),
    ],
    {
      ...(RELAY_CORE !== null ? { execPath: 'taskset', execArgv: ['-c', String(RELAY_CORE), process.execPath] } : {}),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare proxy exited with ${code}`)));
    child.once('message', (m: { url: string }) => resolve(m.url));
  });
  try {
    const body = (tag: string) => (a: number, j: number) => ({ name: `${tag} Суб’єкт ${a}-${j}` });
    await drive([url], body(`Прогрів ${label}`), WARM_UP);
    const before = cpuNow([child.pid ?? -1]);
    const pass = await drive([url], body(label));
    noteCpu(label, before, cpuNow([child.pid ?? -1]), pass.latencies.length);
    return [label, pass, `${pass.latencies.length - pass.failed} paid`];
  } finally {
    child.removeAllListeners('exit');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send({ type: 'close' });
    await exited;
  }
}

async function auditInserts(store: RelayStore, servedBy: string): Promise<number> {
  const row = {
    state: 'answered' as const,
    at: new Date(),
    analyst: 'bench',
    method: 'POST' as const,
    query: { name: 'Бенчмарк' },
    listdata: '-1',
    servedBy,
    idrequest: '1',
    verdict: 'clear',
    hits: { peps: 0 },
    durationMs: 1,
    fromCache: false,
    errorCode: null,
    archiveId: null,
    status: 200,
    instance: 'bench',
  };
  const t = performance.now();
  for (let i = 0; i < 200; i++) await store.writeAudit(row);
  return (performance.now() - t) / 200;
}

async function main(): Promise<void> {
  // Shared subjects (400 over 2,000 requests) for the cache figures; distinct subjects (one per
  // request) for the like-for-like added latency.
  const shared = (tag: string) => (a: number, j: number) =>
    `${tag} Суб’єкт ${(a * Math.ceil(SUBJECTS / ANALYSTS) + j) % SUBJECTS}`;
  const distinct = (tag: string) => (a: number, j: number) => `${tag} Суб’єкт ${a}-${j}`;
  const sandbox = await startSandboxCluster({ instances: 2 });
  const rows: Row[] = [];
  const notes: string[] = [];
  const dirs: string[] = [];
  const tempDir = async (name: string) => {
    const dir = await mkdtemp(join(tmpdir(), name));
    await chmod(dir, 0o711); // as root PostgreSQL runs as `postgres`, which must pass through
    dirs.push(dir);
    return dir;
  };
  // A relay by URL keeps its asked rows in a folder of its own, as `--spool-dir` gives it.
  const spoolFor = async (instance: string) => join(await tempDir('relay-bench-spool-'), instance);
  // Set inside byUrl() and slowService(); the casts keep TypeScript from narrowing them to null here.
  let external = null as EmbeddedCluster | null;
  let slow = null as Awaited<ReturnType<typeof startSandboxCluster>> | null;
  try {
    await drive(
      sandbox.urls.slice(0, 1),
      (a, j) => ({ ...DEMO_CREDENTIALS, IDsubjectFM: DEMO_CREDENTIALS.idSubjectFM, name: `Прогрів ${a}-${j}` }),
      WARM_UP,
    );
    const directCpu = cpuNow([]);
    rows.push([
      'sandbox directly, distinct subjects',
      await drive(sandbox.urls.slice(0, 1), (a, j) => ({
        ...DEMO_CREDENTIALS,
        IDsubjectFM: DEMO_CREDENTIALS.idSubjectFM,
        name: distinct('Прямо')(a, j),
      })),
      `${ANALYSTS * PER_ANALYST} paid`,
    ]);
    noteCpu('sandbox directly, distinct subjects', directCpu, cpuNow([]), ANALYSTS * PER_ANALYST);
    rows.push(await bareProxyRow('bare proxy, no store, distinct subjects', sandbox.urls[0]));

    // 1. Embedded store: what `checklists relay --data-dir DIR` opens (fsync on). The bare insert
    // is measured on the same cluster first, then the relay process adopts it.
    const t = performance.now();
    const embeddedDir = await tempDir('relay-bench-embedded-');
    const embedded = await openStore({ dataDir: embeddedDir }, { adopt: true, poolSize: 20 });
    notes.push(`embedded store first start (initdb + start + migrate): ${ms(performance.now() - t)}`);
    notes.push(
      `embedded store, one durable audit insert after another: ${(await auditInserts(embedded.store, sandbox.urls[0])).toFixed(2)} ms each`,
    );
    await embedded.close();
    if (ONLY === null || ONLY === 'embedded') {
      await withRelays(
        [{ dataDir: embeddedDir, instance: 'embedded', coordinateInstances: false }],
        sandbox.urls,
        async (measure, keysFor) => {
          const embeddedKeys = await keysFor('emb');
          rows.push(await measure('embedded, 1 relay, distinct subjects', embeddedKeys, distinct('Вбудований')));
          rows.push(await measure('embedded, 1 relay, 400 subj., cold', embeddedKeys, shared('Вбудований')));
          rows.push(await measure('embedded, 1 relay, 400 subj., warm', embeddedKeys, shared('Вбудований')));
        },
      );
    }
    if (ONLY === 'slow') await slowService(embeddedDir, null);
    else if (ONLY === 'url') await byUrl(true);
    else if (ONLY !== 'embedded') await slowService(embeddedDir, (await byUrl(ONLY !== 'slow-url')).url);
  } finally {
    await sandbox.close();
    await slow?.close();
    await external?.stop().catch(() => undefined);
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }

  /**
   * 3. The same with a service that takes SLOW_SERVICE_MS to answer, as the real one does over the
   * internet: the cores are then mostly idle, and the relay's added latency is its own path (the
   * durable writes, its processing) rather than its share of two cores that the load generator,
   * the sandbox and PostgreSQL also need.
   */
  async function slowService(embeddedDir: string, url: string | null): Promise<void> {
    slow = await startSandboxCluster({ instances: 2, faultsFor: () => ({ latencyMs: SLOW_SERVICE_MS }) });
    const upstream = slow.urls;
    const suffix = `, ${SLOW_SERVICE_MS} ms`;
    const directCpu = cpuNow([]);
    rows.push([
      `sandbox directly, distinct subjects${suffix}`,
      await drive(upstream.slice(0, 1), (a, j) => ({
        ...DEMO_CREDENTIALS,
        IDsubjectFM: DEMO_CREDENTIALS.idSubjectFM,
        name: distinct('Прямо повільно')(a, j),
      })),
      `${ANALYSTS * PER_ANALYST} paid`,
    ]);
    noteCpu(`sandbox directly, distinct subjects${suffix}`, directCpu, cpuNow([]), ANALYSTS * PER_ANALYST);
    rows.push(await bareProxyRow(`bare proxy, no store, distinct subjects${suffix}`, upstream[0]));
    const run = Date.now();
    await withRelays(
      [{ dataDir: embeddedDir, instance: 'embedded-slow', coordinateInstances: false }],
      upstream,
      async (measure, keysFor) => {
        const keys = await keysFor(`emb-slow${run}-`);
        rows.push(await measure(`embedded, 1 relay, distinct subjects${suffix}`, keys, distinct(`ВП ${run}`)));
      },
    );
    if (url === null) return;
    let keys: string[] = [];
    await withRelays(
      [{ databaseUrl: url, instance: 'url-slow', coordinateInstances: true, spoolDir: await spoolFor('url-slow') }],
      upstream,
      async (measure, keysFor) => {
        keys = await keysFor(`url-slow${run}-`);
        rows.push(await measure(`by URL, 1 relay, distinct subjects${suffix}`, keys, distinct(`УП1 ${run}`)));
      },
    );
    await withRelays(
      [
        { databaseUrl: url, instance: 'url-slow-a', coordinateInstances: true, spoolDir: await spoolFor('url-slow-a') },
        { databaseUrl: url, instance: 'url-slow-b', coordinateInstances: true, spoolDir: await spoolFor('url-slow-b') },
      ],
      upstream,
      async (measure) => {
        rows.push(await measure(`by URL, 2 relays, distinct subjects${suffix}`, keys, distinct(`УП2 ${run}`)));
      },
    );
  }

  /** The by-URL cluster, and (with `measured`) its rows at full load. */
  async function byUrl(measured: boolean): Promise<{ url: string }> {
    // 2. PostgreSQL by URL: a separate cluster, as a bank's database server would be; the relays
    // only get its URL (`--database-url`), exactly as the command opens it (coordinated: other
    // instances may share the database).
    let url = process.env.BENCH_DATABASE_URL;
    let where = 'external PostgreSQL (BENCH_DATABASE_URL)';
    if (!url) {
      const t = performance.now();
      external = await startEmbeddedCluster({ dir: join(await tempDir('relay-bench-external-'), 'pg') });
      url = external.url;
      where = `a separate throwaway PostgreSQL cluster on port ${external.port}, fsync on, started in ${ms(performance.now() - t)}`;
    }
    notes.push(`by-URL store: ${where}`);
    const one = await openStore({ databaseUrl: url, dataDir: '' }, { adopt: false, poolSize: 20 });
    notes.push(
      `by-URL store, one durable audit insert after another: ${(await auditInserts(one.store, sandbox.urls[0])).toFixed(2)} ms each`,
    );
    await one.close();
    if (!measured) return { url };
    const run = Date.now();
    let keys: string[] = [];
    await withRelays(
      [{ databaseUrl: url, instance: 'url-single', coordinateInstances: true, spoolDir: await spoolFor('url-single') }],
      sandbox.urls,
      async (measure, keysFor) => {
        keys = await keysFor(`url${run}-`);
        rows.push(await measure('by URL, 1 relay, distinct subjects', keys, distinct(`URL1 ${run}`)));
        rows.push(await measure('by URL, 1 relay, 400 subj., cold', keys, shared(`URL1 ${run}`)));
        rows.push(await measure('by URL, 1 relay, 400 subj., warm', keys, shared(`URL1 ${run}`)));
      },
    );
    // Without --spool-dir, as a relay in a container whose disk goes with it runs: its asked rows
    // committed to the database before the service is asked.
    await withRelays(
      [{ databaseUrl: url, instance: 'url-nospool', coordinateInstances: true }],
      sandbox.urls,
      async (measure) => {
        rows.push(await measure('by URL, 1 relay, no spool folder, distinct', keys, distinct(`URLS ${run}`)));
      },
    );
    // The same relay without the cross-instance subject claim, to show what the claim costs.
    await withRelays(
      [{ databaseUrl: url, instance: 'url-alone', coordinateInstances: false, spoolDir: await spoolFor('url-alone') }],
      sandbox.urls,
      async (measure) => {
        rows.push(await measure('by URL, 1 relay, no subject claim, distinct', keys, distinct(`URL0 ${run}`)));
      },
    );
    await withRelays(
      [
        { databaseUrl: url, instance: 'url-a', coordinateInstances: true, spoolDir: await spoolFor('url-a') },
        { databaseUrl: url, instance: 'url-b', coordinateInstances: true, spoolDir: await spoolFor('url-b') },
      ],
      sandbox.urls,
      async (measure) => {
        rows.push(await measure('by URL, 2 relays, distinct subjects', keys, distinct(`URL2 ${run}`)));
        rows.push(await measure('by URL, 2 relays, 400 subj., cold', keys, shared(`URL2 ${run}`)));
        rows.push(await measure('by URL, 2 relays, 400 subj., warm', keys, shared(`URL2 ${run}`)));
      },
    );
    return { url };
  }

  // Each relay row against the direct row with the same service latency.
  const directFor = (label: string) =>
    rows.find(
      ([l]) =>
        l.startsWith('sandbox directly') &&
        l.endsWith(`, ${SLOW_SERVICE_MS} ms`) === label.endsWith(`, ${SLOW_SERVICE_MS} ms`),
    )?.[1];
  console.log(
    `\n${ANALYSTS} analysts × ${PER_ANALYST} requests at once (each analyst one request at a time), loopback, sandbox upstream;` +
      ` each setup warmed up first with ${ANALYSTS} × ${WARM_UP} requests per relay, not measured:`,
  );
  console.log(
    `${'setup'.padEnd(LABEL_WIDTH)} ${'req'.padStart(5)}  ${'p50'.padStart(9)}  ${'p95'.padStart(9)}  ${'req/s'.padStart(5)}  ${'paid upstream'.padStart(13)}  added p50 / p95 vs direct`,
  );
  for (const [label, pass, paid] of rows) {
    const direct = directFor(label);
    const added =
      /distinct/.test(label) && direct && pass !== direct
        ? `${ms(pct(pass.latencies, 50) - pct(direct.latencies, 50))} / ${ms(pct(pass.latencies, 95) - pct(direct.latencies, 95))}`
        : '';
    const n = pass.latencies.length;
    console.log(
      `${label.padEnd(LABEL_WIDTH)} ${String(n).padStart(5)}  ${ms(pct(pass.latencies, 50)).padStart(9)}  ${ms(pct(pass.latencies, 95)).padStart(9)}  ${(n / pass.seconds).toFixed(0).padStart(5)}  ${paid.padStart(13)}  ${added}${pass.failed ? `  (${pass.failed} failed)` : ''}`,
    );
  }
  console.log(
    'added latency = relay row − direct row, both with distinct subjects only: the same number of paid upstream requests, no cache answers.',
  );
  console.log(
    '"bare proxy": the floor, a node:http proxy in its own process that only puts the credentials in (bench/support/bare-proxy.cjs): no store, no audit row, no archive.',
  );
  console.log(
    `rows ending "${SLOW_SERVICE_MS} ms": the sandbox takes ${SLOW_SERVICE_MS} ms to answer each request (as the service does over the internet), compared with the direct row of that latency.`,
  );
  console.log(
    '\nwhere the time goes, per step, ms p50/p95 (audit-asked, archive and audit-complete are the durable writes; each waits for the commit on its way, then for its own):',
  );
  console.log(
    '  ("in the relay process": from the request\'s arrival at the HTTP server to its reply handed to the socket; "outside it": each request\'s latency less that)',
  );
  for (const [label, line] of breakdowns) console.log(`  ${label}: ${line}`);
  console.log('\ndatabase statements per request (each a round trip; the commonest kinds by their first words):');
  for (const [label, line] of statementCounts) console.log(`  ${label}: ${line}`);
  console.log('\nCPU per request, ms (2 cores shared by all of them):');
  for (const [label, line] of cpuPerRequest) console.log(`  ${label}: ${line}`);
  // What 0.8 × the direct row's rate leaves each request on these cores, at full load, where the
  // cores rather than the service's latency set the rate; no setup uses every core all the time.
  const cores = availableParallelism();
  for (const [label, pass] of rows) {
    const direct = directFor(label);
    const spent = cpuSpent.get(label);
    if (!direct || pass === direct || spent === undefined || label.endsWith(`, ${SLOW_SERVICE_MS} ms`)) continue;
    const target = (0.8 * direct.latencies.length) / direct.seconds;
    console.log(
      `  ${label}: 0.8 × direct is ${target.toFixed(0)} req/s, which leaves ${((cores * 1000) / target).toFixed(2)} ms of the ${cores} cores a request, every process together; spent ${spent.toFixed(2)}`,
    );
  }
  if (mainThreads.length > 0) {
    console.log(
      '\nmain threads over the pass, share of its wall time (Linux schedstat; "neither": idle, or blocked as in a disk flush):',
    );
    for (const [label, line] of mainThreads) console.log(`  ${label}: ${line}`);
  }
  console.log(
    "\nthe load generator's event loop delay, ms p50/p99 (the sandbox runs on the same loop; a reply waits this long before it is read):",
  );
  for (const [label, pass] of rows) {
    console.log(`  ${label}: ${pass.loopDelayMs.map((d) => d.toFixed(2)).join('/')}`);
  }
  for (const note of notes) console.log(note);
  console.log(`memory: rss ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
