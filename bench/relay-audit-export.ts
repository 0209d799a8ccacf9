// `checklists relay audit --csv` over a large trail: 3,000,000 rows (BENCH_AUDIT_ROWS) in a
// throwaway PostgreSQL, exported by the command exactly as an operator runs it, to a file.
// Prints rows, time, bytes and the command's peak memory (VmHWM, read from /proc while it runs):
// the export reads the trail page by page, so memory stays flat whatever the size.
//   npx tsx bench/relay-audit-export.ts
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { startEmbeddedCluster } from '../src/relay/store/embedded-cluster';
import { openStore } from '../src/relay/store/open-store';

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 3_000_000);
const BIN = join(__dirname, '..', 'bin', 'checklists.cjs');

async function peakKb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
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
    let t = performance.now();
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
    await c.end();
    const filled = performance.now() - t;
    const out = join(dir, 'audit.csv');
    t = performance.now();
    const child = spawn(process.execPath, [BIN, 'relay', 'audit', '--csv', '--database-url', cluster.url], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.pipe(createWriteStream(out));
    let peak = 0;
    const timer = setInterval(() => {
      void peakKb(child.pid!).then((kb) => (peak = Math.max(peak, kb)));
    }, 50);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearInterval(timer);
    const seconds = (performance.now() - t) / 1000;
    const bytes = (await stat(out)).size;
    console.log(`audit trail: ${ROWS.toLocaleString('en')} rows (filled in ${(filled / 1000).toFixed(1)} s)`);
    console.log(
      `relay audit --csv: exit ${code}, ${seconds.toFixed(1)} s, ${(bytes / 1024 / 1024).toFixed(0)} MB written, ` +
        `${Math.round(ROWS / seconds).toLocaleString('en')} rows/s, peak memory (VmHWM) ${(peak / 1024).toFixed(0)} MB`,
    );
  } finally {
    await cluster.stop().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
