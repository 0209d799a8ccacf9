import { isRealDate } from '../core/query/dates';
import { kyivMoment } from '../core/text/kyiv-time';

/**
 * A bound of an audit or decision export (`--from`, `--to`, `--since`, `?since=`), read strictly.
 * `new Date(text)` would take 01.11.2026 (how a Ukrainian writes 1 November) for 11 January,
 * roll 2026-02-31 over to 3 March and read "12" as December 2001: an export silently of the wrong
 * months. Only these are read, anything else is refused:
 * - a day, YYYY-MM-DD or DD.MM.YYYY: its start on Kyiv's clock, or with `endOfDay` the start of
 *   the next day, so that "--to 2026-03-31" includes the 31st;
 * - a moment, YYYY-MM-DDThh:mm[:ss[.fff]] (or a space for the T), on Kyiv's clock unless it ends with
 *   Z or ±hh:mm.
 * Kyiv's, not UTC's: the analysts and the inspector count days by it, and the readable workbooks and
 * certificates show it. With UTC days, "March" lost its first two hours and gained 1 April's first three.
 */
const DAY_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_DOTTED = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const MOMENT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

function zoneMinutes(zone: string | undefined): number | null {
  if (!zone || zone.toUpperCase() === 'Z') return 0;
  const hours = Number(zone.slice(1, 3));
  const minutes = Number(zone.slice(-2));
  if (hours > 14 || minutes > 59) return null;
  return (zone[0] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

export function parseTimeBound(text: string, options: { endOfDay?: boolean } = {}): Date | null {
  const value = text.trim();
  const day = DAY_ISO.exec(value);
  const dotted = day ? null : DAY_DOTTED.exec(value);
  if (day || dotted) {
    const [year, month, date] = day
      ? [Number(day[1]), Number(day[2]), Number(day[3])]
      : [Number(dotted![3]), Number(dotted![2]), Number(dotted![1])];
    if (!isRealDate(year, month, date)) return null;
    // Day 32 of a month is the 1st of the next: Date.UTC carries it over.
    return kyivMoment(new Date(Date.UTC(year, month - 1, date + (options.endOfDay ? 1 : 0))));
  }
  const m = MOMENT.exec(value);
  if (!m) return null;
  const [year, month, date, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  const offset = zoneMinutes(m[8]);
  if (!isRealDate(year, month, date) || hour > 23 || minute > 59 || second > 59 || offset === null) return null;
  const ms = Number((m[7] ?? '0').padEnd(3, '0'));
  const wall = Date.UTC(year, month - 1, date, hour, minute, second, ms);
  return m[8] === undefined ? kyivMoment(new Date(wall)) : new Date(wall - offset * 60_000);
}
