import { LANGS } from '../core/text/i18n';
import type { CellValue } from './columns';
import { fold } from './decisions';
import { bulkMessages } from './messages';

/**
 * A results table's "Row" and "Relay audit no." columns (and a hits table's "Source row"), found by
 * their headers in either language, since a sheet keeps the language of its run, and compared as a
 * re-screen reads headers. The pane's selected rows and the command line's `certificate --from` read
 * results with them, wherever the table went: converted to a range, or copied into a client's file.
 */

export type AuditHeaderKey = 'col.row' | 'col.relayAudit' | 'hits.sourceRow';

/** Rows searched from the top for the results' header (a run header of a dozen rows stands above it). */
export const AUDIT_HEADER_SEARCH_ROWS = 40;

/** Where a column is by its header in either language, or -1. */
export function columnOf(head: readonly CellValue[], key: AuditHeaderKey): number {
  const names = LANGS.map((lang) => fold(bulkMessages.t(lang, key)));
  return head.findIndex((cell) => typeof cell === 'string' && names.includes(fold(cell)));
}

/** The last of `rows` naming both Row and Relay audit no. (a sheet may hold runs one below another), or -1. */
export function auditHeaderAt(rows: readonly (readonly CellValue[])[]): number {
  let at = -1;
  rows.forEach((r, i) => {
    if (columnOf(r, 'col.row') >= 0 && columnOf(r, 'col.relayAudit') >= 0) at = i;
  });
  return at;
}

/** A whole number as a cell holds it: Excel gives numbers, a CSV pasted back may give their text. */
export function wholeNumber(cell: CellValue | undefined): number | null {
  const n = typeof cell === 'number' ? cell : typeof cell === 'string' && /^\s*\d+\s*$/.test(cell) ? Number(cell) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** Row numbers as a person reads them: runs joined, "2–5, 9". */
export function rowSpans(rows: readonly number[]): string {
  const spans: string[] = [];
  for (let i = 0; i < rows.length; i++) {
    let j = i;
    while (j + 1 < rows.length && rows[j + 1] === rows[j] + 1) j++;
    spans.push(j > i ? `${rows[i]}–${rows[j]}` : String(rows[i]));
    i = j;
  }
  return spans.join(', ');
}
