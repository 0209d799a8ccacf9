import { AccountError, CancelledError } from '../../src/core/protocol/errors';
import { QUEUE_BACKSTOP_MS, settle } from '../../src/functions/evaluate';

/**
 * Every worksheet function's work goes through settle(): a value or a cell error, in bounded time.
 * A cell Excel waits on for ever shows #BUSY! until the workbook is closed, so the limit is the
 * promise, and which moment it counts from decides whether a long queue times out cells that never
 * reached the service.
 */

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** Work that runs until its signal aborts, as a request does, reporting the signal and, when asked, that it left. */
function hanging(sendAfterMs?: number) {
  const seen: { signal: AbortSignal | null } = { signal: null };
  const work = (signal: AbortSignal, sent: () => void) =>
    new Promise<string>((_, reject) => {
      seen.signal = signal;
      signal.addEventListener('abort', () => reject(new CancelledError()), { once: true });
      if (sendAfterMs !== undefined) setTimeout(sent, sendAfterMs);
    });
  return { work, seen };
}

it('gives a cell whose work hangs a timeout error in the display language, and aborts the work', async () => {
  const { work, seen } = hanging();
  let settled: unknown = null;
  void settle(() => 'uk', 5_000, work).then((value) => (settled = value));
  await jest.advanceTimersByTimeAsync(4_999);
  expect(settled).toBeNull();
  expect(seen.signal?.aborted).toBe(false);
  await jest.advanceTimersByTimeAsync(1);
  expect(settled).toEqual({
    kind: 'na',
    message: 'Немає відповіді за 5 с. Перерахуйте клітинку, щоб спробувати ще раз.',
  });
  expect(seen.signal?.aborted).toBe(true);
});

it('counts the limit from the request leaving, not from the queue, when asked to', async () => {
  // Queued for 40 s behind other cells, then sent: the 5 s limit starts then.
  const { work } = hanging(40_000);
  let settled: unknown = null;
  void settle(() => 'en', 5_000, work, undefined, { fromSent: true }).then((value) => (settled = value));
  await jest.advanceTimersByTimeAsync(44_999);
  expect(settled).toBeNull();
  await jest.advanceTimersByTimeAsync(1);
  expect(settled).toEqual({ kind: 'na', message: 'No answer within 5 s. Recalculate the cell to try again.' });
});

it('still ends a queued cell whose request never leaves, at the backstop', async () => {
  const { work, seen } = hanging();
  let settled: unknown = null;
  void settle(() => 'en', 5_000, work, undefined, { fromSent: true }).then((value) => (settled = value));
  await jest.advanceTimersByTimeAsync(QUEUE_BACKSTOP_MS - 1);
  expect(settled).toBeNull();
  await jest.advanceTimersByTimeAsync(1);
  expect(settled).toMatchObject({ kind: 'na' });
  expect(seen.signal?.aborted).toBe(true);
});

it("passes Excel's cancel on to the work and turns what the work throws into the cell's error", async () => {
  const cancel = new AbortController();
  const { work, seen } = hanging();
  const cancelled = settle(() => 'en', 5_000, work, cancel.signal);
  await jest.advanceTimersByTimeAsync(0);
  cancel.abort();
  expect(seen.signal?.aborted).toBe(true);
  expect(await cancelled).toEqual({ kind: 'na', message: new CancelledError().text.en });

  const refused = await settle(
    () => 'en',
    5_000,
    () => Promise.reject(new AccountError(11, 403, 'quota')),
  );
  expect(refused).toEqual({ kind: 'na', message: new AccountError(11, 403, '').text.en });
  // A value in time is the value, and no timer is left behind to fire later.
  expect(
    await settle(
      () => 'en',
      5_000,
      () => Promise.resolve(42),
    ),
  ).toBe(42);
  expect(jest.getTimerCount()).toBe(0);
});
