import type { StoredAuditRow } from './store/port';

/** The audit trail as an auditor reads it: CSV with a header line, or one JSON object per line. */

export const AUDIT_COLUMNS = [
  'id',
  'at',
  'analyst',
  'method',
  'query',
  'listdata',
  'served_by',
  'idrequest',
  'verdict',
  'hits',
  'duration_ms',
  'from_cache',
  'error_code',
  'status',
  'instance',
] as const;

function cells(row: StoredAuditRow): (string | number | boolean | null)[] {
  return [
    row.id,
    row.at.toISOString(),
    row.analyst,
    row.method,
    JSON.stringify(row.query),
    row.listdata,
    row.servedBy,
    row.idrequest,
    row.verdict,
    JSON.stringify(row.hits),
    row.durationMs,
    row.fromCache,
    row.errorCode,
    row.status,
    row.instance,
  ];
}

/** Text a spreadsheet could run as a formula gets a leading apostrophe (OWASP CSV injection). */
function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function auditCsv(rows: readonly StoredAuditRow[]): string {
  const lines = [AUDIT_COLUMNS.join(',')];
  for (const row of rows) lines.push(cells(row).map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function auditJsonLines(rows: readonly StoredAuditRow[]): string {
  return rows.map((row) => JSON.stringify({ ...row, at: row.at.toISOString() })).join('\n') + (rows.length ? '\n' : '');
}
