import { FlushPace, SLOW_FLUSH_MS, SLOW_IN_A_ROW, THREAD_POOL_MS } from '../../src/relay/flush-pace';

/** When the evidence spool blocks the event loop for its write, and when it hands it to the thread pool. */

function paced(mayBlock?: boolean) {
  let now = 0;
  const pace = new FlushPace(mayBlock, () => now);
  return { pace, advance: (ms: number) => (now += ms) };
}

it('a disk that flushes fast keeps every write on the event loop, whatever a slow moment costs now and then', () => {
  const { pace, advance } = paced();
  for (let i = 0; i < 1000; i++) {
    expect(pace.blocking).toBe(true);
    // Slow moments, even long ones, between fast flushes.
    pace.took(i % (SLOW_IN_A_ROW - 1) === 0 ? 350 : 0.2);
    advance(1);
  }
});

it('slow flushes in a row send the writes to the thread pool for a while, then they are measured again', () => {
  const { pace, advance } = paced();
  for (let i = 1; i < SLOW_IN_A_ROW; i++) pace.took(SLOW_FLUSH_MS + 1);
  expect(pace.blocking).toBe(true);
  pace.took(SLOW_FLUSH_MS + 1);
  expect(pace.blocking).toBe(false);
  advance(THREAD_POOL_MS - 1);
  expect(pace.blocking).toBe(false);
  advance(1);
  expect(pace.blocking).toBe(true);
  // Counted afresh: one more slow flush does not send them back.
  pace.took(SLOW_FLUSH_MS + 1);
  expect(pace.blocking).toBe(true);
});

it('a fast flush among slow ones starts the count again', () => {
  const { pace } = paced();
  for (let round = 0; round < 10; round++) {
    for (let i = 1; i < SLOW_IN_A_ROW; i++) pace.took(SLOW_FLUSH_MS * 3);
    pace.took(SLOW_FLUSH_MS / 2);
  }
  expect(pace.blocking).toBe(true);
});

it('a pace that may not block puts every write on the thread pool', () => {
  expect(paced(false).pace.blocking).toBe(false);
});
