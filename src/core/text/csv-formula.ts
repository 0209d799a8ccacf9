/**
 * A CSV file has no cell types: Excel and LibreOffice evaluate any field that starts like a
 * formula. OWASP's advice for CSV injection is to prefix such fields with a single quote; we do
 * it for = + - @ tab and CR, and for their full-width forms, which some spreadsheets also accept.
 * One rule for every CSV this project writes (the command line's results, the relay's exports)
 * and reads back (a re-screen's hits file, a decisions export).
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Text that a spreadsheet would run, made inert with a leading apostrophe. */
export function protectFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell protected by protectFormula back as it was written. */
export function unprotectFormula(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
