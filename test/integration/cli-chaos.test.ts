import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { KNOWN, type SandboxAccount } from '../../src/sandbox';
import { createRng } from '../../src/sandbox/prng';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/server';
import { startServiceProxy, type ProxiedRequest, type ServiceProxy } from './cli-proxy';
import { ROOT, buildCli, cliEnv, exists, removeDir, runCli, tempDir } from './cli-support';

/**
 * Issue 17 acceptance: kill -9 the CLI at 20 random (seeded) moments of one 500-row run against
 * a slow loopback sandbox (a proxy holding each answer LATENCY_MS), resuming each time. The
 * final report must equal an uninterrupted run's, and the service must have been asked no more
 * than once per distinct subject plus what was in flight at each kill.
 */
jest.setTimeout(180_000);

const TOKKEN = 'Chaos-Tokken-1f0e2d3c4b5a';
const SUBJECT = 'chaos-subject';
const accounts: SandboxAccount[] = [{ tokken: TOKKEN, idSubjectFM: SUBJECT }];
const KILLS = 20;
const ROWS = 500;
const LATENCY_MS = 200;
const CONCURRENCY = '2';
/**
 * Kills fall 1.1 to 1.7 s after a session's first request: long enough for answers to be saved
 * well before the kill, shorter than the 2 s checkpoint that used to be the only save.
 */
const KILL_FROM_MS = 1100;
const KILL_SPREAD_MS = 600;
/**
 * An answer the proxy finished sending this long before the kill must be in the state file:
 * the CLI saves it within a turn of its event loop, but a loaded two-core CI machine, and a
 * CLI still warming up (the first answers compile the schemas), may take a good part of a second.
 * Younger answers count as in flight. (Before, answers waited for a 2 s checkpoint.)
 */
const SAVED_WITHIN_MS = 1000;
/** Columns that differ between any two runs by design: the service's request id and answer time. */
const VOLATILE = new Set(['Request id', 'Response time']);

let bundle: string;
let server: SandboxServer;
let proxy: ServiceProxy;
let work: string;

function letters(i: number): string {
  const abc = 'абвгдежзиклмнопрстуфхцчшщюя';
  return `${abc[i % 27]}${abc[Math.floor(i / 27) % 27]}${abc[Math.floor(i / 729) % 27]}`.toUpperCase();
}

/** 500 rows: 450 distinct people (a few known to the registries) and 50 repeats. */
function chaosRows(): string[] {
  const distinct = Array.from({ length: 450 }, (_, i) => `Хаосенко ${letters(i)}ій Петрович,,,`);
  const k = KNOWN.pepSanctioned;
  for (let i = 0; i < 450; i += 90) distinct[i] = `${k.name},${k.date},${k.rnokpp},${k.passport}`;
  distinct[45] = `${KNOWN.clearPerson.name},${KNOWN.clearPerson.date},,`;
  const repeats = Array.from({ length: ROWS - 450 }, (_, i) => distinct[(i * 7) % 450]);
  return [...distinct, ...repeats];
}

function readTable(path: string): string[][] {
  const rows = parse(readFileSync(path, 'utf8'), {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: false,
  }) as string[][];
  const blank = rows.findIndex((r) => r.every((v) => v === ''));
  const header = rows[blank + 1];
  const keep = header.map((h, i) => (VOLATILE.has(h) ? -1 : i)).filter((i) => i >= 0);
  return rows.slice(blank + 1).map((r) => keep.map((i) => r[i]));
}

function countsLine(stdout: string): string | undefined {
  return stdout.split('\n').find((l) => l.startsWith('Rows with hits'));
}

beforeAll(async () => {
  [bundle, server] = await Promise.all([buildCli(), startSandboxServer({ accounts })]);
  proxy = await startServiceProxy(server.url);
  work = tempDir('checklists-chaos-');
  writeFileSync(
    join(work, 'clients.csv'),
    `\uFEFFПІБ,Дата народження,ІПН,Паспорт\r\n${chaosRows().join('\r\n')}\r\n`,
    'utf8',
  );
});

