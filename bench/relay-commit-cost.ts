// What one commit of the relay's audit journal costs PostgreSQL, part by part: the database CPU
// (every postgres process, from /proc), the relay's own CPU (this process: building the statement,
// the driver) and the wall time of a statement, one after another on an
// otherwise idle embedded store (fsync on). The relay's bench (relay-load.ts) shows what the
// database costs per request under load; this shows which part of a commit it goes to.
// A batch of n requests: their "asked" rows; the outcomes of n earlier rows with their archived
// answers; n shared-cache entries; n subject claims; and all of these in one statement, as the
// journal sends them under load (about 3 requests a commit with a 50 ms service, 10 with an
// instant one).
//   npx tsx bench/relay-commit-cost.ts
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { openStore } from '../src/relay/store/open-store';
import type { AuditBatch, AuditOutcome, AuditRow } from '../src/relay/store/port';
import { postgresCpuMs } from './support/process-cpu';

const STATEMENTS = Number(process.env.BENCH_STATEMENTS ?? 300);
/** A sandbox answer for a subject with no hits is about this long. */
const ANSWER = Buffer.from(`{"result":${JSON.stringify('x'.repeat(420))}}`);

const asked = (i: number): AuditRow => ({
  state: 'asked',
  at: new Date(),
  analyst: `analyst-${i % 20}`,
  method: 'POST',
  query: { name: `Суб’єкт ${i}`, listdata: '-1' },
  listdata: '-1',
  servedBy: null,
  idrequest: null,
  verdict: null,
  hits: {},
  durationMs: 0,
  fromCache: false,
  errorCode: null,
  status: 0,
  instance: 'bench',
  archiveId: null,
});

const answered: AuditOutcome = {
  state: 'answered',
  servedBy: 'http://127.0.0.1:1',
  idrequest: '1',
  verdict: 'clear',
  hits: { peps: 0 },
  durationMs: 50,
  fromCache: false,
  errorCode: null,
  status: 200,
  archiveId: null,
};

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'relay-commit-cost-'));
  await chmod(dir, 0o711); // as root PostgreSQL runs as `postgres`, which must pass through
  const opened = await openStore({ dataDir: dir }, { adopt: true, poolSize: 4 });
  const store = opened.store;
  let serial = 0;
  /** Rows already durable, whose outcomes later batches write. */
  const earlier: number[] = [];
  const parts = {
    asked: (n: number): Partial<AuditBatch> => ({ inserts: Array.from({ length: n }, () => asked(serial++)) }),
    archived: (n: number): Partial<AuditBatch> => {
      const ids = earlier.splice(0, n);
      return {
        archives: ids.map((auditId) => ({
          auditId,
          receivedAt: new Date(),
          analyst: 'analyst-1',
          request: '{"name":"Суб’єкт"}',
          answer: ANSWER,
        })),
        completions: ids.map((id, archived) => ({ id, outcome: answered, archived })),
      };
    },
    cached: (n: number): Partial<AuditBatch> => ({
      answers: Array.from({ length: n }, () => {
        const s = serial++;
        return {
          key: `k${s}`,
          subject: `s${s}`,
          listdata: -1n,
          servedBy: 'http://127.0.0.1:1',
          storedAt: Date.now(),
          raw: ANSWER.toString(),
          archiveId: null,
        };
      }),
      answersTtlMs: 3_600_000,
    }),
    claimed: (n: number): Partial<AuditBatch> => ({
      claims: Array.from({ length: n }, () => {
        const s = serial++;
        return { claim: { name: `c${s}`, owner: 'bench' }, key: `q${s}` };
      }),
      claimHoldMs: 40_000,
    }),
  };
  type Part = keyof typeof parts;
  const batch = (n: number, which: Part[]): AuditBatch =>
    Object.assign({ inserts: [], completions: [] }, ...which.map((p) => parts[p](n))) as AuditBatch;

  async function measure(label: string, run: () => Promise<unknown>): Promise<void> {
    for (let i = 0; i < 20; i++) await run(); // each connection's first statements are not measured
    const cpu = postgresCpuMs();
    const own = process.cpuUsage();
    const t = performance.now();
    for (let i = 0; i < STATEMENTS; i++) await run();
    const wall = (performance.now() - t) / STATEMENTS;
    const db = (postgresCpuMs() - cpu) / STATEMENTS;
    const used = process.cpuUsage(own);
    const relay = (used.user + used.system) / 1000 / STATEMENTS;
    const cell = (ms: number) => `${ms.toFixed(2).padStart(6)} ms`;
    console.log(`${label.padEnd(58)} ${cell(wall)}  ${cell(db)}  ${cell(relay)}`);
  }

  try {
    // Enough durable rows for every outcome written below.
    // 3 and 10 requests' archived answers, alone and with the rest: 26 rows a round.
    while (earlier.length < 26 * (STATEMENTS + 20)) {
      earlier.push(...(await store.writeAuditBatch(batch(250, ['asked']))).audit);
    }
    console.log(`one statement after another, ${STATEMENTS} of each; embedded store, fsync on`);
    console.log(
      `${'statement'.padEnd(58)} ${'wall'.padStart(9)}  ${'database CPU'.padStart(9)}  ${'relay CPU'.padStart(9)}`,
    );
    const raw = new Client({ connectionString: opened.cluster?.url ?? '' });
    await raw.connect();
    await raw.query('CREATE TABLE IF NOT EXISTS bench_bare (id bigserial PRIMARY KEY, v text)');
    await measure('bare insert of one row (pg client, no journal)', () =>
      raw.query('INSERT INTO bench_bare (v) VALUES ($1)', ['x']),
    );
    await raw.end();
    await measure('journal: one delivery flag (the smallest commit)', () =>
      store.writeAuditBatch({ inserts: [], completions: [], deliveries: [{ id: earlier[0], delivered: true }] }),
    );
    for (const n of [3, 10]) {
      for (const which of [['asked'], ['archived'], ['cached'], ['claimed']] as Part[][]) {
        await measure(`journal: ${n} requests' ${which.join(', ')}`, () => store.writeAuditBatch(batch(n, which)));
      }
      await measure(`journal: ${n} requests' asked, archived, cached and claimed`, () =>
        store.writeAuditBatch(batch(n, ['asked', 'archived', 'cached', 'claimed'])),
      );
    }
  } finally {
    await opened.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
