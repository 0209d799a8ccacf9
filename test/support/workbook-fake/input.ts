/**
 * How Excel turns what Range.values / Range.formulas receive into cell content, in the en-US
 * locale the API parses with. This is the part of the fake that catches formula injection, so
 * it errs toward "becomes a formula" wherever Excel does:
 *
 * - "=..."                       formula (documented).
 * - "+..." / "-..."              a number if the whole string is one, otherwise a formula
 *                                "=+..." / "=-..." (documented: "+", "-", "=" start formulas).
 * - "@NAME(..."                  formula "=NAME(..." (Lotus-style entry Excel still accepts when
 *                                typing; not documented for the API, modelled conservatively).
 *                                Any other "@..." stays text.
 * - "'..."                       quote prefix: the rest is stored as text verbatim; the apostrophe
 *                                is not part of the value (values/formulas/text read without it).
 * - cell formatted "@" (Text)    everything is stored as text verbatim, formulas included, and a
 *                                leading apostrophe too: it is kept as a character of the value.
 *                                "Text: Treats the content of a cell as text and displays the
 *                                content exactly as you type it, even when you type numbers",
 *                                https://support.microsoft.com/en-us/office/available-number-formats-in-excel-0afe8f52-97db-41f1-b972-4b46e9f1e8d2 .
 *                                The quote prefix is a rule of typed entry into General cells only.
 * - "TRUE"/"false"               booleans; "#N/A" etc. error values.
 * - "00123", "1,234.5", "1e3", "12%"  numbers (leading zeros lost; % sets format 0%).
 * - "2024-01-05", "2024-01-05 10:30", "1/5/2024"  date serials with a date format.
 * - leading whitespace before "=" keeps the text a text (Excel only looks at the first character).
 * - null (or a non-finite number, which JSON sends as null) leaves the cell unchanged;
 *   "" clears it.
 */
import { FakeOfficeError } from './errors';

export type CellType = 'String' | 'Double' | 'Boolean' | 'Error';

export interface CellContent {
  value: string | number | boolean;
  type: CellType;
  /** "=..." for formula cells, null for constants. */
  formula: string | null;
  /** Stored with Excel's quote prefix (typed as 'text). */
  quotePrefix: boolean;
}

export type InputOutcome =
  { kind: 'skip' } | { kind: 'clear' } | { kind: 'set'; content: CellContent; numberFormat?: string };

export const CELL_TEXT_LIMIT = 32_767;
const ERROR_LITERALS = [
  '#NULL!',
  '#DIV/0!',
  '#VALUE!',
  '#REF!',
  '#NAME?',
  '#NUM!',
  '#N/A',
  '#GETTING_DATA',
  '#SPILL!',
  '#CALC!',
];

const NUMBER_RE = /^\s*[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d*)?(?:[eE][+-]?\d+)?\s*$/;
const PERCENT_RE = /^\s*([+-]?(?:\d+)?(?:\.\d*)?)\s*%\s*$/;
const ISO_DATE_RE = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*$/;
const US_DATE_RE = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/;

function text(value: string, quotePrefix = false): CellContent {
  return { value, type: 'String', formula: null, quotePrefix };
}

function num(value: number): CellContent {
  return { value, type: 'Double', formula: null, quotePrefix: false };
}

function parseNumber(s: string): number | null {
  if (!NUMBER_RE.test(s) || !/\d/.test(s)) return null;
  const n = Number(s.replace(/,/g, '').trim());
  return Number.isFinite(n) ? n : null;
}

/**
 * Day 0 of each date system. "The 1900 date system": serial 1 is 1900-01-01 (with Lotus's
 * 1900-02-29, so from March 1900 on serial 0 sits at 1899-12-30); "the 1904 date system":
 * serial 0 is 1904-01-01, so a serial is 1,462 days smaller for the same date
 * (https://learn.microsoft.com/en-us/office/troubleshoot/excel/1900-and-1904-date-system).
 * Office.js hands a date cell's value over as a serial in the workbook's own system.
 */
export type FakeDateSystem = 1900 | 1904;
const EPOCHS: Record<FakeDateSystem, number> = { 1900: Date.UTC(1899, 11, 30), 1904: Date.UTC(1904, 0, 1) };
const DAY_MS = 86_400_000;

