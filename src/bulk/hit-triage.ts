import { DECISIONS, type Decision } from '../core/answer/explain';
import type { Lang } from '../core/text/i18n';
import { bulkMessages } from './messages';
import type { BulkRunReport } from './ports';
import type { RowResult } from './result-table';
import type { HitReview } from './rescreen';

/** Hits listed with no decision yet, by what "why this hit" suggests: the analyst's work ahead, sized. */
export type HitsToDecide = Record<Decision, number>;

export const NO_HITS_TO_DECIDE: Readonly<HitsToDecide> = { 'true-match': 0, 'needs-review': 0, 'false-positive': 0 };

/**
 * `counts` with a row's listed hits that have no decision added by suggestion (a re-screen carries
 * earlier decisions, the relay its own): a new object when any is added, as saved states share the
 * old one. Hits of runs saved before the suggestion existed have none and are not counted.
 */
export function withHitsToDecide(
  counts: Readonly<HitsToDecide> | undefined,
  result: RowResult,
  reviews: readonly HitReview[],
): Readonly<HitsToDecide> | undefined {
  if (result.kind !== 'outcome' || result.outcome.kind !== 'screened') return counts;
  const open = result.outcome.hits.filter((hit, i) => hit.suggested && (reviews[i]?.decision ?? null) === null);
  if (open.length === 0) return counts;
  const added = { ...(counts ?? NO_HITS_TO_DECIDE) };
  for (const hit of open) if (hit.suggested) added[hit.suggested.decision]++;
  return added;
}

/**
 * The hits to decide in words after a first run; null for none, and for a re-screen, whose summary
 * counts the hits not decided yet its own way (each hit once, however many rows ask its subject).
 */
export function hitsToDecideText(report: Pick<BulkRunReport, 'hitsToDecide' | 'rescreen'>, lang: Lang): string | null {
  return report.rescreen ? null : hitsToDecideLine(report.hitsToDecide, lang);
}

/** "true match 2, needs review 30, false positive 5", in the suggestions' order of weight; null for none. */
export function hitsToDecideLine(counts: HitsToDecide, lang: Lang): string | null {
  const total = DECISIONS.reduce((sum, d) => sum + counts[d], 0);
  if (total === 0) return null;
  return bulkMessages.t(lang, 'progress.hitsToDecide', {
    count: total,
    trueMatch: counts['true-match'],
    review: counts['needs-review'],
    falsePositive: counts['false-positive'],
  });
}
