import { auditCsvHeader, auditCsvRows, auditJsonLines } from './audit-export';
import { auditSubjectMatcher } from './audit-subject';
import { relayMessages } from './messages';
import type { Lang } from '../core/text/i18n';
import type { AuditFilter, StoredAuditRow } from './store/port';
import { parseTimeBound } from './time-bound';

/**
 * Which audit rows an export holds, read the same way on the relay's host (`checklists relay audit`)
 * and over HTTP for an auditor (`/audit/export`, `checklists audit`): a period, an analyst, a client.
 */

export interface AuditSelectionText {
  from?: string;
  to?: string;
  analyst?: string;
  name?: string;
  code?: string;
}

export interface AuditSelection {
  filter: AuditFilter;
  /** Null when no client is named: every row of the filter. */
  subject: ((row: StoredAuditRow) => boolean) | null;
}

export type AuditSelectionRead = { ok: true; selection: AuditSelection } | { ok: false; option: string; value: string };

/** `to` as a bare date means through that day; a bound that is no date is refused, never guessed. */
export function auditSelectionOf(text: AuditSelectionText): AuditSelectionRead {
  const filter: AuditFilter = {};
  for (const option of ['from', 'to'] as const) {
    const value = text[option];
    if (value === undefined || value === '') continue;
    const bound = parseTimeBound(value, { endOfDay: option === 'to' });
    if (!bound) return { ok: false, option, value };
    filter[option] = bound;
  }
  if (text.analyst) filter.analyst = text.analyst;
  return { ok: true, selection: { filter, subject: auditSubjectMatcher({ name: text.name, code: text.code }) } };
}

/** Rows read a page at a time for `auditPages`. */
export type AuditPages = (filter: AuditFilter) => AsyncIterable<StoredAuditRow[]>;

/**
 * The export as text, a page of rows at a time (millions of rows in bounded memory). The CSV header
 * goes out with the first rows (or alone at the end), so a store that fails at its first read fails
 * before anything is sent.
 */
export async function* auditExportText(
  pages: AuditPages,
  selection: AuditSelection,
  csv: boolean,
): AsyncGenerator<{ text: string; rows: number }> {
  let head = csv ? auditCsvHeader() : '';
  for await (const page of pages(selection.filter)) {
    const wanted = selection.subject ? page.filter(selection.subject) : page;
    if (wanted.length === 0) continue;
    yield { text: head + (csv ? auditCsvRows(wanted) : auditJsonLines(wanted)), rows: wanted.length };
    head = '';
  }
  if (head) yield { text: head, rows: 0 };
}

/** Why an export came out empty, for stderr: a mistyped name must not read as "no activity". */
export function auditNoneLines(lang: Lang, text: AuditSelectionText): string[] {
  const key = text.analyst ? 'audit.noneAnalyst' : 'audit.none';
  const lines = [relayMessages.t(lang, key, { analyst: text.analyst ?? '' })];
  if (text.name?.trim() || text.code?.trim()) lines.push(relayMessages.t(lang, 'audit.noneSubject'));
  return lines;
}
