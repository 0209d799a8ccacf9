import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * A command line whose event loop empties while the command is still pending (a bug: a promise
 * nothing will settle) must not exit 0, which a scheduled export's script reads as success.
 */

const CHILD = join(__dirname, 'cli-stall-child.ts');

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
