import { z } from 'zod';
import { REGISTRY_KEYS, type RegistryKey } from '../registries';
import { AnswerShapeError } from './answer-shape-error';
import { str } from './fields';
import { isPlainObject, kindOf, setOwn } from './primitives';
import { parseRegistryValue, type RegistryOutcome } from './registry-value';

/** Envelope header keys as the interface document spells them. */
export const HEADER_KEYS = [
  'idinternal',
  'idsubjectFM',
  'iduserPC',
  'idrequest',
  'dateResponse',
  'listdata',
  'search',
  'responsetype',
  'textformat',
] as const;

export type HeaderKey = (typeof HEADER_KEYS)[number];

/** Every header value is text, numeric ones included (listdata can exceed 2^31; ids are opaque). */
export const envelopeHeaderSchema = z.object({
  idinternal: str,
  idsubjectFM: str,
  iduserPC: str,
  idrequest: str,
  dateResponse: str,
  listdata: str,
  search: str,
  responsetype: str,
  textformat: str,
} satisfies Record<HeaderKey, z.ZodType>);

export type EnvelopeHeader = z.infer<typeof envelopeHeaderSchema>;

export type ParsedRegistries = { [K in RegistryKey]?: RegistryOutcome<K> };

export interface ParsedEnvelope {
  header: EnvelopeHeader;
  registries: ParsedRegistries;
  /** Top-level keys that are neither header nor result, kept as they came. */
  extraHeader: Record<string, unknown>;
  /** Result keys that are none of the 18 registries, kept as they came. */
  unknownResultKeys: Record<string, unknown>;
  /** What could not be read, as `path: reason` lines; empty for a clean answer. */
  problems: string[];
  /**
   * False when registry data may have been lost outside any one block (result not an object, a
   * second spelling of a registry or of result, extra envelopes): such an answer must never
   * read as "no hits".
   */
  resultIntact: boolean;
}

/** Records a problem that may hide hits of any registry. */
export function noteLostResult(envelope: ParsedEnvelope, problem: string): void {
  envelope.problems.push(problem);
  envelope.resultIntact = false;
}

const HEADER_BY_LOWER = new Map<string, HeaderKey>(HEADER_KEYS.map((k) => [k.toLowerCase(), k]));
const REGISTRY_BY_LOWER = new Map<string, RegistryKey>(REGISTRY_KEYS.map((k) => [k.toLowerCase(), k]));
const RESULT_KEY = 'result';

function isDocumentedSpelling(key: string): boolean {
  return key === RESULT_KEY || HEADER_BY_LOWER.get(key.toLowerCase()) === key;
}

/** Documented spellings first, so that a variant spelling never overrides the documented key. */
function documentedFirst<T>(entries: [string, T][], documented: (key: string) => boolean): [string, T][] {
  return [...entries.filter(([k]) => documented(k)), ...entries.filter(([k]) => !documented(k))];
}

function setOutcome<K extends RegistryKey>(target: ParsedRegistries, key: K, outcome: RegistryOutcome<K>): void {
  // Sound by construction (key and outcome share K); TypeScript cannot follow the correlation.
  (target as Record<K, RegistryOutcome<K>>)[key] = outcome;
}

function parseResult(result: unknown, envelope: ParsedEnvelope): void {
  if (result === null || result === undefined) return;
  if (!isPlainObject(result)) {
    noteLostResult(envelope, `${RESULT_KEY}: expected object, got ${kindOf(result)}`);
    return;
  }
  const entries = documentedFirst(Object.entries(result), (k) => REGISTRY_BY_LOWER.get(k) === k);
  for (const [rawKey, value] of entries) {
    const key = REGISTRY_BY_LOWER.get(rawKey.toLowerCase());
    if (!key) {
      setOwn(envelope.unknownResultKeys, rawKey, value);
      continue;
    }
    if (envelope.registries[key] !== undefined) {
      setOwn(envelope.unknownResultKeys, rawKey, value);
      noteLostResult(envelope, `${rawKey}: second spelling of ${key}; kept in unknownResultKeys`);
      continue;
    }
    const outcome = parseRegistryValue(key, value);
    if (!outcome) continue;
    setOutcome(envelope.registries, key, outcome);
    if (outcome.status === 'malformed') envelope.problems.push(...outcome.issues);
  }
}

