import { closeSync, openSync, readFileSync, unlinkSync, constants } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { parseJson } from '../../core/text/json';
import { UsageError } from '../exit-codes';
import { cliMessages } from '../messages';
import { NOFOLLOW, assertSafeExisting, createExclusive } from '../output/safe-file';

/**
 * One run per output. Two runs on one file used to truncate each other's state and delete it
 * under each other; the lock beside the output says who holds it, so the second run can name
 * the first, and a lock whose process died on this host (kill -9, power cut) is taken over.
 */
export interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
}

export function lockPathFor(outputPath: string): string {
  return `${outputPath}.checklists-lock`;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseOwner(text: string): LockOwner | null {
  // Not JSON: a lock cut short by a crash right after creation, treated as held by an unknown run.
  const v = (parseJson(text) ?? {}) as Partial<LockOwner> | null;
  if (typeof v?.pid === 'number' && typeof v.host === 'string' && typeof v.startedAt === 'string') {
    return { pid: v.pid, host: v.host, startedAt: v.startedAt };
  }
  return null;
}

export class RunLock {
  private released = false;
  private readonly onExit = () => this.releaseSync();

  private constructor(
    readonly path: string,
    readonly owner: LockOwner,
  ) {
    process.once('exit', this.onExit);
  }

  static async acquire(outputPath: string, output: string): Promise<RunLock> {
    const path = lockPathFor(outputPath);
    const owner: LockOwner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const handle = await createExclusive(path);
        try {
          await handle.writeFile(`${JSON.stringify(owner)}\n`, 'utf8');
        } finally {
          await handle.close();
        }
        return new RunLock(path, owner);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        // The folder took no file after all (root passes access() where the file system refuses).
        if (code === 'ENOENT' || code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
          throw new UsageError(cliMessages.text('args.output.folder', { path: output }));
        }
        if (code !== 'EEXIST') throw e;
      }
      await assertSafeExisting(path);
      const other = parseOwner(await readFile(path, 'utf8').catch(() => ''));
      if (other && other.host === owner.host && !alive(other.pid)) {
        // Stale: its process is gone. Only this host can know that; a lock from another host is respected.
        await rm(path, { force: true });
        continue;
      }
      throw new UsageError(
        other
          ? cliMessages.text('lock.busy', {
              output,
              pid: other.pid,
              host: other.host,
              since: other.startedAt,
              lock: path,
            })
          : cliMessages.text('lock.unknown', { output, lock: path }),
      );
    }
    throw new UsageError(cliMessages.text('lock.unknown', { output, lock: path }));
  }

  /** Removes the lock if it is still ours (a stale-lock takeover by another run must not be undone). */
  releaseSync(): void {
    if (this.released) return;
    this.released = true;
    process.off('exit', this.onExit);
    try {
      const fd = openSync(this.path, constants.O_RDONLY | NOFOLLOW);
      let text: string;
      try {
        text = readFileSync(fd, 'utf8');
      } finally {
        closeSync(fd);
      }
      const current = parseOwner(text);
      if (current && current.pid === this.owner.pid && current.startedAt === this.owner.startedAt) {
        unlinkSync(this.path);
      }
    } catch {
      // Already gone.
    }
  }
}
