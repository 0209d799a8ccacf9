import { z } from 'zod';
import { InvalidInputError, type FieldError } from '../protocol/errors';
import { parseListdata, type Listdata, type ListdataSpec } from '../protocol/listdata';
import { normalizeEdrpouList, normalizeIpn } from './codes';
import { MIN_EDR_CHANGES_DATE, normalizeDate, normalizeDateTime, type DateSystem } from './dates';
import { normalizeDoc } from './documents';
import { accept, fieldError, isAbsent, reject, shown, type FieldCheck } from './field';
import { splitNameAndDate } from './name-with-date';
import {
  lowranklimitSchema,
  normalizeBoolean,
  normalizeDoctype,
  normalizeLowranklimit,
  normalizeSearch,
  searchModeSchema,
} from './options';
import {
  TEXT_LIMITS,
  isPlaceholderName,
  isPlaceholderValue,
  normalizeName,
  normalizeNamelat,
  normalizePlainText,
} from './text';

export { normalizeIpn } from './codes';
export { excelSerialToIsoDate, type DateSystem } from './dates';
export { normalizeDoc } from './documents';
export { isAbsent, isFormulaZero, type FieldCheck } from './field';
export { lowranklimitSchema, rangeHint, rangeOf, searchModeSchema } from './options';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const text = (max: number) => z.string().min(1).max(max);

/** The request after normalisation: what the client sends and what keys, caches and logs see. */
export const searchQuerySchema = z.object({
  name: text(TEXT_LIMITS.name).optional(),
  namelat: text(TEXT_LIMITS.namelat).optional(),
  ipn: z
    .string()
    .regex(/^(\d{8}|\d{10})$/)
    .optional(),
  date: isoDate.optional(),
  doc: z
    .string()
    .regex(/^(\d{9}|\p{Script=Cyrillic}{2}\d{6}|[A-Z]{2}\d{6})$/u)
    .optional(),
  doctype: z.literal([0, 1, 2]).optional(),
  search: searchModeSchema.optional(),
  lowranklimit: lowranklimitSchema.optional(),
  listdata: z.bigint().optional(),
  IDinternal: text(TEXT_LIMITS.IDinternal).optional(),
  DateRequest: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    .optional(),
  IDuserPC: text(TEXT_LIMITS.IDuserPC).optional(),
  edrchangesfrom: isoDate.optional(),
  edrchangesto: isoDate.optional(),
  arrayedrpou: z
    .array(z.string().regex(/^\d{8}$/))
    .min(1)
    .optional(),
  onlyactual: z.boolean().optional(),
  city: text(TEXT_LIMITS.city).optional(),
  nonrezedentcode: text(TEXT_LIMITS.nonrezedentcode).optional(),
});

export type SearchQuery = z.infer<typeof searchQuerySchema>;
export type QueryField = keyof SearchQuery;

/** Request fields in the order of the interface document; errors are reported in this order. */
export const QUERY_FIELDS = Object.keys(searchQuerySchema.shape) as QueryField[];

/** What a cell, a form, a CLI argument or a JSON line may hold for a field. */
export type QueryInputScalar = string | number | boolean | bigint | Date | null | undefined;
export type QueryInputValue = QueryInputScalar | readonly QueryInputScalar[];
export type QueryInput = { [K in QueryField]?: QueryInputValue };

export interface QueryOptions {
  /** Reference for "in the future"; default the current time. */
  now?: Date;
  /** The date system of the workbook a number came from (1904 on some Mac workbooks); default 1900. */
  dateSystem?: DateSystem;
}

export type QueryValidation = { ok: true; query: SearchQuery } | { ok: false; errors: FieldError[] };

const NOTHING_SAID: Listdata = 0n;

/** listdata from registry keys, list names or numbers; errors come from parseListdata, renamed to `field`. */
export function normalizeListdata(value: unknown, field = 'listdata'): FieldCheck<Listdata> {
  if (isAbsent(value)) return accept(undefined);
  const scalarOk = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint';
  if (!(scalarOk(value) || (Array.isArray(value) && value.every((v) => isAbsent(v) || scalarOk(v))))) {
    return reject(field, 'field.type.listdata', { value: shown(value) });
  }
  try {
    // 0 is never a valid listdata, so it can stand for "the text named no list at all".
    const listdata = parseListdata(value as ListdataSpec, NOTHING_SAID);
    return accept(listdata === NOTHING_SAID ? undefined : listdata);
  } catch (e) {
    if (e instanceof InvalidInputError) return { ok: false, errors: e.errors.map((err) => ({ ...err, field })) };
    throw e;
  }
}

