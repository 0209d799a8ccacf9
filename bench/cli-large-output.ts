/**
 * Figures for large command-line runs (no assertions): the CLI bundle as a subprocess screens
 * N rows on the in-process sandbox (zero latency) into an .xlsx and into a .csv. Prints wall
 * time and the subprocess's peak RSS (getrusage maxRSS, taken at exit), so the writers'
 * memory can be read against the row count: the goals are 100,000 rows to xlsx within 1 GB
 * and CSV memory that does not grow with the rows.
 *
 *   npx tsx bench/cli-large-output.ts [rows=100000] [more row counts...] [--canned]
 *   npx tsx bench/cli-large-output.ts 10000 100000 1000000 --canned --formats=csv
 *
 * The sandbox's matching costs about a millisecond a row; with --canned a loopback server
 * replays one real sandbox answer (a clear person) to every request, so a million rows take
 * minutes, not hours, and the figures are the CLI's own.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KNOWN, createSandboxEngine } from '../src/sandbox';

const CANNED_CREDENTIALS = { tokken: 'bench-canned-tokken-0001', idSubjectFM: 'bench-subject' };

/** A loopback service that answers every request with one real sandbox answer. */
async function startCanned(): Promise<{ url: string; server: Server }> {
  const engine = createSandboxEngine({ accounts: [CANNED_CREDENTIALS] });
  const answer = engine.handle({
    method: 'POST',
    path: '/api',
    query: {},
    body: JSON.stringify({ ...CANNED_CREDENTIALS, name: KNOWN.clearPerson.name, date: KNOWN.clearPerson.date }),
  });
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(answer.status, {
        'Content-Type': answer.contentType,
        'Content-Length': Buffer.byteLength(answer.body),
      });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const canned = process.argv.includes('--canned');
const formatsArg = process.argv.find((a) => a.startsWith('--formats='));
const formats = (formatsArg ? formatsArg.slice('--formats='.length).split(',') : ['xlsx', 'csv']).filter(
  (f): f is 'xlsx' | 'csv' => f === 'xlsx' || f === 'csv',
);
const counts = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
if (counts.length === 0) counts.push(100_000);

const ROOT = join(__dirname, '..');
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

/** Distinct people, a few of them known to the sandbox's registries. */
function letters(i: number): string {
  const abc = 'АБВГДЕЖЗИКЛМНОПРСТУФХЦЧШЩЮЯ';
  let s = '';
  let n = i;
  do {
    s += abc[n % abc.length];
    n = Math.floor(n / abc.length);
  } while (n > 0);
  return s;
}

function writeInput(path: string, rows: number): void {
  const lines = ['ПІБ,Дата народження,ІПН,Паспорт'];
  for (let i = 0; i < rows; i++) {
    lines.push(`Обсягенко ${letters(i)} Петрович,1980-01-${String((i % 28) + 1).padStart(2, '0')},,`);
  }
  writeFileSync(path, `\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

function run(
  bundle: string,
  hook: string,
  args: string[],
  dir: string,
  service: Record<string, string>,
): Promise<{ ms: number; maxRssKb: number; cpuMs: number; code: number | null }> {
  const rssFile = join(dir, `rss-${Date.now()}.txt`);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--require', hook, bundle, ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        XDG_CONFIG_HOME: join(dir, 'config'),
        LANG: 'en_US.UTF-8',
        CHECKLISTS_BENCH_RSS: rssFile,
        ...service,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const [maxRssKb, cpuUs] = readFileSync(rssFile, 'utf8').split(' ').map(Number);
      resolve({ ms: Date.now() - started, maxRssKb, cpuMs: cpuUs / 1000, code });
    });
  });
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'checklists-bench-cli-'));
  // The very bundle the package ships (npm run build:cli), so the figures are the installed CLI's.
  const built = spawnSync('npm', ['run', '--silent', 'build:cli'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build:cli failed');
  const bundle = join(ROOT, 'dist', 'cli.cjs');
  // The CLI exits through process.exit: an exit hook reads the peak RSS the kernel kept for it.
  const hook = join(dir, 'rss-hook.cjs');
  // CPU time too: on a machine shared with other work, wall time says more about the neighbours.
  writeFileSync(
    hook,
    "process.on('exit', () => { const u = process.resourceUsage(); require('node:fs').writeFileSync(process.env.CHECKLISTS_BENCH_RSS, `${u.maxRSS} ${u.userCPUTime + u.systemCPUTime}`); });\n",
  );
  const service = canned ? await startCanned() : null;
  const env: Record<string, string> = service
    ? {
        CHECKLISTS_URL: service.url,
        CHECKLISTS_TOKKEN: CANNED_CREDENTIALS.tokken,
        CHECKLISTS_SUBJECT_ID: CANNED_CREDENTIALS.idSubjectFM,
      }
    : {};
  try {
    console.log(`service: ${canned ? 'loopback, one canned sandbox answer' : 'in-process sandbox'}`);
    console.log('rows      format  time      rows/s   CPU time  peak RSS  exit');
    for (const rows of counts) {
      const input = join(dir, `in-${rows}.csv`);
      writeInput(input, rows);
      for (const format of formats) {
        const out = join(dir, `out-${rows}.${format}`);
        const r = await run(
          bundle,
          hook,
          [
            'screen',
            input,
            '-o',
            out,
            '-c',
            '16',
            '--progress',
            'none',
            '--max-rows',
            String(rows),
            '--max-input-mb',
            '1000',
          ],
          dir,
          env,
        );
        console.log(
          `${String(rows).padEnd(9)} ${format.padEnd(6)}  ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${String(Math.round(rows / (r.ms / 1000))).padStart(7)}  ${(r.cpuMs / 1000).toFixed(1).padStart(6)} s  ${mb(r.maxRssKb).padStart(8)}  ${r.code}`,
        );
        rmSync(out, { force: true });
        rmSync(out.replace(/\.csv$/, '.hits.csv'), { force: true });
      }
      rmSync(input, { force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    service?.server.close();
  }
}

void main();
