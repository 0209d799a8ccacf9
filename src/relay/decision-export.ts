import { z } from 'zod';
import { CSV_BOM, csvCell, readJsonLine } from './audit-export';
import type { DecisionRow } from './store/port';

/** The decision record as an inspector or another system reads it: CSV with a header, or JSON lines. */

export const DECISION_COLUMNS = [
  ['id', 'id'],
  ['at', 'at'],
  ['kind', 'kind'],
  ['analyst', 'analyst'],
  ['subject', 'subject'],
  ['subject_key', 'subjectKey'],
  ['registry', 'registry'],
  ['record', 'record'],
  ['fingerprint', 'fingerprint'],
  ['decision', 'decision'],
  ['reason', 'reason'],
  ['comment', 'comment'],
  ['needs_approval', 'needsApproval'],
  ['approves', 'approves'],
  ['instance', 'instance'],
  // Last: a column added later goes at the end, so that a reader by position keeps working.
  ['suggested', 'suggested'],
  ['why', 'why'],
  ['returns', 'returns'],
] as const satisfies readonly (readonly [string, keyof DecisionRow])[];

export function decisionCsvHeader(): string {
  return `${CSV_BOM}${DECISION_COLUMNS.map(([column]) => column).join(',')}\r\n`;
}

export function decisionCsvRows(rows: readonly DecisionRow[]): string {
  return rows
    .map((row) => {
      const cells = DECISION_COLUMNS.map(([, field]) => {
        const value = row[field];
        if (value instanceof Date) return csvCell(value.toISOString());
        if (typeof value === 'object' && value !== null) return csvCell(JSON.stringify(value));
        return csvCell(value);
      });
      return `${cells.join(',')}\r\n`;
    })
    .join('');
}

export function decisionJsonLines(rows: readonly DecisionRow[]): string {
  return rows.map((row) => `${JSON.stringify({ ...row, at: row.at.toISOString() })}\n`).join('');
}

/**
 * The export as text, a page at a time, on the relay's host and over HTTP alike; the CSV header goes
 * out with the first rows (or alone at the end), so a store that fails at its first read fails before
 * anything is sent (http-parts.ts sendStream).
 */
export async function* decisionExportText(
  pages: AsyncIterable<DecisionRow[]>,
  csv: boolean,
): AsyncGenerator<{ text: string; rows: number }> {
  let head = csv ? decisionCsvHeader() : '';
  for await (const page of pages) {
    yield { text: head + (csv ? decisionCsvRows(page) : decisionJsonLines(page)), rows: page.length };
    head = '';
  }
  if (head) yield { text: head, rows: 0 };
}

const jsonLineSchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  kind: z.enum(['decision', 'approval']),
  analyst: z.string(),
  subjectKey: z.string(),
  subject: z.record(z.string(), z.unknown()),
  registry: z.string(),
  record: z.string(),
  fingerprint: z.string(),
  decision: z.string(),
  reason: z.string().nullable(),
  comment: z.string(),
  suggested: z.string().nullable(),
  why: z.array(z.union([z.string(), z.object({ uk: z.string(), en: z.string() })])).nullable(),
  needsApproval: z.boolean(),
  approves: z.number().nullable(),
  returns: z.number().nullable(),
  instance: z.string(),
});

/** One line of decisionJsonLines read back (the readable report is built from it); null when it is not one. */
export function decisionRowOfJsonLine(line: string): DecisionRow | null {
  return readJsonLine(jsonLineSchema, line);
}