/** Normalises every field, collecting all errors rather than stopping at the first. */
export function validateQuery(
  input: QueryInput | Readonly<Record<string, unknown>>,
  options: QueryOptions = {},
): QueryValidation {
  const raw = input as Readonly<Record<string, unknown>>;
  const now = options.now ?? new Date();
  const dateSystem = options.dateSystem ?? 1900;
  const query: SearchQuery = {};
  const errors: FieldError[] = [];
  const failed = new Set<string>();

  function set<K extends QueryField>(key: K, check: FieldCheck<NonNullable<SearchQuery[K]>>): void {
    if (!check.ok) {
      errors.push(...check.errors);
      failed.add(key);
    } else if (check.value !== undefined) {
      query[key] = check.value;
    }
  }

  const inName = splitNameAndDate(raw.name);
  const name = normalizeName(inName ? inName.name : raw.name);
  // A stand-in for "no name" is not asked; the row may still be asked by its code or document.
  const placeholder = name.ok && name.value !== undefined && isPlaceholderName(name.value) ? name.value : undefined;
  set('name', placeholder === undefined ? name : accept(undefined));
  set('namelat', normalizeNamelat(raw.namelat));
  // "-" or "немає" for an unknown code, date or document is the empty cell it stands for: refused,
  // it would keep a client with a name from being screened at all.
  const [rawIpn, givenDate, rawDoc] = [raw.ipn, raw.date, raw.doc].map((v) => (isPlaceholderValue(v) ? undefined : v));
  // The date column, when filled, is the one asked; the name's own date only stands in for it.
  const rawDate = isAbsent(givenDate) && inName ? inName.date : givenDate;
  // One who refused a tax number on religious grounds is identified by passport, which Ukrainian
  // forms and client lists write in the tax-number field ("КМ 417305"): asked as the document.
  const passportAsIpn =
    isAbsent(rawDoc) && typeof rawIpn === 'string' && /\p{L}/u.test(rawIpn) ? normalizeDoc(rawIpn) : null;
  set('ipn', passportAsIpn?.ok ? accept(undefined) : normalizeIpn(rawIpn));
  set('date', normalizeDate(rawDate, { now, dateSystem }));
  set('doctype', normalizeDoctype(raw.doctype));
  set('doc', normalizeDoc(passportAsIpn?.ok ? rawIpn : rawDoc, { doctype: query.doctype }));
  set('search', normalizeSearch(raw.search));
  set('lowranklimit', normalizeLowranklimit(raw.lowranklimit));
  set('listdata', normalizeListdata(raw.listdata));
  set('IDinternal', normalizePlainText(raw.IDinternal, 'IDinternal'));
  set('DateRequest', normalizeDateTime(raw.DateRequest, 'DateRequest', dateSystem));
  set('IDuserPC', normalizePlainText(raw.IDuserPC, 'IDuserPC'));
  set(
    'edrchangesfrom',
    normalizeDate(raw.edrchangesfrom, { field: 'edrchangesfrom', now, min: MIN_EDR_CHANGES_DATE, dateSystem }),
  );
  set(
    'edrchangesto',
    normalizeDate(raw.edrchangesto, { field: 'edrchangesto', now, min: MIN_EDR_CHANGES_DATE, dateSystem }),
  );
  set('arrayedrpou', normalizeEdrpouList(raw.arrayedrpou));
  set('onlyactual', normalizeBoolean(raw.onlyactual, 'onlyactual'));
  set('city', normalizePlainText(raw.city, 'city'));
  set('nonrezedentcode', normalizePlainText(raw.nonrezedentcode, 'nonrezedentcode'));

  if (query.edrchangesfrom && query.edrchangesto && query.edrchangesfrom > query.edrchangesto) {
    errors.push(
      fieldError('edrchangesfrom', 'field.dateRange.order', { from: query.edrchangesfrom, to: query.edrchangesto }),
    );
  }

  const subject = ['name', 'ipn', 'doc'] as const;
  if (subject.every((key) => query[key] === undefined && !failed.has(key))) {
    errors.unshift(
      placeholder === undefined
        ? fieldError('subject', 'field.required.subject')
        : fieldError('name', 'field.name.placeholder', {
            value: shown(placeholder),
          }),
    );
  }

  return errors.length > 0 ? { ok: false, errors } : { ok: true, query };
}

/** Like validateQuery, for callers that handle errors by type: throws InvalidInputError. */
export function parseQuery(
  input: QueryInput | Readonly<Record<string, unknown>>,
  options: QueryOptions = {},
): SearchQuery {
  const result = validateQuery(input, options);
  if (!result.ok) throw new InvalidInputError(result.errors);
  return result.query;
}

/** Values the service assumes when a field is not sent: sending them or not asks the same question. */
const SERVICE_DEFAULTS: Partial<Record<QueryField, unknown>> = {
  doctype: 0,
  search: 1,
  lowranklimit: 0,
  onlyactual: true,
  edrchangesfrom: MIN_EDR_CHANGES_DATE,
};

/** Fields that identify the asker or the moment, not the question, plus listdata, which the cache tracks itself. */
const NOT_IN_KEY: ReadonlySet<QueryField> = new Set(['listdata', 'IDinternal', 'DateRequest', 'IDuserPC']);

/** Free text compared as the service's full-text search compares it: case and spacing do not matter. */
const FOLDED: ReadonlySet<QueryField> = new Set(['name', 'namelat', 'city', 'nonrezedentcode']);

const KEY_VERSION = 'q1';

/** Free text as the subject key compares it: case and spacing do not matter. */
export function foldedText(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * A stable key for "the same question": two queries with equal keys get the same answer from
 * the same lists. Used for dedupe in bulk runs and as the cache key, so it is versioned.
 */
export function subjectKey(query: SearchQuery): string {
  const parts: [string, unknown][] = [];
  for (const field of QUERY_FIELDS) {
    if (NOT_IN_KEY.has(field)) continue;
    let value: unknown = query[field];
    if (value === undefined || value === SERVICE_DEFAULTS[field]) continue;
    if (FOLDED.has(field) && typeof value === 'string') value = foldedText(value);
    if (field === 'arrayedrpou' && Array.isArray(value)) value = [...new Set(value)].sort();
    parts.push([field, value]);
  }
  return `${KEY_VERSION}:${JSON.stringify(parts)}`;
}
