import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { isRoot, startEmbeddedCluster, type EmbeddedCluster } from './embedded-cluster';
import type { RelayStore } from './port';
import { openSqlStore } from './sql-store';

export interface StoreLocation {
  /** External PostgreSQL; wins over dataDir. */
  databaseUrl?: string;
  /** Folder of the embedded cluster. */
  dataDir: string;
}

export interface OpenedStore {
  store: RelayStore;
  /** "embedded PostgreSQL in DIR" or the server's host: for the start-up line, never the password. */
  description: string;
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
  let description: string;
  if (url) {
    const u = new URL(url);
    description = `PostgreSQL ${u.hostname}:${u.port || 5432}${u.pathname}`;
  } else {
    cluster = await startEmbeddedCluster({
      dir: clusterDir(location.dataDir),
      adopt: options.adopt,
      ...(options.log ? { log: options.log } : {}),
    });
    url = cluster.url;
    description = `embedded PostgreSQL in ${location.dataDir}`;
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
