import type ExcelJS from 'exceljs';
import { headerStrength, type CellValue } from '../../bulk/columns';

/** An .xlsx input's cells as plain values, and which of its sheets is the list. */

function isoDate(d: Date): string {
  // exceljs turns date serials into Dates at UTC midnight; local getters would shift them by the zone.
  const ymd = d.toISOString().slice(0, 10);
  const time = d.toISOString().slice(11, 19);
  return time === '00:00:00' ? ymd : `${ymd} ${time}`;
}

/** Every shape exceljs may return for a cell, down to a plain value. */
export function plainCellValue(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : isoDate(value);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text).join('');
    if ('hyperlink' in value && 'text' in value) {
      const text = (value as { text: unknown }).text;
      return typeof text === 'string' ? text : plainCellValue(text as ExcelJS.CellValue);
    }
    if ('formula' in value || 'sharedFormula' in value) {
      const result = (value as { result?: unknown }).result;
      if (result === undefined) return null;
      return plainCellValue(result as ExcelJS.CellValue);
    }
    // As Excel's own Range.values reads it: the error's text, which the run reports (bulk/excel-errors.ts).
    if ('error' in value) return String((value as { error: unknown }).error);
  }
  return null;
}

/** Rows a sheet's header is looked for in (bulk/columns.ts findHeaderRow reads the first 20 filled ones). */
const ROWS_FOR_HEADER = 60;

/**
 * The sheet to screen when none is named: the first, unless a later one reads more as a client list
 * (an "Інструкція" sheet before "Клієнти"). Screening the first blindly would pay for its prose as
 * clients and leave the list unscreened, the run looking done.
 */
export function listSheet(worksheets: readonly ExcelJS.Worksheet[]): ExcelJS.Worksheet | undefined {
  let chosen = worksheets[0];
  let best = chosen ? headerStrength(firstRows(chosen)) : 0;
  // A hidden helper sheet (a lookup table with a "ПІБ" column) is no list anyone meant to screen.
  for (const ws of worksheets.slice(1).filter((w) => w.state !== 'hidden')) {
    const strength = headerStrength(firstRows(ws));
    if (strength > best) [chosen, best] = [ws, strength];
  }
  return chosen;
}

function firstRows(ws: ExcelJS.Worksheet): CellValue[][] {
  const rows: CellValue[][] = [];
  const last = Math.min(ws.rowCount, ROWS_FOR_HEADER);
  for (let r = 1; r <= last; r++) {
    const row = ws.getRow(r);
    const values: CellValue[] = [];
    for (let c = 1; c <= ws.columnCount; c++) values.push(plainCellValue(row.getCell(c).value));
    rows.push(values);
  }
  return rows;
}
