import type { Lang } from '../core/text/i18n';
import { levelText, type MatchLevel } from '../core/answer/summary';
import { RECORD_FINGERPRINT } from '../core/answer/record-identity';
import { changeText, decisionText, fold } from './decisions';
import type { PreviousHit } from './previous-hits';
import type { HitLine } from './hits';
import type { HitReview } from './rescreen';
import { rescreenMessages } from './rescreen-messages';

/**
 * What changed in a hit since the previous run, and the Change cell that says so: the analyst
 * deciding again reads there where to look, and whose earlier clearance no longer holds.
 */

/** What differs in a hit since the previous run, each named for the Change cell. */
export type FieldChange =
  | { field: 'percent'; from: number | null; to: number | null }
  | { field: 'level'; from: MatchLevel | null; to: MatchLevel | null }
  | { field: 'name' | 'birth'; from: string; to: string }
  | { field: 'record' };

// A fingerprint Excel or a CSV round trip mangled (a number, a date) says nothing: it is not a change.
const readableFingerprint = (fingerprint: string | undefined): string =>
  fingerprint && RECORD_FINGERPRINT.test(fingerprint) ? fingerprint : '';

/**
 * Changed: the percent, the level or a defining field (name, birth date) differs, or the record's
 * fingerprint does (core/answer/record-identity.ts: its status, lists, documents, codes or details as
 * the registry gives them), the same test the relay's accept list makes. The Details cell's words are
 * ours and may be reworded freely; the fingerprint hashes the registry's fields, not our words.
 */
export function hitChanges(previous: PreviousHit, hit: HitLine): FieldChange[] {
  const changes: FieldChange[] = [];
  if (previous.percent !== hit.percent) changes.push({ field: 'percent', from: previous.percent, to: hit.percent });
  if (previous.level !== hit.level) changes.push({ field: 'level', from: previous.level, to: hit.level });
  if (fold(previous.name) !== fold(hit.name)) changes.push({ field: 'name', from: previous.name, to: hit.name });
  if (fold(previous.birth) !== fold(hit.birth)) changes.push({ field: 'birth', from: previous.birth, to: hit.birth });
  const [before, now] = [readableFingerprint(previous.fingerprint), readableFingerprint(hit.fingerprint)];
  // A new name or birth date changes the fingerprint too: "other fields" is said only when nothing named explains it.
  const named = changes.some((c) => c.field === 'name' || c.field === 'birth');
  if (before && now && before !== now && !named) changes.push({ field: 'record' });
  return changes;
}

/** The registry edited the record itself, not merely how well it matches the query (percent, level). */
export const recordEdited = (changes: readonly FieldChange[]): boolean =>
  changes.some((c) => c.field === 'record' || c.field === 'name' || c.field === 'birth');

function changeWords(change: FieldChange, lang: Lang): string {
  if (change.field === 'record') return rescreenMessages.t(lang, 'change.what.record');
  const shown = (v: string | number | null) => (v === null || v === '' ? '—' : String(v));
  const [from, to] =
    change.field === 'level'
      ? [change.from, change.to].map((l) => (l ? levelText(l, lang) : '—'))
      : [shown(change.from), shown(change.to)];
  return rescreenMessages.t(lang, `change.what.${change.field}`, { from, to });
}

function markText(review: Pick<HitReview, 'change' | 'changes'>, lang: Lang): string | null {
  if (!review.change) return null;
  if (review.change !== 'changed' || !review.changes?.length) return changeText(review.change, lang);
  const what = review.changes.map((c) => changeWords(c, lang)).join('; ');
  return rescreenMessages.t(lang, 'change.changedWhat', { what });
}

/**
 * The Change cell: "Changed" says what changed, so the analyst deciding again knows where to look,
 * and a relay decision the record has moved on from is named after the mark (alone in a first run).
 */
export function changeCellText(
  review: Pick<HitReview, 'change' | 'changes' | 'earlier' | 'clearedBefore'>,
  lang: Lang,
): string | null {
  const mark = [markText(review, lang), clearedBeforeText(review, lang)].filter((t) => t !== null).join('; ') || null;
  if (!review.earlier) return mark;
  const params = { analyst: review.earlier.analyst, decision: decisionText(review.earlier.decision, lang) };
  const earlier = rescreenMessages.t(lang, 'change.earlier', params);
  return mark ? `${mark}; ${earlier}` : rescreenMessages.t(lang, 'change.earlierAlone', params);
}

function clearedBeforeText(review: Pick<HitReview, 'clearedBefore'>, lang: Lang): string | null {
  if (!review.clearedBefore) return null;
  const parts = [review.clearedBefore.decidedBy, review.clearedBefore.decidedAt].filter((p) => p !== '').join(', ');
  return parts
    ? rescreenMessages.t(lang, 'change.clearedBefore', { parts })
    : rescreenMessages.t(lang, 'change.clearedBeforeUnsigned');
}
