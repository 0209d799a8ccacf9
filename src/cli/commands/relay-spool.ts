import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ArchiveChain } from '../../relay/archive-chain';
import { EvidenceSpool, spoolFolder } from '../../relay/evidence-spool';
import { relayMessages } from '../../relay/messages';
import { lockDataFolder } from '../../relay/store/folder-lock';
import type { StoreLocation } from '../../relay/store/open-store';
import type { RelayStore } from '../../relay/store/port';
import { UsageError } from '../exit-codes';

export interface OpenedSpool {
  spool: EvidenceSpool;
  /** Asked rows a crash had left out of the database, put in now. */
  recovered: number;
  /** Archived answers likewise. */
  recoveredAnswers: number;
  /** The archive's chain, where this relay is alone on its database: its answers are spooled too. */
  chain: ArchiveChain | null;
  release: () => Promise<void>;
}

/**
 * The relay's asked-row spool (../../relay/evidence-spool.ts), or null. The embedded store's folder
 * outlives the process, so its spool is in it, under the data folder's lock. On an external
 * database, only in a folder named with --spool-dir, which the operator knows outlives the process
 * (not a container's own disk): without one, asked rows are committed to the database as before.
 * One relay per spool folder: another's rows would be put in by this one while that one commits them.
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
    return { ...opened, chain: await ArchiveChain.open(store), release: async () => {} };
  }
  if (spoolDir === undefined) return null;
  const dir = resolve(cwd, spoolDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const held = await lockDataFolder(dir);
  if (!held.ok) throw new UsageError(relayMessages.text('spoolDir.inUse', { dir, pid: held.holder }));
  try {
    // Other relays may append to the archive's chain: it stays the database's.
    return { ...(await EvidenceSpool.open(dir, store)), chain: null, release: held.release };
  } catch (error) {
    await held.release();
    throw error;
  }
}
