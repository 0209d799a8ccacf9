import { version } from '../../../package.json';
import type { SearchQuery } from '../../core/query';
import type { SearchResult } from '../../core/request/client';
import type { RegistryKey } from '../../core/protocol/registries';
import type { Lang } from '../../core/text/i18n';
import { buildCertificate } from '../../evidence/certificate';
import { certificatePdf } from '../../evidence/certificate-pdf';
import { writeOwnerOnly } from './safe-file';

/** `checklists search --certificate FILE.pdf`: the certificate of the answer just shown. */

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
