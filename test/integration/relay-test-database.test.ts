import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';

/**
 * The throwaway PostgreSQL of the relay tests is removed however the test process ends: a
 * failing test's uncaught error, an exit with no teardown, or Ctrl-C / a runner's SIGTERM.
 * (afterAll runs on a failed test too; these are the paths where it does not.)
 */

const CHILD = join(__dirname, 'relay-test-database-child.ts');

async function endsBadly(
  mode: 'throw' | 'exit' | 'signal',
): Promise<{ dir: string; url: string; code: number | null; signal: NodeJS.Signals | null }> {
  // Plain node with tsx as a loader, not the tsx command: that one adds its own signal handlers,
  // which jest's workers do not have.
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, mode], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TEST_DATABASE_URL: '' },
  });
  let out = '';
  let err = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  const started = new Promise<{ dir: string; url: string }>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line && out.includes('\n')) resolve(JSON.parse(line) as { dir: string; url: string });
    });
    child.once('exit', () => reject(new Error(`child ended before the database started: ${err}`)));
  });
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.once('exit', (code, signal) => resolve([code, signal])),
  );
  const db = await started;
  expect(existsSync(db.dir)).toBe(true);
  if (mode === 'signal') child.kill('SIGTERM');
  const [code, signal] = await exited;
  return { ...db, code, signal };
}

async function serverAnswers(url: string): Promise<boolean> {
  const c = new Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

it.each(['throw', 'exit', 'signal'] as const)(
  'a test process that ends by %s leaves no cluster running and no temp folder',
  async (mode) => {
    const ended = await endsBadly(mode);
    expect(ended.code === 0 && ended.signal === null).toBe(false);
    expect(existsSync(ended.dir)).toBe(false);
    expect(await serverAnswers(ended.url)).toBe(false);
  },
  60_000,
);
