import type { SearchResult } from '../../core/request/client';
import type { Lang } from '../../core/text/i18n';
import { registryDef } from '../../core/protocol/registries';
import { registryErrorText, verdictText, type EnvelopeSummary } from '../../core/answer/summary';
import type { LocalizedText } from '../../core/text/i18n';
import { resultsMessages as resultsText } from './results-messages';
import type { CellValue } from '../../bulk/columns';

/**
 * The answer in two columns for the sheet: verdict, best percent, one row per registry, and the
 * audit facts. Values stay plain (text and numbers); the Excel side writes text as text.
 */
/**
 * How the answer goes into the sheet: labels beside values down a column; the values across one
 * row (beside the client's own row, so a list of clients reads as a table); or that row's headings.
 */
export const INSERT_LAYOUTS = ['block', 'row', 'headings'] as const;
export type InsertLayout = (typeof INSERT_LAYOUTS)[number];

/** The summary's label/value pairs in a layout. */
export function laidOut(rows: readonly (readonly CellValue[])[], layout: InsertLayout): CellValue[][] {
  if (layout === 'row') return [rows.map((r) => r[1] ?? '')];
  if (layout === 'headings') return [rows.map((r) => r[0] ?? '')];
  return rows.map((r) => [...r]);
}

export function summaryRows(
  subject: string,
  summary: EnvelopeSummary,
  result: Pick<SearchResult, 'servedBy'>,
  /** What answered (the connection's label): a sandbox's answer says so in the sheet too. */
  service: LocalizedText,
  lang: Lang,
): CellValue[][] {
  const rows: CellValue[][] = [
    [resultsText.t(lang, 'sheet.subject'), subject],
    [resultsText.t(lang, 'sheet.verdict'), verdictText(summary.verdict, lang)],
    [resultsText.t(lang, 'sheet.bestPercent'), summary.bestPercent],
    [resultsText.t(lang, 'sheet.totalHits'), summary.totalHits],
  ];
  for (const r of summary.registries) {
    const label = registryDef(r.key).label[lang];
    if (r.status === 'error' && r.error) rows.push([label, registryErrorText(r.error, lang)]);
    else if (r.status === 'absent') rows.push([label, resultsText.t(lang, 'results.absent')]);
    else if (r.status === 'malformed') {
      rows.push([label, resultsText.t(lang, 'sheet.hitsMalformed', { count: r.hits })]);
    } else rows.push([label, r.hits]);
  }
  rows.push(
    [resultsText.t(lang, 'audit.idrequest'), summary.idrequest ?? ''],
    [resultsText.t(lang, 'audit.dateResponse'), summary.dateResponse ?? ''],
    [resultsText.t(lang, 'audit.servedBy'), result.servedBy],
    [resultsText.t(lang, 'audit.mode'), service[lang]],
  );
  return rows;
}
