import type { LocalizedText } from '../core/i18n';
import { ALL_LISTS, parseListdata, type Listdata } from '../core/listdata';
import { settingsSchema, type Settings } from '../core/settings';
import { taskpaneMessages as m } from './messages';
import { settingsMessages as settingsText } from './settings-messages';

/** Reserve addresses the form always offers, however many are saved. */
export const MIN_RESERVE_SLOTS = 3;

/** The settings form as typed: text fields stay text until validated. */
export interface SettingsFormValues {
  primaryUrl: string;
  reserveUrls: string[];
  idSubjectFM: string;
  idUserPC: string;
  registries: Listdata;
  search: 1 | 2;
  lowranklimit: string;
  cacheHours: string;
  concurrency: string;
  timeoutSeconds: string;
  /** A new tokken being typed; empty means "keep the saved one". Never prefilled with the saved one. */
  tokkenDraft: string;
  /** Through the organisation's relay: the address is the relay's and the secret is the analyst key. */
  connection: Settings['connection'];
}

export type SettingsField =
  | 'primaryUrl'
  | `reserveUrls.${number}`
  | 'idSubjectFM'
  | 'idUserPC'
  | 'registries'
  | 'lowranklimit'
  | 'cacheHours'
  | 'concurrency'
  | 'timeoutSeconds'
  | 'tokken';

export type SettingsErrors = Partial<Record<SettingsField, LocalizedText>>;

export type SettingsValidation =
  | { ok: true; settings: Settings; tokken: string | null }
  | { ok: false; errors: SettingsErrors };

export function formFromSettings(settings: Settings): SettingsFormValues {
  const reserves = [...settings.reserveUrls];
  while (reserves.length < MIN_RESERVE_SLOTS) reserves.push('');
  let registries: Listdata;
  try {
    registries = parseListdata(settings.registries, ALL_LISTS);
  } catch {
    registries = ALL_LISTS;
  }
  return {
    primaryUrl: settings.primaryUrl,
    reserveUrls: reserves,
    idSubjectFM: settings.idSubjectFM,
    idUserPC: settings.idUserPC,
    registries,
    search: settings.search,
    lowranklimit: String(settings.lowranklimit),
    cacheHours: String(settings.cacheHours),
    concurrency: String(settings.concurrency),
    timeoutSeconds: String(settings.timeoutSeconds),
    tokkenDraft: '',
    connection: settings.connection,
  };
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The service is reached over HTTPS; plain HTTP only to this machine (a local relay or the
 * sandbox server). Credentials, queries and fragments have no place in a base address.
 */
export function checkAddress(value: string): LocalizedText | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return settingsText.text('settings.address.invalid');
  }
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) return settingsText.text('settings.address.http');
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return settingsText.text('settings.address.invalid');
  if (url.username || url.password) return settingsText.text('settings.address.credentials');
  if (url.search || url.hash) return settingsText.text('settings.address.query');
  return null;
}

function numberIn(text: string, min: number, max: number, integer: boolean): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  const n = Number(t);
  if (integer && !Number.isInteger(n)) return null;
  return n >= min && n <= max ? n : null;
}

const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/**
 * Checks the whole form at once so every problem shows on its field. `hasSavedTokken` matters
 * because IDsubjectFM and the primary address are needed whenever a tokken will be in use.
 */
export function validateSettingsForm(values: SettingsFormValues, hasSavedTokken: boolean, language: Settings['language']): SettingsValidation {
  const errors: SettingsErrors = {};
  const tokken = values.tokkenDraft.trim();
  const tokkenInUse = tokken.length > 0 || hasSavedTokken;

  const primary = values.primaryUrl.trim();
  if (primary) {
    const problem = checkAddress(primary);
    if (problem) errors.primaryUrl = problem;
  } else if (tokkenInUse) errors.primaryUrl = settingsText.text('settings.primary.required');

  const seen = new Set<string>(primary ? [primary.replace(/\/+$/, '')] : []);
  const reserves: string[] = [];
  values.reserveUrls.forEach((raw, i) => {
    const value = raw.trim();
    if (!value || values.connection === 'relay') return;
    const problem = checkAddress(value);
    const normal = value.replace(/\/+$/, '');
    if (problem) errors[`reserveUrls.${i}`] = problem;
    else if (seen.has(normal)) errors[`reserveUrls.${i}`] = settingsText.text('settings.address.duplicate');
    seen.add(normal);
    reserves.push(value);
  });

  const relay = values.connection === 'relay';
  // Through a relay the relay names the entity and the reserves are its business.
  if (relay) reserves.length = 0;
  const idSubjectFM = relay ? '' : values.idSubjectFM.trim();
  if (!relay && !idSubjectFM && tokkenInUse) errors.idSubjectFM = settingsText.text('settings.idSubjectFM.required');
  else if (CONTROL.test(idSubjectFM)) errors.idSubjectFM = settingsText.text('settings.text.control');

  const idUserPC = values.idUserPC.trim();
  if (CONTROL.test(idUserPC)) errors.idUserPC = settingsText.text('settings.text.control');
  else if (idUserPC.length > 128) errors.idUserPC = settingsText.text('settings.text.tooLong', { max: 128 });

  if (values.tokkenDraft && (!tokken || /\s/.test(tokken) || CONTROL.test(tokken))) errors.tokken = settingsText.text('settings.tokken.format');

  if (values.registries === 0n) errors.registries = m.text('registries.none');

  const lowranklimit = numberIn(values.lowranklimit, 0, 100, true);
  if (lowranklimit === null) errors.lowranklimit = settingsText.text('settings.range', { min: 0, max: 100 });
  const concurrency = numberIn(values.concurrency, 1, 16, true);
  if (concurrency === null) errors.concurrency = settingsText.text('settings.range', { min: 1, max: 16 });
  const cacheHours = numberIn(values.cacheHours, 0, 720, false);
  if (cacheHours === null) errors.cacheHours = settingsText.text('settings.rangeDecimal', { min: 0, max: 720 });
  const timeoutSeconds = numberIn(values.timeoutSeconds, 1, 300, false);
  if (timeoutSeconds === null) errors.timeoutSeconds = settingsText.text('settings.rangeDecimal', { min: 1, max: 300 });

  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const settings = settingsSchema.parse({
    primaryUrl: primary,
    reserveUrls: reserves,
    idSubjectFM,
    idUserPC,
    registries: values.registries.toString(),
    search: values.search,
    lowranklimit,
    cacheHours,
    concurrency,
    timeoutSeconds,
    language,
    connection: values.connection,
  });
  return { ok: true, settings, tokken: tokken || null };
}
