import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SANDBOX_OPTIONS } from '../../src/cli/args/sandbox-args';
import { DEMO_CREDENTIALS, KNOWN } from '../../src/sandbox';
import { ROOT, buildCli, cliEnv, runCli } from './cli-support';

jest.setTimeout(60_000);

let bundle: string;
const started: ChildProcessWithoutNullStreams[] = [];

beforeAll(async () => {
  bundle = await buildCli();
});

afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  if (bundle) rmSync(bundle, { force: true });
});

interface RunningSandbox {
  child: ChildProcessWithoutNullStreams;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

/** `checklists sandbox --port 0 ...` as a person runs it; resolves once it prints its address. */
function startSandboxCommand(args: string[]): Promise<RunningSandbox> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, 'sandbox', '--port', '0', ...args], { cwd: ROOT, env: cliEnv() });
    started.push(child);
    let out = '';
    const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) resolve({ child, url: match[1], output: () => out, exited });
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    void exited.then((code) => reject(new Error(`sandbox exited early with ${code}: ${out}`)));
  });
}

const demo = (url: string) =>
  cliEnv({
    CHECKLISTS_URL: url,
    CHECKLISTS_TOKKEN: DEMO_CREDENTIALS.tokken,
    CHECKLISTS_SUBJECT_ID: DEMO_CREDENTIALS.idSubjectFM,
  });

