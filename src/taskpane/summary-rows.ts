import type { SearchResult } from '../core/client';
import type { Lang } from '../core/i18n';
import { registryDef } from '../core/registries';
import type { ServiceMode } from '../core/settings';
import { registryErrorText, verdictText, type EnvelopeSummary } from '../core/summary';
import { MODE_LABELS } from '../service/connection';
import { taskpaneMessages as m } from './messages';
import type { CellValue } from './services';

/**
 * The answer in two columns for the sheet: verdict, best percent, one row per registry, and the
 * audit facts. Values stay plain (text and numbers); the Excel side writes text as text.
 */
export function summaryRows(
  subject: string,
  summary: EnvelopeSummary,
  result: Pick<SearchResult, 'servedBy'>,
  mode: ServiceMode,
  lang: Lang,
): CellValue[][] {
  const rows: CellValue[][] = [
    [m.t(lang, 'sheet.subject'), subject],
    [m.t(lang, 'sheet.verdict'), verdictText(summary.verdict, lang)],
    [m.t(lang, 'sheet.bestPercent'), summary.bestPercent],
    [m.t(lang, 'sheet.totalHits'), summary.totalHits],
  ];
  for (const r of summary.registries) {
    const label = registryDef(r.key).label[lang];
    if (r.status === 'error' && r.error) rows.push([label, registryErrorText(r.error, lang)]);
    else if (r.status === 'absent') rows.push([label, m.t(lang, 'results.absent')]);
    else if (r.status === 'malformed') rows.push([label, m.t(lang, 'sheet.hitsMalformed', { count: r.hits })]);
    else rows.push([label, r.hits]);
  }
  rows.push(
    [m.t(lang, 'audit.idrequest'), summary.idrequest ?? ''],
    [m.t(lang, 'audit.dateResponse'), summary.dateResponse ?? ''],
    [m.t(lang, 'audit.servedBy'), result.servedBy],
    [m.t(lang, 'audit.mode'), MODE_LABELS[mode][lang]],
  );
  return rows;
}
