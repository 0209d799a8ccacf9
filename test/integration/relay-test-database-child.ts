// A test process that starts a throwaway database and then ends badly, as argv[2] says:
// `throw` (an uncaught error), `exit` (process.exit(1) with no teardown), `signal` (waits for SIGTERM/SIGINT).
// relay-test-database.test.ts checks that nothing of the cluster is left behind.
import { startTestDatabase } from './relay-support';

async function main(): Promise<void> {
  const db = await startTestDatabase();
  process.stdout.write(`${JSON.stringify({ dir: db.dir, url: db.url })}\n`);
  const mode = process.argv[2];
  if (mode === 'throw') {
    setImmediate(() => {
      throw new Error('a failing test run');
    });
  } else if (mode === 'exit') process.exit(1);
  else setInterval(() => undefined, 1_000);
}

void main();
