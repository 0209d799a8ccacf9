import type { z } from 'zod';
import { DECISIONS, REASON_CODES } from '../core/answer/explain';
import type { FieldError } from '../core/protocol/errors';
import { inBothLanguages } from '../core/text/both-languages';
import { defineCatalogue } from '../core/text/i18n';
import { bilingual } from './messages';

/**
 * Why one decision of a batch was refused, in the words of the person who sent it (a hits sheet
 * from the pane, an edited export for `screen --decisions`), Ukrainian first as the relay writes.
 * The outcome's `reason` keeps its short form for programs; this is its `message`.
 */

export const decisionRefusalMessages = defineCatalogue(
  {
    identity:
      'A decision must not name its author or time ({field}): the relay takes them from your key and its own clock.',
    registry: 'registry: not a registry key.',
    record: "record: the hit's record id is missing or longer than 300 characters.",
    fingerprint: "fingerprint: 16 hexadecimal digits, as in the hits sheet's Record fingerprint column.",
    decision: 'decision: one of {values}.',
    reason: 'reason: one of {values}.',
    comment: 'comment: at most 2,000 characters, with no NUL character.',
    subject: 'subject: the subject as it was screened (name, date, ipn or doc).',
    why: 'why: at most 12 lines (text, or {uk, en}) of at most 600 characters, none empty, with no NUL character.',
    stale:
      "The relay's decision on this hit is no longer the one this sheet shows (returned or decided anew since): screen again, then decide it.",
    unknownField:
      'Unknown field {field}: a decision has subject, registry, record, fingerprint, decision, reason, comment, suggested, why and onRecord.',
    other: '{field}: {detail}',
    badSubject: 'subject: {detail}',
  },
  {
    identity: 'Рішення не має називати автора чи час ({field}): релей бере їх із вашого ключа та власного годинника.',
    registry: 'registry: це не ключ реєстру.',
    record: 'record: ідентифікатора запису немає або він довший за 300 символів.',
    fingerprint: 'fingerprint: 16 шістнадцяткових цифр, як у стовпці «Відбиток запису» аркуша збігів.',
    decision: 'decision: одне з {values}.',
    reason: 'reason: одне з {values}.',
    comment: 'comment: не більше 2 000 символів, без символу NUL.',
    subject: 'subject: суб’єкт, як його перевіряли (name, date, ipn або doc).',
    why: 'why: не більше 12 рядків (текст або {uk, en}), кожен не довший за 600 символів, не порожній і без символу NUL.',
    stale:
      'Рішення релея щодо цього збігу вже не те, що на аркуші (його повернуто або ухвалено нове): перевірте знову, тоді вирішуйте.',
    unknownField:
      'Невідоме поле {field}: рішення має subject, registry, record, fingerprint, decision, reason, comment, suggested, why і onRecord.',
    other: '{field}: {detail}',
    badSubject: 'subject: {detail}',
  },
);

/** A sheet's row that shows a decision the record has moved on from. */
export const refusedAsStale = () => inBothLanguages(decisionRefusalMessages.text('stale'));

/** The same words as a whole batch refused for its role (relay/messages.ts). */
export const refusedForRole = () => bilingual('decision.role');

export const refusedForIdentity = (field: string) =>
  inBothLanguages(decisionRefusalMessages.text('identity', { field }));

/** The first problem zod found with a decision, named by its field. */
export function refusedForShape(issue: z.core.$ZodIssue): string {
  const field = String(issue.path[0] ?? '');
  if (issue.code === 'unrecognized_keys') {
    return inBothLanguages(decisionRefusalMessages.text('unknownField', { field: issue.keys.join(', ') }));
  }
  switch (field) {
    case 'registry':
    case 'record':
    case 'fingerprint':
    case 'comment':
    case 'subject':
    case 'why':
      return inBothLanguages(decisionRefusalMessages.text(field));
    case 'decision':
      return inBothLanguages(decisionRefusalMessages.text('decision', { values: DECISIONS.join(', ') }));
    case 'reason':
      return inBothLanguages(decisionRefusalMessages.text('reason', { values: REASON_CODES.join(', ') }));
    default:
      return inBothLanguages(
        decisionRefusalMessages.text('other', { field: field || 'decision', detail: issue.message }),
      );
  }
}

export function refusedForSubject(errors: readonly FieldError[]): string {
  return inBothLanguages({
    uk: decisionRefusalMessages.t('uk', 'badSubject', { detail: errors.map((e) => e.message.uk).join(' ') }),
    en: decisionRefusalMessages.t('en', 'badSubject', { detail: errors.map((e) => e.message.en).join(' ') }),
  });
}
