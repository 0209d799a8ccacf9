import { constants } from 'node:fs';
import { access, open, realpath, rm, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { ScreenArgs } from '../args/command-line';
import { formatOf } from '../input/input-file';
import { usageError } from '../messages';
import { lockPathFor } from '../state/run-lock';
import { statePathFor } from '../state/run-state';
import type { CsvDelimiter } from './csv-writer';
import { outputFiles, type OutputTarget } from './file-sink';

/**
 * Where a screening run writes, and what is checked before its first paid request: no output is
 * a file the run reads, and every output can be written.
 */

/** Throws UsageError (exit 2) unless the folder `path` goes into exists and may be written; `shown` as the person typed it. */
export async function assertFolderWritable(path: string, shown: string): Promise<void> {
  await access(dirname(path), constants.W_OK).catch(() => {
    throw usageError('args.output.folder', { path: shown });
  });
}

/** Default: next to the input, `<name>.results.xlsx`, so results and resume state stay with their list. */
export function outputTarget(args: ScreenArgs, cwd: string, inputDelimiter: CsvDelimiter | null): OutputTarget {
  const input = resolve(cwd, args.input);
  const path =
    args.output !== undefined
      ? resolve(cwd, args.output)
      : join(dirname(input), `${basename(input, extname(input))}.results.xlsx`);
  const format = formatOf(path);
  if (format === null || extname(path).toLowerCase() === '.txt') {
    throw usageError('args.output.format', { path: args.output ?? path });
  }
  // A CSV answer to a CSV question keeps its separator: a ";" file came from a locale whose Excel expects ";".
  return { format, path, delimiter: inputDelimiter ?? ',' };
}

const CASE_INSENSITIVE_FS = new Set<NodeJS.Platform>(['win32', 'darwin']);

/**
 * Whether two paths name one file: by resolved path, by real path (links, `..`), by device and
 * inode when both exist (hard links), and ignoring case where the file system usually does.
 */
export async function sameFile(a: string, b: string, platform: NodeJS.Platform): Promise<boolean> {
  const real = async (p: string) => {
    try {
      return await realpath(p);
    } catch {
      // Not there yet: its folder's real path plus its name.
      try {
        return join(await realpath(dirname(p)), basename(p));
      } catch {
        return p;
      }
    }
  };
  const [ra, rb] = await Promise.all([real(resolve(a)), real(resolve(b))]);
  if (ra === rb) return true;
  if (CASE_INSENSITIVE_FS.has(platform) && ra.toLowerCase() === rb.toLowerCase()) return true;
  const [sa, sb] = await Promise.all([stat(a).catch(() => null), stat(b).catch(() => null)]);
  return sa !== null && sb !== null && sa.dev === sb.dev && sa.ino === sb.ino;
}

/**
 * No file a run writes (results, hits, a re-screen's gone list, state, lock) may be one it reads:
 * the list, or the previous results whose decisions a stopped re-screen could not give back.
 */
export async function assertOutputsAreNotInput(
  target: OutputTarget,
  inputs: readonly { path: string; shown: string }[],
  rescreen: boolean,
  platform: NodeJS.Platform,
): Promise<void> {
  const names: [string, string][] = [
    ...outputFiles(target, rescreen).map((f): [string, string] => [f.role, f.path]),
    ['state', statePathFor(target.path)],
    ['lock', lockPathFor(target.path)],
  ];
  const pairs = inputs.flatMap((input) => names.map(([which, path]) => ({ input, which, path })));
  // All at once (each is a few file-system calls), reported in order: the first clash is the one named.
  const same = await Promise.all(pairs.map(({ input, path }) => sameFile(path, input.path, platform)));
  const clash = pairs.find((_, i) => same[i]);
  if (clash) {
    throw usageError('args.output.sameAs', { which: clash.which, output: clash.path, input: clash.input.shown });
  }
}

/**
 * Every output must be writable before the first (paid) request: a folder in the way, a file
 * another program holds open, or a read-only file would otherwise fail only at the very end.
 */
export async function assertWritable(paths: readonly string[]): Promise<void> {
  // Every path at once, each failure kept: the first path that fails is the one named.
  const checks = await Promise.allSettled(paths.map(assertPathWritable));
  for (const check of checks) if (check.status === 'rejected') throw check.reason;
}

async function assertPathWritable(path: string): Promise<void> {
  const info = await stat(path).catch(() => null);
  if (info?.isDirectory()) throw usageError('args.output.isFolder', { path });
  if (info) {
    try {
      await (await open(path, constants.O_WRONLY)).close();
    } catch (e) {
      throw usageError('args.output.notWritable', { path, reason: (e as NodeJS.ErrnoException).code ?? String(e) });
    }
  }
  const probe = `${path}.${process.pid}.probe`;
  try {
    await (await open(probe, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o600)).close();
    await rm(probe, { force: true });
  } catch (e) {
    throw usageError('args.output.notWritable', { path, reason: (e as NodeJS.ErrnoException).code ?? String(e) });
  }
}
