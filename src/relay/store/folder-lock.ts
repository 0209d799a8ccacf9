import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * One relay server per data folder. The embedded PostgreSQL of a folder is adopted by the relay
 * that finds it running (after a kill -9 its postmaster outlives the relay) and stopped when that
 * relay exits, so a second relay started on a folder another relay still serves would stop the
 * first one's database on its way out. The lock file names its holder; a holder that is gone
 * (killed, crashed) leaves a lock the next relay takes over.
 */

export type FolderLock = { ok: true; release: () => Promise<void> } | { ok: false; holder: number };

const LOCK_FILE = 'relay.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user holds the pid; it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function lockDataFolder(dataDir: string): Promise<FolderLock> {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(path, 'wx', 0o600);
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      return { ok: true, release: () => rm(path, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number((await readFile(path, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
        return { ok: false, holder };
      }
      // The holder is gone: its lock is stale.
      await rm(path, { force: true });
    }
  }
  return { ok: false, holder: 0 };
}
