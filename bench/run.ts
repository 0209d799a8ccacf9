/**
 * `npm run bench`: every benchmark, one table, each figure beside the ideal it is compared to,
 * measured in the same run. It never fails on a figure (scripts/build-check.mjs is the only
 * budget that fails); it exits non-zero only when a benchmark could not run at all.
 *
 *   npm run bench                 # everything (builds the add-in first when dist/ has no build)
 *   npm run bench -- --quick      # bulk at C = 8 only, one run, no other scripts
 *
 * Bulk: the command line exactly as a scheduled job starts it (`node bin/checklists.cjs screen
 * --progress lines`,
 * start-up included) screens D distinct valid subjects against the sandbox over loopback with
 * latency L. At concurrency C no client can finish faster than D·L/C; the ratio is wall / that.
 * The sandbox runs in this process, so the command's own CPU never competes with it for a core
 * more than a real service would.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_CREDENTIALS } from '../src/sandbox';
import { startSandboxServer, type SandboxServer } from '../src/sandbox/server';

const ROOT = join(__dirname, '..');
const BIN = join(ROOT, 'bin', 'checklists.cjs');
/** Preloaded into the command to report its CPU time; the command itself starts through BIN as usual. */
const CPU_PRELOAD = join(ROOT, 'bench', 'cli-cpu.cjs');
/** A bare node:http client at the same concurrency: how close to D·L/C loopback HTTP itself allows. */
const FLOOR_CLIENT = join(ROOT, 'bench', 'floor-client.cjs');
const QUICK = process.argv.includes('--quick');
const D = 2000;
const L = 50;
const CONCURRENCIES = QUICK ? [8] : [4, 8, 16];
/** Runs per concurrency: one sample of a 13 s run moves by ±1% with the machine; the median of three is the figure. */
const REPEATS = QUICK ? 1 : 3;

interface Row {
  group: string;
  figure: string;
  value: string;
  ideal: string;
  ratio?: number;
  goal?: string;
}

const rows: Row[] = [];
const details: string[] = [];

function fmtS(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

function fmtMs(ms: number): string {
  return `${Math.round(ms)} ms`;
}

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function run(command: string, args: string[], env: Record<string, string> = {}, cwd = ROOT): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: performance.now() - started }));
  });
}

/** Distinct valid Ukrainian full names: surname × first name × patronymic. */
export function distinctNames(count: number): string[] {
  const surnames = [
    'Бондар',
    'Ткаченко',
    'Кравчук',
    'Олійник',
    'Шевчук',
    'Поліщук',
    'Мельник',
    'Лисенко',
    'Гнатюк',
    'Савчук',
    'Руденко',
    'Марченко',
    'Захарчук',
    'Остапчук',
    'Яковенко',
    'Дорошенко',
    'Литвин',
    'Гайдай',
    'Зінченко',
    'Приходько',
  ];
  const first = [
    'Остап',
    'Тарас',
    'Богдан',
    'Ярема',
    'Орест',
    'Назар',
    'Мирон',
    'Данило',
    'Зиновій',
    'Любомир',
    'Стефан',
    'Гордій',
  ];
  const father = [
    'Остапович',
    'Тарасович',
    'Богданович',
    'Яремович',
    'Орестович',
    'Назарович',
    'Миронович',
    'Данилович',
    'Зиновійович',
    'Любомирович',
  ];
  const names: string[] = [];
  for (const s of surnames) {
    for (const f of first) for (const p of father) if (names.length < count) names.push(`${s}вський ${f} ${p}`);
  }
  if (names.length < count) throw new Error(`only ${names.length} distinct names`);
  return names;
}

function liveEnv(server: SandboxServer): Record<string, string> {
  return {
    CHECKLISTS_URL: server.url,
    CHECKLISTS_TOKKEN: DEMO_CREDENTIALS.tokken,
    CHECKLISTS_SUBJECT_ID: DEMO_CREDENTIALS.idSubjectFM,
    LANG: 'en_US.UTF-8',
  };
}