/**
 * Reads one response envelope leniently: header keys matched case-insensitively, header values
 * as text, every registry read on its own so that one broken block leaves the others readable.
 * Throws AnswerShapeError only when the value is not an envelope at all.
 */
export function parseEnvelope(raw: unknown): ParsedEnvelope {
  if (!isPlainObject(raw)) throw new AnswerShapeError(`expected an envelope object, got ${kindOf(raw)}`);
  const envelope: ParsedEnvelope = {
    header: {},
    registries: {},
    extraHeader: {},
    unknownResultKeys: {},
    problems: [],
    resultIntact: true,
  };
  let recognised = false;
  let result: unknown;
  let resultSeen = false;
  for (const [rawKey, value] of documentedFirst(Object.entries(raw), isDocumentedSpelling)) {
    const lower = rawKey.toLowerCase();
    if (lower === RESULT_KEY) {
      recognised = true;
      if (resultSeen) {
        setOwn(envelope.extraHeader, rawKey, value);
        noteLostResult(envelope, `${rawKey}: second spelling of result; kept in extraHeader`);
      } else {
        result = value;
        resultSeen = value !== null && value !== undefined;
      }
      continue;
    }
    const key = HEADER_BY_LOWER.get(lower);
    if (!key) {
      setOwn(envelope.extraHeader, rawKey, value);
      continue;
    }
    recognised = true;
    if (value === null || value === undefined) continue;
    if (envelope.header[key] !== undefined) {
      setOwn(envelope.extraHeader, rawKey, value);
      envelope.problems.push(`${rawKey}: second spelling of ${key}; kept in extraHeader`);
      continue;
    }
    const parsed = envelopeHeaderSchema.shape[key].safeParse(value);
    if (parsed.success && parsed.data !== undefined) {
      envelope.header[key] = parsed.data;
    } else {
      setOwn(envelope.extraHeader, rawKey, value);
      envelope.problems.push(`${rawKey}: expected string, got ${kindOf(value)}`);
    }
  }
  if (!recognised) throw new AnswerShapeError('no envelope fields (result, idrequest, dateResponse ...)');
  parseResult(result, envelope);
  return envelope;
}

function parseNumbered(raw: unknown, index: number): ParsedEnvelope {
  try {
    return parseEnvelope(raw);
  } catch (error) {
    if (error instanceof AnswerShapeError) throw new AnswerShapeError(`[${index}]: ${error.detail}`);
    throw error;
  }
}

/** GET answers are an array of envelopes; a lone envelope is accepted as an array of one. */
export function parseGetAnswer(raw: unknown): ParsedEnvelope[] {
  if (isPlainObject(raw)) return [parseEnvelope(raw)];
  if (!Array.isArray(raw)) throw new AnswerShapeError(`expected an array of envelopes, got ${kindOf(raw)}`);
  if (raw.length === 0) throw new AnswerShapeError('the array holds no envelope');
  return raw.map(parseNumbered);
}

/** POST answers are one envelope; an array of them is read as its first. */
export function parsePostAnswer(raw: unknown): ParsedEnvelope {
  if (isPlainObject(raw)) return parseEnvelope(raw);
  if (!Array.isArray(raw)) throw new AnswerShapeError(`expected an envelope object, got ${kindOf(raw)}`);
  if (raw.length === 0) throw new AnswerShapeError('the array holds no envelope');
  const envelope = parseNumbered(raw[0], 0);
  if (raw.length > 1) noteLostResult(envelope, `answer held ${raw.length} envelopes; only the first was read`);
  return envelope;
}

function lenientAnswer<T>(parse: (raw: unknown) => T) {
  return z.unknown().transform((raw, ctx): T => {
    try {
      return parse(raw);
    } catch (error) {
      if (!(error instanceof AnswerShapeError)) throw error;
      ctx.issues.push({ code: 'custom', message: error.detail, input: raw });
      return z.NEVER;
    }
  });
}

/** The lenient readers as zod schemas, for code that composes schemas. */
export const envelopeSchema = lenientAnswer(parseEnvelope);
export const getAnswerSchema = lenientAnswer(parseGetAnswer);
export const postAnswerSchema = lenientAnswer(parsePostAnswer);
