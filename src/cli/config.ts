import { readFile, stat } from 'node:fs/promises';
import { InvalidInputError } from '../core/protocol/errors';
import { langFromLocale, type Lang, type LocalizedText } from '../core/text/i18n';
import { isJsonObject, parseJson } from '../core/text/json';
import type { LoadedSettings } from '../core/settings/settings-store';
import {
  ANALYST_KEY,
  DEFAULT_SETTINGS,
  addressList,
  insecureAddresses,
  serviceMode,
  settingsAddressErrors,
  settingsSchema,
  type AddressPolicy,
  type Settings,
} from '../core/settings/settings';
import { UsageError } from './exit-codes';
import { cliMessages, usageError } from './messages';

/**
 * Where the CLI's settings come from, strongest first: command-line options (applied by each
 * command), the environment, then the --config file. The tokken may come from the environment
 * or the file; it leaves this module only inside LoadedSettings, which no printer reads.
 */
export const ENV = {
  url: 'CHECKLISTS_URL',
  reserveUrls: 'CHECKLISTS_RESERVE_URLS',
  tokken: 'CHECKLISTS_TOKKEN',
  subjectId: 'CHECKLISTS_SUBJECT_ID',
  userPc: 'CHECKLISTS_USER_PC',
} as const;

export interface CliConfig {
  loaded: LoadedSettings;
  lang: Lang;
  /** Things to tell the person on stderr; never contain a secret. */
  warnings: LocalizedText[];
  /** Where the tokken came from, for the one line that says "using a tokken from ..." without showing it. */
  tokkenSource: 'env' | 'file' | null;
  /** The address policy this run was started with (--insecure-http), for every later check of the settings. */
  addressPolicy: AddressPolicy;
}

export type Env = Record<string, string | undefined>;

/** Short names people write by hand, mapped onto the add-in's settings names (which are accepted too). */
const FILE_ALIASES: Record<string, keyof Settings | 'tokken'> = {
  url: 'primaryUrl',
  primaryUrl: 'primaryUrl',
  reserveUrls: 'reserveUrls',
  subjectId: 'idSubjectFM',
  idSubjectFM: 'idSubjectFM',
  userPc: 'idUserPC',
  idUserPC: 'idUserPC',
  tokken: 'tokken',
  registries: 'registries',
  search: 'search',
  lowranklimit: 'lowranklimit',
  cacheHours: 'cacheHours',
  concurrency: 'concurrency',
  timeoutSeconds: 'timeoutSeconds',
  language: 'language',
};

