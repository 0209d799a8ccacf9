import { z } from 'zod';
import { describeField, type Shape } from './fields';
import {
  expectedMessage,
  kindOf,
  strictBoolean,
  strictEnum,
  strictNumber,
  strictString,
  strictStringList,
} from './primitives';

/** GET and POST answers differ in a few documented fields (†, address_mreg). */
export type AnswerForm = 'get' | 'post';

export const MATCH_LEVELS = ['Високий', 'Низький'] as const;

const strictLevel = strictEnum(MATCH_LEVELS);
const strictStringOrNumber = z
  .union([z.string(), z.number()], { error: (issue) => `expected string or number, got ${kindOf(issue.input)}` })
  .optional();

const caches: Record<AnswerForm | 'either', WeakMap<z.ZodType, z.ZodType>> = {
  get: new WeakMap(),
  post: new WeakMap(),
  either: new WeakMap(),
};

/**
 * The strict twin of a lenient schema built with fields.ts: exactly the documented JSON types,
 * unknown keys still allowed, every field still optional, but null and swapped types rejected.
 */
export function strictSchemaOf(schema: z.ZodType, form?: AnswerForm): z.ZodType {
  const cache = caches[form ?? 'either'];
  const cached = cache.get(schema);
  if (cached) return cached;
  const desc = describeField(schema);
  if (!desc) throw new Error('strictSchemaOf needs a schema built in fields.ts');
  let strict: z.ZodType;
  switch (desc.kind) {
    case 'string':
      strict = strictString;
      break;
    case 'number':
      strict = strictNumber;
      break;
    case 'boolean':
      strict = strictBoolean;
      break;
    case 'strings':
      strict = strictStringList;
      break;
    case 'level':
      strict = strictLevel;
      break;
    case 'mreg':
      strict = form === 'get' ? strictNumber : form === 'post' ? strictString : strictStringOrNumber;
      break;
    case 'object': {
      const object = z.looseObject(strictShape(desc.shape, form), expectedMessage('object'));
      strict = desc.item ? object : object.optional();
      break;
    }
    case 'list':
      strict = z.array(strictSchemaOf(desc.element, form), expectedMessage('array')).optional();
      break;
  }
  cache.set(schema, strict);
  return strict;
}

function strictShape(shape: Shape, form: AnswerForm | undefined): Shape {
  const out: Shape = {};
  for (const [key, field] of Object.entries(shape)) out[key] = strictSchemaOf(field, form);
  return out;
}
