import type { Lang } from '../core/text/i18n';
import {
  evalLevel,
  evalListdata,
  evalLostDoc,
  evalRegistries,
  evalRegistryRow,
  evalScreen,
  isCellError,
  settle,
  toCellError,
  type CellErrorValue,
  type RangeArg,
  type ResultRow,
} from './evaluate';
import { workbookDateSystem } from '../excel/date-system';
import { officeRuntimeStorage } from '../excel/storage';
import type { DateSystem } from '../core/query';
import { officeDisplayLanguage } from './office-host';
import { sharedRuntime, setDefaultRuntimeEnvironment, type RuntimeContext } from '../shared-runtime/runtime';

/*
 * The CHECKLISTS.* worksheet functions. functions.json is generated from the JSDoc below by
 * custom-functions-metadata (webpack plugin), which also appends the CustomFunctions.associate
 * calls to this file in the bundle. Parameter types are written inline (unions read as "any",
 * Array<Array<...>> as a range) because the generator accepts no type aliases.
 */

setDefaultRuntimeEnvironment(() => ({ storage: officeRuntimeStorage(), displayLanguage: officeDisplayLanguage }));

type Cell = string | number | CustomFunctions.Error;

/** Loading settings reads OfficeRuntime.storage; even that must not hold a cell for ever. */
const CONTEXT_TIMEOUT_MS = 30_000;
let lastLang: Lang = 'en';

function officeError(cell: CellErrorValue): CustomFunctions.Error {
  const code = cell.kind === 'value' ? CustomFunctions.ErrorCode.invalidValue : CustomFunctions.ErrorCode.notAvailable;
  return new CustomFunctions.Error(code, cell.message);
}

function toCells(rows: ResultRow[]): Cell[][] {
  return rows.map((row) => row.map((cell) => (isCellError(cell) ? officeError(cell) : cell)));
}

function cancelSignal(invocation: CustomFunctions.CancelableInvocation | undefined): AbortSignal | undefined {
  if (!invocation) return undefined;
  const controller = new AbortController();
  invocation.onCanceled = () => controller.abort();
  return controller.signal;
}

/** Every function goes through here: a settled value or a CustomFunctions.Error, in bounded time. */
async function evaluate<T>(
  invocation: CustomFunctions.CancelableInvocation | undefined,
  work: (context: RuntimeContext, signal: AbortSignal, sent: () => void) => Promise<T>,
): Promise<T> {
  const cancel = cancelSignal(invocation);
  const context = await settle(
    () => lastLang,
    CONTEXT_TIMEOUT_MS,
    () => sharedRuntime().context(),
    cancel,
  );
  if (isCellError(context)) throw officeError(context);
  lastLang = context.lang;
  // The cell's time limit counts from its request leaving for the service, not from the queue.
  const result = await settle(
    () => context.lang,
    context.evaluationTimeoutMs,
    (signal, sent) => work(context, signal, sent),
    cancel,
    { fromSent: true },
  );
  if (isCellError(result)) throw officeError(result);
  return result;
}

/**
 * A date cell arrives as a serial in the workbook's own date system, which core reads by; the
 * workbook is asked only when a date is a number.
 */
async function dateSystemOf(date: number | string | null): Promise<DateSystem> {
  return typeof date === 'number' ? workbookDateSystem() : 1900;
}

/** The synchronous functions still never throw anything but a cell error. */
function evaluateNow<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw officeError(toCellError(error, lastLang));
  }
}

/**
 * Checks a person or company against the politically exposed persons (PEP) registry. Spills one row: match level, best match percent, number of hits. Headings for these cells: task pane, Search, Worksheet functions. Why each hit is a hit (the fields compared, a suggested decision): Search in the task pane, or the hits sheet of a bulk run.
 * @customfunction PEP
 * @param name Full name of the person or name of the company, in Cyrillic or Latin letters.
 * @param [date] Date of birth: a date cell or text such as 1980-05-17. With it, an exact name match counts as a high-level match.
 * @param [ipn] Tax number (RNOKPP, 10 digits) or company code (EDRPOU, 8 digits).
 * @param invocation Invocation of the function (set by Excel).
 * @returns Level, best match percent and number of hits; "No hits", 0, 0 when nothing matched.
 * @cancelable
 */
