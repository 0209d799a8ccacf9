import { version } from '../../../package.json';
import type { SearchQuery } from '../../core/query';
import type { SearchResult } from '../../core/request/client';
import type { RegistryKey } from '../../core/protocol/registries';
import type { Lang } from '../../core/text/i18n';
import { buildCertificate } from '../../evidence/certificate';
import { certificatePdf } from '../../evidence/certificate-pdf';
import { rename, rm } from 'node:fs/promises';
import { createExclusive } from './safe-file';

/** `checklists search --certificate FILE.pdf`: the certificate of the answer just shown. */

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

export interface SearchCertificate {
  path: string;
  query: SearchQuery;
  result: SearchResult;
  receivedAt: Date;
  asked: readonly RegistryKey[];
  sandbox: boolean;
  analyst: string;
  lang: Lang;
}

export async function writeSearchCertificate(c: SearchCertificate): Promise<string> {
  const certificate = buildCertificate(
    {
      query: c.query,
      envelope: c.result.envelope,
      asked: c.asked,
      receivedAt: c.receivedAt,
      servedBy: c.result.servedBy,
      sandbox: c.sandbox,
      productVersion: version,
      analyst: c.analyst,
    },
    c.lang,
  );
  const pdf = await certificatePdf([certificate], {
    title: certificate.lines[0]?.kind === 'title' ? certificate.lines[0].text : '',
  });
  await writeOwnerOnly(c.path, pdf);
  return c.path;
}
