import { exitOnStall, processIo } from '../../src/cli/main';
import { writeOut } from '../../src/cli/io';

/**
 * The command line's process-wide guards, in a process of their own (cli-process.test.ts):
 * - "guarded" / "bare": a command that awaits what nothing will settle, as a stream that never
 *   finishes would; with the guard the process says so and exits 1, without it Node exits 0;
 * - "pipe": a command writing a long export to stdout, whose reader goes away part way.
 */
const mode = process.argv[2];
if (mode === 'pipe') {
  const io = processIo();
  const line = `${'x'.repeat(999)}\n`;
  void (async () => {
    for (;;) await writeOut(io.stdout, line);
  })();
} else {
  if (mode === 'guarded') exitOnStall(['--lang', 'uk'], process);
  void new Promise(() => undefined);
}
