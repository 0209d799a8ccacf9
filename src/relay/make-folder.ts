import { mkdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/**
 * `mkdir -p`, without Node's `recursive: true`: that loops for ever, at full CPU, where mkdir
 * answers ENOENT under a parent that exists (`--certificates /proc/x` hung `checklists screen`
 * until killed; Node 20). Walks up to the first folder that exists, then makes each one below it
 * with `mode`, as the recursive form would. Used by the command line and the relay alike.
 */
export async function makeFolder(dir: string, mode: number): Promise<void> {
  const missing: string[] = [];
  let at = resolve(dir);
  for (;;) {
    const info = await stat(at).catch(() => null);
    if (info) {
      if (!info.isDirectory()) {
        throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${dir}'`), { code: 'ENOTDIR' });
      }
      break;
    }
    const parent = dirname(at);
    if (parent === at) break;
    missing.push(at);
    at = parent;
  }
  for (const folder of missing.reverse()) {
    // Made meanwhile by another process: as good as made here.
    await mkdir(folder, { mode }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
}