describe('checklists sandbox', () => {
  it('serves the emulator until Ctrl-C and exits 0', async () => {
    const sandbox = await startSandboxCommand([]);
    expect(sandbox.output()).toContain('CHECKLISTS_TOKKEN=demo-tokken');
    const r = await runCli(bundle, ['search', '--name', KNOWN.wanted.name, '--date', KNOWN.wanted.date], {
      env: demo(sandbox.url),
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Wanted persons\s+1\s+100\s+High/);
    sandbox.child.kill('SIGINT');
    expect(await sandbox.exited).toBe(0);
    // The request log names the path and status, never the query or body that carry credentials.
    expect(sandbox.output()).toMatch(/POST \/api 200/);
  });

  it('applies fault options: --quota answers error 11, which the CLI turns into exit 3', async () => {
    const sandbox = await startSandboxCommand(['--quota', '1']);
    expect(sandbox.output()).toContain('Faults: --quota 1');
    const args = ['search', '--name', KNOWN.clearPerson.name];
    const first = await runCli(bundle, args, { env: demo(sandbox.url) });
    const second = await runCli(bundle, args, { env: demo(sandbox.url) });
    expect(first.code).toBe(0);
    expect(second.code).toBe(3);
    expect(second.stderr).toContain('quota is used up');
    sandbox.child.kill('SIGINT');
    expect(await sandbox.exited).toBe(0);
  });

  it('--down answers 503 everywhere: exit 4', async () => {
    const sandbox = await startSandboxCommand(['--down']);
    const r = await runCli(bundle, ['search', '--name', KNOWN.clearPerson.name], { env: demo(sandbox.url) });
    expect(r.code).toBe(4);
    sandbox.child.kill('SIGINT');
    expect(await sandbox.exited).toBe(0);
  });

  it('starts reserves on their own ports: faults on the primary only, the older --registry-error spelling read, no query logged', async () => {
    const sandbox = await startSandboxCommand(['--reserves', '1', '--registry-error', 'peps=9001']);
    const reserve = /Reserve 1 is listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(sandbox.output())?.[1];
    expect(reserve).toBeDefined();
    expect(reserve).not.toBe(sandbox.url);
    expect(sandbox.output()).toContain(`CHECKLISTS_RESERVE_URLS=${reserve}`);
    expect(sandbox.output()).toContain('Faults: --registry-errors peps:9001');
    const params = new URLSearchParams({
      tokken: DEMO_CREDENTIALS.tokken,
      IDsubjectFM: DEMO_CREDENTIALS.idSubjectFM,
      name: 'Петро',
      listdata: '512',
    });
    const peps = async (url: string) =>
      ((await (await fetch(`${url}/api?${params.toString()}`)).json()) as { result: { peps: unknown } }[])[0].result
        .peps;
    expect(await peps(sandbox.url)).toMatch(/^9001\./);
    expect(Array.isArray(await peps(`${reserve}`))).toBe(true);
    sandbox.child.kill('SIGINT');
    expect(await sandbox.exited).toBe(0);
    const log = sandbox.output().split('Ctrl-C')[1];
    expect(log.match(/GET \/api 200/g)).toHaveLength(2);
    expect(log).not.toContain(DEMO_CREDENTIALS.tokken);
    expect(log).not.toContain('?');
  });

  it('npm run sandbox -- --help and checklists sandbox --help print the same options, exactly those the parser reads', async () => {
    const viaNpm = await new Promise<string>((resolve, reject) =>
      execFile('npm', ['run', '--silent', 'sandbox', '--', '--help'], { cwd: ROOT, env: cliEnv() }, (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    );
    const viaBin = await runCli(bundle, ['sandbox', '--help'], { env: cliEnv() });
    expect(viaBin.code).toBe(0);
    expect(viaNpm).toBe(viaBin.stdout);
    const listed = [...viaBin.stdout.matchAll(/^\s+(?:-\w, )?--([\w-]+)/gm)].map((m) => m[1]).sort();
    // --config, --help and --insecure-http are every command's (the main help lists them); --registry-error
    // is the older spelling, read but not advertised.
    const parsed = Object.keys(SANDBOX_OPTIONS)
      .filter((o) => !['config', 'help', 'insecure-http', 'registry-error'].includes(o))
      .sort();
    expect(listed).toEqual(parsed);
  });

  it('exits 2 on a bad fault option', async () => {
    const r = await runCli(bundle, ['sandbox', '--fail-rate', '2'], { env: cliEnv() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--fail-rate must be a number from 0 to 1');
  });
});

describe('the checklists bin', () => {
  const home = join(ROOT, 'dist', `cli.bin-test-${process.pid}`);

  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it('runs the built bundle, and says how to build it when it is missing', async () => {
    mkdirSync(join(home, 'bin'), { recursive: true });
    mkdirSync(join(home, 'dist'), { recursive: true });
    const bin = join(home, 'bin', 'checklists.cjs');
    copyFileSync(join(ROOT, 'bin', 'checklists.cjs'), bin);
    copyFileSync(join(ROOT, 'bin', 'bundle-loader.cjs'), join(home, 'bin', 'bundle-loader.cjs'));

    const missing = await runCli(bin, ['--help'], { env: cliEnv() });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('npm run build:cli');

    copyFileSync(bundle, join(home, 'dist', 'cli.cjs'));
    const help = await runCli(bin, ['--help'], { env: cliEnv() });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('checklists screen <clients.xlsx|clients.csv>');
    const bad = await runCli(bin, ['screen'], { env: cliEnv() });
    expect(bad.code).toBe(2);
  });

  it('loads the bundle with the code cache the build writes, and without it when it does not fit', async () => {
    const loader = join(ROOT, 'bin', 'bundle-loader.cjs');
    const target = join(home, 'dist', 'cli.cjs');
    const cache = `${target}.v8cache`;
    const run = (code: string) =>
      new Promise<string>((resolve, reject) =>
        execFile(process.execPath, ['-e', code], { cwd: ROOT, env: cliEnv() }, (error, stdout, stderr) =>
          error ? reject(new Error(stderr)) : resolve(stdout.trim()),
        ),
      );
    const report = `const l = require(${JSON.stringify(loader)}); const r = l.loadBundleReporting(${JSON.stringify(target)}); console.log(r.cache, typeof r.exports.main);`;
    mkdirSync(join(home, 'dist'), { recursive: true });
    copyFileSync(bundle, target);
    rmSync(cache, { force: true });
    expect(await run(report)).toBe('none function');
    await run(
      `require(${JSON.stringify(loader)}).writeCodeCache(${JSON.stringify(target)}, (cli) => cli.loadCommandModules())`,
    );
    expect(await run(report)).toBe('used function');
    // Through the bin and its cache, a run that loads exceljs on demand (xlsx in and out) works and warns of nothing.
    const bin = join(home, 'bin', 'checklists.cjs');
    mkdirSync(join(home, 'bin'), { recursive: true });
    copyFileSync(join(ROOT, 'bin', 'checklists.cjs'), bin);
    copyFileSync(loader, join(home, 'bin', 'bundle-loader.cjs'));
    copyFileSync(join(ROOT, 'examples', 'clients.xlsx'), join(home, 'clients.xlsx'));
    const screened = await runCli(
      bin,
      ['screen', join(home, 'clients.xlsx'), '-o', join(home, 'clients.results.xlsx')],
      { env: cliEnv() },
    );
    expect(screened.stderr).not.toMatch(/Warning|Unexpected error/);
    expect(screened.code).toBe(0);
    // Another build's cache (here: bytes that are no cache at all) is refused by V8 and the bundle still runs.
    writeFileSync(cache, Buffer.alloc(4096, 7));
    expect(await run(report)).toBe('rejected function');
  });

  it('writes the build’s code cache after warm-up runs against a sandbox of its own, and leaves nothing behind', async () => {
    const target = join(home, 'dist', 'cli.cjs');
    const cache = `${target}.v8cache`;
    mkdirSync(join(home, 'dist'), { recursive: true });
    copyFileSync(bundle, target);
    const before = new Set(readdirSync(tmpdir()).filter((f) => f.startsWith('checklists-code-cache-')));
    const built = await new Promise<{ code: number | null; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        [join(ROOT, 'scripts', 'cli-code-cache.cjs'), target],
        { cwd: ROOT, env: cliEnv({ CHECKLISTS_URL: 'https://must-not-be-used.invalid' }) },
        (error, _stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stderr }),
      ),
    );
    expect(built).toEqual({ code: 0, stderr: '' });
    const loader = join(ROOT, 'bin', 'bundle-loader.cjs');
    const used = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['-e', `console.log(require(${JSON.stringify(loader)}).loadBundleReporting(${JSON.stringify(target)}).cache)`],
        { env: cliEnv() },
        (error, stdout) => (error ? reject(error) : resolve(stdout.trim())),
      ),
    );
    expect(used).toBe('used');
    // The warm-up ran commands: the cache holds what they compiled, well beyond the modules' top levels.
    const loadedOnly = join(home, 'loaded-only.cjs');
    copyFileSync(bundle, loadedOnly);
    await new Promise<void>((resolve, reject) =>
      execFile(
        process.execPath,
        [
          '-e',
          `require(${JSON.stringify(loader)}).writeCodeCache(${JSON.stringify(loadedOnly)}, (cli) => cli.loadCommandModules())`,
        ],
        { env: cliEnv() },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    expect(statSync(cache).size).toBeGreaterThan(statSync(`${loadedOnly}.v8cache`).size * 1.2);
    expect(readdirSync(tmpdir()).filter((f) => f.startsWith('checklists-code-cache-') && !before.has(f))).toEqual([]);
  });
});
