// `checklists relay audit --csv` over a large trail: 3,000,000 rows (BENCH_AUDIT_ROWS) in a
// throwaway PostgreSQL, exported by the command exactly as an operator runs it, to a file; then the
// same export as an auditor reads it from their own computer, `checklists audit --csv` through a
// running relay (POST /audit/export). Prints rows, time, bytes and each process's peak memory
// (VmHWM, read from /proc while it runs): the trail is read page by page and sent as the client
// takes it, so memory stays flat whatever the size. Last, the inspector's readable workbook of the
// newest 1,200,000 rows (BENCH_AUDIT_WORKBOOK_ROWS), more than one sheet holds, with `checklists audit -o
// trail.xlsx` through the relay.
//   npx tsx bench/relay-audit-export.ts
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { startEmbeddedCluster } from '../src/relay/store/embedded-cluster';
import { openStore } from '../src/relay/store/open-store';

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 3_000_000);
const WORKBOOK_ROWS = Math.min(ROWS, Number(process.env.BENCH_AUDIT_WORKBOOK_ROWS ?? 1_200_000));
const BIN = join(__dirname, '..', 'bin', 'checklists.cjs');

async function peakKb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Runs `args` with the checklists command, stdout to `out`, sampling the peak memory of it and of `watched`. */
async function exportTo(
  args: string[],
  env: NodeJS.ProcessEnv,
  out: string,
  watched: number[] = [],
): Promise<{ code: number | null; seconds: number; bytes: number; peaks: number[] }> {
  const t = performance.now();
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'inherit'], env });
  child.stdout.pipe(createWriteStream(out));
  const pids = [child.pid!, ...watched];
  const peaks = pids.map(() => 0);
  const timer = setInterval(() => {
    pids.forEach((pid, i) => void peakKb(pid).then((kb) => (peaks[i] = Math.max(peaks[i], kb))));
  }, 50);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(timer);
  return { code, seconds: (performance.now() - t) / 1000, bytes: (await stat(out)).size, peaks };
}

