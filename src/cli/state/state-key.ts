import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Env } from '../config';
import { UsageError } from '../exit-codes';
import { cliMessages } from '../messages';
import { NOFOLLOW, lstatOrNull, octal, unsafeReason } from '../output/safe-file';
import { makeFolder } from '../../relay/make-folder';

/**
 * The key that signs every line of a run's state file. It lives in the person's own config
 * folder, not beside the output: someone who can write to a shared output folder can then
 * still not forge an answer a resume would trust.
 */
export function configDir(env: Env, platform: NodeJS.Platform): string {
  if (platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'CheckLists');
  const base = env.XDG_CONFIG_HOME?.trim() || join(env.HOME ?? '.', '.config');
  return join(base, 'checklists');
}

export async function loadStateKey(env: Env, platform: NodeJS.Platform): Promise<Buffer> {
  const dir = configDir(env, platform);
  await makeFolder(dir, 0o700);
  const path = join(dir, 'state.key');
  for (let attempt = 0; attempt < 2; attempt++) {
    const info = await lstatOrNull(path);
    if (info) {
      const reason = unsafeReason(info, path, platform);
      if (reason) throw new UsageError(reason);
      if (platform !== 'win32' && (info.mode & 0o077) !== 0) {
        throw new UsageError(cliMessages.text('stateKey.readable', { path, mode: octal(info.mode) }));
      }
      const text = (await readFile(path, 'utf8')).trim();
      if (/^[0-9a-f]{64}$/.test(text)) return Buffer.from(text, 'hex');
      throw new UsageError(cliMessages.text('stateKey.bad', { path }));
    }
    try {
      const handle = await open(path, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | NOFOLLOW, 0o600);
      const key = randomBytes(32);
      try {
        await handle.writeFile(`${key.toString('hex')}\n`, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      return key;
    } catch (e) {
      // Another run created it a moment ago: read theirs.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  throw new UsageError(cliMessages.text('stateKey.bad', { path }));
}
