import { resolve } from 'node:path';
import type { Env } from '../config';
import { UsageError } from '../exit-codes';
import type { CliIo, OutStream } from '../io';
import { relayMessages } from '../../relay/messages';
import type { RelayStore } from '../../relay/store/port';
import { defaultDataDir, embeddedStoreExists, openStore, type StoreLocation } from '../../relay/store/open-store';

/** What every `checklists relay` subcommand shares: where the store is, and opening it for one job. */

export const STORE_OPTIONS = {
  'data-dir': { type: 'string' },
  'database-url': { type: 'string' },
  config: { type: 'string' },
  lang: { type: 'string' },
} as const;

export function usage(detail: string): UsageError {
  return new UsageError({ uk: `${detail}\n${relayMessages.uk.usage}`, en: `${detail}\n${relayMessages.en.usage}` });
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

/** Writes and, when the stream's buffer is full, waits for it to drain before the caller reads more. */
export function writeOut(out: OutStream, chunk: string): Promise<void> {
  if (out.write(chunk) || !out.once) return Promise.resolve();
  return new Promise((resolve) => out.once!('drain', resolve));
}