export function dateToSerial(
  [y, m, d]: readonly [number, number, number],
  [hh, mm, ss]: readonly [number, number, number] = [0, 0, 0],
  system: FakeDateSystem = 1900,
): number | null {
  if (m < 1 || m > 12 || d < 1 || d > 31 || hh > 23 || mm > 59 || ss > 59) return null;
  const t = Date.UTC(y, m - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
  if (y < system || y > 9999) return null;
  return (t - EPOCHS[system]) / DAY_MS + (hh * 3600 + mm * 60 + ss) / 86400;
}

export function serialToParts(
  serial: number,
  system: FakeDateSystem = 1900,
): { y: number; m: number; d: number; hh: number; mi: number; ss: number } {
  const whole = Math.floor(serial);
  const date = new Date(EPOCHS[system] + whole * DAY_MS);
  let secs = Math.round((serial - whole) * 86400);
  const hh = Math.floor(secs / 3600);
  secs -= hh * 3600;
  const mi = Math.floor(secs / 60);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate(), hh, mi, ss: secs - mi * 60 };
}

/** Interprets one element of a values/formulas array as Excel would for a cell with this number format. */
export function parseCellInput(input: unknown, numberFormat: string, system: FakeDateSystem = 1900): InputOutcome {
  if (input === null || input === undefined) return { kind: 'skip' };
  if (typeof input === 'number') {
    return Number.isFinite(input) ? { kind: 'set', content: num(input) } : { kind: 'skip' };
  }
  if (typeof input === 'boolean') {
    return { kind: 'set', content: { value: input, type: 'Boolean', formula: null, quotePrefix: false } };
  }
  if (typeof input !== 'string') {
    throw new FakeOfficeError('InvalidArgument', `unsupported cell input of type ${typeof input}`);
  }
  if (input === '') return { kind: 'clear' };
  // Text format first: there the apostrophe is not a prefix but part of the value (see above).
  if (numberFormat === '@') return checked({ kind: 'set', content: text(input) });
  if (input.startsWith("'")) return checked({ kind: 'set', content: text(input.slice(1), true) });
  const first = input[0];
  if (first === '=') {
    if (input.length === 1) throw new FakeOfficeError('InvalidArgument', 'empty formula');
    return formula(input);
  }
  if (first === '+' || first === '-') {
    const n = parseNumber(input);
    if (n !== null) return { kind: 'set', content: num(n) };
    const signedPct = percent(input, numberFormat);
    if (signedPct) return signedPct;
    if (input.length === 1) return { kind: 'set', content: text(input) };
    return formula(`=${input}`);
  }
  if (first === '@' && /^@[A-Za-z_][A-Za-z0-9_.]*\(/.test(input)) return formula(`=${input.slice(1)}`);
  const upper = input.trim().toUpperCase();
  if (ERROR_LITERALS.includes(upper)) {
    return { kind: 'set', content: { value: upper, type: 'Error', formula: null, quotePrefix: false } };
  }
  if (upper === 'TRUE' || upper === 'FALSE') {
    return { kind: 'set', content: { value: upper === 'TRUE', type: 'Boolean', formula: null, quotePrefix: false } };
  }
  const n = parseNumber(input);
  if (n !== null) return { kind: 'set', content: num(n) };
  const pct = percent(input, numberFormat);
  if (pct) return pct;
  const iso = ISO_DATE_RE.exec(input);
  if (iso) {
    const serial = dateToSerial([+iso[1], +iso[2], +iso[3]], [+(iso[4] ?? 0), +(iso[5] ?? 0), +(iso[6] ?? 0)], system);
    if (serial !== null) {
      const fmt = iso[4] !== undefined ? 'yyyy-mm-dd hh:mm' : 'yyyy-mm-dd';
      return { kind: 'set', content: num(serial), numberFormat: numberFormat === 'General' ? fmt : undefined };
    }
  }
  const us = US_DATE_RE.exec(input);
  if (us) {
    const serial = dateToSerial([+us[3], +us[1], +us[2]], undefined, system);
    if (serial !== null) {
      return { kind: 'set', content: num(serial), numberFormat: numberFormat === 'General' ? 'm/d/yyyy' : undefined };
    }
  }
  return checked({ kind: 'set', content: text(input) });
}

function percent(input: string, numberFormat: string): InputOutcome | null {
  const m = PERCENT_RE.exec(input);
  if (!m || !/\d/.test(m[1])) return null;
  return { kind: 'set', content: num(Number(m[1]) / 100), numberFormat: numberFormat === 'General' ? '0%' : undefined };
}

function checked(outcome: InputOutcome): InputOutcome {
  if (
    outcome.kind === 'set' &&
    typeof outcome.content.value === 'string' &&
    outcome.content.value.length > CELL_TEXT_LIMIT
  ) {
    throw new FakeOfficeError('InvalidArgument', `text longer than ${CELL_TEXT_LIMIT} characters`);
  }
  return outcome;
}

function formula(f: string): InputOutcome {
  if (f.length > 8192) throw new FakeOfficeError('InvalidArgument', 'formula longer than 8192 characters');
  const result = evaluateFormula(f);
  return { kind: 'set', content: { ...result, formula: f, quotePrefix: false } };
}

/**
 * Arithmetic formulas (numbers, + - * / ^, parentheses) are computed so "=1+1" reads back 2;
 * anything else reads back #NAME? — the fake is not a calculation engine, and tests only need
 * to see that a formula was created.
 */
export function evaluateFormula(f: string): { value: number | string; type: CellType } {
  const src = f.slice(1);
  let i = 0;
  const peek = (): string => {
    while (src[i] === ' ') i += 1;
    return src[i] ?? '';
  };
  const fail = (): never => {
    throw new Error('unsupported');
  };
  const primary = (): number => {
    const ch = peek();
    if (ch === '(') {
      i += 1;
      const v = expr();
      if (peek() !== ')') fail();
      i += 1;
      return v;
    }
    if (ch === '+' || ch === '-') {
      i += 1;
      const v = power();
      return ch === '-' ? -v : v;
    }
    const m = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(src.slice(i));
    if (!m) return fail();
    i += m[0].length;
    return Number(m[0]);
  };
  const power = (): number => {
    let v = primary();
    while (peek() === '^') {
      i += 1;
      v = v ** primary();
    }
    return v;
  };
  const term = (): number => {
    let v = power();
    for (;;) {
      const ch = peek();
      if (ch !== '*' && ch !== '/') return v;
      i += 1;
      const r = power();
      v = ch === '*' ? v * r : v / r;
    }
  };
  const expr = (): number => {
    let v = term();
    for (;;) {
      const ch = peek();
      if (ch !== '+' && ch !== '-') return v;
      i += 1;
      const r = term();
      v = ch === '+' ? v + r : v - r;
    }
  };
  try {
    const v = expr();
    if (peek() !== '') fail();
    if (!Number.isFinite(v)) return { value: '#DIV/0!', type: 'Error' };
    return { value: v, type: 'Double' };
  } catch {
    return { value: '#NAME?', type: 'Error' };
  }
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

function formatDate(serial: number, fmt: string, system: FakeDateSystem): string {
  const p = serialToParts(serial, system);
  return fmt
    .replace(/yyyy/g, String(p.y))
    .replace(/hh:mm/g, `${pad(p.hh)}:${pad(p.mi)}`)
    .replace(/ss/g, pad(p.ss))
    .replace(/mm/g, pad(p.m))
    .replace(/dd/g, pad(p.d))
    .replace(/(^|[^a-z])m(?=[^a-z]|$)/g, `$1${p.m}`)
    .replace(/(^|[^a-z])d(?=[^a-z]|$)/g, `$1${p.d}`);
}

function formatGeneral(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e11) return String(n);
  const abs = Math.abs(n);
  if (abs !== 0 && (abs >= 1e11 || abs < 1e-9)) {
    return n
      .toExponential(5)
      .replace(/\.?0+(?=e)/, '')
      .replace('e', 'E');
  }
  return String(Number(n.toPrecision(10)));
}

/** Range.text for one cell: enough of Excel's formatting for the formats the add-in uses. */
export function displayText(
  content: CellContent | undefined,
  numberFormat: string,
  system: FakeDateSystem = 1900,
): string {
  if (!content) return '';
  if (content.type === 'Boolean') return content.value ? 'TRUE' : 'FALSE';
  if (typeof content.value === 'string') return content.value;
  const n = content.value as number;
  if (numberFormat === 'General' || numberFormat === '@' || numberFormat === '') return formatGeneral(n);
  const pctMatch = /^0(?:\.(0+))?%$/.exec(numberFormat);
  if (pctMatch) return `${(n * 100).toFixed(pctMatch[1]?.length ?? 0)}%`;
  const fixed = /^(#,##)?0(?:\.(0+))?$/.exec(numberFormat);
  if (fixed) {
    const s = n.toFixed(fixed[2]?.length ?? 0);
    return fixed[1] ? s.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : s;
  }
  if (/[yd]/.test(numberFormat) || /^m\/|\/m/.test(numberFormat)) return formatDate(n, numberFormat, system);
  return formatGeneral(n);
}
