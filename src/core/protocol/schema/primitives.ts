import { z } from 'zod';

/**
 * Lenient scalar coercions. Real answers swap numbers and numeric strings, spell booleans
 * several ways and put null where a field has nothing; a client must read all of it.
 * Every coercion maps null (and an empty string, for numbers and booleans) to "absent".
 */

/** A short name for a JSON value's kind, used in every issue text ("expected number, got string"). */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isFinite(value)) return 'non-finite number';
  return typeof value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function toLenientString(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return value;
}

const NUMERIC = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/;

export function toLenientNumber(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return undefined;
    // A decimal comma is how Ukrainian sources write fractions.
    return NUMERIC.test(text) ? Number(text.replace(',', '.')) : value;
  }
  if (typeof value === 'bigint') return Number(value);
  return value;
}

const TRUE_TEXT = new Set(['true', '1']);
const FALSE_TEXT = new Set(['false', '0']);

export function toLenientBoolean(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (value === 1) return true;
  if (value === 0) return false;
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (text === '') return undefined;
    if (TRUE_TEXT.has(text)) return true;
    if (FALSE_TEXT.has(text)) return false;
  }
  return value;
}

export function nullToAbsent(value: unknown): unknown {
  return value === null ? undefined : value;
}

/** One object where a list was documented is read as a list of one. */
export function toLenientList(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  return Array.isArray(value) ? value : [value];
}

export function expectedMessage(what: string) {
  return { error: (issue: { input?: unknown }) => `expected ${what}, got ${kindOf(issue.input)}` };
}

export const lenientString = z.preprocess(toLenientString, z.string(expectedMessage('string')).optional()).optional();
export const lenientNumber = z.preprocess(toLenientNumber, z.number(expectedMessage('number')).optional()).optional();
export const lenientBoolean = z
  .preprocess(toLenientBoolean, z.boolean(expectedMessage('boolean')).optional())
  .optional();
export const lenientStringList = z
  .preprocess(toLenientList, z.array(lenientString, expectedMessage('array')).optional())
  .transform((list) => list?.filter((s): s is string => s !== undefined))
  .optional();

/** Strict counterparts: exactly the documented JSON type; absent is fine, null is not. */
export const strictString = z.string(expectedMessage('string')).optional();
export const strictNumber = z.number(expectedMessage('number')).optional();
export const strictBoolean = z.boolean(expectedMessage('boolean')).optional();
export const strictStringList = z.array(z.string(expectedMessage('string')), expectedMessage('array')).optional();

export function strictEnum(values: readonly [string, ...string[]]) {
  const allowed = values.map((v) => `"${v}"`).join(' or ');
  return z
    .enum(values, {
      error: (issue: { input?: unknown }) =>
        typeof issue.input === 'string'
          ? `expected ${allowed}, got "${issue.input}"`
          : `expected ${allowed}, got ${kindOf(issue.input)}`,
    })
    .optional();
}

/**
 * Stores a key taken from an answer. Plain assignment of `__proto__` (a legal JSON key) would
 * replace the target's prototype instead of storing a value.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
