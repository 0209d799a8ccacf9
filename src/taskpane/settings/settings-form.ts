import type { z } from 'zod';
import type { LocalizedText } from '../../core/text/i18n';
import { ALL_LISTS, type Listdata } from '../../core/protocol/listdata';
import { rangeOf } from '../../core/query';
import { listdataFrom, runOptionsFrom } from '../../core/request/run-options';
import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '../../core/settings/settings';
import { settingsMessages as settingsText } from './settings-messages';
import { CONTROL } from '../../core/text/control-chars';

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
  { ok: true; settings: Settings; tokken: string | null } | { ok: false; errors: SettingsErrors };

export function formFromSettings(settings: Settings): SettingsFormValues {
  const reserves = [...settings.reserveUrls];
  while (reserves.length < MIN_RESERVE_SLOTS) reserves.push('');
  // A saved value core refuses is shown as "every list": saving again replaces it with a good one.
  const saved = listdataFrom(settings);
  const registries: Listdata = saved.ok ? (saved.value ?? ALL_LISTS) : ALL_LISTS;
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

/** cacheHours and timeoutSeconds are settings only (no request carries them): their bounds come from the settings schema. */
function decimalIn(text: string, schema: z.ZodNumber): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  const n = Number(t);
  return schema.safeParse(n).success ? n : null;
}

const CACHE_HOURS = settingsSchema.shape.cacheHours.unwrap();
const TIMEOUT_SECONDS = settingsSchema.shape.timeoutSeconds.unwrap();

/** Core's field names onto the form's: the registry picker is the form's "registries". */
function formField(field: string): SettingsField | null {
  if (field === 'listdata') return 'registries';
  if (
    field === 'primaryUrl' ||
    field === 'lowranklimit' ||
    field === 'concurrency' ||
    /^reserveUrls\.\d+$/.test(field)
  ) {
    return field as SettingsField;
  }
  return null;
}

/**
 * Checks the whole form at once so every problem shows on its field. `hasSavedTokken` matters
 * because IDsubjectFM and the primary address are needed whenever a tokken will be in use.
 */
export function validateSettingsForm(
  values: SettingsFormValues,
  hasSavedTokken: boolean,
  language: Settings['language'],
): SettingsValidation {
  const errors: SettingsErrors = {};
  const tokken = values.tokkenDraft.trim();
  const tokkenInUse = tokken.length > 0 || hasSavedTokken;

  const primary = values.primaryUrl.trim();
  const relay = values.connection === 'relay';
  // Through a relay the relay names the entity and the reserves are its business.
  const reserveSlots = relay ? [] : values.reserveUrls.map((r) => r.trim());

  // Addresses, registries, search, lowranklimit and concurrency: core's rules, core's messages.
  const checked = runOptionsFrom(
    { ...DEFAULT_SETTINGS, primaryUrl: primary, reserveUrls: reserveSlots },
    {
      registries: values.registries,
      search: values.search,
      lowranklimit: values.lowranklimit,
      concurrency: values.concurrency,
    },
  );
  if (!checked.ok) {
    for (const e of checked.errors) {
      const field = formField(e.field);
      if (field && !errors[field]) errors[field] = e.message;
    }
  }
  if (!primary && tokkenInUse) errors.primaryUrl = settingsText.text('settings.primary.required');

  const seen = new Set<string>(primary ? [primary.replace(/\/+$/, '')] : []);
  const reserves: string[] = [];
  reserveSlots.forEach((value, i) => {
    if (!value) return;
    const normal = value.replace(/\/+$/, '');
    if (!errors[`reserveUrls.${i}`] && seen.has(normal)) {
      errors[`reserveUrls.${i}`] = settingsText.text('settings.address.duplicate');
    }
    seen.add(normal);
    reserves.push(value);
  });

  const idSubjectFM = relay ? '' : values.idSubjectFM.trim();
  if (!relay && !idSubjectFM && tokkenInUse) errors.idSubjectFM = settingsText.text('settings.idSubjectFM.required');
  else if (CONTROL.test(idSubjectFM)) errors.idSubjectFM = settingsText.text('settings.text.control');

  const idUserPC = values.idUserPC.trim();
  if (CONTROL.test(idUserPC)) errors.idUserPC = settingsText.text('settings.text.control');
  else if (idUserPC.length > 128) errors.idUserPC = settingsText.text('settings.text.tooLong', { max: 128 });

  if (values.tokkenDraft && (!tokken || /\s/.test(tokken) || CONTROL.test(tokken))) {
    errors.tokken = settingsText.text('settings.tokken.format');
  }

  const cacheHours = decimalIn(values.cacheHours, CACHE_HOURS);
  if (cacheHours === null) errors.cacheHours = settingsText.text('settings.rangeDecimal', rangeOf(CACHE_HOURS));
  const timeoutSeconds = decimalIn(values.timeoutSeconds, TIMEOUT_SECONDS);
  if (timeoutSeconds === null) {
    errors.timeoutSeconds = settingsText.text('settings.rangeDecimal', rangeOf(TIMEOUT_SECONDS));
  }

  if (Object.keys(errors).length > 0 || !checked.ok || cacheHours === null || timeoutSeconds === null) {
    return { ok: false, errors };
  }

  const settings = settingsSchema.parse({
    primaryUrl: primary,
    reserveUrls: reserves,
    idSubjectFM,
    idUserPC,
    registries: checked.options.listdata.toString(),
    search: checked.options.search,
    lowranklimit: checked.options.lowranklimit,
    cacheHours,
    concurrency: checked.options.concurrency,
    timeoutSeconds,
    language,
    connection: values.connection,
  });
  return { ok: true, settings, tokken: tokken || null };
}
