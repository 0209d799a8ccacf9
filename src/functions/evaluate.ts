import { AccountError, CheckListsError, InvalidInputError, RequestRejectedError } from '../core/protocol/errors';
import type { Lang } from '../core/text/i18n';
import { ALL_LISTS, listdataForRegistries, registriesOf, type Listdata } from '../core/protocol/listdata';
import {
  isAbsent,
  isFormulaZero,
  validateQuery,
  type DateSystem,
  type QueryInput,
  type SearchQuery,
} from '../core/query';
import { listdataFrom, runOptionsFrom, type RunOptions } from '../core/request/run-options';
import { registryDef, type RegistryKey } from '../core/protocol/registries';
import type { RegistryError } from '../core/protocol/schema';
import { levelText, registryErrorText, type RegistrySummary } from '../core/answer/summary';
import { functionsMessages } from './messages';
import { functionHeadings } from '../core/answer/function-headings';
import { initialWords } from '../core/query/initials';
import type { RuntimeContext } from '../shared-runtime/runtime';

/**
 * The worksheet functions as plain logic: arguments as Excel passes them in, values or typed
 * cell errors out. functions.ts only turns CellErrorValue into CustomFunctions.Error, so all of
 * this runs in Node tests without Office.
 */

/** What Excel passes for a scalar parameter of type any (an empty cell may arrive as null or 0). */
export type CellArg = string | number | boolean | null | undefined;
/** A matrix parameter: a range, or a scalar wrapped as [[value]]. */
export type RangeArg = readonly (readonly CellArg[])[] | CellArg;

/** What an evaluation reads of the runtime: the saved settings, the shared scheduler and the language. */
export type EvalContext = Pick<RuntimeContext, 'settings' | 'scheduler' | 'lang'>;

export interface CellErrorValue {
  kind: 'value' | 'na';
  message: string;
}

export type ResultCell = string | number | CellErrorValue;
export type ResultRow = ResultCell[];

export class CellFailure extends Error {
  constructor(readonly cell: CellErrorValue) {
    super(cell.message);
    this.name = 'CellFailure';
  }
}

export function isCellError(value: unknown): value is CellErrorValue {
  return typeof value === 'object' && value !== null && 'kind' in value && 'message' in value;
}

/** Excel's error tooltips are short; a long validator message is cut rather than dropped. */
export const MAX_ERROR_MESSAGE = 250;

function cellError(kind: CellErrorValue['kind'], message: string): CellErrorValue {
  const clean = message.replace(/\s+/g, ' ').trim();
  return { kind, message: clean.length > MAX_ERROR_MESSAGE ? `${clean.slice(0, MAX_ERROR_MESSAGE - 1)}…` : clean };
}

/** Turns anything thrown during an evaluation into the cell error a person can act on. */
export function toCellError(error: unknown, lang: Lang): CellErrorValue {
  if (error instanceof CellFailure) return error.cell;
  if (error instanceof InvalidInputError || error instanceof RequestRejectedError) {
    return cellError('value', error.text[lang]);
  }
  if (error instanceof AccountError || error instanceof CheckListsError) return cellError('na', error.text[lang]);
  const message = error instanceof Error ? error.message : String(error);
  return cellError('na', functionsMessages.t(lang, 'error.unexpected', { message }));
}

/** Excel hands an empty cell to an "any" parameter as 0 on Windows: for these fields 0 means "nothing". */
function blankZero(value: CellArg): CellArg {
  return value === 0 || value === false ? undefined : value;
}

function flatten(range: RangeArg | readonly CellArg[]): CellArg[] {
  if (!Array.isArray(range)) return [range as CellArg];
  const out: CellArg[] = [];
  for (const row of range as readonly unknown[]) {
    if (Array.isArray(row)) out.push(...(row as CellArg[]));
    else out.push(row as CellArg);
  }
  return out;
}

/** The registries argument as core reads it: cells Excel fills with 0 for "empty" are left out; undefined when nothing is given. */
function registriesArg(range: RangeArg): (string | number)[] | undefined {
  const items = flatten(range)
    .map(blankZero)
    .filter((v): v is string | number => (typeof v === 'string' || typeof v === 'number') && !isAbsent(v));
  return items.length > 0 ? items : undefined;
}

