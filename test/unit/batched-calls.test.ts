import { BatchedCalls } from '../../src/relay/store/batched-calls';

/** A statement that is "on the wire" until released, recording what each one carried. */
function recordingRun() {
  const batches: string[][] = [];
  const releases: (() => void)[] = [];
  const run = (inputs: string[]) => {
    batches.push(inputs);
    return new Promise<string[]>((resolve) => releases.push(() => resolve(inputs.map((i) => i.toUpperCase()))));
  };
  const releaseNext = async () => {
    releases.shift()?.();
    await new Promise((r) => setImmediate(r));
  };
  return { batches, run, releaseNext };
}

it('calls made while a statement is on its way go together in the next one, each answered for itself', async () => {
  const { batches, run, releaseNext } = recordingRun();
  const calls = new BatchedCalls(run);
  const first = calls.call('a');
  const rest = [calls.call('b'), calls.call('c'), calls.call('d')];
  expect(batches).toEqual([['a']]);
  await releaseNext();
  expect(batches).toEqual([['a'], ['b', 'c', 'd']]);
  await releaseNext();
  expect(await first).toBe('A');
  expect(await Promise.all(rest)).toEqual(['B', 'C', 'D']);
});

it('at most maxBatch calls per statement; a failed statement fails its own calls only', async () => {
  const batches: number[][] = [];
  const calls = new BatchedCalls(
    async (inputs: number[]) => {
      batches.push(inputs);
      if (inputs.includes(3)) throw new Error('the database went away');
      return inputs.map((i) => i * 10);
    },
    { maxBatch: 2 },
  );
  const results = await Promise.allSettled([1, 2, 3, 4, 5].map((i) => calls.call(i)));
  expect(batches).toEqual([[1], [2, 3], [4, 5]]);
  expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([10, 'failed', 'failed', 40, 50]);
});
