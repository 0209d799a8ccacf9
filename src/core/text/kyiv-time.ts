/**
 * Time as a Ukrainian compliance officer reads it: Kyiv's wall clock, summer time included. The
 * certificate, and the record's readable workbooks, show it beside (or instead of) the UTC the
 * relay keeps.
 */

const HOUR_MS = 3_600_000;
const offsets = new Map<number, number>();
const kyivParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Kyiv',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/**
 * Kyiv's wall clock at `at`, as a Date whose UTC fields hold it: Excel's dates have no time zone,
 * and a spreadsheet sorts and filters a date where it could not a text. The offset changes only on
 * an hour (summer time), so one lookup per hour serves a million rows.
 */
export function kyivWallClock(at: Date): Date {
  const hour = Math.floor(at.getTime() / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const start = new Date(hour * HOUR_MS);
    const parts = kyivParts.formatToParts(start);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
    offset = wall - start.getTime();
    if (offsets.size > 10_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return new Date(at.getTime() + offset);
}

/** "2026-04-01 03:00:00": a moment as Kyiv's clock reads it. */
export function kyivTime(at: Date): string {
  return kyivWallClock(at).toISOString().slice(0, 19).replace('T', ' ');
}
