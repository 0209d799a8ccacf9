// Sandbox throughput: 1,000 sequential POSTs on loopback through the core client, plus the cost
// of a cold start. Prints figures only; nothing here passes or fails on machine speed.
import { performance } from 'node:perf_hooks';
import { CheckListsClient } from '../src/core/request/client';
import { parseQuery, validateQuery, type SearchQuery } from '../src/core/query';
import { queryToWire } from '../src/core/request/client';
import { DEMO_CREDENTIALS, KNOWN_EXPECTATIONS, createSandboxEngine, type SandboxData } from '../src/sandbox';
import { startSandboxServer } from '../src/sandbox/server';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A screening-like mix: mostly full names (half with a birth date), company codes and documents
 * taken from the data, the documented subjects, and a few broad one-word names.
 */
function queries(data: SandboxData): SearchQuery[] {
  const list: SearchQuery[] = [];
  const people = data.records.filter((r) => r.subject === 'person' && r.registry !== 'okupant');
  const companies = data.records.filter((r) => r.registry === 'edr');
  for (let i = 0; i < 60; i++) {
    const person = people[(i * 37) % people.length];
    list.push(
      parseQuery({ name: person.names[0], ...(i % 2 === 0 && person.birthDate ? { date: person.birthDate } : {}) }),
    );
  }
  for (let i = 0; i < 20; i++) {
    list.push(parseQuery({ ipn: String(companies[(i * 13) % companies.length].item.edrpou) }));
  }
  for (const k of KNOWN_EXPECTATIONS) {
    const v = validateQuery(k.query);
    if (v.ok) list.push(v.query);
  }
  for (const name of ['Петро', 'Олена Іванівна', 'ЗОРЯНИЙ ЛАН']) list.push(parseQuery({ name }));
  return list;
}

async function main(): Promise<void> {
  const before = process.memoryUsage();
  const coldStart = performance.now();
  const engine = createSandboxEngine();
  const records = engine.data.records.length;
  const generated = performance.now();
  // The first search builds the index.
  engine.handle({
    method: 'POST',
    query: {},
    body: JSON.stringify({
      tokken: DEMO_CREDENTIALS.tokken,
      IDsubjectFM: DEMO_CREDENTIALS.idSubjectFM,
      name: 'Петро',
      listdata: 0,
    }),
  });
  engine.handle({
    method: 'POST',
    query: {},
    body: JSON.stringify({ tokken: DEMO_CREDENTIALS.tokken, IDsubjectFM: DEMO_CREDENTIALS.idSubjectFM, name: 'Петро' }),
  });
  const indexed = performance.now();

  const server = await startSandboxServer({ engine });
  const mix = queries(engine.data);
  const bodies = mix.map((q) =>
    JSON.stringify({ tokken: DEMO_CREDENTIALS.tokken, IDsubjectFM: DEMO_CREDENTIALS.idSubjectFM, ...queryToWire(q) }),
  );

  // 1. The server alone: raw POSTs, the answer read as text.
  const rssBefore = process.memoryUsage().rss;
  let bytes = 0;
  const rawStart = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const res = await fetch(`${server.url}/api`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: bodies[i % bodies.length],
    });
    bytes += (await res.text()).length;
  }
  const raw = performance.now() - rawStart;

  // 2. End to end: the core client, which also validates and parses every answer.
  const client = new CheckListsClient({ addresses: [server.url], credentials: DEMO_CREDENTIALS, retries: 0 });
  const latencies: number[] = [];
  let hits = 0;
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    const answer = await client.search(mix[i % mix.length]);
    latencies.push(performance.now() - t);
    for (const outcome of Object.values(answer.envelope.registries)) {
      if (outcome && outcome.status !== 'error') hits += outcome.items.length;
    }
  }
  const elapsed = performance.now() - started;
  await server.close();

  // 3. The pure engine in-process, as the add-in's demo mode runs it.
  const inProcessStart = performance.now();
  for (let i = 0; i < REQUESTS; i++) engine.handle({ method: 'POST', query: {}, body: bodies[i % bodies.length] });
  const inProcess = performance.now() - inProcessStart;

  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(2);
  const after = process.memoryUsage();
  const lines = [
    `sandbox: ${records} records; data ${(generated - coldStart).toFixed(0)} ms, index + first search ${(indexed - generated).toFixed(0)} ms (cold start ${(indexed - coldStart).toFixed(0)} ms)`,
    `query mix: ${mix.length} distinct requests, ${(bytes / REQUESTS / 1024).toFixed(1)} KB per answer on average`,
    `loopback, raw POSTs: ${REQUESTS} sequential in ${(raw / 1000).toFixed(2)} s = ${((REQUESTS * 1000) / raw).toFixed(0)} requests/s`,
    `loopback, core client (parse + validate): ${REQUESTS} sequential in ${(elapsed / 1000).toFixed(2)} s = ${((REQUESTS * 1000) / elapsed).toFixed(0)} requests/s`,
    `  latency ms: p50 ${pct(50)}, p95 ${pct(95)}, p99 ${pct(99)}, max ${latencies[latencies.length - 1].toFixed(2)}; ${hits} hits in all`,
    `in-process engine: ${REQUESTS} requests in ${inProcess.toFixed(0)} ms = ${((REQUESTS * 1000) / inProcess).toFixed(0)} requests/s`,
    `memory: RSS ${mb(after.rss)} (${mb(before.rss)} at start, ${mb(rssBefore)} with data and index), heap used ${mb(after.heapUsed)} (${mb(before.heapUsed)} at start), heap total ${mb(after.heapTotal)}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