/** Registries given as names, a listdata number or a range of names, else the saved settings' (core's rule). */
export function listdataOf(context: EvalContext, registries: RangeArg): Listdata {
  const checked = listdataFrom(context.settings, registriesArg(registries));
  if (!checked.ok) throw new InvalidInputError(checked.errors);
  return checked.value ?? ALL_LISTS;
}

/** Everything a request of this cell shares, checked by core's runOptionsFrom: the settings' addresses included. */
export function cellRunOptions(context: EvalContext, registries: Listdata | RangeArg): RunOptions {
  const checked = runOptionsFrom(context.settings, {
    registries: typeof registries === 'bigint' ? registries : registriesArg(registries),
  });
  if (!checked.ok) throw new InvalidInputError(checked.errors);
  return checked.options;
}

export interface SubjectArgs {
  name?: CellArg;
  date?: CellArg;
  ipn?: CellArg;
  doc?: CellArg;
  doctype?: CellArg;
}

/**
 * True when the row gives nothing at all (a formula filled down past the last client): the cell
 * stays empty and nothing is sent. A row with a date but no name, code or document names nobody:
 * the validator answers it with #VALUE! and its reason, so a missing name is not read as "no hits".
 * The name parameter is text, so a name cell whose formula shows 0 for an empty cell arrives as "0".
 */
export function isEmptySubject(args: SubjectArgs): boolean {
  const name = isFormulaZero(args.name) ? null : args.name;
  return [name, blankZero(args.date ?? null), blankZero(args.ipn ?? null), blankZero(args.doc ?? null)].every((v) =>
    isAbsent(v),
  );
}

function queryInput(args: SubjectArgs, options: RunOptions): QueryInput {
  const input: QueryInput = {
    name: args.name,
    date: blankZero(args.date),
    ipn: blankZero(args.ipn),
    doc: blankZero(args.doc),
    search: options.search,
    lowranklimit: options.lowranklimit,
    listdata: options.listdata,
  };
  if (!isAbsent(args.doctype)) input.doctype = args.doctype;
  if (options.idUserPC) input.IDuserPC = options.idUserPC;
  return input;
}

export interface EvalOptions {
  signal?: AbortSignal;
  /** The cell's request left for the service (see AskOptions.onSent): its time limit starts now. */
  onSent?: () => void;
  /** The workbook's date system, for a date cell's serial (core's validateQuery reads it). */
  dateSystem?: DateSystem;
}

/** The answer, with the query as core read the cell's arguments (what was asked, not what was typed). */
async function ask(context: EvalContext, args: SubjectArgs, registries: Listdata | RangeArg, options: EvalOptions) {
  const validation = validateQuery(
    queryInput(args, cellRunOptions(context, registries)),
    options.dateSystem ? { dateSystem: options.dateSystem } : {},
  );
  if (!validation.ok) throw new InvalidInputError(validation.errors);
  const answer = await context.scheduler.ask(validation.query, {
    patient: true,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onSent ? { onSent: options.onSent } : {}),
  });
  return { answer, query: validation.query };
}

function registryLabel(key: RegistryKey, lang: Lang): string {
  return registryDef(key).shortLabel[lang];
}

/** An error summary always carries its error; the empty one only keeps the cell's text whole if it does not. */
function registryReason(error: RegistryError | undefined, lang: Lang): string {
  return registryErrorText(error ?? { code: null, message: '' }, lang);
}

function registryFailure(r: RegistrySummary, lang: Lang): CellErrorValue {
  if (r.status === 'absent') {
    return cellError('na', functionsMessages.t(lang, 'error.registryAbsent', { registry: registryLabel(r.key, lang) }));
  }
  return cellError(
    'na',
    functionsMessages.t(lang, 'error.registry', {
      registry: registryLabel(r.key, lang),
      reason: registryReason(r.error, lang),
    }),
  );
}

/** A level in a cell; no hit says so in words ("No hits" / "Збігів немає"): a dash read as "not checked". */
function levelCellText(level: 'high' | 'low' | null, lang: Lang): string {
  return levelText(level, lang);
}

