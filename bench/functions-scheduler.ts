/**
 * Figures for the request scheduler behind the worksheet functions (no assertions).
 * A recalculation of PEP and SANCTIONS on 500 rows (400 distinct subjects) against a service
 * double with a fixed latency: requests sent, wall time, then the same recalculation from the
 * persistent cache after a "restart", and the cache's size in storage.
 *
 *   npx tsx bench/functions-scheduler.ts [latencyMs=40] [concurrency=4]
 */
import { AnswerCache } from '../src/core/cache/answer-cache';
import type { SearchResult } from '../src/core/request/client';
import { listdataForRegistries, registriesOf, ALL_LISTS } from '../src/core/protocol/listdata';
import type { SearchQuery } from '../src/core/query';
import { parseEnvelope } from '../src/core/protocol/schema';
import { RequestScheduler } from '../src/core/request/scheduler';
import { memoryStorage } from '../src/core/settings/storage';

const latencyMs = Number(process.argv[2] ?? 40);
const concurrency = Number(process.argv[3] ?? 4);
const ROWS = 500;
const DISTINCT = 400;

let sent = 0;
async function search(query: SearchQuery): Promise<SearchResult> {
  sent++;
  await new Promise((r) => setTimeout(r, latencyMs));
  const result: Record<string, unknown> = {};
  for (const key of registriesOf(query.listdata ?? ALL_LISTS)) {
    result[key] = query.name?.endsWith('7')
      ? [{ name: query.name, percent: 88, level: 'Низький', remark: 'x'.repeat(400) }]
      : [];
  }
  const raw = {
    idrequest: String(sent),
    dateResponse: '2025-01-01 10:00:00',
    listdata: String(query.listdata),
    result,
  };
  return {
    envelope: parseEnvelope(raw),
    servedBy: 'https://bench',
    attempts: [],
    durationMs: latencyMs,
    method: 'POST',
    raw,
  };
}

const rows = Array.from({ length: ROWS }, (_, i) => `Прізвище${i % DISTINCT} Ім'я По-батькові`);
const PEPS = listdataForRegistries(['peps']);
const SANCTIONS = listdataForRegistries(['psanctions']);

async function recalc(scheduler: RequestScheduler): Promise<number> {
  const started = performance.now();
  await Promise.all(
    rows.flatMap((name) => [scheduler.ask({ name, listdata: PEPS }), scheduler.ask({ name, listdata: SANCTIONS })]),
  );
  return performance.now() - started;
}

async function main(): Promise<void> {
  const storage = memoryStorage();
  const first = new RequestScheduler({ search, cache: new AnswerCache({ storage }), concurrency });
  const cold = await recalc(first);
  await first.idle();
  const coldSent = sent;
  const second = new RequestScheduler({ search, cache: new AnswerCache({ storage }), concurrency });
  const warm = await recalc(second);
  const stats = await new AnswerCache({ storage }).stats();
  console.log(
    `evaluations: ${ROWS * 2} (${ROWS} rows, ${DISTINCT} distinct subjects), latency ${latencyMs} ms, concurrency ${concurrency}`,
  );
  console.log(
    `cold: ${coldSent} requests, ${cold.toFixed(0)} ms (ideal ${((DISTINCT / concurrency) * latencyMs).toFixed(0)} ms); merged ${first.stats.merged}`,
  );
  console.log(
    `after restart: ${sent - coldSent} requests, ${warm.toFixed(1)} ms, cache hits ${second.stats.cacheHits}`,
  );
  console.log(`cache: ${stats.entries} entries, ${(stats.bytes / 1024).toFixed(0)} KiB counted (budget 8192 KiB)`);
}

void main();
