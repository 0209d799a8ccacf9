import { Fnv2x32, fnv1a32, hashKey } from '../../src/core/cache/fnv';
import { isJsonObject, parseJson } from '../../src/core/text/json';
import { DEFAULT_RETRY_POLICY, isRetryableStatus } from '../../src/core/request/retry';
import { deadlineSignal, delay, withTimeout } from '../../src/core/request/timing';
import { fingerprintRows } from '../../src/bulk/state';
import { deriveSeed } from '../../src/sandbox/prng';

describe('FNV-1a, written once', () => {
  it('keeps the numbers every stored cache key, run fingerprint and sandbox stream was made with', () => {
    // Values from the three copies this module replaced: a change here orphans saved state.
    expect(hashKey('')).toBe('811c9dc501000193');
    expect(hashKey('peps|Іваненко Іван|1980-01-01')).toBe('5582ef7be1eb3f6e');
    expect(
      fingerprintRows(
        ['name', 'date'],
        [
          ['Іван', 1980],
          [null, true],
        ],
      ),
    ).toBe('5feb2c9f15d1db20:2');
    expect(deriveSeed(42, 'peps')).toBe(4288127857);
    expect(deriveSeed(0xffffffff, 'psanctions')).toBe(1688423212);
  });

  it('gives the same digest fed whole or in pieces', () => {
    expect(new Fnv2x32().update('ab').update('c').hex()).toBe(new Fnv2x32().update('abc').hex());
    expect(fnv1a32('a')).toBe(0xe40c292c); // the published FNV-1a 32-bit test vector
  });
});

describe('parseJson', () => {
  it('returns undefined, never throws, for no text or text that is not JSON', () => {
    expect(parseJson(null)).toBeUndefined();
    expect(parseJson('')).toBeUndefined();
    expect(parseJson('{"tokken": "secret"')).toBeUndefined();
    expect(parseJson('null')).toBeNull();
    expect(parseJson('{"a":[1]}')).toEqual({ a: [1] });
  });

  it('tells a JSON object from null, arrays and scalars', () => {
    expect([{}, null, [], 1, 'x'].map(isJsonObject)).toEqual([true, false, false, false, false]);
  });
});

describe('retry statuses as policy data', () => {
  it('retries 408 and every 5xx, and takes the service (or the relay, 429) at its word on other 4xx', () => {
    const retried = [200, 400, 401, 403, 404, 408, 413, 429, 500, 502, 503, 599].filter((s) =>
      isRetryableStatus(DEFAULT_RETRY_POLICY, s),
    );
    expect(retried).toEqual([408, 500, 502, 503, 599]);
    expect(isRetryableStatus({ ...DEFAULT_RETRY_POLICY, retryStatuses: [503] }, 500)).toBe(false);
  });
});

describe('timing', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("delay resolves after its time and rejects at once on an abort, with the caller's error", async () => {
    let done = false;
    const waited = delay(100).then(() => (done = true));
    await jest.advanceTimersByTimeAsync(99);
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await waited;
    expect(done).toBe(true);

    const controller = new AbortController();
    const cut = delay(10_000, controller.signal, () => new RangeError('stopped'));
    controller.abort();
    await expect(cut).rejects.toThrow(RangeError);
    await expect(delay(1, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(jest.getTimerCount()).toBe(0);
  });

  it("withTimeout gives the work's result in time, else what onTimeout returns or throws, and clears its timer", async () => {
    await expect(withTimeout(Promise.resolve('answer'), 50, () => 'late')).resolves.toBe('answer');
    expect(jest.getTimerCount()).toBe(0);
    const never = new Promise<string>(() => undefined);
    const late = withTimeout(never, 50, () => 'late');
    await jest.advanceTimersByTimeAsync(50);
    await expect(late).resolves.toBe('late');
    const thrown = withTimeout(never, 50, () => {
      throw new TypeError('no answer in time');
    });
    const settled = expect(thrown).rejects.toThrow(TypeError);
    await jest.advanceTimersByTimeAsync(50);
    await settled;
  });

  it('deadlineSignal aborts on its timeout or its caller, and says which', async () => {
    const byTime = deadlineSignal(30);
    // Nothing runs before start: the attempt starts it once its request is handed over.
    await jest.advanceTimersByTimeAsync(100);
    expect([byTime.signal.aborted, jest.getTimerCount()]).toEqual([false, 0]);
    byTime.start();
    byTime.start();
    expect(jest.getTimerCount()).toBe(1);
    await jest.advanceTimersByTimeAsync(29);
    expect(byTime.signal.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect([byTime.signal.aborted, byTime.timedOut()]).toEqual([true, true]);

    const caller = new AbortController();
    const byCaller = deadlineSignal(30, caller.signal);
    byCaller.start();
    caller.abort();
    expect([byCaller.signal.aborted, byCaller.timedOut()]).toEqual([true, false]);
    byCaller.clear();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('deadlineSignal counts a cancel that came before start', () => {
    const caller = new AbortController();
    const late = deadlineSignal(30, caller.signal);
    caller.abort();
    expect(late.signal.aborted).toBe(false);
    late.start();
    expect([late.signal.aborted, late.timedOut()]).toEqual([true, false]);
    late.clear();
    expect(jest.getTimerCount()).toBe(0);
  });
});
