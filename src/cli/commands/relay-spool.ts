import { randomUUID } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ArchiveChain } from '../../relay/archive-chain';
import { EvidenceSpool, spoolFolder, syncFolder } from '../../relay/evidence-spool';
import { relayMessages } from '../../relay/messages';
import { lockDataFolder } from '../../relay/store/folder-lock';
import type { StoreLocation } from '../../relay/store/open-store';
import type { RelayStore } from '../../relay/store/port';
import { UsageError } from '../exit-codes';
import { makeFolder } from '../../relay/make-folder';

export interface OpenedSpool {
  spool: EvidenceSpool;
  /** Asked rows a crash had left out of the database, put in now. */
  recovered: number;
  /** Archived answers likewise. */
  recoveredAnswers: number;
  /**
   * The archive chain this relay keeps, so that its answers are spooled too: the database's when
   * it is alone on it (the embedded store), else one of its own.
   */
  chain: ArchiveChain;
  release: () => Promise<void>;
}

/**
 * The relay's evidence spool (../../relay/evidence-spool.ts) and the archive chain it keeps, or
 * null. The embedded store's folder outlives the process, so its spool is in it, under the data
 * folder's lock. On an external database, only in a folder named with --spool-dir, which the
 * operator knows outlives the process (not a container's own disk): without one, asked rows and
 * answers are committed to the database, on its chain, as before. One relay per spool folder:
 * another's rows would be put in by this one while that one commits them, and one chain has one
 * writer.
 */
export async function openRelaySpool(
  location: StoreLocation,
  spoolDir: string | undefined,
  cwd: string,
  store: RelayStore,
): Promise<OpenedSpool | null> {
  if (location.databaseUrl === undefined) {
    // Alone on its database (the data folder's lock): the chain's head is read after the spool's
    // answers are in.
    const opened = await EvidenceSpool.open(spoolFolder(location.dataDir), store);
    return { ...opened, chain: await ArchiveChain.open(store, null), release: async () => {} };
  }
  if (spoolDir === undefined) return null;
  const dir = resolve(cwd, spoolDir);
  await makeFolder(dir, 0o700);
  const held = await lockDataFolder(dir);
  if (!held.ok) throw new UsageError(relayMessages.text('spoolDir.inUse', { dir, pid: held.holder }));
  try {
    // Other relays share the database: this one keeps a chain of its own, named in its folder.
    const opened = await EvidenceSpool.open(dir, store);
    return { ...opened, chain: await ArchiveChain.open(store, await folderChainId(dir)), release: held.release };
  } catch (error) {
    await held.release();
    throw error;
  }
}

/**
 * The archive chain a spool folder's relay keeps (../../relay/archive-chain.ts): named once, at the
 * folder's first use, and durable before any row of it is, so a restart on the folder goes on with
 * the same chain.
 */
async function folderChainId(dir: string): Promise<string> {
  const file = join(dir, 'archive-chain');
  const named = await readFile(file, 'utf8').catch(() => '');
  if (/^[0-9a-f-]{36}$/.test(named.trim())) return named.trim();
  const id = randomUUID();
  const handle = await open(file, 'w', 0o600);
  try {
    await handle.writeFile(`${id}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await syncFolder(dir);
  return id;
}