async function bulk(): Promise<void> {
  const requests: string[] = [];
  const server = await startSandboxServer({ faults: { latencyMs: L }, log: (line) => requests.push(line) });
  const work = mkdtempSync(join(tmpdir(), 'checklists-bench-'));
  try {
    const names = distinctNames(D);
    const csv = join(work, 'clients.csv');
    writeFileSync(csv, `ПІБ\n${names.join('\n')}\n`);
    // The sandbox builds its data on the first request, and its code runs cold for the first few
    // hundred: neither is part of any timed run (else the first C measured pays for the service's warm-up).
    await run(process.execPath, [BIN, 'search', '--name', 'Прогрів Сандбокс'], liveEnv(server));
    const warm = await run(process.execPath, [FLOOR_CLIENT, server.url, '1000', '8']);
    if (warm.code !== 0) throw new Error(`bench/floor-client.cjs exited ${warm.code}\n${warm.stderr}`);
    const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const runs = (xs: readonly number[]) =>
      xs.length > 1 ? ` (runs ${xs.map((x) => (x / 1000).toFixed(2)).join(', ')})` : '';
    for (const c of CONCURRENCIES) {
      const walls: number[] = [];
      const cpus: number[] = [];
      const servedMeans: number[] = [];
      const floors: number[] = [];
      // The command and the bare client take turns, so a noisy moment of the machine falls on both alike.
      for (let repeat = 0; repeat < REPEATS; repeat++) {
        requests.length = 0;
        const out = join(work, `out-${c}.csv`);
        const cpuFile = join(work, `cpu-${c}.json`);
        const r = await run(
          process.execPath,
          ['-r', CPU_PRELOAD, BIN, 'screen', csv, '-o', out, '--concurrency', String(c), '--progress', 'lines'],
          {
            ...liveEnv(server),
            CHECKLISTS_BENCH_CPU_FILE: cpuFile,
          },
        );
        if (r.code !== 0) throw new Error(`checklists screen exited ${r.code}\n${r.stderr.slice(-2000)}`);
        walls.push(r.ms);
        const cliRequests = requests.length;
        if (repeat === 0 && c === CONCURRENCIES[0]) {
          rows.push({
            group: 'requests',
            figure: 'bulk: requests sent',
            value: String(cliRequests),
            ideal: `${D} distinct valid subjects`,
            ratio: cliRequests / D,
            goal: '1.00',
          });
        }
        const cpu = JSON.parse(readFileSync(cpuFile, 'utf8')) as { user: number; system: number };
        cpus.push((cpu.user + cpu.system) / 1000);
        // What the sandbox delivered: its log gives each answer's time from arrival to the last byte written.
        const served = requests
          .map((line) => Number(/ ([\d.]+)ms$/.exec(line)?.[1] ?? NaN))
          .filter((ms) => Number.isFinite(ms));
        servedMeans.push(served.reduce((a, b) => a + b, 0) / Math.max(1, served.length));
        const floor = await run(process.execPath, [FLOOR_CLIENT, server.url, String(D), String(c)]);
        if (floor.code !== 0) throw new Error(`bench/floor-client.cjs exited ${floor.code}\n${floor.stderr}`);
        floors.push(floor.ms);
      }
      const ideal = (D * L) / c;
      const repeats = REPEATS > 1 ? `, median of ${REPEATS}` : '';
      rows.push({
        group: 'bulk (CLI)',
        figure: `wall, ${D} subjects, L = ${L} ms, C = ${c}${repeats}`,
        value: fmtS(median(walls)),
        ideal: `D·L/C = ${fmtS(ideal)}${runs(walls)}`,
        ratio: median(walls) / ideal,
        goal: c === 16 ? '≤ 1.10' : '≤ 1.05',
      });
      rows.push({
        group: 'bulk (CLI)',
        figure: `  its CPU time, user + system (load-insensitive), C = ${c}`,
        value: fmtS(median(cpus)),
        ideal: `${(median(cpus) / D).toFixed(2)} ms per subject`,
      });
      rows.push({
        group: 'bulk (CLI)',
        figure: `  sandbox's answer time, arrival to last byte (mean), C = ${c}`,
        value: `${median(servedMeans).toFixed(2)} ms`,
        ideal: `L = ${L} ms`,
        ratio: median(servedMeans) / L,
      });
      rows.push({
        group: 'bulk (CLI)',
        figure: `  bare node:http client, same sandbox and C (transport floor), C = ${c}`,
        value: fmtS(median(floors)),
        ideal: `D·L/C = ${fmtS(ideal)}${runs(floors)}`,
        ratio: median(floors) / ideal,
      });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
    await server.close();
  }
}

async function startup(): Promise<void> {
  const bare: number[] = [];
  const cold: number[] = [];
  for (let i = 0; i < 5; i++) {
    bare.push((await run(process.execPath, ['-e', ''])).ms);
    cold.push((await run(process.execPath, [BIN, '--version'])).ms);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const nodeMs = median(bare);
  rows.push({
    group: 'startup',
    figure: 'CLI cold start (node bin/checklists.cjs --version, median of 5)',
    value: fmtMs(median(cold)),
    ideal: `bare node: ${fmtMs(nodeMs)}`,
    ratio: median(cold) / nodeMs,
  });

  const server = await startSandboxServer({ faults: { latencyMs: L } });
  try {
    const env = liveEnv(server);
    await run(process.execPath, [BIN, 'search', '--name', 'Прогрів Сандбокс'], env);
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await run(process.execPath, [BIN, 'search', '--name', `Пошуковий Тест${'абв'[i]}`], env);
      if (r.code !== 0) throw new Error(`checklists search exited ${r.code}: ${r.stderr}`);
      times.push(r.ms);
    }
    const ideal = nodeMs + L;
    rows.push({
      group: 'startup',
      figure: `search wall time, L = ${L} ms (median of 3)`,
      value: fmtMs(median(times)),
      ideal: `node + L = ${fmtMs(ideal)}`,
      ratio: median(times) / ideal,
    });
  } finally {
    await server.close();
  }
}

function sizes(): void {
  if (!existsSync(join(ROOT, 'dist', 'chunk-groups.json'))) {
    console.error('bench: building the add-in (npm run build) for its sizes…');
    const b = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (b.status !== 0) throw new Error('npm run build failed');
  }
  const check = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-check.mjs'), '--json'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const json = check.stdout.split('\n').find((line) => line.startsWith('{'));
  if (!json) throw new Error(`build check printed no figures:\n${check.stdout}${check.stderr}`);
  const figures = JSON.parse(json) as {
    runtimePage: { kb: number; budgetKB: number };
    firstRender: { kb: number; budgetKB: number };
    lazy: { name: string; addedKB: number }[];
  };
  rows.push({
    group: 'sizes',
    figure: 'runtime page: functions + commands ready (gzip)',
    value: `${figures.runtimePage.kb} KB`,
    ideal: `budget ${figures.runtimePage.budgetKB} KB`,
    ratio: figures.runtimePage.kb / figures.runtimePage.budgetKB,
  });
  rows.push({
    group: 'sizes',
    figure: 'task pane first render, all loaded (gzip)',
    value: `${figures.firstRender.kb} KB`,
    ideal: `budget ${figures.firstRender.budgetKB} KB; MS blank template 170 KB`,
    ratio: figures.firstRender.kb / figures.firstRender.budgetKB,
  });
  const lazy = figures.lazy.filter((l) => l.name !== 'pane').map((l) => `${l.name} ${l.addedKB} KB`);
  details.push(`on demand (gzip): ${lazy.join(', ')}`);
}

/** The older scripts, each as its own process; their figures go to the table, their text below it. */
async function scripts(): Promise<void> {
  const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
  const functions = await run(tsx, [join(ROOT, 'bench', 'functions-sandbox-http.ts'), '4']);
  details.push(`--- bench/functions-sandbox-http.ts\n${functions.stdout.trim()}`);
  const cold = /first recalculation: (\d+) HTTP requests, (\d+) ms/.exec(functions.stdout);
  const warm = /after restart: (\d+) HTTP requests, (\d+) ms/.exec(functions.stdout);
  if (cold) {
    rows.push({
      group: 'requests',
      figure: 'functions: 1000 cells evaluated → requests',
      value: cold[1],
      ideal: '400 distinct subjects × 2 lists asked in one request each = 400',
      ratio: Number(cold[1]) / 400,
      goal: '1.00',
    });
  }
  if (warm) {
    rows.push({
      group: 'requests',
      figure: 'functions: reopen with a warm cache → requests',
      value: warm[1],
      ideal: '0',
      goal: '0',
    });
  }
  for (const [script, args] of [
    ['functions-scheduler.ts', ['50', '4']],
    ['bulk-throughput.ts', ['2000', '8']],
    ['sandbox-throughput.ts', []],
  ] as const) {
    const r = await run(tsx, ['--expose-gc', join(ROOT, 'bench', script), ...args]);
    details.push(`--- bench/${script} ${args.join(' ')}\n${(r.stdout + (r.code === 0 ? '' : r.stderr)).trim()}`);
  }
}

/** bench/relay-*.ts, once the relay exists: each prints its own figures, shown below the table. */
async function relay(): Promise<void> {
  const found = readdirSync(join(__dirname)).filter((f) => /^relay-.*\.ts$/.test(f));
  if (found.length === 0) {
    rows.push({ group: 'relay', figure: 'added latency, throughput', value: 'no bench/relay-*.ts yet', ideal: '—' });
    return;
  }
  const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
  for (const file of found) {
    const r = await run(tsx, [join(__dirname, file)]);
    rows.push({ group: 'relay', figure: file, value: r.code === 0 ? 'see below' : `failed (${r.code})`, ideal: '—' });
    details.push(`--- bench/${file}\n${(r.stdout + (r.code === 0 ? '' : r.stderr)).trim()}`);
  }
}

function printTable(): void {
  // Ratios to an ideal measured in the same run still suffer when other work shares the cores.
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(
    `machine: ${availableParallelism()} cores, load average ${load} (figures are noisy when load exceeds the cores)\n`,
  );
  const header = ['', 'figure', 'measured', 'ideal (same run)', 'ratio', 'goal'];
  const body = rows.map((r) => [
    r.group,
    r.figure,
    r.value,
    r.ideal,
    r.ratio === undefined ? '' : r.ratio.toFixed(3),
    r.goal ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) console.log(line(b));
  if (details.length) console.log(`\n${details.join('\n\n')}`);
}

async function main(): Promise<void> {
  // Always the current source: the bundle takes under a second, a stale one would measure old code.
  const b = spawnSync('npm', ['run', '--silent', 'build:cli'], { cwd: ROOT, stdio: 'inherit' });
  if (b.status !== 0) throw new Error('npm run build:cli failed');
  await bulk();
  if (!QUICK) {
    await startup();
    sizes();
    await scripts();
    await relay();
  }
  printTable();
}

if (require.main === module) {
  main().catch((error: unknown) => {
    printTable();
    console.error(error);
    process.exitCode = 1;
  });
}
