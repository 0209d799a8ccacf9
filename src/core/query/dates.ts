import { accept, isAbsent, reject, shown, type FieldCheck } from './field';

export const MIN_BIRTH_DATE = '1900-01-01';
/** Start of the company register's history; the service's default for edrchangesfrom. */
export const MIN_EDR_CHANGES_DATE = '1991-08-24';

const DAY_MS = 86_400_000;
/** 9999-12-31, the last date Excel can show. */
const EXCEL_MAX_SERIAL = 2_958_465;
/** Serial of 1900-02-29, a day that never existed: Excel keeps Lotus 1-2-3's leap-year bug. */
const EXCEL_FAKE_LEAP_DAY = 60;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function isoOf(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Does year-month-day name a day of the Gregorian calendar (rejects 1990-02-31)? */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  const probe = new Date(Date.UTC(2000, month - 1, day));
  probe.setUTCFullYear(year);
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

function isoOfUtcMs(ms: number): string {
  const d = new Date(ms);
  return isoOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** Whole days from Excel's day 0 (1900-01-00) to the true date, correcting for the fake leap day. */
function excelDayToUtcMs(day: number): number {
  const trueDays = day < EXCEL_FAKE_LEAP_DAY ? day : day - 1;
  return Date.UTC(1899, 11, 31) + trueDays * DAY_MS;
}

/**
 * A workbook counts days from 1900 or, with Options → "Use 1904 date system" (long Excel for Mac's
 * default), from 1904-01-01; Office.js hands a date cell over as a serial in the workbook's own
 * system and does not say which. The CLI's files are read by exceljs, which knows.
 */
export type DateSystem = 1900 | 1904;
/** A 1904-system serial plus this is the 1900-system serial of the same day. */
const DAYS_1904_AFTER_1900 = 1462;

/** A serial of either system as the 1900 system's day number; the fraction is kept. */
function as1900(serial: number, system: DateSystem): number {
  return system === 1904 ? serial + DAYS_1904_AFTER_1900 : serial;
}

/**
 * Date of an Excel serial number in the workbook's date system (1900 unless told); the fractional
 * part (time of day) is ignored. Null for serials outside the system's first day..9999-12-31 and
 * for the 1900 system's 60, Excel's non-existent 1900-02-29.
 */
export function excelSerialToIsoDate(serial: number, system: DateSystem = 1900): string | null {
  if (!Number.isFinite(serial)) return null;
  if (system === 1904 && serial < 0) return null;
  const day = Math.floor(as1900(serial, system));
  if (day < 1 || day > EXCEL_MAX_SERIAL || day === EXCEL_FAKE_LEAP_DAY) return null;
  return isoOfUtcMs(excelDayToUtcMs(day));
}

/** Today's date on the user's clock, which is what "in the future" means to the person typing. */
export function localIsoDate(now: Date): string {
  return isoOf(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/**
 * A date-only JS Date is midnight somewhere: exceljs and JSON give UTC midnight, a Date built
 * in the UI gives local midnight. Taking UTC parts for an exact UTC midnight and local parts
 * otherwise yields the intended calendar day in either case, in any time zone.
 */
function isoOfJsDate(date: Date): string {
  const utcMidnight =
    date.getUTCHours() === 0 &&
    date.getUTCMinutes() === 0 &&
    date.getUTCSeconds() === 0 &&
    date.getUTCMilliseconds() === 0;
  return utcMidnight ? isoOfUtcMs(date.getTime()) : localIsoDate(date);
}

const ISO_FORM = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;
// "12. 04. 1967": a space after each dot, as Ukrainian typesetting rules also allow.
const DOTTED_FORM = /^(\d{1,2})\. ?(\d{1,2})\. ?(\d{4})(?: \d{1,2}:\d{2}(?::\d{2})?)?$/;
// A four-digit year first leaves no doubt which part is the day: "1967.04.12".
const YEAR_FIRST_DOTTED_FORM = /^(\d{4})\.(\d{1,2})\.(\d{1,2})$/;
/**
 * Ukrainian and Russian documents write the year's word after a date: "р.", "року", "г.", "года";
 * a birth date often as "р.н." / "р. н." (рік народження) or "г.р." (года рождения). Also read
 * after a date written in a name's cell (./name-with-date.ts).
 */
export const BIRTH_YEAR_WORDS = String.raw`р\.\s?н\.?|г\.\s?р\.?`;
export const YEAR_WORDS = String.raw`${BIRTH_YEAR_WORDS}|р\.?|року|г\.?|года`;
const YEAR_WORD = new RegExp(String.raw`(?<=\d)\s*(?:${YEAR_WORDS})$`, 'iu');

/**
 * A month named in words, as passports, declarations and court papers write a date: each month's
 * first three letters in Ukrainian, Russian and English ("12 квітня 1967", "12 апреля 1967 г.",
 * "April 12, 1967"), which no two months share. A named month leaves no doubt which number is the day.
 */
const MONTH_STEMS = [
  'січлютберквітрачерлипсервержовлисгру',
  'янвфевмарапрмаяиюниюлавгсеноктноядек',
  'janfebmaraprmayjunjulaugsepoctnovdec',
];

function monthOf(word: string): number | undefined {
  const stem = word.slice(0, 3).toLowerCase();
  if (stem.length < 3) return undefined;
  for (const stems of MONTH_STEMS) {
    for (let at = 0; at < stems.length; at += 3) if (stems.startsWith(stem, at)) return at / 3 + 1;
  }
  return undefined;
}

const DAY_MONTH_YEAR = /^(\d{1,2})\.?\s+(\p{L}+)\.?,?\s+(\d{4})$/u;
const MONTH_DAY_YEAR = /^(\p{L}+)\.?\s+(\d{1,2}),?\s+(\d{4})$/u;

function partsInWords(text: string): [number, number, number] | null {
  const dayFirst = DAY_MONTH_YEAR.exec(text);
  const monthFirst = dayFirst ? null : MONTH_DAY_YEAR.exec(text);
  const [day, word, year] = dayFirst
    ? [dayFirst[1], dayFirst[2], dayFirst[3]]
    : monthFirst
      ? [monthFirst[2], monthFirst[1], monthFirst[3]]
      : [];
  const month = word === undefined ? undefined : monthOf(word);
  return month === undefined ? null : [Number(year), month, Number(day)];
}

function partsOf(text: string): [number, number, number] | null {
  const iso = ISO_FORM.exec(text) ?? YEAR_FIRST_DOTTED_FORM.exec(text);
  if (iso) return [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  const dotted = DOTTED_FORM.exec(text);
  if (dotted) return [Number(dotted[3]), Number(dotted[2]), Number(dotted[1])];
  return partsInWords(text);
}

type Parsed =
  | { iso: string; shown: string }
  | {
      error:
        'field.date.format' | 'field.date.impossible' | 'field.date.serial' | 'field.date.yearOnly' | 'field.type.date';
      shown: string;
    };

/**
 * A birth year alone ("Рік народження": 1967, "1967 р."). As a cell number it is also Excel's
 * serial of a day in 1905, a date no client has: sent, it would be a wrong birth date that can
 * make a true hit Low. The service compares full dates only, so the year is refused, saying so.
 */
function yearOnly(value: number | string): boolean {
  const year = typeof value === 'number' ? value : /^\d{4}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(year) && year >= 1900 && year <= 2100;
}

function parseDateValue(value: unknown, system: DateSystem): Parsed {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return { error: 'field.date.format', shown: 'Invalid Date' };
    const iso = isoOfJsDate(value);
    return { iso, shown: iso };
  }
  if (typeof value === 'number') {
    if (yearOnly(value)) return { error: 'field.date.yearOnly', shown: String(value) };
    const iso = excelSerialToIsoDate(value, system);
    if (iso !== null) return { iso, shown: iso };
    if (system === 1900 && Math.floor(value) === EXCEL_FAKE_LEAP_DAY) {
      return { error: 'field.date.impossible', shown: '1900-02-29' };
    }
    return { error: 'field.date.serial', shown: shown(value) };
  }
  if (typeof value !== 'string') return { error: 'field.type.date', shown: shown(value) };
  const text = value.trim().replace(YEAR_WORD, '');
  if (yearOnly(text)) return { error: 'field.date.yearOnly', shown: text };
  const parts = partsOf(text);
  if (!parts) return { error: 'field.date.format', shown: shown(text) };
  if (!isRealDate(...parts)) return { error: 'field.date.impossible', shown: shown(text) };
  return { iso: isoOf(...parts), shown: shown(text) };
}

export interface DateRules {
  field?: string;
  /** Reference for "in the future"; default the current time. */
  now?: Date;
  /** Earliest allowed date, YYYY-MM-DD; default 1900-01-01. */
  min?: string;
  /** How a number is read as a date: the workbook's date system; default 1900. */
  dateSystem?: DateSystem;
}

/**
 * A calendar date as YYYY-MM-DD from YYYY-MM-DD, DD.MM.YYYY (also D.M.YYYY and YYYY.MM.DD), a
 * day with its month in words ("12 квітня 1967"), any of them followed by the year's word ("р.",
 * "року"), a JS Date or an Excel serial number. Rejects impossible dates, dates before
 * `min` and dates after today.
 */
export function normalizeDate(value: unknown, rules: DateRules = {}): FieldCheck<string> {
  const field = rules.field ?? 'date';
  if (isAbsent(value)) return accept(undefined);
  const parsed = parseDateValue(value, rules.dateSystem ?? 1900);
  if ('error' in parsed) return reject(field, parsed.error, { value: parsed.shown });
  const min = rules.min ?? MIN_BIRTH_DATE;
  if (parsed.iso < min) return reject(field, 'field.date.tooEarly', { value: parsed.shown, min });
  if (parsed.iso > localIsoDate(rules.now ?? new Date())) {
    return reject(field, 'field.date.future', { value: parsed.shown });
  }
  return accept(parsed.iso);
}

function dateTimeOf(year: number, month: number, day: number, hour: number, minute: number, second: number): string {
  return `${isoOf(year, month, day)} ${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

const DATETIME_FORM = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * When the caller built the request, `YYYY-MM-DD hh:mm:ss` on the caller's clock. A JS Date is
 * formatted in local time; an Excel serial keeps its time of day.
 */
export function normalizeDateTime(
  value: unknown,
  field = 'DateRequest',
  system: DateSystem = 1900,
): FieldCheck<string> {
  if (isAbsent(value)) return accept(undefined);
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return reject(field, 'field.datetime.format', { value: 'Invalid Date' });
    const d = value;
    return accept(
      dateTimeOf(d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()),
    );
  }
  if (typeof value === 'number') {
    if (excelSerialToIsoDate(value, system) === null) {
      return reject(field, 'field.date.serial', { value: shown(value) });
    }
    const serial = as1900(value, system);
    const day = Math.floor(serial);
    const seconds = Math.round((serial - day) * 86_400);
    const d = new Date(excelDayToUtcMs(day) + seconds * 1000);
    return accept(
      dateTimeOf(
        d.getUTCFullYear(),
        d.getUTCMonth() + 1,
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
        d.getUTCSeconds(),
      ),
    );
  }
  if (typeof value !== 'string') return reject(field, 'field.type.date', { value: shown(value) });
  const text = value.trim();
  const m = DATETIME_FORM.exec(text);
  if (!m) return reject(field, 'field.datetime.format', { value: shown(text) });
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  if (!isRealDate(year, month, day) || hour > 23 || minute > 59 || second > 59) {
    return reject(field, 'field.datetime.impossible', { value: shown(text) });
  }
  return accept(dateTimeOf(year, month, day, hour, minute, second));
}
