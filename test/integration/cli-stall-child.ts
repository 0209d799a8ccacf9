import { exitOnStall } from '../../src/cli/main';

/**
 * A command that awaits what nothing will settle (cli-stall.test.ts), as a stream that never
 * finishes would: with the guard, the process says so and exits 1; without it, Node exits 0.
 */
if (process.argv[2] === 'guarded') exitOnStall(['--lang', 'uk'], process);
void new Promise(() => undefined);
