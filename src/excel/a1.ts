/**
 * A1 addresses as Excel writes them. Pure: shared by src/excel and the workbook fake in
 * test/support, so both agree on "'My Sheet'!AA10:AC12" down to the quoting.
 */
import { columnLetter } from '../core/text/column-letter';

export const EXCEL_MAX_ROWS = 1_048_576;
export const EXCEL_MAX_COLUMNS = 16_384;

/** Zero-based, like getRangeByIndexes. */
export interface CellRect {
  rowIndex: number;
  columnIndex: number;
  rowCount: number;
  columnCount: number;
}

export interface ParsedAddress extends CellRect {
  /** null when the address carried no sheet prefix. */
  sheetName: string | null;
}

/** columnLetter, refusing a column outside Excel's grid: an address there is a bug, not a cell. */
function gridColumnLetter(index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= EXCEL_MAX_COLUMNS) {
    throw new RangeError(`Column index out of range: ${index}`);
  }
  return columnLetter(index);
}

/** "A" → 0, "aa" → 26; -1 when not a column inside Excel's grid. */
export function columnIndexOf(letters: string): number {
  if (!/^[A-Za-z]{1,3}$/.test(letters)) return -1;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1 < EXCEL_MAX_COLUMNS ? n - 1 : -1;
}

export function cellAddress(rowIndex: number, columnIndex: number): string {
  return `${gridColumnLetter(columnIndex)}${rowIndex + 1}`;
}

export function isEntireColumns(rect: CellRect): boolean {
  return rect.rowIndex === 0 && rect.rowCount === EXCEL_MAX_ROWS;
}

export function isEntireRows(rect: CellRect): boolean {
  return rect.columnIndex === 0 && rect.columnCount === EXCEL_MAX_COLUMNS;
}

/** "A1" for one cell, "A1:C3" otherwise; whole columns as "A:C" and whole rows as "1:3", as Excel reports them. */
export function rectAddress(rect: CellRect): string {
  const lastRow = rect.rowIndex + rect.rowCount - 1;
  const lastCol = rect.columnIndex + rect.columnCount - 1;
  if (isEntireRows(rect)) return `${rect.rowIndex + 1}:${lastRow + 1}`;
  if (isEntireColumns(rect)) return `${gridColumnLetter(rect.columnIndex)}:${gridColumnLetter(lastCol)}`;
  const first = cellAddress(rect.rowIndex, rect.columnIndex);
  return rect.rowCount === 1 && rect.columnCount === 1 ? first : `${first}:${cellAddress(lastRow, lastCol)}`;
}

const CELL_LIKE = /^([A-Za-z]{1,3}\d+|[Rr]\d*[Cc]\d*|[Rr]\d*|[Cc]\d*)$/;

/**
 * Excel leaves a sheet name bare only when it is a plain word (letters of any script, digits,
 * underscore, period; not starting with a digit) that cannot be read as a cell reference.
 */
export function quoteSheetName(name: string): string {
  const bare = /^[\p{L}_][\p{L}\p{N}_.]*$/u.test(name) && !CELL_LIKE.test(name);
  return bare ? name : `'${name.replace(/'/g, "''")}'`;
}

export function qualifiedAddress(sheetName: string, rect: CellRect): string {
  return `${quoteSheetName(sheetName)}!${rectAddress(rect)}`;
}

function splitSheet(address: string): { sheetName: string | null; ref: string } | null {
  const text = address.trim();
  if (text.startsWith("'")) {
    let i = 1;
    let name = '';
    while (i < text.length) {
      const ch = text[i];
      if (ch === "'") {
        if (text[i + 1] === "'") {
          name += "'";
          i += 2;
          continue;
        }
        break;
      }
      name += ch;
      i += 1;
    }
    if (text[i] !== "'" || text[i + 1] !== '!' || name === '') return null;
    return { sheetName: name, ref: text.slice(i + 2) };
  }
  const bang = text.lastIndexOf('!');
  if (bang === -1) return { sheetName: null, ref: text };
  if (bang === 0) return null;
  return { sheetName: text.slice(0, bang), ref: text.slice(bang + 1) };
}

