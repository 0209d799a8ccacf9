import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The command line as a process: it must not exit 0 while its command is still pending (a bug: a
 * promise nothing will settle), which a scheduled export's script reads as success; and it stops
 * quietly when the program reading its output goes away (`| head`), as a shell tool does.
 */

const CHILD = join(__dirname, 'cli-process-child.ts');

function run(mode: 'guarded' | 'bare') {
  return spawnSync(process.execPath, ['--import', 'tsx', CHILD, mode], { encoding: 'utf8', timeout: 30_000 });
}

test('a command left waiting on nothing exits 1 and says so, where Node alone would exit 0', () => {
  const guarded = run('guarded');
  expect(guarded.status).toBe(1);
  expect(guarded.stderr).toBe(
    'Внутрішня помилка: команда зупинилася, не завершившись, і нічого з того, що вона записувала, не завершено.\n',
  );
  // What the guard is for.
  expect(run('bare').status).toBe(0);
}, 60_000);

test('a reader that stops reading part way ends the command quietly with 141, not an EPIPE stack', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, 'pipe'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  child.stdout.destroy();
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  expect([code, stderr]).toEqual([141, '']);
}, 60_000);