/** A relay on the bench's database, its address read from its start-up line. */
function startRelay(databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const env = {
    ...process.env,
    // Never asked: an audit export reaches no service.
    CHECKLISTS_URL: 'http://127.0.0.1:9',
    CHECKLISTS_TOKKEN: 'bench-tokken-never-sent',
    CHECKLISTS_SUBJECT_ID: 'bench',
  };
  const child = spawn(
    process.execPath,
    [BIN, 'relay', '--port', '0', '--host', '127.0.0.1', '--database-url', databaseUrl],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      env,
    },
  );
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      err += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(err);
      if (m) resolve({ child, url: m[1] });
    });
    child.on('exit', (code) => reject(new Error(`relay exited ${code}: ${err}`)));
  });
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'relay-audit-export-'));
  await chmod(dir, 0o711);
  const cluster = await startEmbeddedCluster({ dir: join(dir, 'pg'), fsync: false });
  try {
    const opened = await openStore({ databaseUrl: cluster.url, dataDir: '' }, { adopt: false });
    await opened.close();
    const c = new Client({ connectionString: cluster.url });
    await c.connect();
    const t = performance.now();
    // As the relay writes it: each request's "asked" row, then its outcome and its delivery, each
    // a row of its own (migrations.ts), so the export reads all three joined.
    await c.query(
      `INSERT INTO audit (at, analyst, method, query, listdata, hits, duration_ms, from_cache, status, instance, state)
       SELECT now() - (g || ' seconds')::interval, 'analyst' || (g % 50), 'POST',
         jsonb_build_object('name', 'Особа ' || g, 'IDinternal', 'case-' || g), '-1', '{}'::jsonb, 0, false, 0,
         'bench', 'asked'
       FROM generate_series(1, $1) AS g`,
      [ROWS],
    );
    await c.query(
      `INSERT INTO audit_outcomes (audit_id, state, served_by, idrequest, verdict, hits, duration_ms, from_cache,
         error_code, status)
       SELECT id, 'answered', 'https://service.example', id::text, 'clear', '{"peps":0}'::jsonb, 40, false, NULL, 200
       FROM audit`,
    );
    await c.query('INSERT INTO audit_deliveries (audit_id, delivered) SELECT id, true FROM audit');
    // The newest WORKBOOK_ROWS rows: from the whole second of the oldest of them (row g is g seconds old).
    const oldest = await c.query<{ t: string }>(
      `SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS t FROM audit WHERE query->>'IDinternal' = $1`,
      [`case-${WORKBOOK_ROWS}`],
    );
    const from = oldest.rows[0].t;
    await c.end();
    const filled = performance.now() - t;
    console.log(`audit trail: ${ROWS.toLocaleString('en')} rows (filled in ${(filled / 1000).toFixed(1)} s)`);
    const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
    const line = (label: string, r: Awaited<ReturnType<typeof exportTo>>) =>
      `${label}: exit ${r.code}, ${r.seconds.toFixed(1)} s, ${(r.bytes / 1024 / 1024).toFixed(0)} MB written, ` +
      `${Math.round(ROWS / r.seconds).toLocaleString('en')} rows/s, peak memory (VmHWM) ${mb(r.peaks[0])}`;
    const host = await exportTo(
      ['relay', 'audit', '--csv', '--database-url', cluster.url],
      process.env,
      join(dir, 'host.csv'),
    );
    console.log(line('relay audit --csv (on the host)', host));

    const keyed = spawn(
      process.execPath,
      [BIN, 'relay', 'keys', 'add', 'inspector', '--role', 'auditor', '--database-url', cluster.url],
      {
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    let printed = '';
    keyed.stdout.setEncoding('utf8').on('data', (d: string) => (printed += d));
    await new Promise((resolve) => keyed.on('exit', resolve));
    const key = printed.trimEnd().split('\n').pop()!;
    const relay = await startRelay(cluster.url);
    try {
      const env = { ...process.env, CHECKLISTS_URL: relay.url, CHECKLISTS_TOKKEN: key };
      const client = await exportTo(['audit', '--csv'], env, join(dir, 'client.csv'), [relay.child.pid!]);
      const same = (await readFile(join(dir, 'host.csv'))).equals(await readFile(join(dir, 'client.csv')));
      console.log(
        `${line('checklists audit --csv (an auditor, through the relay)', client)}; the relay ${mb(client.peaks[1])}`,
      );
      console.log(`the two files ${same ? 'are byte for byte the same' : 'DIFFER'}`);

      // The inspector's workbook of the newest WORKBOOK_ROWS requests (row g is g seconds old).
      const workbook = join(dir, 'trail.xlsx');
      const wb = await exportTo(['audit', '--from', from, '-o', workbook], env, join(dir, 'wb.out'), [
        relay.child.pid!,
      ]);
      const said = (await readFile(join(dir, 'wb.out'), 'utf8')).trim();
      const sheets = (await readFile(workbook)).toString('latin1').match(/xl\/worksheets\/sheet\d+\.xml/g) ?? [];
      console.log(
        `checklists audit -o trail.xlsx (the inspector's workbook, through the relay): exit ${wb.code}, ` +
          `${wb.seconds.toFixed(1)} s, ${((await stat(workbook)).size / 1024 / 1024).toFixed(0)} MB, ` +
          `${new Set(sheets).size} ${new Set(sheets).size === 1 ? 'sheet' : 'sheets'}, ` +
          `${Math.round(WORKBOOK_ROWS / wb.seconds).toLocaleString('en')} rows/s, peak memory (VmHWM) ` +
          `${mb(wb.peaks[0])}; the relay ${mb(wb.peaks[1])}; it said: ${said}`,
      );
    } finally {
      relay.child.kill('SIGTERM');
      await new Promise((resolve) => relay.child.on('exit', resolve));
    }
  } finally {
    await cluster.stop().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
