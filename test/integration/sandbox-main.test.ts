import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { DEMO_CREDENTIALS } from '../../src/sandbox';

const ROOT = path.join(__dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

function start(args: string[]): { child: ChildProcessWithoutNullStreams; output: () => string; waitFor: (re: RegExp, count?: number) => Promise<RegExpMatchArray[]> } {
  const child = spawn(TSX, ['src/sandbox/main.ts', ...args], { cwd: ROOT, env: { ...process.env, LANG: 'en_US.UTF-8', LC_ALL: '' } });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  const waitFor = (re: RegExp, count = 1) =>
    new Promise<RegExpMatchArray[]>((resolve, reject) => {
      const global = new RegExp(re.source, 'g');
      const check = () => {
        const found = [...out.matchAll(global)];
        if (found.length >= count) {
          clearInterval(timer);
          resolve(found);
        }
      };
      const timer = setInterval(check, 50);
      child.once('exit', () => {
        clearInterval(timer);
        reject(new Error(`exited before printing ${re}: ${out}`));
      });
    });
  return { child, output: () => out, waitFor };
}

function stop(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('npm run sandbox', () => {
  jest.setTimeout(30_000);

  it('prints its addresses and the demo credentials, serves /api, logs no query, and stops on SIGTERM', async () => {
    const run = start(['--port', '0', '--reserves', '1', '--registry-error', 'peps=9001']);
    try {
      const found = await run.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)\/api/, 2);
      await run.waitFor(/Ctrl\+C/);
      const [primary, reserve] = found.map((m) => m[1]);
      expect(primary).not.toBe(reserve);
      expect(run.output()).toContain(`tokken=${DEMO_CREDENTIALS.tokken}`);
      expect(run.output()).toContain('peps=9001');

      const params = new URLSearchParams({ tokken: DEMO_CREDENTIALS.tokken, IDsubjectFM: DEMO_CREDENTIALS.idSubjectFM, name: 'Петро', listdata: '512' });
      const primaryAnswer = (await (await fetch(`${primary}/api?${params.toString()}`)).json()) as { result: { peps: unknown } }[];
      expect(primaryAnswer[0].result.peps).toMatch(/^9001\./);
      const reserveAnswer = (await (await fetch(`${reserve}/api?${params.toString()}`)).json()) as { result: { peps: unknown } }[];
      expect(Array.isArray(reserveAnswer[0].result.peps)).toBe(true);

      await run.waitFor(/GET \/api 200/, 2);
      const afterBanner = run.output().split('Ctrl+C')[1];
      expect(afterBanner).not.toContain(DEMO_CREDENTIALS.tokken);
      expect(afterBanner).not.toContain('?');
    } finally {
      expect(await stop(run.child)).toBe(0);
    }
  });

  it('refuses a bad option with exit code 2 and the usage', async () => {
    const run = start(['--fail-rate', '3']);
    const code = await new Promise<number | null>((resolve) => run.child.once('exit', resolve));
    expect(code).toBe(2);
    expect(run.output()).toMatch(/Bad option --fail-rate/);
    expect(run.output()).toMatch(/Usage: npm run sandbox/);
  });
});
