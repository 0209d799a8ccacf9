/**
 * Writing text so Excel never runs it.
 *
 * Range.values is parsed like typed input: "=..." becomes a formula, and per the API reference
 * so does text starting with "+" or "-" that is not a number; "@NAME(" is Lotus-style formula
 * entry; "0012345678" loses its zeros, "TRUE" turns boolean, "2024-01-05" turns into a date
 * serial. A leading apostrophe is Excel's own quote prefix: the rest of the input is stored as
 * text verbatim and the apostrophe is not part of the value (values, formulas and text read the
 * text back without it).
 *
 * We prefix every non-empty string rather than guessing which ones Excel would reinterpret:
 * the guess would have to cover formulas behind tabs and CRs, locale dates, percentages,
 * currencies, error literals... while the prefix costs one byte and is always right. Setting
 * numberFormat "@" first would also work, but Excel shows "####" for text cells longer than 255
 * characters in some builds and it doubles the payload; the prefix has neither problem.
 *
 * Cells formatted as Text ("@") are different: there Excel stores what it is given verbatim,
 * "exactly as you type it" (https://support.microsoft.com/en-us/office/available-number-formats-in-excel-0afe8f52-97db-41f1-b972-4b46e9f1e8d2),
 * so the apostrophe would stay in the value as a character. Where we write into cells we did
 * not format ourselves (the active cell, a range the caller chose), textCellFormats() gives
 * the text cells the General format in the same batch, before the values: the apostrophe is
 * then Excel's quote prefix again. Both halves go in one request, so there is no moment
 * where the text sits in a General cell without its prefix: formula injection stays
 * impossible whatever the cell's format was. Sheets we create are General from the start and
 * skip this (it would double the payload).
 */

export type CellInput = string | number | boolean | null | undefined;
export type CellWrite = string | number | boolean;

export const TEXT_PREFIX = "'";
/** Excel's limit on the characters a cell holds. */
export const EXCEL_CELL_TEXT_LIMIT = 32_767;
const ELLIPSIS = '…';

function fitCell(text: string): string {
  if (text.length <= EXCEL_CELL_TEXT_LIMIT) return text;
  let cut = EXCEL_CELL_TEXT_LIMIT - ELLIPSIS.length;
  const last = text.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut -= 1;
  return text.slice(0, cut) + ELLIPSIS;
}

/** Text as Excel must receive it to store exactly this text (truncated to the cell limit). */
export function safeText(text: string): string {
  return text === '' ? '' : TEXT_PREFIX + fitCell(text);
}

/**
 * One cell for Range.values. null/undefined become "" (clears the cell: a null in a values
 * array would instead leave the old content in place), non-finite numbers likewise (JSON turns
 * them into null), strings go through safeText.
 */
export function toSafeCellValue(value: CellInput): CellWrite {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  if (typeof value === 'boolean') return value;
  return safeText(value);
}

/** A rectangular block: short rows are padded with "" to `width` (default: the widest row). */
export function toSafeRows(rows: readonly (readonly CellInput[])[], width?: number): CellWrite[][] {
  const w = width ?? rows.reduce((max, r) => Math.max(max, r.length), 0);
  return rows.map((row) => {
    const out: CellWrite[] = new Array<CellWrite>(w);
    for (let c = 0; c < w; c += 1) out[c] = toSafeCellValue(c < row.length ? row[c] : null);
    return out;
  });
}

/**
 * Number formats to write with `values` (same shape): "General" on every text cell, so its
 * leading apostrophe is a quote prefix and not part of the text (see above); null elsewhere,
 * which leaves a cell's format as it was.
 */
export function textCellFormats(values: readonly (readonly CellWrite[])[]): (string | null)[][] {
  return values.map((row) => row.map((v) => (typeof v === 'string' && v.startsWith(TEXT_PREFIX) ? 'General' : null)));
}

/** A string literal inside a formula we author (conditional-format rules): quotes doubled. */
export function formulaStringLiteral(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}
