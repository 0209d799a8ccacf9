import { resolve } from 'node:path';
import { langFromEnv, type Env } from '../config';
import type { Lang } from '../../core/text/i18n';
import { UsageError } from '../exit-codes';
import type { CliIo } from '../io';
import { relayMessages, type RelayMessageKey } from '../../relay/messages';
import type { RelayStore } from '../../relay/store/port';
import { defaultDataDir, embeddedStoreExists, openStore, type StoreLocation } from '../../relay/store/open-store';

/** What every `checklists relay` subcommand shares: where the store is, and opening it for one job. */

export const STORE_OPTIONS = {
  'data-dir': { type: 'string' },
  'database-url': { type: 'string' },
  config: { type: 'string' },
  lang: { type: 'string' },
} as const;

/** A mistake on the relay's command line, in both languages, followed by the relay's usage lines. */
export function usage(key: RelayMessageKey, params?: Record<string, string | number>): UsageError {
  const detail = relayMessages.text(key, params);
  return new UsageError({
    uk: `${detail.uk}\n${relayMessages.uk.usage}`,
    en: `${detail.en}\n${relayMessages.en.usage}`,
  });
}

/** --lang, else the system's language. */
export function langOf(value: string | undefined, io: CliIo): Lang {
  if (value === 'uk' || value === 'en') return value;
  return langFromEnv(io.env);
}

export function storeLocation(
  values: { 'data-dir'?: string; 'database-url'?: string },
  env: Env,
  cwd: string,
): StoreLocation {
  const databaseUrl = values['database-url'] ?? (env.DATABASE_URL?.trim() || undefined);
  return {
    ...(databaseUrl ? { databaseUrl } : {}),
    dataDir: values['data-dir'] ? resolve(cwd, values['data-dir']) : defaultDataDir(env),
  };
}

/**
 * Opens the store for one job. Only a job that makes something (`keys add`, `restore`) may start
 * a new embedded store, as the relay's first start does: any other on a mistyped --data-dir would
 * report an empty new one ("No analyst keys yet") instead of the relay's.
 */
export async function withStore<T>(
  values: { 'data-dir'?: string; 'database-url'?: string },
  io: CliIo,
  work: (store: RelayStore) => Promise<T>,
  options: { create?: boolean } = {},
): Promise<T> {
  const location = storeLocation(values, io.env, io.cwd);
  if (!options.create && location.databaseUrl === undefined && !(await embeddedStoreExists(location.dataDir))) {
    throw new UsageError(relayMessages.text('data.none', { dir: location.dataDir }));
  }
  const opened = await openStore(location, { adopt: false });
  try {
    return await work(opened.store);
  } finally {
    await opened.close();
  }
}

/** A subcommand's action missing or mistyped (`relay keys lst`): the actions it has. */
export function actionUsage(command: string, value: string | undefined, actions: readonly string[]): UsageError {
  if (!value) return usage('usage.action', { command, actions: actions.join(', ') });
  return usage('usage.actionUnknown', { command, value, actions: actions.join(', ') });
}