function splitList(value: string): string[] {
  return value
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** POSIX order: LC_ALL beats LC_MESSAGES beats LANG. */
export function langFromEnv(env: Env): Lang {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find(
    (v) => v !== undefined && v.trim() !== '' && v !== 'C' && v !== 'POSIX',
  );
  // POSIX writes uk_UA.UTF-8; langFromLocale reads BCP 47 (uk-UA).
  return langFromLocale(locale ? locale.replace(/_/g, '-') : null);
}

interface FileConfig {
  fields: Record<string, unknown>;
  tokken: string | null;
  warnings: LocalizedText[];
}

async function readConfigFile(path: string, platform: NodeJS.Platform): Promise<FileConfig> {
  let text: string;
  const warnings: LocalizedText[] = [];
  try {
    const info = await stat(path);
    if (!info.isFile()) throw usageError('config.notFile', { path });
    // Others can read the tokken in it: say so, but still run, as ssh does for keys only when it must.
    if (platform !== 'win32' && (info.mode & 0o004) !== 0) {
      warnings.push(cliMessages.text('config.worldReadable', { path }));
    } else if (platform !== 'win32' && (info.mode & 0o040) !== 0) {
      warnings.push(
        cliMessages.text('config.groupReadable', { path, mode: (info.mode & 0o777).toString(8).padStart(3, '0') }),
      );
    }
    text = await readFile(path, 'utf8');
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw usageError('config.unreadable', { path });
  }
  const raw = parseJson(text.replace(/^\uFEFF/, ''));
  if (!isJsonObject(raw)) throw usageError('config.json', { path });
  const fields: Record<string, unknown> = {};
  let tokken: string | null = null;
  for (const [key, value] of Object.entries(raw)) {
    const target = FILE_ALIASES[key];
    if (!target) {
      warnings.push(cliMessages.text('config.unknownKey', { key, path }));
      continue;
    }
    if (target === 'tokken') {
      if (typeof value !== 'string') throw usageError('config.badValue', { key, path });
      tokken = value.trim() || null;
    } else if (target === 'reserveUrls' && typeof value === 'string') {
      fields.reserveUrls = splitList(value);
    } else {
      fields[target] = value;
    }
  }
  return { fields, tokken, warnings };
}

function bilingual(text: LocalizedText): LocalizedText {
  const both = `${text.uk}\n${text.en}`;
  return { uk: both, en: both };
}

export interface LoadConfigOptions {
  env: Env;
  configPath?: string;
  lang?: Lang;
  platform?: NodeJS.Platform;
  /** --insecure-http: plain http to another computer is allowed, with a warning per address. */
  insecureHttp?: boolean;
  /** A tokken the command read itself (the relay's --tokken-file), ahead of the environment and the file. */
  tokken?: string;
}

export async function loadCliConfig(options: LoadConfigOptions): Promise<CliConfig> {
  const { env } = options;
  const file = options.configPath
    ? await readConfigFile(options.configPath, options.platform ?? process.platform)
    : { fields: {}, tokken: null, warnings: [] };

  const merged: Record<string, unknown> = { ...file.fields };
  const envValue = (name: string) => {
    const v = env[name];
    return v !== undefined && v.trim() !== '' ? v.trim() : undefined;
  };
  const url = envValue(ENV.url);
  if (url !== undefined) merged.primaryUrl = url;
  const reserves = envValue(ENV.reserveUrls);
  if (reserves !== undefined) merged.reserveUrls = splitList(reserves);
  const subject = envValue(ENV.subjectId);
  if (subject !== undefined) merged.idSubjectFM = subject;
  const userPc = envValue(ENV.userPc);
  if (userPc !== undefined) merged.idUserPC = userPc;

  const parsed = settingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...merged });
  if (!parsed.success) {
    const keys = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '?')))].join(', ');
    throw usageError('config.badValue', { key: keys, path: options.configPath ?? 'environment' });
  }
  const settings = parsed.data;
  // The address policy of every surface (core/settings/settings.ts): checked here so search, screen and the relay all obey it.
  const addressPolicy: AddressPolicy = { insecureHttp: options.insecureHttp === true };
  const addressErrors = settingsAddressErrors(settings, addressPolicy);
  if (addressErrors.length > 0) {
    // Named as the person set it (CHECKLISTS_URL, or the file's key), not by the add-in's field name.
    const primaryName = url !== undefined ? ENV.url : `url (${options.configPath ?? '?'})`;
    const reservesName = reserves !== undefined ? ENV.reserveUrls : `reserveUrls (${options.configPath ?? '?'})`;
    throw new InvalidInputError(
      addressErrors.map((e) => {
        const reserve = /^reserveUrls\.(\d+)$/.exec(e.field);
        return { ...e, field: reserve ? `${reservesName} #${Number(reserve[1]) + 1}` : primaryName };
      }),
    );
  }
  const insecure = options.insecureHttp ? insecureAddresses(addressList(settings)) : [];

  const envTokken = options.tokken?.trim() || envValue(ENV.tokken);
  const tokken = envTokken ?? file.tokken;
  const tokkenSource: CliConfig['tokkenSource'] = envTokken ? 'env' : file.tokken ? 'file' : null;

  // An analyst key in the tokken's place: the address is the organisation's relay, which holds the
  // tokken and IDsubjectFM itself (docs/cli.md, "Through the organisation's relay").
  if (tokken && ANALYST_KEY.test(tokken.trim())) settings.connection = 'relay';
  // A key cut short in copying would otherwise be taken for a tokken and asked for IDsubjectFM.
  else if (tokken && /^ckr_/i.test(tokken.trim())) throw usageError('config.partialKey');
  // An address without credentials is a mistake, not a wish for the sandbox: running on fictional
  // data while the person believes they screened against the live service would be the worst outcome.
  if (settings.primaryUrl.trim()) {
    const missing: string[] = [];
    if (!tokken) missing.push(ENV.tokken);
    if (!settings.idSubjectFM.trim() && settings.connection !== 'relay') missing.push(ENV.subjectId);
    if (missing.length > 0) throw usageError('config.missingCredentials', { missing: missing.join(', ') });
  } else if (settings.reserveUrls.length > 0) {
    throw usageError('config.reserveWithoutPrimary');
  }

  const lang = options.lang ?? (settings.language !== 'auto' ? settings.language : langFromEnv(env));
  return {
    loaded: { settings, tokken: tokken ?? null, mode: serviceMode(settings, tokken) },
    lang,
    // Both languages, whatever the chosen one: a warning about the tokken in the clear must not be missed.
    warnings: [
      ...file.warnings,
      ...insecure.map((address) => bilingual(cliMessages.text('address.insecureWarning', { address }))),
    ],
    tokkenSource,
    addressPolicy,
  };
}
