import type { Lang } from '../core/text/i18n';
import { LANGS } from '../core/text/i18n';
import {
  DECISIONS as CORE_DECISIONS,
  REASON_CODES,
  reasonLabel,
  suggestionLabel,
  type Decision as CoreDecision,
  type ReasonCode,
  type Suggestion,
} from '../core/answer/explain';
import type { CellValue } from './columns';
import { rescreenMessages } from './rescreen-messages';
import { explainMessages } from '../core/answer/explain-messages';

/**
 * An analyst's conclusion on one hit, kept in the hits sheet next to the hit and carried to the
 * same hit in the next run. Blank means not decided yet.
 */
export const DECISIONS = ['falsePositive', 'trueMatch', 'needsReview'] as const;
export type Decision = (typeof DECISIONS)[number];

/** The same three decisions as core and the relay name them (core/answer/explain.ts). */
export const DECISION_CODES: Record<Decision, CoreDecision> = {
  falsePositive: 'false-positive',
  trueMatch: 'true-match',
  needsReview: 'needs-review',
};

export function fromDecisionCode(code: CoreDecision): Decision {
  return DECISIONS.find((d) => DECISION_CODES[d] === code)!;
}

export function decisionText(decision: Decision, lang: Lang): string {
  return rescreenMessages.t(lang, `decision.${decision}`);
}

/** The validation list: the three values in the output's language (a blank cell is the fourth, "none"). */
export function decisionList(lang: Lang): string[] {
  return DECISIONS.map((d) => decisionText(d, lang));
}

/** A cell's text as two cells are compared: one Unicode form, spacing and case ignored. */
export const fold = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Every way a decision cell may name one decision: its drop-down value in either language (a file
 * made with --lang uk may be re-screened with --lang en), the words the Suggested column and the
 * pane's buttons use for it ("справжній збіг" where the drop-down says "Підтверджено": an analyst
 * copying the suggestion must not be told it is no decision), and the relay's code.
 */
function wordsFor(d: Decision): string[] {
  const code = DECISION_CODES[d];
  return [...LANGS.flatMap((lang) => [decisionText(d, lang), explainMessages.t(lang, `suggest.${code}`)]), code];
}
const DECISION_WORDS: ReadonlyMap<string, Decision> = new Map(
  DECISIONS.flatMap((d) => wordsFor(d).map((words): [string, Decision] => [fold(words), d])),
);

/** A decision cell as read back; case and spacing do not matter. undefined: a typo the caller reports. */
export function parseDecision(value: CellValue | undefined): Decision | null | undefined {
  if (value === null || value === undefined) return null;
  const text = fold(String(value));
  if (text === '') return null;
  return DECISION_WORDS.get(text);
}

/**
 * Why the analyst decided as they did: a reason code from core's list (explain.ts), picked from the
 * Reason drop-down, or, in a sheet written before the drop-down or pasted over it, the text as typed.
 * Either language is accepted, and the code itself; a text that is no reason is kept, never dropped.
 */
export function parseReason(value: CellValue | undefined): ReasonCode | string {
  if (value === null || value === undefined) return '';
  const typed = String(value).trim();
  const t = fold(typed);
  for (const code of REASON_CODES) {
    if (fold(code) === t) return code;
    for (const lang of LANGS) if (fold(reasonLabel(code, lang)) === t) return code;
  }
  return typed;
}

/** A reason as the Reason cell shows it: a code in the output's language, any other text as it was. */
export function reasonCellText(reason: string, lang: Lang): string {
  return (REASON_CODES as readonly string[]).includes(reason) ? reasonLabel(reason as ReasonCode, lang) : reason;
}

/**
 * Columns the hits sheet gains for decisions and re-screening, after the hit's own columns; the
 * last, the record's fingerprint, is what a decision sent to a relay names (Save decisions).
 */
export const REVIEW_COLUMN_IDS = [
  'change',
  'decision',
  'reason',
  'comment',
  'decidedBy',
  'decidedAt',
  'hitId',
  'fingerprint',
] as const;
export type ReviewColumnId = (typeof REVIEW_COLUMN_IDS)[number];

export type ChangeMark = 'new' | 'changed' | 'same' | 'gone';

export function changeText(mark: ChangeMark, lang: Lang): string {
  return rescreenMessages.t(lang, `change.${mark}`);
}

/** What every writer puts on the Decision column: the list and the texts Excel shows with it. */
export interface DecisionValidationSpec {
  values: string[];
  title: string;
  prompt: string;
  error: string;
}

export function decisionValidation(lang: Lang): DecisionValidationSpec {
  const values = decisionList(lang);
  const allowed = values.map((v) => `"${v}"`).join(', ');
  return {
    values,
    title: rescreenMessages.t(lang, 'col.decision'),
    prompt: rescreenMessages.t(lang, 'validation.prompt', { allowed }),
    error: rescreenMessages.t(lang, 'validation.error', { allowed }),
  };
}

/** The Reason column's drop-down: every reason code in the output's language, blank allowed. */
export function reasonValidation(lang: Lang): DecisionValidationSpec {
  return {
    values: REASON_CODES.map((code) => reasonLabel(code, lang)),
    title: rescreenMessages.t(lang, 'col.reason'),
    prompt: rescreenMessages.t(lang, 'validation.reason.prompt'),
    error: rescreenMessages.t(lang, 'validation.reason.error'),
  };
}

/** Every suggestion as the Suggested column words it, in either language, to its codes. */
const SUGGESTIONS: ReadonlyMap<string, Pick<Suggestion, 'decision' | 'reason'>> = new Map(
  LANGS.flatMap((lang) =>
    CORE_DECISIONS.flatMap((decision) =>
      REASON_CODES.map((reason) => [fold(suggestionLabel({ decision, reason }, lang)), { decision, reason }] as const),
    ),
  ),
);

/** The Suggested cell as its codes, or null for an empty or edited cell. */
export function parseSuggestion(value: CellValue | undefined): Pick<Suggestion, 'decision' | 'reason'> | null {
  return typeof value === 'string' ? (SUGGESTIONS.get(fold(value)) ?? null) : null;
}
