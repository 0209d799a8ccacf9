import type { Lang } from '../../core/text/i18n';
import { auditRowOfJsonLine } from '../../relay/audit-export';
import { auditReportColumns, auditReportHeading, auditReportRow, type ReportHeading } from '../../relay/audit-report';
import { auditReportMessages } from '../../relay/audit-report-messages';
import { decisionRowOfJsonLine } from '../../relay/decision-export';
import { decisionReportColumns, decisionReportHeading, decisionReportRow } from '../../relay/decision-report';
import { decisionReportMessages } from '../../relay/decision-report-messages';
import type { RecordView } from './record-workbook';

/** The record's readable workbooks (record-workbook.ts): what each one's sheets say and hold. */

/** The audit trail: a line per request (relay/audit-report.ts). */
export function auditView(heading: Omit<ReportHeading, 'scope'>, lang: Lang): RecordView {
  const t = (key: Parameters<typeof auditReportMessages.t>[1], params?: Record<string, string | number>) =>
    auditReportMessages.t(lang, key, params);
  return {
    sheetName: (n) => (n === 1 ? t('sheet') : t('sheetMore', { n })),
    title: t('title'),
    heading: (scope) => auditReportHeading({ ...heading, scope }, lang),
    columns: auditReportColumns(lang),
    row: (line) => {
      const row = auditRowOfJsonLine(line);
      return row && auditReportRow(row, lang);
    },
    notRow: t('notRow'),
    end: (rows) => t('end', { rows }),
    continues: (sheet) => t('continues', { sheet }),
  };
}

/** The decision record: a line per decision, approval or return (relay/decision-report.ts). */
export function decisionView(
  heading: Pick<ReportHeading, 'source' | 'exportedAt'> & { since?: string },
  lang: Lang,
): RecordView {
  const t = (key: Parameters<typeof decisionReportMessages.t>[1], params?: Record<string, string | number>) =>
    decisionReportMessages.t(lang, key, params);
  return {
    sheetName: (n) => (n === 1 ? t('sheet') : t('sheetMore', { n })),
    title: t('title'),
    heading: () => decisionReportHeading(heading, lang),
    columns: decisionReportColumns(lang),
    row: (line) => {
      const row = decisionRowOfJsonLine(line);
      return row && decisionReportRow(row, lang);
    },
    notRow: t('notRow'),
    end: (rows) => t('end', { rows }),
    continues: (sheet) => t('continues', { sheet }),
  };
}
