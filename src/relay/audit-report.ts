import { verdictText, type Verdict } from '../core/answer/summary';
import { registriesOf } from '../core/protocol/listdata';
import { REGISTRY_KEYS, isRegistryKey, registryDef } from '../core/protocol/registries';
import type { Lang } from '../core/text/i18n';
import { kyivTime, kyivWallClock } from '../core/text/kyiv-time';
import { auditReportMessages, type AuditReportMessageKey } from './audit-report-messages';
import type { AuditSelectionText } from './audit-selection';
import type { StoredAuditRow } from './store/port';
import { parseTimeBound } from './time-bound';

/**
 * The audit trail as an inspector reads it (`checklists audit -o FILE.xlsx`, and `relay audit --out
 * FILE.xlsx` on the host): one line per request with the client's name, codes, the registries in
 * words, the result and hits per registry in words, and Kyiv time. The CSV and JSON exports keep the
 * trail's raw columns (query and hits as JSON) for other systems; this view is built from the same
 * rows, so what an inspector reads is what the store holds.
 */

export type ReportCell = string | number | Date | null;

export interface ReportColumn {
  id: string;
  header: string;
  /** Width in characters, wide enough for a typical value. */
  width: number;
  /** Excel's number format for the column's values, where not General. */
  format?: string;
}

const COLUMNS: readonly { id: string; key: AuditReportMessageKey; width: number; format?: string }[] = [
  { id: 'id', key: 'col.id', width: 10 },
  { id: 'at', key: 'col.at', width: 20, format: 'yyyy-mm-dd hh:mm:ss' },
  { id: 'analyst', key: 'col.analyst', width: 14 },
  { id: 'name', key: 'col.name', width: 34 },
  { id: 'date', key: 'col.date', width: 12 },
  { id: 'code', key: 'col.code', width: 14 },
  { id: 'doc', key: 'col.doc', width: 12 },
  { id: 'lists', key: 'col.lists', width: 24 },
  { id: 'result', key: 'col.result', width: 22 },
  { id: 'hits', key: 'col.hits', width: 34 },
  { id: 'answeredBy', key: 'col.answeredBy', width: 24 },
  { id: 'idrequest', key: 'col.idrequest', width: 14 },
  { id: 'archive', key: 'col.archive', width: 10 },
  { id: 'error', key: 'col.error', width: 18 },
  { id: 'delivered', key: 'col.delivered', width: 12 },
  { id: 'ms', key: 'col.ms', width: 10 },
];

/** A report's column definitions with their headers in one language. */
export function reportColumns<K extends string>(
  defs: readonly { id: string; key: K; width: number; format?: string }[],
  header: (key: K) => string,
): ReportColumn[] {
  return defs.map(({ id, key, width, format }) => ({ id, header: header(key), width, ...(format ? { format } : {}) }));
}

export function auditReportColumns(lang: Lang): ReportColumn[] {
  return reportColumns(COLUMNS, (key) => auditReportMessages.t(lang, key));
}

function text(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (Array.isArray(value) && value.length > 0) return value.map(String).join(', ');
  return null;
}

/**
 * The client as screened, in the report's four columns: the name (with its Latin spelling), birth
 * date, tax number or EDRPOU(s), and document. Codes stay text: an EDRPOU keeps its leading zeros.
 */
export function subjectCells(
  subject: Record<string, unknown>,
): [string | null, string | null, string | null, string | null] {
  const name = text(subject.name);
  const latin = text(subject.namelat);
  return [
    name !== null && latin !== null ? `${name} (${latin})` : (name ?? latin),
    text(subject.date),
    text(subject.ipn) ?? text(subject.arrayedrpou) ?? text(subject.nonrezedentcode),
    text(subject.doc),
  ];
}

function listsText(listdata: string | null, lang: Lang): string | null {
  if (listdata === null) return null;
  let value: bigint;
  try {
    value = BigInt(listdata);
  } catch {
    return listdata;
  }
  if (value === -1n) return auditReportMessages.t(lang, 'lists.all');
  const names = registriesOf(value).map((key) => registryDef(key).shortLabel[lang]);
  return names.length > 0 ? names.join(', ') : listdata;
}

