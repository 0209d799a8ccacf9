/**
 * Birth dates as the service's records give them, and how close two of them are: what "why this
 * hit" needs to tell a namesake from a client whose date was typed with a slip.
 */

export interface RecordDate {
  shown: string;
  year: number;
  /** Absent for a year alone. */
  month?: number;
  day?: number;
}

/**
 * A record's birth date in the forms the service gives: YYYY-MM-DD (with a time after it, too),
 * DD.MM.YYYY, or YYYY alone when only the year is known.
 */
export function parseRecordDate(text: string): RecordDate | null {
  const s = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/.exec(s);
  if (m) return { shown: s.slice(0, 10), year: +m[1], month: +m[2], day: +m[3] };
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?: .*)?$/.exec(s);
  if (m) return { shown: s.split(' ')[0], year: +m[3], month: +m[2], day: +m[1] };
  m = /^(\d{4})(?:\s*(?:р\.?|рік|year))?$/i.exec(s);
  if (m) return { shown: m[1], year: +m[1] };
  return null;
}

type Ymd = readonly [number, number, number];

function digitsOf([y, m, d]: Ymd): string {
  return `${String(y).padStart(4, '0')}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}`;
}

/**
 * Two different full dates a slip apart: a single digit of YYYYMMDD mistyped (1967-04-12 and
 * 1967-04-13, 1967 and 1997), two neighbouring digits swapped (1967 and 1976), or one calendar day
 * apart (a date kept as midnight in another zone, 30.04 and 01.05). A namesake's date is rarely so
 * close, while a client's date typed once by hand often is: dismissing a sanctions hit on such a
 * difference is the costly mistake, so it is left to the analyst.
 */
export function nearDates(a: Ymd, b: Ymd): boolean {
  const x = digitsOf(a);
  const y = digitsOf(b);
  const diff: number[] = [];
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) diff.push(i);
  if (diff.length === 1) return true;
  const [i, j] = diff;
  if (diff.length === 2 && j === i + 1 && x[i] === y[j] && x[j] === y[i]) return true;
  const days = Math.abs(Date.UTC(a[0], a[1] - 1, a[2]) - Date.UTC(b[0], b[1] - 1, b[2])) / 86_400_000;
  return days === 1;
}
