/**
 * Figures for bulk screening (no assertions): a client list (10% invalid rows, 20% repeats)
 * in the workbook fake, screened by the real engine through the shared scheduler and the core
 * client over HTTP to a sandbox primary and reserve on 127.0.0.1. Prints rows/s, requests,
 * syncs, the largest sync and peak memory (which includes the in-memory workbook: in Excel
 * those cells live in Excel, not in the add-in).
 *
 *   npx tsx --expose-gc bench/bulk-throughput.ts [rows=10000] [concurrency=4] [failRate=0]
 */
import { recogniseColumns } from '../src/bulk/columns';
import { startRun, type BulkSink } from '../src/bulk';
import { CheckListsClient } from '../src/core/request/client';
import { RequestScheduler } from '../src/core/request/scheduler';
import { listdataForRegistries } from '../src/core/protocol/listdata';
import { readSelectionInput } from '../src/excel/bulk/bulk-input';
import { startWorkbookRun } from '../src/excel/bulk/bulk-run';
import { DEMO_CREDENTIALS, createSandboxEngine, sandboxTransport } from '../src/sandbox';
import {
  LIST_HEADERS,
  countOf,
  distinctSubjects,
  makeClientList,
  schedulerFor,
  startPair,
} from '../test/integration/bulk-fixtures';
import { WorkbookFake } from '../test/support/workbook-fake';

const rows = Number(process.argv[2] ?? 10_000);
const concurrency = Number(process.argv[3] ?? 4);
const failRate = Number(process.argv[4] ?? 0);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  const engine = createSandboxEngine();
  const servers = await startPair({ failRate, latencyMs: 0, jitterMs: 0 }, engine);
  const list = makeClientList(rows, engine);
  const fake = new WorkbookFake();
  const restore = fake.install();
  fake.setSheet('Clients', [LIST_HEADERS, ...list.map((r) => r.cells)]).select('Clients', 'A1');
  const scheduler = schedulerFor(
    servers.map((s) => s.server.url),
    concurrency,
  );

  const input = await readSelectionInput();
  fake.resetStats();
  global.gc?.();
  const baseline = process.memoryUsage();
  let peakHeap = baseline.heapUsed;
  let peakRss = baseline.rss;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  }, 50);

  const started = performance.now();
  const run = await startWorkbookRun(
    {
      input,
      mapping: recogniseColumns(input.headers),
      options: {
        listdata: listdataForRegistries(['peps', 'psanctions', 'lostdocs']),
        search: 1,
        lowranklimit: 0,
        idUserPC: 'BENCH',
      },
      lang: 'en',
      mode: 'sandbox',
      modeLabel: { uk: 'ПІСОЧНИЦЯ', en: 'SANDBOX' },
      tuning: { concurrency, chunkRows: 500, flushIntervalMs: 2000 },
    },
    { ask: (q, o) => scheduler.ask(q, o) },
  );
  const report = await run.done;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);

  const answered = countOf(servers, (s) => s === 200);
  const failed = countOf(servers, (s) => s >= 500);
  console.log(`bulk-throughput: ${rows} rows, concurrency ${concurrency}, 5xx rate ${failRate}`);
  console.log(
    `  status            ${report.status}, ${report.rowsWithHits} rows with hits, ${report.invalidRows} invalid, ${report.failedRows} failed`,
  );
  console.log(
    `  time              ${seconds.toFixed(2)} s  (${Math.round(rows / seconds)} rows/s, ${Math.round(answered / seconds)} requests/s)`,
  );
  console.log(
    `  requests          ${answered} answered (${distinctSubjects(list)} distinct valid subjects), ${failed} 5xx retried`,
  );
  console.log(`  chunks written    ${report.chunksWritten}`);
  console.log(
    `  syncs             ${fake.stats.syncs}  (max ${fake.stats.maxSyncBytes} bytes in one sync; Excel on the web refuses 5 MB)`,
  );
  console.log(
    `  peak memory       heap ${mb(peakHeap)} (+${mb(peakHeap - baseline.heapUsed)} over the start), rss ${mb(peakRss)}`,
  );
  restore();
  await Promise.all(servers.map((s) => s.server.close()));
  await engineAlone();
}

/**
 * The engine's own footprint: the same list, answers from the in-process sandbox, a sink that
 * drops what it is given. What grows here is the engine (plan, retained answers), not a workbook.
 */
async function engineAlone(): Promise<void> {
  const engine = createSandboxEngine();
  const list = makeClientList(rows, engine);
  const client = new CheckListsClient({
    addresses: ['https://sandbox.invalid'],
    credentials: DEMO_CREDENTIALS,
    transport: sandboxTransport(engine),
  });
  const scheduler = new RequestScheduler({ search: (q, o) => client.search(q, o), cache: null, concurrency });
  let written = 0;
  const sink: BulkSink = {
    begin: async () => ({ output: {} }),
    write: async (chunk) => {
      written += chunk.rows.length;
    },
    end: async () => undefined,
  };
  global.gc?.();
  global.gc?.();
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  // Collected before each sample (run with --expose-gc): live memory, not garbage awaiting collection.
  const sampler = setInterval(() => {
    global.gc?.();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 250);
  const started = performance.now();
  const input = { headers: LIST_HEADERS, rows: list.map((r) => r.cells), source: 'bench', firstSourceRow: 2 };
  const run = await startRun(
    {
      input,
      mapping: recogniseColumns(LIST_HEADERS),
      options: { listdata: listdataForRegistries(['peps', 'psanctions', 'lostdocs']), search: 1, lowranklimit: 0 },
      lang: 'en',
      mode: 'sandbox',
      modeLabel: { uk: 'ПІСОЧНИЦЯ', en: 'SANDBOX' },
    },
    { ask: (q, o) => scheduler.ask(q, o), sink },
    { concurrency, chunkRows: 500, flushIntervalMs: 2000 },
  );
  await run.done;
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `engine alone (in-process sandbox, discarding sink): ${written} rows in ${seconds.toFixed(2)} s (slowed by the forced collections of the sampler)`,
  );
  console.log(
    `  peak live heap    +${mb(peak - baseline)} over the start${global.gc ? '' : ' (run with --expose-gc for live figures)'}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
