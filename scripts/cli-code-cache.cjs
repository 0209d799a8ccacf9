'use strict';
// After scripts/cli-build.js has written dist/cli.cjs: loads it, runs what a scheduled job runs
// (`screen` of a workbook and of a CSV list, and a `search`) against a sandbox on this computer,
// and writes V8's code cache beside the bundle (bin/bundle-loader.cjs says why). Part of
// `npm run build:cli`, so the cache always belongs to the bundle next to it and to the Node that
// built it.
//
// Why run commands first: V8 puts in the cache the functions compiled so far. Loaded only, the
// cache held the modules' top levels, and every function a run calls (reading the list, sending,
// reading answers, writing rows and the state) was compiled on its first call, in the middle of
// the run: a first chunk of rows took 19 ms to write instead of 2, and a 20-row screen took
// 0.43–0.48 s instead of 0.36–0.40 s.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { writeCodeCache, cachePathFor } = require('../bin/bundle-loader.cjs');

const ROOT = path.join(__dirname, '..');
//   node scripts/cli-code-cache.cjs [bundle]     (default dist/cli.cjs)
const bundle = process.argv[2] ? path.resolve(process.argv[2]) : path.join(ROOT, 'dist', 'cli.cjs');
const WARM_UP_LIMIT_MS = 60_000;

/** The sandbox in a process of its own: its code is not what the cache is for. */
function startSandbox() {
  return new Promise((resolve, reject) => {
    const start = `require(${JSON.stringify(path.join(ROOT, 'bin', 'bundle-loader.cjs'))}).loadBundle(${JSON.stringify(bundle)}).main(['sandbox', '--port', '0'])`;
    const child = spawn(process.execPath, ['-e', start], { stdio: ['ignore', 'pipe', 'ignore'], env: cleanEnv() });
    let out = '';
    const timer = setTimeout(() => fail(new Error('the sandbox did not start')), 10_000);
    const fail = (error) => {
      clearTimeout(timer);
      child.kill();
      reject(error);
    };
    child.on('error', fail);
    child.on('exit', () => fail(new Error('the sandbox stopped')));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0];
      if (!url) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.stdout.resume();
      resolve({ url, stop: () => child.kill() });
    });
  });
}

/** This environment without the person's own CHECKLISTS_* settings: the warm-up never reaches their service. */
function cleanEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CHECKLISTS_')));
}

/** The environment of the warm-up runs: the sandbox, and a config folder of their own (the state key). */
function warmEnv(url, dir) {
  return {
    ...cleanEnv(),
    CHECKLISTS_URL: url,
    CHECKLISTS_TOKKEN: 'demo-tokken',
    CHECKLISTS_SUBJECT_ID: 'demo-subject',
    XDG_CONFIG_HOME: dir,
    APPDATA: dir,
  };
}

const CSV_LIST = [
  'ПІБ;Дата народження',
  'Кривоклен Северин Богданович;12.04.1967',
  'Кривоклен Северин Богданович;',
  'Кривоклен Северин;12.04.1967',
  ...Array.from({ length: 30 }, (_, i) => `Прогрів${i} Тестовий Кешович;0${(i % 9) + 1}.02.19${50 + i}`),
].join('\r\n');

async function warmUp(cli) {
  await cli.loadCommandModules();
  const sandbox = await startSandbox();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checklists-code-cache-'));
  try {
    fs.writeFileSync(path.join(dir, 'list.csv'), `${CSV_LIST}\r\n`);
    const silent = { write: () => true };
    const io = {
      stdout: silent,
      stderr: silent,
      env: warmEnv(sandbox.url, dir),
      cwd: dir,
      platform: process.platform,
      interrupt: new AbortController().signal,
    };
    const runs = [
      ['screen', path.join(ROOT, 'examples', 'clients.xlsx'), '-o', 'clients-results.xlsx'],
      ['screen', 'list.csv', '-o', 'list-results.csv', '--progress', 'lines'],
      ['search', '--name', 'Кривоклен Северин Богданович', '--date', '1967-04-12'],
    ];
    for (const argv of runs) {
      const code = await cli.runCli(argv, io);
      if (code !== 0) throw new Error(`the warm-up "${argv[0]}" ended with exit code ${code}`);
    }
  } finally {
    sandbox.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// A cache from an earlier build would only be rejected; never leave one beside another bundle.
fs.rmSync(cachePathFor(bundle), { force: true });
const limit = setTimeout(() => {
  process.stderr.write('cli-code-cache: the warm-up took too long; no code cache written\n');
  process.exit(0);
}, WARM_UP_LIMIT_MS);
writeCodeCache(bundle, warmUp)
  .catch((error) => {
    // Only slower starts without it: the build goes on.
    fs.rmSync(cachePathFor(bundle), { force: true });
    process.stderr.write(
      `cli-code-cache: no code cache written (${error instanceof Error ? error.message : String(error)})\n`,
    );
  })
  .finally(() => {
    clearTimeout(limit);
    // Kept-alive connections of the warm-up would otherwise hold the build a moment longer.
    process.exit(0);
  });
