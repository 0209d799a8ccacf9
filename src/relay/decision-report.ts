import { DECISIONS, reasonLabel } from '../core/answer/explain';
import { againstSuggestion, whyLines } from '../core/answer/decision-history';
import { decisionText, isReasonCode } from '../core/answer/relay-decisions';
import { isRegistryKey, registryDef } from '../core/protocol/registries';
import type { Lang } from '../core/text/i18n';
import { kyivTime, kyivWallClock } from '../core/text/kyiv-time';
import {
  provenance,
  reportColumns,
  subjectCells,
  type ReportCell,
  type ReportColumn,
  type ReportHeading,
} from './audit-report';
import { decisionReportMessages, type DecisionReportMessageKey } from './decision-report-messages';
import type { DecisionRow } from './store/port';
import { parseTimeBound } from './time-bound';

/**
 * The decision record as an inspector reads it (`checklists decisions -o FILE.xlsx`, and `relay
 * decisions export --out FILE.xlsx` on the host): a line per decision, approval or return, with the
 * client, the registry and record, the decision and its reason in words, whether a second person was
 * needed, what "why this hit" suggested and whether the decision went against it, and the facts the
 * analyst saw. The CSV and JSON exports keep the record's raw columns (the subject and the facts as
 * JSON) for other systems, and for `screen --decisions` on another relay.
 */

const COLUMNS: readonly { id: string; key: DecisionReportMessageKey; width: number; format?: string }[] = [
  { id: 'id', key: 'col.id', width: 10 },
  { id: 'at', key: 'col.at', width: 20, format: 'yyyy-mm-dd hh:mm:ss' },
  { id: 'analyst', key: 'col.analyst', width: 14 },
  { id: 'what', key: 'col.what', width: 20 },
  { id: 'name', key: 'col.name', width: 30 },
  { id: 'date', key: 'col.date', width: 12 },
  { id: 'code', key: 'col.code', width: 14 },
  { id: 'doc', key: 'col.doc', width: 12 },
  { id: 'registry', key: 'col.registry', width: 16 },
  { id: 'record', key: 'col.record', width: 16 },
  { id: 'decision', key: 'col.decision', width: 16 },
  { id: 'reason', key: 'col.reason', width: 26 },
  { id: 'comment', key: 'col.comment', width: 30 },
  { id: 'fourEyes', key: 'col.fourEyes', width: 12 },
  { id: 'suggested', key: 'col.suggested', width: 30 },
  { id: 'against', key: 'col.against', width: 12 },
  { id: 'why', key: 'col.why', width: 50 },
];

export function decisionReportColumns(lang: Lang): ReportColumn[] {
  return reportColumns(COLUMNS, (key) => decisionReportMessages.t(lang, key));
}

type Decision = (typeof DECISIONS)[number];
const asDecision = (value: string | undefined): Decision | undefined => DECISIONS.find((d) => d === value);

function reasonText(reason: string | null, lang: Lang): string | null {
  if (!reason) return null;
  return isReasonCode(reason) ? reasonLabel(reason, lang) : reason;
}

/** A line of the record as the report's line, in decisionReportColumns' order. */
export function decisionReportRow(row: DecisionRow, lang: Lang): ReportCell[] {
  const t = (key: DecisionReportMessageKey, params?: Record<string, string | number>) =>
    decisionReportMessages.t(lang, key, params);
  const what =
    row.kind === 'approval'
      ? t('what.approval', { id: row.approves ?? '?' })
      : row.returns
        ? t('what.return', { id: row.returns })
        : t('what.decision');
  const decision = asDecision(row.decision);
  const [suggestedDecision, suggestedReason] = (row.suggested ?? '').split(':');
  const suggested = asDecision(suggestedDecision);
  // Only a decision can go against the suggestion: an approval or a return decides nothing new.
  const decides = row.kind === 'decision' && !row.returns;
  const against = decides && decision && againstSuggestion({ decision, suggested: row.suggested }, lang) !== '';
  const why = whyLines(row, lang);
  return [
    row.id,
    kyivWallClock(row.at),
    row.analyst,
    what,
    ...subjectCells(row.subject),
    isRegistryKey(row.registry) ? registryDef(row.registry).shortLabel[lang] : row.registry,
    row.record,
    decision ? decisionText({ decision, reason: null }, lang) : row.decision,
    reasonText(row.reason, lang),
    row.comment || null,
    row.needsApproval ? t('fourEyes.needed') : null,
    suggested ? decisionText({ decision: suggested, reason: suggestedReason || null }, lang) : null,
    against ? t('against.yes') : null,
    why.length > 0 ? why.join('; ') : null,
  ];
}

/** The lines under the title: where the record came from, when, and from when it was recorded. */
export function decisionReportHeading(
  heading: Pick<ReportHeading, 'source' | 'exportedAt'> & { since?: string },
  lang: Lang,
): [string, string][] {
  const t = (key: DecisionReportMessageKey, params?: Record<string, string>) =>
    decisionReportMessages.t(lang, key, params);
  const since = heading.since?.trim();
  const bound = since ? parseTimeBound(since) : null;
  const value = since && bound ? t('since.bound', { value: since, kyiv: kyivTime(bound) }) : t('since.all');
  return [...provenance(heading, lang), [t('since'), value]];
}