afterAll(async () => {
  await proxy?.close();
  await server?.close();
  if (bundle) rmSync(bundle, { force: true });
  if (work) removeDir(work);
});

it(`survives kill -9 at ${KILLS} random moments: same report as an uninterrupted run, no answer bought twice`, async () => {
  const env = cliEnv({ CHECKLISTS_URL: proxy.url, CHECKLISTS_TOKKEN: TOKKEN, CHECKLISTS_SUBJECT_ID: SUBJECT });
  const input = join(work, 'clients.csv');

  const reference = await runCli(
    bundle,
    ['screen', input, '-o', join(work, 'reference.csv'), '-c', CONCURRENCY, '--progress', 'none'],
    { env },
  );
  expect(reference.code).toBe(0);
  const distinct = new Set(proxy.requests.map((r) => r.name)).size;
  expect(proxy.requests).toHaveLength(distinct);
  proxy.requests.length = 0;
  proxy.delayMs = LATENCY_MS;

  const out = join(work, 'chaos.csv');
  const state = `${out}.checklists-state.json`;
  const savedAnswers = () =>
    exists(state) ? (readFileSync(state, 'utf8').match(/^[0-9a-f]{64} \{"a":/gm) ?? []).length : 0;
  const args = ['screen', input, '-o', out, '-c', CONCURRENCY, '--progress', 'none'];
  const random = createRng(1717);
  let inFlightAtKills = 0;
  let kills = 0;
  for (let k = 0; k < KILLS; k++) {
    const seen = proxy.requests.length;
    const savedBefore = savedAnswers();
    const child = spawn(process.execPath, [bundle, ...args, ...(k > 0 ? ['--resume'] : [])], {
      cwd: ROOT,
      env,
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    // A moment of the screening, counted from its first request.
    const started = await Promise.race([
      (async () => {
        while (proxy.requests.length === seen) await new Promise((r) => setTimeout(r, 5));
        return true;
      })(),
      exited.then(() => false),
    ]);
    expect(started).toBe(true);
    await new Promise((r) => setTimeout(r, KILL_FROM_MS + Math.floor(random.next() * KILL_SPREAD_MS)));
    const at = Date.now();
    child.kill('SIGKILL');
    const code = await exited;
    expect(code).toBeNull();
    kills++;
    const session = proxy.requests.slice(seen);
    const saved = savedAnswers() - savedBefore;
    // Saved as they arrive: every answer that reached the CLI well before the kill is in the state.
    const longReceived = session.filter(
      (r: ProxiedRequest) => r.ended !== undefined && r.ended <= at - SAVED_WITHIN_MS,
    ).length;
    expect({ kill: k, saved: saved >= longReceived }).toEqual({ kill: k, saved: true });
    // In flight: sent by this session and not answered well before it died.
    inFlightAtKills += session.filter(
      (r: ProxiedRequest) => r.ended === undefined || r.ended > at - SAVED_WITHIN_MS,
    ).length;
  }
  expect(kills).toBe(KILLS);
  expect(exists(`${out}.checklists-state.json`)).toBe(true);

  // The rest at full speed: what is checked is what the kills did, not how long the tail takes.
  proxy.delayMs = 0;
  const final = await runCli(bundle, [...args, '--resume'], { env });
  expect(final.code).toBe(0);
  expect(readTable(out)).toEqual(readTable(join(work, 'reference.csv')));
  expect(readTable(out.replace(/\.csv$/, '.hits.csv'))).toEqual(readTable(join(work, 'reference.hits.csv')));
  expect(countsLine(final.stdout)).toBe(countsLine(reference.stdout));
  expect(countsLine(final.stdout)).toMatch(/^Rows with hits\D*\d/);

  const total = proxy.requests.length;
  expect(total).toBeLessThanOrEqual(distinct + inFlightAtKills);
  // Every subject was asked at least once: nothing was skipped either.
  expect(new Set(proxy.requests.map((r) => r.name)).size).toBe(distinct);
});
