import { BLOCKING_LIMIT_MS, FlushPace } from '../../src/relay/flush-pace';

/** When the evidence spool blocks the event loop for its write, and when it hands it to the thread pool. */

function paced(limitMs?: number) {
  let now = 0;
  const pace = new FlushPace(limitMs, () => now);
  return { pace, advance: (ms: number) => (now += ms) };
}

it('a disk that flushes fast keeps every write on the event loop', () => {
  const { pace, advance } = paced();
  for (let i = 0; i < 1000; i++) {
    expect(pace.blocking).toBe(true);
    pace.took(0.2);
    advance(1);
  }
});

it('one flush far over the limit sends the writes to the thread pool for a second, then they are measured again', () => {
  const { pace, advance } = paced();
  pace.took(0.2);
  pace.took(BLOCKING_LIMIT_MS * 5);
  expect(pace.blocking).toBe(false);
  advance(999);
  expect(pace.blocking).toBe(false);
  advance(1);
  expect(pace.blocking).toBe(true);
  // Measured afresh: one fast flush does not send them back.
  pace.took(0.2);
  expect(pace.blocking).toBe(true);
});

it('a disk steadily a little over the limit moves within a few flushes; one a little under never does', () => {
  const slow = paced();
  let flushes = 0;
  while (slow.pace.blocking && flushes < 100) {
    slow.pace.took(BLOCKING_LIMIT_MS * 1.5);
    flushes++;
  }
  expect(flushes).toBeGreaterThan(1);
  expect(flushes).toBeLessThanOrEqual(5);
  const fast = paced();
  for (let i = 0; i < 100; i++) fast.pace.took(BLOCKING_LIMIT_MS * 0.9);
  expect(fast.pace.blocking).toBe(true);
});

it('a limit of 0 puts every write on the thread pool', () => {
  const { pace } = paced(0);
  expect(pace.blocking).toBe(false);
});
