import { oneAtATime } from '../../src/relay/one-at-a-time';

/** The relay's line for laying out certificates: each piece starts when the one before has ended. */

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

it('starts each piece only after the one before has ended, in the order given, and gives each its own result', async () => {
  const line = oneAtATime();
  const events: string[] = [];
  const gates = [deferred(), deferred(), deferred()];
  const pieces = gates.map((gate, i) =>
    line(async () => {
      events.push(`start ${i}`);
      await gate.promise;
      events.push(`end ${i}`);
      return i * 10;
    }),
  );
  await new Promise((resolve) => setImmediate(resolve));
  expect(events).toEqual(['start 0']);
  // The last is let go first: it still waits for the two before it.
  gates[2].resolve();
  gates[0].resolve();
  await pieces[0];
  await new Promise((resolve) => setImmediate(resolve));
  expect(events).toEqual(['start 0', 'end 0', 'start 1']);
  gates[1].resolve();
  expect(await Promise.all(pieces)).toEqual([0, 10, 20]);
  expect(events).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2']);
});

it('a piece that fails fails alone: the next still runs, and a line of its own is not held by another', async () => {
  const line = oneAtATime();
  const failing = deferred();
  const first = line(() => failing.promise);
  const second = line(async () => 'second');
  const other = oneAtATime();
  expect(await other(async () => 'independent')).toBe('independent');
  failing.reject(new Error('layout failed'));
  await expect(first).rejects.toThrow('layout failed');
  expect(await second).toBe('second');
});
