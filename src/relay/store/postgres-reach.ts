import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { InvalidInputError } from '../../core/protocol/errors';
import { relayMessages } from '../messages';

/**
 * Every folder above the cluster's that exists lets `postgres` pass (search permission), or the
 * start would end in initdb's "Permission denied" deep inside: an operator's own home folder
 * (/root is 700) is the usual case. The folders the relay makes itself let it pass already.
 */
export async function assertReachable(dir: string, owner: { uid: number; gid: number }): Promise<void> {
  const target = resolve(dir);
  const parts = target.split(sep).filter(Boolean);
  for (let i = 0; i < parts.length; i++) {
    const folder = `${sep}${parts.slice(0, i + 1).join(sep)}`;
    const st = await stat(folder).catch(() => null);
    if (!st) return;
    const bit = st.uid === owner.uid ? 0o100 : st.gid === owner.gid ? 0o010 : 0o001;
    if ((st.mode & bit) === 0) {
      throw new InvalidInputError([
        {
          field: 'data-dir',
          code: 'folder.private',
          message: relayMessages.text('folder.private', { folder, dir: target }),
        },
      ]);
    }
  }
}
