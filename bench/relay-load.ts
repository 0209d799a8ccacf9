// Relay load: 20 analysts × 100 requests over 400 subjects through the relay to the sandbox, and
// the same requests straight to the sandbox, on loopback. Prints the relay's added latency
// (p50/p95), its throughput, and what the embedded store costs (start, durable audit writes).
// Prints figures only; nothing here passes or fails on machine speed.
//   npx tsx bench/relay-load.ts            embedded PostgreSQL in a temp folder (durable: fsync on)
//   BENCH_DATABASE_URL=postgres://... npx tsx bench/relay-load.ts   an external server
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startRelayHttp } from '../src/relay/http-server';
import { createKey } from '../src/relay/keys';
import { RelayService } from '../src/relay/service';
import { startEmbeddedCluster, type EmbeddedCluster } from '../src/relay/store/embedded-cluster';
import { openSqlStore } from '../src/relay/store/sql-store';
import { DEMO_CREDENTIALS } from '../src/sandbox';
import { startSandboxCluster } from '../src/sandbox/server';

const ANALYSTS = Number(process.env.BENCH_ANALYSTS ?? 20);
const PER_ANALYST = Number(process.env.BENCH_PER_ANALYST ?? 100);
const SUBJECTS = Number(process.env.BENCH_SUBJECTS ?? 400);

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
}

/** Every analyst one request at a time; all analysts at once. */
async function drive(url: string, body: (analyst: number, j: number) => Record<string, unknown>): Promise<Pass> {
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: ANALYSTS }, async (_, a) => {
      for (let j = 0; j < PER_ANALYST; j++) {
        const t = performance.now();
        const res = await fetch(`${url}/api`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body(a, j)) });
        await res.arrayBuffer();
        if (res.status !== 200) failed++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { latencies: latencies.sort((x, y) => x - y), seconds: (performance.now() - started) / 1000, failed };
}

function report(label: string, pass: Pass): void {
  const n = pass.latencies.length;
  console.log(
    `${label.padEnd(34)} ${String(n).padStart(5)} req  p50 ${ms(pct(pass.latencies, 50)).padStart(9)}  p95 ${ms(pct(pass.latencies, 95)).padStart(9)}  ${(n / pass.seconds).toFixed(0).padStart(5)} req/s${pass.failed ? `  ${pass.failed} failed` : ''}`,
  );
}

