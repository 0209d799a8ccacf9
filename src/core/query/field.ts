import type { FieldError } from '../protocol/errors';
import type { LocalizedText, MessageParams } from '../text/i18n';
import { coreMessages, type CoreMessageKey } from '../text/messages';
import { CONTROL, everywhere } from '../text/control-chars';

const ANY_CONTROL = everywhere(CONTROL);

/**
 * Outcome of normalising one request field. `value` is undefined when the field was absent
 * (undefined, null, blank text or an empty list): absent fields are simply not sent.
 */
export type FieldCheck<T> = { ok: true; value: T | undefined } | { ok: false; errors: FieldError[] };

export function accept<T>(value: T | undefined): FieldCheck<T> {
  return { ok: true, value };
}

export function fieldError(
  field: string,
  code: CoreMessageKey,
  params?: MessageParams,
  message?: LocalizedText,
): FieldError {
  return { field, code, message: message ?? coreMessages.text(code, params) };
}

export function reject(
  field: string,
  code: CoreMessageKey,
  params?: MessageParams,
): { ok: false; errors: FieldError[] } {
  return { ok: false, errors: [fieldError(field, code, params)] };
}

/**
 * The 0 a formula shows for an empty cell it refers to (=Clients!C5), as a number or, through a
 * text parameter or a CSV, as text. In a list's date, code, document or name cell it stands for
 * that empty cell: a bulk row and a worksheet function both read it so.
 */
export function isFormulaZero(value: unknown): boolean {
  return value === 0 || (typeof value === 'string' && value.trim() === '0');
}

export function isAbsent(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isAbsent);
  return false;
}

const SHOWN_MAX = 60;

/**
 * A raw value as it may appear inside a message: short, on one line, with control characters
 * made visible, because messages end up in cells and dialogs.
 */
export function shown(value: unknown): string {
  let text: string;
  if (value instanceof Date) text = Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  else if (Array.isArray(value)) text = `[${value.map(shown).join(', ')}]`;
  else if (typeof value === 'object' && value !== null) text = '{…}';
  else text = String(value);
  text = text.replace(ANY_CONTROL, '�');
  return text.length > SHOWN_MAX ? `${text.slice(0, SHOWN_MAX - 1)}…` : text;
}

/** Several localised sub-texts in one message: each language gets its own words for its params. */
export function localizedError(
  field: string,
  code: CoreMessageKey,
  params: MessageParams,
  localParams: Record<string, CoreMessageKey>,
): FieldError {
  const textIn = (lang: 'uk' | 'en') => {
    const filled: MessageParams = { ...params };
    for (const [name, key] of Object.entries(localParams)) filled[name] = coreMessages.t(lang, key);
    return coreMessages.t(lang, code, filled);
  };
  return fieldError(field, code, undefined, { uk: textIn('uk'), en: textIn('en') });
}
