/**
 * dateResponse as the document gives it (`YYYY-MM-DD hh:mm:ss`) or ISO-like with milliseconds
 * (`2024-03-15T10:22:33.123`, optionally with `Z` or an offset) as real answers carry it.
 * Without a zone the time is the service's wall-clock time, read as local time of the caller
 * (the service and its users are both in Ukraine); with a zone the zone is honoured.
 */
const SERVICE_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

export function parseServiceDate(s?: string): Date | undefined {
  if (typeof s !== 'string') return undefined;
  const match = SERVICE_DATE.exec(s.trim());
  if (!match) return undefined;
  const [, y, mo, d, h = '0', mi = '0', sec = '0', frac = '', zone] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(sec);
  const ms = frac ? Math.floor(Number(`0.${frac}`) * 1000) : 0;
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return undefined;
  if (zone) {
    let offsetMinutes = 0;
    if (zone.toUpperCase() !== 'Z') {
      const digits = zone.replace(':', '');
      const sign = digits.startsWith('-') ? -1 : 1;
      offsetMinutes = sign * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
    }
    return new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms) - offsetMinutes * 60_000);
  }
  return new Date(year, month - 1, day, hour, minute, second, ms);
}
