import type { FieldError } from '../protocol/errors';
import { ALL_LISTS, type Listdata } from '../protocol/listdata';
import { normalizeListdata } from '../query';
import { fieldError, isAbsent, type FieldCheck } from '../query/field';
import { lowranklimitSchema, normalizeSearch, normalizeWholeNumber, type SearchMode } from '../query/options';
import { concurrencySchema, settingsAddressErrors, type AddressPolicy, type Settings } from '../settings/settings';

/**
 * The options every request of a screening shares, in one place for every surface: the CLI,
 * the settings form, the bulk panel and the worksheet functions collect what the person typed
 * (strings, cells, a picker's value), call runOptionsFrom, and show the FieldErrors it returns.
 * Bounds and allowed values come from the zod schemas (query/options.ts, settings.ts).
 */
export interface RunOptions {
  listdata: Listdata;
  search: SearchMode;
  lowranklimit: number;
  /** Requests at once (bulk); the worksheet functions share the runtime's cap instead. */
  concurrency: number;
  /** Caller's workstation id, echoed by the service for audit. */
  idUserPC?: string;
}

/** What a surface may override; absent or blank means "as saved in the settings". */
export interface RunOptionInputs {
  /** Registry keys, list names, a listdata number or a picker's bigint; 0n means nothing was chosen. */
  registries?: unknown;
  search?: unknown;
  lowranklimit?: unknown;
  concurrency?: unknown;
}

export type RunOptionsCheck = { ok: true; options: RunOptions } | { ok: false; errors: FieldError[] };

/**
 * Registries as listdata: the override if given, else the saved settings' value. One policy for
 * a bad value, saved or typed: a field error named `listdata`, never a silent "every list".
 */
export function listdataFrom(settings: Pick<Settings, 'registries'>, registries?: unknown): FieldCheck<Listdata> {
  const value = isAbsent(registries) ? settings.registries : registries;
  // A picker with nothing ticked: asking "no list" is never what the person meant.
  if (value === 0n) return { ok: false, errors: [fieldError('listdata', 'listdata.empty')] };
  const check = normalizeListdata(value, 'listdata');
  return check.ok ? { ok: true, value: check.value ?? ALL_LISTS } : check;
}

export function runOptionsFrom(
  settings: Settings,
  overrides: RunOptionInputs = {},
  policy: AddressPolicy = {},
): RunOptionsCheck {
  const errors: FieldError[] = settingsAddressErrors(settings, policy);
  const pick = (value: unknown, saved: unknown) => (isAbsent(value) ? saved : value);
  const listdata = listdataFrom(settings, overrides.registries);
  const search = normalizeSearch(pick(overrides.search, settings.search));
  const lowranklimit = normalizeWholeNumber(
    pick(overrides.lowranklimit, settings.lowranklimit),
    'lowranklimit',
    lowranklimitSchema,
  );
  const concurrency = normalizeWholeNumber(
    pick(overrides.concurrency, settings.concurrency),
    'concurrency',
    concurrencySchema,
  );
  for (const check of [listdata, search, lowranklimit, concurrency]) if (!check.ok) errors.push(...check.errors);
  if (errors.length > 0 || !listdata.ok || !search.ok || !lowranklimit.ok || !concurrency.ok) {
    return { ok: false, errors };
  }
  const idUserPC = settings.idUserPC.trim();
  return {
    ok: true,
    options: {
      listdata: listdata.value ?? ALL_LISTS,
      search: search.value ?? settings.search,
      lowranklimit: lowranklimit.value ?? settings.lowranklimit,
      concurrency: concurrency.value ?? settings.concurrency,
      ...(idUserPC ? { idUserPC } : {}),
    },
  };
}
