import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { isRoot, startEmbeddedCluster, type EmbeddedCluster } from './embedded-cluster';
import type { RelayStore } from './port';
import { openSqlStore } from './sql-store';
import { StoreUnreachableError } from './store-errors';
import type { LocalizedText } from '../../core/text/i18n';
import { relayMessages } from '../messages';

/**
 * Errors that mean the server cannot be used at all: nothing reachable at the address, a name
 * that does not resolve, a connection timeout, a refused login, no such database.
 */
const CONNECTION_FAILURES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
  '28P01',
  '28000',
  '3D000',
]);

/** As the driver reads it; one not validly %-encoded is masked as written. */
function decodedPassword(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

/** Duck-typed: a socket's error may come from another realm (jest's), where instanceof Error fails. */
function isConnectionFailure(error: unknown): error is { code?: string; message: string } {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof message !== 'string') return false;
  return (typeof code === 'string' && CONNECTION_FAILURES.has(code)) || /connection timeout/i.test(message);
}

export interface StoreLocation {
  /** External PostgreSQL; wins over dataDir. */
  databaseUrl?: string;
  /** Folder of the embedded cluster. */
  dataDir: string;
}

export interface OpenedStore {
  store: RelayStore;
  /** "embedded PostgreSQL in DIR" or the server's host, in both languages: for the start-up line, never the password. */
  description: LocalizedText;
  cluster: EmbeddedCluster | null;
  close(): Promise<void>;
}

/** The user's data directory, as each platform names it. */
export function defaultDataDir(
  env: Record<string, string | undefined> = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), 'checklists-relay');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'checklists-relay');
  // Root's home is private (0700), and as root PostgreSQL runs as `postgres`, which could not
  // reach a folder inside it: a service run as root keeps its state where services do.
  if (isRoot() && env.XDG_DATA_HOME === undefined) return '/var/lib/checklists-relay';
  return join(env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'checklists-relay');
}

/** The embedded cluster's folder inside a relay's data folder. */
function clusterDir(dataDir: string): string {
  return join(dataDir, 'postgres');
}

/** Whether `dataDir` holds a relay's embedded store (made by its first start, `keys add` or `restore`). */
export function embeddedStoreExists(dataDir: string): Promise<boolean> {
  return stat(clusterDir(dataDir)).then(
    (info) => info.isDirectory(),
    () => false,
  );
}

export async function openStore(
  location: StoreLocation,
  options: { adopt: boolean; poolSize?: number; log?: (line: string) => void; onError?: (e: Error) => void },
): Promise<OpenedStore> {
  let cluster: EmbeddedCluster | null = null;
  let url = location.databaseUrl;
  let description: LocalizedText;
  let password = '';
  let server = '';
  if (url) {
    let u: URL | null = null;
    try {
      u = new URL(url);
    } catch {
      // Left null: refused below.
    }
    // "localhost:5432" parses too, as a URL of the scheme "localhost:".
    if (!u || !/^postgres(ql)?:$/.test(u.protocol)) {
      throw new StoreUnreachableError(relayMessages.text('database.badUrl'), true);
    }
    password = decodedPassword(u.password);
    server = `${u.hostname}:${u.port || 5432}${u.pathname}`;
    description = relayMessages.text('store.byUrl', { server });
  } else {
    cluster = await startEmbeddedCluster({
      dir: clusterDir(location.dataDir),
      adopt: options.adopt,
      // The relay server's own: it alone stops its cluster, after the requests in progress.
      ownProcessGroup: options.adopt,
      ...(options.log ? { log: options.log } : {}),
    });
    url = cluster.url;
    description = relayMessages.text('store.embedded', { dir: location.dataDir });
  }
  const store = openSqlStore({
    url,
    ...(options.poolSize ? { poolSize: options.poolSize } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
  });
  try {
    await store.migrate();
  } catch (error) {
    await store.close().catch(() => undefined);
    await cluster?.stop();
    if (!cluster && isConnectionFailure(error)) {
      // The driver's words name the host or user, not the password; masked all the same.
      const why = password ? error.message.split(password).join('***') : error.message;
      throw new StoreUnreachableError(relayMessages.text('database.unusable', { store: server, why }));
    }
    throw error;
  }
  return {
    store,
    description,
    cluster,
    close: async () => {
      await store.close().catch(() => undefined);
      await cluster?.stop();
    },
  };
}
