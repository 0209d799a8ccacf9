import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { version } from '../../../package.json';
import type { AskFn, BulkRunReport } from '../../bulk/ports';
import { summarize } from '../../core/answer/summary';
import type { ParsedEnvelope } from '../../core/protocol/schema';
import { REGISTRY_KEYS, type RegistryKey } from '../../core/protocol/registries';
import type { SearchQuery } from '../../core/query';
import type { Lang } from '../../core/text/i18n';
import { buildCertificate, buildRunCover } from '../../evidence/certificate';
import { certificatePdf } from '../../evidence/certificate-pdf';
import { writeOwnerOnly } from './safe-file';
import { makeFolder } from '../../relay/make-folder';

/**
 * `checklists screen --certificates DIR`: the run's cover and one certificate per subject
 * answered in this session, made after the run from the answers it kept (certificates cost CPU,
 * never requests, and never hold up the screen). `--certificates-with-hits` keeps only subjects
 * with hits, which is also what bounds memory on a long list.
 */

interface Kept {
  query: SearchQuery;
  envelope: ParsedEnvelope;
  servedBy: string;
  receivedAt: Date;
}

export interface RunCertificateContext {
  dir: string;
  inputPath: string;
  resultsPath: string;
  report: BulkRunReport;
  /** The run's registries; null for "every list the account has": each certificate shows what came back. */
  registries: readonly RegistryKey[] | null;
  sandbox: boolean;
  analyst: string;
  lang: Lang;
}

export interface WrittenCertificates {
  files: number;
  bytes: number;
  ms: number;
}

const sha256File = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');

/** A file name people can read: the subject's name, without anything a file system refuses. */
function fileName(n: number, name: string): string {
  const safe =
    name
      .replace(/[^\p{L}\p{N} ._-]/gu, '_')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 60) || 'subject';
  return `${String(n).padStart(4, '0')}-${safe}.pdf`;
}

export class RunCertificates {
  private readonly kept: Kept[] = [];

  constructor(private readonly withHitsOnly: boolean) {}

  wrap(ask: AskFn): AskFn {
    return async (query, options) => {
      const answer = await ask(query, options);
      if (!this.withHitsOnly || summarize(answer.envelope).totalHits > 0) {
        const servedBy = 'servedBy' in answer && typeof answer.servedBy === 'string' ? answer.servedBy : '';
        this.kept.push({ query, envelope: answer.envelope, servedBy, receivedAt: new Date() });
      }
      return answer;
    };
  }

  async write(c: RunCertificateContext): Promise<WrittenCertificates> {
    const started = performance.now();
    await makeFolder(c.dir, 0o700);
    let bytes = 0;
    let n = 0;
    for (const k of this.kept) {
      const certificate = buildCertificate(
        {
          query: k.query,
          envelope: k.envelope,
          asked: c.registries ?? REGISTRY_KEYS.filter((key) => k.envelope.registries[key] !== undefined),
          receivedAt: k.receivedAt,
          servedBy: k.servedBy,
          sandbox: c.sandbox,
          productVersion: version,
          analyst: c.analyst,
        },
        c.lang,
      );
      const pdf = await certificatePdf([certificate], { title: k.query.name ?? '' });
      await writeOwnerOnly(join(c.dir, fileName(++n, k.query.name ?? k.query.ipn ?? k.query.doc ?? '')), pdf);
      bytes += pdf.length;
    }
    const cover = buildRunCover(
      {
        inputFile: basename(c.inputPath),
        inputSha256: await sha256File(c.inputPath),
        rows: c.report.rowsTotal,
        // Counted as the run's summary counts them: subjects once, hits and failures by row (a
        // client listed twice is one subject, one certificate, and two rows with hits).
        subjectsScreened: c.report.subjectsTotal,
        rowsWithHits: c.report.rowsWithHits,
        noHitsInDoubt: c.report.noHitsInDoubt,
        rowsNotChecked: c.report.failedRows,
        invalid: c.report.invalidRows,
        empty: c.report.emptyRows,
        hidden: c.report.hiddenRows,
        analyst: c.analyst,
        at: new Date(),
        resultsFile: basename(c.resultsPath),
        resultsSha256: await sha256File(c.resultsPath),
        certificates: n,
        sandbox: c.sandbox,
        productVersion: version,
      },
      c.lang,
    );
    const pdf = await certificatePdf([cover], { title: 'cover' });
    await writeOwnerOnly(join(c.dir, '0000-cover.pdf'), pdf);
    return { files: n + 1, bytes: bytes + pdf.length, ms: performance.now() - started };
  }
}
