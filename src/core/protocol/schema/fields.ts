import { z } from 'zod';
import {
  expectedMessage,
  lenientBoolean,
  lenientNumber,
  lenientString,
  lenientStringList,
  nullToAbsent,
  toLenientList,
} from './primitives';

/**
 * The field vocabulary every registry block is written in. A block is declared once, with these
 * builders, as a lenient zod schema (the one the client parses with, and the one its types come
 * from); each builder also records what the field is documented to be, so that the strict
 * checker (strict.ts) is derived from the very same declaration instead of a second copy.
 */

export type ScalarKind = 'string' | 'number' | 'boolean' | 'level' | 'strings' | 'mreg';

export type Shape = Record<string, z.ZodType>;

export type FieldDesc =
  | { kind: ScalarKind; postOnly: boolean }
  /** A nested object; `item` marks a registry item or list element (required where it appears). */
  | { kind: 'object'; shape: Shape; postOnly: boolean; item: boolean }
  | { kind: 'list'; element: z.ZodType; postOnly: boolean };

const DESCRIPTIONS = new WeakMap<z.ZodType, FieldDesc>();

function described<T extends z.ZodType>(schema: T, desc: FieldDesc): T {
  DESCRIPTIONS.set(schema, desc);
  return schema;
}

/** What a schema built here is documented to be; undefined for a schema not built here. */
export function describeField(schema: z.ZodType): FieldDesc | undefined {
  return DESCRIPTIONS.get(schema);
}

export const str = described(lenientString, { kind: 'string', postOnly: false });
export const num = described(lenientNumber, { kind: 'number', postOnly: false });
export const bool = described(lenientBoolean, { kind: 'boolean', postOnly: false });
export const strs = described(lenientStringList, { kind: 'strings', postOnly: false });
/** Match level: a string to the client, `Високий` or `Низький` to the strict checker. */
export const level = described(lenientString.clone(), { kind: 'level', postOnly: false });
/** edrfullinfo.address_mreg: documented as a string in the POST form and a number in the GET form. */
export const mreg = described(lenientString.clone(), { kind: 'mreg', postOnly: false });

/** An object whose unknown keys are kept: registries gain fields over time. */
export function item<S extends Shape>(shape: S) {
  return described(z.looseObject(shape, expectedMessage('object')), {
    kind: 'object',
    shape,
    postOnly: false,
    item: true,
  });
}

/** A nested single object (null means absent). */
export function obj<S extends Shape>(shape: S) {
  const schema = z.preprocess(nullToAbsent, z.looseObject(shape, expectedMessage('object')).optional()).optional();
  return described(schema, { kind: 'object', shape, postOnly: false, item: false });
}

/** A nested list of objects; null elements are absent, a lone object is a list of one. */
export function list<S extends Shape>(shape: S) {
  const element = item(shape);
  const schema = z
    .preprocess(toLenientList, z.array(element.nullish(), expectedMessage('array')).optional())
    .transform((entries) => entries?.filter((e): e is z.infer<typeof element> => e !== null && e !== undefined))
    .optional();
  return described(schema, { kind: 'list', element, postOnly: false });
}

/** Marks a field the interface document lists only for the POST form (†). */
export function post<T extends z.ZodType>(schema: T): T {
  const desc = DESCRIPTIONS.get(schema);
  if (!desc) throw new Error('post() needs a field built in fields.ts');
  return described(schema.clone(), { ...desc, postOnly: true });
}