/** One end of a range: a cell ("B2"), a whole column ("B") or a whole row ("2"). */
type Corner = { kind: 'cell'; row: number; col: number } | { kind: 'col'; col: number } | { kind: 'row'; row: number };

function parseCorner(part: string): Corner | null {
  const m = /^\$?([A-Za-z]{1,3})?\$?(\d+)?$/.exec(part);
  if (!m) return null;
  const col = m[1] === undefined ? null : columnIndexOf(m[1]);
  const row = m[2] === undefined ? null : Number(m[2]) - 1;
  if (col === -1) return null;
  if (row !== null && (row < 0 || row >= EXCEL_MAX_ROWS)) return null;
  if (row !== null && col !== null) return { kind: 'cell', row, col };
  if (col !== null) return { kind: 'col', col };
  if (row !== null) return { kind: 'row', row };
  return null;
}

/** The span between two ends, in either order. */
function span(a: number, b: number): { first: number; count: number } {
  return { first: Math.min(a, b), count: Math.abs(a - b) + 1 };
}

/** Both ends as a rectangle; null when they are of different kinds ("A1:B"). */
function cornersRect(a: Corner, b: Corner): CellRect | null {
  if (a.kind === 'cell' && b.kind === 'cell') {
    const rows = span(a.row, b.row);
    const cols = span(a.col, b.col);
    return { rowIndex: rows.first, rowCount: rows.count, columnIndex: cols.first, columnCount: cols.count };
  }
  if (a.kind === 'col' && b.kind === 'col') {
    const cols = span(a.col, b.col);
    return { rowIndex: 0, rowCount: EXCEL_MAX_ROWS, columnIndex: cols.first, columnCount: cols.count };
  }
  if (a.kind === 'row' && b.kind === 'row') {
    const rows = span(a.row, b.row);
    return { rowIndex: rows.first, rowCount: rows.count, columnIndex: 0, columnCount: EXCEL_MAX_COLUMNS };
  }
  return null;
}

/**
 * Reads "A1", "B2:C3", "A:C", "2:5", "$A$1", "Sheet1!A1", "'Sheet 1'!A1:B2".
 * Corners may come in any order ("C3:A1" is A1:C3). Returns null for anything else.
 */
export function parseAddress(address: string): ParsedAddress | null {
  const split = splitSheet(address);
  if (!split) return null;
  const parts = split.ref.split(':');
  if (parts.length < 1 || parts.length > 2) return null;
  const a = parseCorner(parts[0]);
  const b = parts.length === 2 ? parseCorner(parts[1]) : a;
  if (!a || !b) return null;
  // A lone "A" or "2" is a name, not a range: whole columns and rows need both ends.
  if (parts.length === 1 && a.kind !== 'cell') return null;
  const rect = cornersRect(a, b);
  return rect ? { sheetName: split.sheetName, ...rect } : null;
}

export function rectContains(outer: CellRect, row: number, col: number): boolean {
  return (
    row >= outer.rowIndex &&
    row < outer.rowIndex + outer.rowCount &&
    col >= outer.columnIndex &&
    col < outer.columnIndex + outer.columnCount
  );
}

export function intersectRects(a: CellRect, b: CellRect): CellRect | null {
  const r0 = Math.max(a.rowIndex, b.rowIndex);
  const c0 = Math.max(a.columnIndex, b.columnIndex);
  const r1 = Math.min(a.rowIndex + a.rowCount, b.rowIndex + b.rowCount);
  const c1 = Math.min(a.columnIndex + a.columnCount, b.columnIndex + b.columnCount);
  return r1 > r0 && c1 > c0 ? { rowIndex: r0, columnIndex: c0, rowCount: r1 - r0, columnCount: c1 - c0 } : null;
}