/**
 * "No hits" for a name with initials and no code or document is no clearance: the service looks
 * for whole words (core/query/initials.ts); nor for a code alone whose check digit shows it was
 * mistyped (core/query/check-digits.ts). A cell has no room for a warning beside its value, so it
 * shows an error with the reason instead, which no one files as a client cleared.
 */
async function refuseFalseClearance(query: SearchQuery, lang: Lang): Promise<void> {
  // The two never meet: initials refuse only where no code was asked.
  const initials = query.name && !query.ipn && !query.doc ? initialWords(query.name).join(' ') : '';
  const why = query.ipn
    ? (await import(/* webpackChunkName: "ipn" */ './mistyped-code')).mistypedCodeText(query, lang)
    : initials && functionsMessages.t(lang, 'error.initials', { name: query.name!, initials });
  if (why) throw new CellFailure(cellError('na', why));
}

/** PEP / SANCTIONS: one row of level, best percent and hit count. */
export async function evalRegistryRow(
  context: EvalContext,
  registry: 'peps' | 'psanctions',
  args: SubjectArgs,
  options: EvalOptions = {},
): Promise<ResultRow[]> {
  if (isEmptySubject(args)) return [['', '', '']];
  const { answer, query } = await ask(context, args, listdataForRegistries([registry]), options);
  const r = answer.summary.registries.find((x) => x.key === registry);
  if (!r || r.status === 'error' || r.status === 'absent') {
    throw new CellFailure(registryFailure(r ?? absentSummary(registry), context.lang));
  }
  if (r.hits === 0) {
    await refuseFalseClearance(query, context.lang);
    return [[levelCellText(null, context.lang), 0, 0]];
  }
  return [[levelCellText(r.bestLevel, context.lang), r.bestPercent ?? 0, r.hits]];
}

function absentSummary(key: RegistryKey): RegistrySummary {
  return { key, status: 'absent', hits: 0, bestPercent: null, bestLevel: null };
}

/** SCREEN: one row of hit counts, one per registry asked, in REGISTRIES' order. */
export async function evalScreen(
  context: EvalContext,
  args: SubjectArgs,
  registries: RangeArg,
  options: EvalOptions = {},
): Promise<ResultRow[]> {
  const listdata = listdataOf(context, registries);
  const keys = registriesOf(listdata);
  if (isEmptySubject(args)) return [keys.map(() => '')];
  const { answer, query } = await ask(context, args, listdata, options);
  const byKey = new Map(answer.summary.registries.map((r) => [r.key, r]));
  if (answer.summary.registries.every((r) => r.hits === 0)) await refuseFalseClearance(query, context.lang);
  return [
    keys.map((key): ResultCell => {
      const r = byKey.get(key) ?? absentSummary(key);
      if (r.status === 'ok' || r.status === 'malformed') return r.hits;
      // "Every list the account allows": a registry outside the package is simply not there.
      if (r.status === 'absent' && listdata === ALL_LISTS) return functionsMessages.t(context.lang, 'cell.nothing');
      return registryFailure(r, context.lang);
    }),
  ];
}

/** REGISTRIES: the header labels matching SCREEN's columns. */
export function evalRegistries(context: EvalContext, registries: RangeArg): ResultRow[] {
  return [functionHeadings('SCREEN', context.lang, listdataOf(context, registries))];
}

/** LEVEL: the overall level over the registries asked. */
export async function evalLevel(
  context: EvalContext,
  args: SubjectArgs,
  registries: RangeArg,
  options: EvalOptions = {},
): Promise<string> {
  const listdata = listdataOf(context, registries);
  if (isEmptySubject(args)) return '';
  const { answer, query } = await ask(context, args, listdata, options);
  const { verdict, registries: rows } = answer.summary;
  if (verdict === 'high') return levelCellText('high', context.lang);
  if (verdict === 'low') return levelCellText('low', context.lang);
  // A registry asked by name but missing from the answer was not searched (SCREEN shows #N/A for
  // it), so "no hits" would claim more than the service said.
  const failed = rows.filter(
    (r) => r.status === 'error' || r.status === 'malformed' || (r.status === 'absent' && listdata !== ALL_LISTS),
  );
  if (failed.length === 0) {
    if (rows.every((r) => r.hits === 0)) await refuseFalseClearance(query, context.lang);
    return levelCellText(null, context.lang);
  }
  const details = failed.map((r) => registryFailure(r, context.lang).message).join('; ');
  throw new CellFailure(cellError('na', functionsMessages.t(context.lang, 'error.registries', { details })));
}

