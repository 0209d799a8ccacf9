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

/**
 * The moment Kyiv's clock reads `wallClock`, a Date whose UTC fields hold the wall time: the inverse
 * of `kyivWallClock`. A time summer time skips (03:00–03:59 on its last Sunday of March) is read as
 * the clock reads it an hour on, and one it repeats (the last Sunday of October) as the first of the
 * two: as Temporal's "compatible" does.
 */
export function kyivMoment(wallClock: Date): Date {
  const wall = wallClock.getTime();
  const offsetAt = (at: number) => kyivWallClock(new Date(at)).getTime() - at;
  // The offsets in force half a day either side: every wall time maps to one of them, or falls in the gap between.
  const before = offsetAt(wall - 12 * HOUR_MS);
  const after = offsetAt(wall + 12 * HOUR_MS);
  for (const offset of [Math.max(before, after), Math.min(before, after)]) {
    if (offsetAt(wall - offset) === offset) return new Date(wall - offset);
  }
  return new Date(wall - before);
}
