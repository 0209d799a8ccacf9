import { constants, type Stats } from 'node:fs';
import { lstat, open, rename, rm, type FileHandle } from 'node:fs/promises';
import type { LocalizedText } from '../../core/text/i18n';
import { UsageError } from '../exit-codes';
import { cliMessages } from '../messages';

/**
 * Files a run keeps beside its output (lock, state) may sit in a shared folder. Another user's
 * symlink there must not make a run write through it, and a file someone else made (or can
 * write) must not be trusted or fed client names. O_NOFOLLOW is 0 on Windows, where
 * symlinks need privileges and ownership is not a mode bit; the checks that apply still run.
 */
export const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

export function octal(mode: number): string {
  return (mode & 0o777).toString(8).padStart(3, '0');
}

/** Why an existing file at `path` must not be used, or null when it is a plain file of ours that only we may change. */
export function unsafeReason(
  info: Stats,
  path: string,
  platform: NodeJS.Platform = process.platform,
): LocalizedText | null {
  if (info.isSymbolicLink()) return cliMessages.text('file.symlink', { path });
  if (!info.isFile()) return cliMessages.text('file.notFile', { path });
  if (platform === 'win32') return null;
  const uid = typeof process.getuid === 'function' ? process.getuid() : null;
  if ((uid !== null && info.uid !== uid) || (info.mode & 0o022) !== 0) {
    return cliMessages.text('file.foreign', { path, mode: octal(info.mode) });
  }
  return null;
}

export async function lstatOrNull(path: string): Promise<Stats | null> {
  try {
    return await lstat(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** Throws UsageError (exit 2) when an existing file at `path` is not safely ours. */
export async function assertSafeExisting(path: string): Promise<Stats | null> {
  const info = await lstatOrNull(path);
  if (!info) return null;
  const reason = unsafeReason(info, path);
  if (reason) throw new UsageError(reason);
  return info;
}

/** Creates `path` afresh, owner-only, failing if anything (a link included) is already there. */
export function createExclusive(path: string): Promise<FileHandle> {
  return open(path, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | constants.O_APPEND | NOFOLLOW, 0o600);
}

/**
 * Written beside the target, owner-only, then renamed over it: never through a link someone
 * placed at the name, and never half a file (a certificate, an archived answer) under the name.
 */
export async function writeOwnerOnly(path: string, bytes: Buffer): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  const handle = await createExclusive(temporary);
  try {
    await handle.writeFile(bytes);
    await handle.close();
    await rename(temporary, path);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Opens an existing file without following a link and checks it is the very file that was inspected. */
export async function openChecked(path: string, flags: number, inspected: Stats): Promise<FileHandle> {
  const handle = await open(path, flags | NOFOLLOW);
  const now = await handle.stat();
  if (now.ino !== inspected.ino || now.dev !== inspected.dev) {
    await handle.close();
    throw new UsageError(cliMessages.text('file.foreign', { path, mode: octal(now.mode) }));
  }
  return handle;
}
