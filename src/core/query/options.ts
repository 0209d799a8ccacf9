import { z } from 'zod';
import type { Doctype } from './documents';
import { accept, isAbsent, reject, shown, type FieldCheck } from './field';

/** A whole number given as a number or as text ("2", " 2 "); null when it is neither. */
function wholeNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value)) return Number(value.trim());
  return null;
}

function typeCheck(value: unknown, field: string): FieldCheck<never> | null {
  return typeof value === 'number' || typeof value === 'string'
    ? null
    : reject(field, 'field.type.number', { value: shown(value) });
}

function choice<T extends number>(value: unknown, allowed: readonly T[], field: string): FieldCheck<T> {
  if (isAbsent(value)) return accept(undefined);
  const wrongType = typeCheck(value, field);
  if (wrongType) return wrongType;
  const n = wholeNumber(value);
  if (n === null || !(allowed as readonly number[]).includes(n)) {
    return reject(field, 'field.enum.value', {
      value: shown(typeof value === 'string' ? value.trim() : value),
      allowed: allowed.join(', '),
    });
  }
  return accept(n as T);
}

/** 1 national passport or ID card, 2 foreign-travel passport, 0 both (the service default). */
export function normalizeDoctype(value: unknown, field = 'doctype'): FieldCheck<Doctype> {
  return choice<Doctype>(value, [0, 1, 2], field);
}

const BOUNDS = new WeakMap<z.ZodNumber, { min: number; max: number }>();

/**
 * A number schema whose bounds messages and hints can name. zod's own bound getters (minValue,
 * maxValue) go out of the add-in's bundle with the rest of its JSON Schema code
 * (scripts/zod-json-schema-stub-loader.js) and throw there, so the bounds are kept beside the schema.
 */
export function boundedNumber(min: number, max: number, whole = true): z.ZodNumber {
  const schema = (whole ? z.number().int() : z.number()).min(min).max(max);
  BOUNDS.set(schema, { min, max });
  return schema;
}

/** Bounds of a schema made by boundedNumber, for messages and for the normaliser. */
export function rangeOf(schema: z.ZodNumber): { min: number; max: number } {
  const bounds = BOUNDS.get(schema);
  if (!bounds) throw new Error('rangeOf: the schema was not made by boundedNumber');
  return bounds;
}

/** "0–100": a field's hint, read off the schema that checks it. */
export function rangeHint(schema: z.ZodNumber): string {
  const { min, max } = rangeOf(schema);
  return `${min}–${max}`;
}

/**
 * The one definition of each option's allowed values: the request schema, the settings schema and
 * the run-state schema use these, and the normalisers below read their bounds from them.
 */
export const searchModeSchema = z.literal([1, 2]);
export const lowranklimitSchema = boundedNumber(0, 100);

export type SearchMode = z.infer<typeof searchModeSchema>;

const SEARCH_MODES = [...searchModeSchema.values] as SearchMode[];

/** 1 full-text (the service default), 2 tolerant of spelling errors. */
export function normalizeSearch(value: unknown, field = 'search'): FieldCheck<SearchMode> {
  return choice<SearchMode>(value, SEARCH_MODES, field);
}

/** A whole number, given as a number or as text, within the bounds of `schema`. */
export function normalizeWholeNumber(value: unknown, field: string, schema: z.ZodNumber): FieldCheck<number> {
  if (isAbsent(value)) return accept(undefined);
  const wrongType = typeCheck(value, field);
  if (wrongType) return wrongType;
  const n = wholeNumber(value);
  const { min, max } = rangeOf(schema);
  if (n === null || !schema.safeParse(n).success) {
    return reject(field, 'field.range.value', {
      value: shown(typeof value === 'string' ? value.trim() : value),
      min,
      max,
    });
  }
  return accept(n);
}

/** Lowest name-match percent to return. */
export function normalizeLowranklimit(value: unknown, field = 'lowranklimit'): FieldCheck<number> {
  return normalizeWholeNumber(value, field, lowranklimitSchema);
}

/** Words a person or a sheet may use for yes/no, including Ukrainian Excel's ІСТИНА/ХИБНІСТЬ. */
const TRUE_WORDS = new Set(['true', '1', 'yes', 'y', 'так', 'істина', 'т']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n', 'ні', 'хибність', 'н']);

export function normalizeBoolean(value: unknown, field: string): FieldCheck<boolean> {
  if (isAbsent(value)) return accept(undefined);
  if (typeof value === 'boolean') return accept(value);
  if (value === 1 || value === 0) return accept(value === 1);
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return accept(true);
    if (FALSE_WORDS.has(word)) return accept(false);
  }
  return reject(field, 'field.boolean', { value: shown(typeof value === 'string' ? value.trim() : value) });
}