async function main(): Promise<void> {
  const subject = (a: number, j: number) => `Бенчмарк Суб’єкт ${(a * Math.ceil(SUBJECTS / ANALYSTS) + j) % SUBJECTS}`;
  const sandbox = await startSandboxCluster({ instances: 2 });

  let cluster: EmbeddedCluster | null = null;
  let dir: string | null = null;
  let url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    dir = await mkdtemp(join(tmpdir(), 'relay-bench-'));
    await chmod(dir, 0o711);
    const t = performance.now();
    cluster = await startEmbeddedCluster({ dir: join(dir, 'pg') });
    console.log(`embedded PostgreSQL first start (initdb + start): ${ms(performance.now() - t)}`);
    url = cluster.url;
  }
  const store = openSqlStore({ url, poolSize: 20 });
  await store.migrate();

  // The store's own cost: single-row durable audit writes, one after another.
  const row = {
    at: new Date(),
    analyst: 'bench',
    method: 'POST' as const,
    query: { name: 'Бенчмарк' },
    listdata: '-1',
    servedBy: sandbox.urls[0],
    idrequest: '1',
    verdict: 'clear',
    hits: { peps: 0 },
    durationMs: 1,
    fromCache: false,
    errorCode: null,
    status: 200,
    instance: 'bench',
  };
  let t = performance.now();
  for (let i = 0; i < 1000; i++) await store.writeAudit(row);
  console.log(`1,000 single-row audit inserts, sequential: ${ms(performance.now() - t)} (${((performance.now() - t) / 1000).toFixed(2)} ms each)`);

  const direct = await drive(sandbox.urls[0], (a, j) => ({ ...DEMO_CREDENTIALS, IDsubjectFM: DEMO_CREDENTIALS.idSubjectFM, name: subject(a, j) }));

  const service = new RelayService(store, {
    upstream: { addresses: sandbox.urls, tokken: DEMO_CREDENTIALS.tokken, idSubjectFM: DEMO_CREDENTIALS.idSubjectFM },
    instance: 'bench',
    concurrency: 8,
    limits: { ratePerMinute: 0, dailyBudget: 0 },
    cacheTtlMs: 3_600_000,
    accountCooldownMs: 60_000,
  });
  const http = await startRelayHttp(service, { distDir: join(__dirname, '..', 'dist') });
  const keys: string[] = [];
  for (let a = 0; a < ANALYSTS; a++) {
    const made = await createKey(store, `bench${a}`);
    if (made !== 'exists') keys.push(made.key);
  }
  const viaRelay = (a: number, j: number) => ({ tokken: keys[a], name: subject(a, j) });
  const cold = await drive(http.url, viaRelay);
  const upstream = service.upstreamRequests;
  const warm = await drive(http.url, viaRelay);

  // Two instances on the same database, analysts alternating between them, new subjects.
  const coordinated = { ...service.config, coordinateInstances: true };
  const first = new RelayService(store, { ...coordinated, instance: 'bench-1' });
  const second = new RelayService(openSqlStore({ url, poolSize: 20 }), { ...coordinated, instance: 'bench-2' });
  const http1 = await startRelayHttp(first, { distDir: join(__dirname, '..', 'dist') });
  const http2 = await startRelayHttp(second, { distDir: join(__dirname, '..', 'dist') });
  const pairUrls = [http1.url, http2.url];
  const pairLatencies: number[] = [];
  let pairFailed = 0;
  const pairStarted = performance.now();
  await Promise.all(
    Array.from({ length: ANALYSTS }, async (_, a) => {
      for (let j = 0; j < PER_ANALYST; j++) {
        const t = performance.now();
        const res = await fetch(`${pairUrls[a % 2]}/api`, { method: 'POST', body: JSON.stringify({ tokken: keys[a], name: `Пара ${subject(a, j)}` }) });
        await res.arrayBuffer();
        if (res.status !== 200) pairFailed++;
        pairLatencies.push(performance.now() - t);
      }
    }),
  );
  const pair: Pass = { latencies: pairLatencies.sort((x, y) => x - y), seconds: (performance.now() - pairStarted) / 1000, failed: pairFailed };
  const pairUpstream = first.upstreamRequests + second.upstreamRequests;

  console.log(`\n${ANALYSTS} analysts × ${PER_ANALYST} requests over ${SUBJECTS} subjects, loopback:`);
  report('sandbox directly', direct);
  report('through the relay, cache cold', cold);
  report('through the relay, cache warm', warm);
  report('two relays on one database, cold', pair);
  console.log(`requests that reached the service: ${upstream} with one relay, ${pairUpstream} with two (distinct subjects ${SUBJECTS} each)`);
  console.log(`store: ${process.env.BENCH_DATABASE_URL ? 'external PostgreSQL (BENCH_DATABASE_URL)' : 'embedded PostgreSQL, fsync on'}`);
  console.log(
    `added latency (relay cold − direct): p50 ${ms(pct(cold.latencies, 50) - pct(direct.latencies, 50))}, p95 ${ms(pct(cold.latencies, 95) - pct(direct.latencies, 95))}`,
  );
  console.log(`relay throughput: ${(cold.latencies.length / cold.seconds).toFixed(0)} req/s cold, ${(warm.latencies.length / warm.seconds).toFixed(0)} req/s warm`);
  console.log(`audit rows: ${(await store.countAudit()) - 1000} for ${cold.latencies.length + warm.latencies.length + pair.latencies.length} requests`);
  console.log(`memory: rss ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);

  await http2.close();
  await http1.close();
  await first.scheduler.idle();
  await second.scheduler.idle();
  await second.store.close();
  await http.close();
  await service.scheduler.idle();
  await store.close();
  await sandbox.close();
  await cluster?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