export async function pep(
  name: string,
  date: number | string | null,
  ipn: number | string | null,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<Array<Array<string | number | CustomFunctions.Error>>> {
  return toCells(
    await evaluate(invocation, async (context, signal, sent) =>
      evalRegistryRow(
        context,
        'peps',
        { name, date, ipn },
        { signal, onSent: sent, dateSystem: await dateSystemOf(date) },
      ),
    ),
  );
}

/**
 * Checks a person or company against sanctions lists and cautions. Spills one row: match level, best match percent, number of hits. Headings for these cells: task pane, Search, Worksheet functions. Why each hit is a hit (the fields compared, a suggested decision): Search in the task pane, or the hits sheet of a bulk run.
 * @customfunction SANCTIONS
 * @param name Full name of the person or name of the company, in Cyrillic or Latin letters.
 * @param [date] Date of birth: a date cell or text such as 1980-05-17. With it, an exact name match counts as a high-level match.
 * @param [ipn] Tax number (RNOKPP, 10 digits) or company code (EDRPOU, 8 digits).
 * @param invocation Invocation of the function (set by Excel).
 * @returns Level, best match percent and number of hits; "No hits", 0, 0 when nothing matched.
 * @cancelable
 */
export async function sanctions(
  name: string,
  date: number | string | null,
  ipn: number | string | null,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<Array<Array<string | number | CustomFunctions.Error>>> {
  return toCells(
    await evaluate(invocation, async (context, signal, sent) =>
      evalRegistryRow(
        context,
        'psanctions',
        { name, date, ipn },
        { signal, onSent: sent, dateSystem: await dateSystemOf(date) },
      ),
    ),
  );
}

/**
 * Checks a person or company in several registries at once. Spills one row of hit counts, one per registry, in the order of CHECKLISTS.REGISTRIES. Headings for these cells: task pane, Search, Worksheet functions. Why each hit is a hit (the fields compared, a suggested decision): Search in the task pane, or the hits sheet of a bulk run.
 * @customfunction SCREEN
 * @param name Full name of the person or name of the company, in Cyrillic or Latin letters.
 * @param [date] Date of birth: a date cell or text such as 1980-05-17.
 * @param [ipn] Tax number (RNOKPP, 10 digits) or company code (EDRPOU, 8 digits).
 * @param [doc] Passport series and number (АА123456), foreign passport (FA123456) or ID-card number (9 digits).
 * @param [registries] Registries to check: names such as "peps, psanctions", a listdata number, or a range of names. Default: the registries chosen in the CheckLists pane.
 * @param invocation Invocation of the function (set by Excel).
 * @returns One hit count per registry.
 * @cancelable
 */
export async function screen(
  name: string,
  date: number | string | null,
  ipn: number | string | null,
  doc: number | string | null,
  registries: Array<Array<string | number | null>>,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<Array<Array<string | number | CustomFunctions.Error>>> {
  const range: RangeArg = registries ?? null;
  return toCells(
    await evaluate(invocation, async (context, signal, sent) =>
      evalScreen(context, { name, date, ipn, doc }, range, {
        signal,
        onSent: sent,
        dateSystem: await dateSystemOf(date),
      }),
    ),
  );
}

/**
 * Names of the registries, as header labels matching the columns of CHECKLISTS.SCREEN.
 * @customfunction REGISTRIES
 * @param [registries] Registries: names such as "peps, psanctions", a listdata number, or a range of names. Default: the registries chosen in the CheckLists pane.
 * @returns One label per registry.
 */
export async function registries(
  registries?: Array<Array<string | number | null>>,
): Promise<Array<Array<string | number | CustomFunctions.Error>>> {
  return toCells(await evaluate(undefined, async (context) => evalRegistries(context, registries ?? null)));
}

/**
 * Overall match level of a person or company over the chosen registries: High, Low, or "No hits" when nothing matched.
 * @customfunction LEVEL
 * @param name Full name of the person or name of the company, in Cyrillic or Latin letters.
 * @param [date] Date of birth: a date cell or text such as 1980-05-17.
 * @param [ipn] Tax number (RNOKPP, 10 digits) or company code (EDRPOU, 8 digits).
 * @param [registries] Registries to check: names such as "peps, psanctions", a listdata number, or a range of names. Default: the registries chosen in the CheckLists pane.
 * @param invocation Invocation of the function (set by Excel).
 * @returns The overall level.
 * @cancelable
 */
export async function level(
  name: string,
  date: number | string | null,
  ipn: number | string | null,
  registries: Array<Array<string | number | null>>,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<string> {
  const range: RangeArg = registries ?? null;
  return evaluate(invocation, async (context, signal, sent) =>
    evalLevel(context, { name, date, ipn }, range, { signal, onSent: sent, dateSystem: await dateSystemOf(date) }),
  );
}

/**
 * Checks a document in the register of lost and invalid passports. Returns the number of hits.
 * @customfunction LOSTDOC
 * @param doc Passport series and number (АА123456), foreign passport (FA123456) or ID-card number (9 digits).
 * @param [doctype] Document type: 1 national passport or ID card, 2 foreign-travel passport, 0 or empty for both.
 * @param invocation Invocation of the function (set by Excel).
 * @returns Number of hits.
 * @cancelable
 */
export async function lostdoc(
  doc: number | string | null,
  doctype: number | string | null,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<number | string> {
  return evaluate(invocation, (context, signal, sent) => evalLostDoc(context, doc, doctype, { signal, onSent: sent }));
}

/**
 * The listdata number that selects the given registries or lists (for the service's listdata field), as text so that Excel shows every digit. The other functions accept it as their registries argument.
 * @customfunction LISTDATA
 * @param registries Registries or lists: names such as "peps, psanctions", list names such as "sanctions-eu", numbers, or a range of names.
 * @returns The listdata number as digits; -1 means every list.
 */
export function listdata(registries: Array<Array<string | number | null>>): string {
  return evaluateNow(() => evalListdata(registries));
}