/** LOSTDOC: hit count in the lost-documents registry. */
export async function evalLostDoc(
  context: EvalContext,
  doc: CellArg,
  doctype: CellArg,
  options: EvalOptions = {},
): Promise<number | string> {
  if (isEmptySubject({ doc })) return '';
  const { answer } = await ask(context, { doc, doctype }, listdataForRegistries(['lostdocs']), options);
  const r = answer.summary.registries.find((x) => x.key === 'lostdocs') ?? absentSummary('lostdocs');
  if (r.status === 'error' || r.status === 'absent') throw new CellFailure(registryFailure(r, context.lang));
  return r.hits;
}

/**
 * LISTDATA: the number for the registries given, as its digits; needs no service. Text, because
 * Excel's General format shows a number past 11 digits in scientific notation (the sanctions lists
 * alone reach 1.09951E+12), and a rounded mask selects other lists; every registries argument
 * reads the digits back.
 */
export function evalListdata(registries: RangeArg): string {
  // Nothing given is "no registry chosen" here, not the settings' choice: LISTDATA names what it is given.
  const checked = listdataFrom({ registries: '' }, registriesArg(registries) ?? 0n);
  if (!checked.ok) throw new InvalidInputError(checked.errors);
  return String(checked.value ?? ALL_LISTS);
}

/**
 * Runs one evaluation to a settled end: a value, or a cell error, within `timeoutMs` whatever
 * the service does. The signal given to `work` is aborted on timeout and on Excel's cancel.
 */
/**
 * How long a cell may wait for a place in the queue before its request leaves: a backstop only
 * (a request that never leaves is a bug), far beyond any recalculation the queue serves.
 */
export const QUEUE_BACKSTOP_MS = 60 * 60_000;

/**
 * Runs one cell's work to a value or a cell error, in bounded time. With `fromSent`, the
 * `timeoutMs` counts from the moment the work says its request left (`sent()`), not from the
 * call: a cell queued behind thousands of others has not waited for the service.
 */
export function settle<T>(
  lang: () => Lang,
  timeoutMs: number,
  work: (signal: AbortSignal, sent: () => void) => Promise<T>,
  cancel?: AbortSignal,
  options: { fromSent?: boolean } = {},
): Promise<T | CellErrorValue> {
  const controller = new AbortController();
  const onCancel = () => controller.abort();
  cancel?.addEventListener('abort', onCancel, { once: true });
  let limit: ReturnType<typeof setTimeout> | null = null;
  let expire: (value: CellErrorValue) => void = () => undefined;
  const expired = new Promise<CellErrorValue>((resolve) => (expire = resolve));
  const timedOut = (): CellErrorValue => {
    controller.abort();
    return cellError('na', functionsMessages.t(lang(), 'error.timeout', { seconds: Math.round(timeoutMs / 1000) }));
  };
  const arm = (ms: number) => {
    if (limit) clearTimeout(limit);
    limit = setTimeout(() => expire(timedOut()), ms);
  };
  let sentOnce = false;
  const sent = () => {
    if (sentOnce || !options.fromSent) return;
    sentOnce = true;
    arm(timeoutMs);
  };
  arm(options.fromSent ? Math.max(timeoutMs, QUEUE_BACKSTOP_MS) : timeoutMs);
  const run = (async () => {
    try {
      return await work(controller.signal, sent);
    } catch (error) {
      return toCellError(error, lang());
    }
  })();
  return Promise.race([run, expired]).finally(() => {
    if (limit) clearTimeout(limit);
    cancel?.removeEventListener('abort', onCancel);
  });
}
