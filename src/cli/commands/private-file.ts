import { readFile, stat } from 'node:fs/promises';
import { UsageError } from '../exit-codes';
import { relayMessages } from '../../relay/messages';

/**
 * A secret kept in a file (the tokken, the TLS private key): a file others can read is refused,
 * not merely warned about.
 */
export async function privateFile(
  path: string,
  platform: NodeJS.Platform,
  what: { option: string; openKey: 'tokkenFile.open' | 'tlsKey.open' },
): Promise<Buffer> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw new UsageError(relayMessages.text('file.missing', { option: what.option, path }));
  if (platform !== 'win32' && (info.mode & 0o077) !== 0) {
    throw new UsageError(relayMessages.text(what.openKey, { path }));
  }
  return readFile(path);
}