/**
 * "ПЕП 1; Санкції 2": registries with hits only, in the catalogue's order (the store's JSON keeps
 * its own key order).
 */
function hitsText(hits: Record<string, number>, lang: Lang): string | null {
  const known: readonly string[] = REGISTRY_KEYS;
  const keys = [...REGISTRY_KEYS.filter((key) => key in hits), ...Object.keys(hits).filter((k) => !known.includes(k))];
  const found = keys.map((key): [string, number] => [key, hits[key]]).filter(([, n]) => n > 0);
  if (found.length === 0) return null;
  return found.map(([key, n]) => `${isRegistryKey(key) ? registryDef(key).shortLabel[lang] : key} ${n}`).join('; ');
}

const VERDICTS: readonly string[] = ['high', 'low', 'clear', 'incomplete'] satisfies Verdict[];

function resultText(row: StoredAuditRow, lang: Lang): string {
  const t = (key: AuditReportMessageKey) => auditReportMessages.t(lang, key);
  if (row.state === 'asked') return t('result.asked');
  if (row.state === 'refused') return t('result.refused');
  return row.verdict !== null && VERDICTS.includes(row.verdict) ? verdictText(row.verdict as Verdict, lang) : '';
}

/** A stored audit row as the report's line, in auditReportColumns' order. */
export function auditReportRow(row: StoredAuditRow, lang: Lang): ReportCell[] {
  const t = (key: AuditReportMessageKey, params?: Record<string, string | number>) =>
    auditReportMessages.t(lang, key, params);
  const answered = row.state === 'answered';
  return [
    row.id,
    kyivWallClock(row.at),
    row.analyst,
    ...subjectCells(row.query),
    listsText(row.listdata, lang),
    resultText(row, lang),
    answered ? hitsText(row.hits, lang) : null,
    answered ? t(row.fromCache ? 'answeredBy.earlier' : 'answeredBy.service') : null,
    // A number Excel sorts as one, where it is exact; anything else as the service sent it.
    row.idrequest !== null && /^\d{1,15}$/.test(row.idrequest) ? Number(row.idrequest) : row.idrequest,
    row.archiveId,
    row.state === 'refused' ? t('refusal.text', { status: row.status, code: row.errorCode ?? '-' }) : null,
    row.delivered === null ? null : t(row.delivered ? 'delivered.yes' : 'delivered.no'),
    answered ? row.durationMs : null,
  ];
}

export interface ReportHeading {
  /** Where the rows came from: the relay's address, or its host. */
  source: string;
  exportedAt: Date;
  selection: AuditSelectionText;
  /** Own: the key reads only its own requests (`X-Audit-Scope: own`). */
  scope: 'all' | 'own';
}

/** Where an export of the record came from and when: the first lines above its table. */
export function provenance(heading: Pick<ReportHeading, 'source' | 'exportedAt'>, lang: Lang): [string, string][] {
  return [
    [auditReportMessages.t(lang, 'source'), heading.source],
    [auditReportMessages.t(lang, 'exported'), kyivTime(heading.exportedAt)],
  ];
}

/** The lines above the table: what the export holds, so a printed page is evidence on its own. */
export function auditReportHeading(heading: ReportHeading, lang: Lang): [string, string][] {
  const t = (key: AuditReportMessageKey, params?: Record<string, string | number>) =>
    auditReportMessages.t(lang, key, params);
  const chosen = (['from', 'to', 'analyst', 'name', 'code'] as const)
    .filter((option) => (heading.selection[option] ?? '').trim() !== '')
    .map((option) => {
      const value = heading.selection[option]!.trim();
      // The bound as the rows read it, Kyiv time: a moment given in UTC or with its zone, and a day's true end.
      const bound = option === 'from' || option === 'to' ? parseTimeBound(value, { endOfDay: option === 'to' }) : null;
      return t(`selection.${option}`, { value, kyiv: bound ? kyivTime(bound) : '' });
    });
  return [
    ...provenance(heading, lang),
    [t('selection'), chosen.length > 0 ? chosen.join('; ') : t('selection.all')],
    [t('scope'), t(heading.scope === 'own' ? 'scope.own' : 'scope.all')],
  ];
}
