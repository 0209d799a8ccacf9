import { z } from 'zod';
import { protectFormula } from '../core/text/csv-formula';
import { AUDIT_COLUMNS, type StoredAuditRow } from './store/port';

/** The audit trail as an auditor reads it: CSV with a header line, or one JSON object per line. */

type Cell = string | number | boolean | null;

function cell(value: StoredAuditRow[keyof StoredAuditRow]): Cell {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return value;
}

function cells(row: StoredAuditRow): Cell[] {
  return AUDIT_COLUMNS.map(({ field }) => cell(row[field]));
}

/** Text a spreadsheet could run as a formula gets a leading apostrophe (core/text/csv-formula.ts). */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  const text = typeof value === 'string' ? protectFormula(value) : String(value);
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Starts every CSV export (audit and decisions, on the host and over HTTP): without it Excel opens a
 * UTF-8 file in the system's code page, and a Cyrillic name reads as mojibake.
 */
export const CSV_BOM = '\uFEFF';

export function auditCsvHeader(): string {
  return `${CSV_BOM}${AUDIT_COLUMNS.map((c) => c.column).join(',')}\r\n`;
}

export function auditCsvRows(rows: readonly StoredAuditRow[]): string {
  return rows.map((row) => `${cells(row).map(csvCell).join(',')}\r\n`).join('');
}

export function auditCsv(rows: readonly StoredAuditRow[]): string {
  return auditCsvHeader() + auditCsvRows(rows);
}

export function auditJsonLines(rows: readonly StoredAuditRow[]): string {
  return rows.map((row) => `${JSON.stringify({ ...row, at: row.at.toISOString() })}\n`).join('');
}

const jsonLineSchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  state: z.enum(['asked', 'answered', 'refused']),
  analyst: z.string(),
  method: z.enum(['GET', 'POST']),
  query: z.record(z.string(), z.unknown()),
  listdata: z.string().nullable(),
  servedBy: z.string().nullable(),
  idrequest: z.string().nullable(),
  verdict: z.string().nullable(),
  hits: z.record(z.string(), z.number()),
  durationMs: z.number(),
  fromCache: z.boolean(),
  errorCode: z.number().nullable(),
  status: z.number(),
  instance: z.string(),
  archiveId: z.number().nullable(),
  delivered: z.boolean().nullable(),
});

/** A line of a JSON-lines export as `schema` reads it, its `at` a Date again; null when it is not one. */
export function readJsonLine<T extends { at: string }>(
  schema: z.ZodType<T>,
  line: string,
): (Omit<T, 'at'> & { at: Date }) | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  const read = schema.safeParse(value);
  return read.success ? { ...read.data, at: new Date(read.data.at) } : null;
}

/** One line of auditJsonLines read back (the readable report is built from it); null when it is not one. */
export function auditRowOfJsonLine(line: string): StoredAuditRow | null {
  return readJsonLine(jsonLineSchema, line);
}
