/**
 * A line of work in which each piece starts only when the one before has ended, failed or not.
 * The relay lays certificates out in one: pdfkit's layout is synchronous between the yields, so
 * two samples made side by side would each hold the event loop in turn, and every analyst's search
 * would wait through both. In line, a search waits at most one certificate's layout.
 */
export function oneAtATime(): <T>(work: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = last.then(work, work);
    last = run.catch(() => undefined);
    return run;
  };
}
