import { z } from 'zod';
import { REGISTRY_KEYS, type RegistryKey } from '../registries';
import { HEADER_KEYS, type HeaderKey } from './envelope';
import { flattenIssues, formatIssue, formatPath } from './issues';
import { REGISTRY_ITEM_SCHEMAS } from './items';
import { expectedMessage, isPlainObject, kindOf, strictEnum, strictString } from './primitives';
import { strictSchemaOf, type AnswerForm } from './strict';

const DOCUMENTED_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const strictHeaderShape = {
  idinternal: strictString,
  idsubjectFM: strictString,
  iduserPC: strictString,
  idrequest: strictString,
  dateResponse: z
    .string(expectedMessage('string'))
    .regex(DOCUMENTED_DATE, { error: (issue) => `expected "YYYY-MM-DD hh:mm:ss", got "${String(issue.input)}"` })
    .optional(),
  listdata: z
    .string(expectedMessage('string'))
    .regex(/^-?\d+$/, { error: (issue) => `expected a decimal number as text, got "${String(issue.input)}"` })
    .optional(),
  search: strictEnum(['1', '2']),
  responsetype: strictEnum(['1', '2', '3', '5']),
  textformat: strictEnum(['JSON', '', 'xml', 'html', 'text']),
} satisfies Record<HeaderKey, z.ZodType>;

function registryValueSchema(key: RegistryKey, form: AnswerForm | undefined) {
  return z
    .union([z.string(), z.array(strictSchemaOf(REGISTRY_ITEM_SCHEMAS[key], form))], {
      error: (issue) => `expected array of records or error text, got ${kindOf(issue.input)}`,
    })
    .optional();
}

const envelopeCache = new Map<AnswerForm | 'either', z.ZodType>();

/**
 * One envelope exactly as documented: header values are strings, dateResponse is
 * `YYYY-MM-DD hh:mm:ss`, every registry an array of documented records or an error text.
 * Unknown keys and absent fields are allowed; null and swapped types are not.
 */
export function strictEnvelopeSchema(form?: AnswerForm): z.ZodType {
  const cached = envelopeCache.get(form ?? 'either');
  if (cached) return cached;
  const result: Record<string, z.ZodType> = {};
  for (const key of REGISTRY_KEYS) result[key] = registryValueSchema(key, form);
  const schema = z.looseObject(
    { ...strictHeaderShape, result: z.looseObject(result, expectedMessage('object')).optional() },
    expectedMessage('object'),
  );
  envelopeCache.set(form ?? 'either', schema);
  return schema;
}

/** Built on first use: the strict schemas of eighteen registries cost a bulk run's start ~10 ms it has no use for. */
export const strictGetAnswerSchema = (): z.ZodType => z.array(strictEnvelopeSchema('get'), expectedMessage('array'));
export const strictPostAnswerSchema = (): z.ZodType => strictEnvelopeSchema('post');

export interface StrictCheckOptions {
  /** address_mreg is a number in GET answers and a string in POST answers; omitted, either passes. */
  form?: AnswerForm;
}

const DOCUMENTED_BY_LOWER = new Map<string, string>(
  [...HEADER_KEYS, 'result'].map((k): [string, string] => [k.toLowerCase(), k]),
);

function spellingIssues(raw: Record<string, unknown>, base: readonly PropertyKey[]): string[] {
  const issues: string[] = [];
  for (const key of Object.keys(raw)) {
    const documented = DOCUMENTED_BY_LOWER.get(key.toLowerCase());
    if (documented && documented !== key) {
      issues.push(`${formatPath([...base, key])}: documented spelling is ${documented}`);
    }
  }
  const result = raw.result;
  if (isPlainObject(result)) {
    for (const key of Object.keys(result)) {
      const registry = REGISTRY_KEYS.find((k) => k.toLowerCase() === key.toLowerCase());
      if (registry && registry !== key) {
        issues.push(`${formatPath([...base, key])}: documented spelling is ${registry}`);
      }
    }
  }
  return issues;
}

/** Registry paths read `peps[0].percent`, not `result.peps[0].percent`. */
function withoutResultSegment(path: PropertyKey[], base: readonly PropertyKey[]): PropertyKey[] {
  const at = base.length;
  return path[at] === 'result' && path.length > at + 1 ? [...path.slice(0, at), ...path.slice(at + 1)] : path;
}

function checkOne(raw: unknown, form: AnswerForm | undefined, base: readonly PropertyKey[]): string[] {
  if (!isPlainObject(raw)) {
    return [formatIssue({ path: [...base], message: `expected object, got ${kindOf(raw)}` })];
  }
  const parsed = strictEnvelopeSchema(form).safeParse(raw);
  const typeIssues = parsed.success ? [] : flattenIssues(parsed.error.issues, base);
  return [
    ...spellingIssues(raw, base),
    ...typeIssues.map((issue) => formatIssue({ path: withoutResultSegment(issue.path, base), message: issue.message })),
  ];
}

/**
 * Where one envelope deviates from the documented types, as `peps[0].percent: expected number,
 * got string` lines; empty when it is exactly as documented.
 */
export function checkEnvelopeStrict(raw: unknown, options: StrictCheckOptions = {}): string[] {
  return checkOne(raw, options.form, []);
}

/** A GET answer: an array of documented envelopes (`[0].peps[0].percent: ...`). */
export function checkGetAnswerStrict(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [`expected array, got ${kindOf(raw)}`];
  return raw.flatMap((envelope: unknown, index) => checkOne(envelope, 'get', [index]));
}

/** A POST answer: one documented envelope. */
export function checkPostAnswerStrict(raw: unknown): string[] {
  return checkOne(raw, 'post', []);
}
