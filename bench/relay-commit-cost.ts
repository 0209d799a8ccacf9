// What one commit of the relay's audit journal costs, part by part: the database's CPU (every
// postgres process, from /proc), the relay's own CPU (this process: building the statement, the
// driver) and the wall time of a statement, one after another on an otherwise idle embedded store
// (fsync on). The relay's bench (relay-load.ts) shows what the database costs per request under
// load; this shows which part of a commit it goes to.
// A batch of n requests: their "asked" rows; the outcomes of n earlier rows with their archived
// answers; n shared-cache entries; n subject claims; and all of these in one statement, as the
// journal sends them under load (about 3 requests a commit with a 50 ms service, 10 with an
// instant one). Then a request's whole life (asked row, outcome with its archived answer, delivery
// flag) on a store of its own, with and without its later parts, autovacuum counted.
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
/** Commits in each request-life run: long enough for autovacuum to run on the audit table. */
const LIFE_COMMITS = Number(process.env.BENCH_LIFE_COMMITS ?? 1500);
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

/** A throwaway embedded store (fsync on), as `checklists relay --data-dir` opens it. */
async function freshStore(): Promise<{ opened: Awaited<ReturnType<typeof openStore>>; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'relay-commit-cost-'));
  await chmod(dir, 0o711); // as root PostgreSQL runs as `postgres`, which must pass through
  const opened = await openStore({ dataDir: dir }, { adopt: true, poolSize: 4 });
  return {
    opened,
    remove: async () => {
      await opened.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function commitParts(): Promise<void> {
  const { opened, remove } = await freshStore();
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
    // Enough durable rows for every outcome written below: 3 and 10 requests' archived answers,
    // alone and with the rest, 26 rows a round,
    // and one delivery a round, each for a row of its own (a second report for a row writes nothing).
    while (earlier.length < 27 * (STATEMENTS + 20)) {
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
      store.writeAuditBatch({
        inserts: [],
        completions: [],
        deliveries: [{ id: earlier.pop() ?? 0, delivered: true }],
      }),
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
    await remove();
  }
}

/**
 * A request's whole life as the journal writes it under load, on a store of its own from empty:
 * each commit carries 6 new asked rows, the outcomes (with archived answers) of the rows asked two
 * commits before, and the delivery flags of the rows completed two commits before. The database's
 * CPU counts everything those rows cause, autovacuum included; per request, ÷ 6.
 */
async function requestLives(): Promise<void> {
  const n = 6;
  console.log(`\na request's life, ${LIFE_COMMITS} commits of ${n} requests on a store of its own from empty:`);
  console.log(
    `${'rows written'.padEnd(58)} ${'database CPU per request'.padStart(24)}  the trail on disk, indexes included`,
  );
  for (const [label, archived, delivered] of [
    ['asked row, outcome and archived answer, delivery flag', true, true],
    ['asked row, outcome and archived answer', true, false],
    ['asked row and outcome', false, false],
  ] as const) {
    const { opened, remove } = await freshStore();
    try {
      let serial = 0;
      const waiting: number[][] = [];
      const completed: number[][] = [];
      const cpu = postgresCpuMs();
      for (let i = 0; i < LIFE_COMMITS; i++) {
        const done = waiting.length > 2 ? (waiting.shift() ?? []) : [];
        const flagged = completed.length > 2 ? (completed.shift() ?? []) : [];
        const ids = await opened.store.writeAuditBatch({
          inserts: Array.from({ length: n }, () => asked(serial++)),
          completions: done.map((id, j) => ({ id, outcome: answered, ...(archived ? { archived: j } : {}) })),
          archives: archived
            ? done.map((auditId) => ({ auditId, receivedAt: new Date(), analyst: 'a', request: '{}', answer: ANSWER }))
            : [],
          deliveries: delivered ? flagged.map((id) => ({ id, delivered: true })) : [],
        });
        waiting.push(ids.audit);
        if (done.length > 0) completed.push(done);
      }
      const perRequest = (postgresCpuMs() - cpu) / LIFE_COMMITS / n;
      const raw = new Client({ connectionString: opened.cluster?.url ?? '' });
      await raw.connect();
      // The trail's rows are only ever added (migrations.ts): the asked rows, outcomes and deliveries.
      const { rows } = await raw.query<{ size: string }>(
        `SELECT pg_total_relation_size('audit') + pg_total_relation_size('audit_outcomes')
                + pg_total_relation_size('audit_deliveries') AS size`,
      );
      await raw.end();
      const size = Number(rows[0]?.size ?? 0);
      console.log(
        `${label.padEnd(58)} ${`${perRequest.toFixed(3)} ms`.padStart(24)}  ${(size / 1024 / 1024).toFixed(1)} MB`,
      );
    } finally {
      await remove();
    }
  }
}

async function main(): Promise<void> {
  await commitParts();
  await requestLives();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
