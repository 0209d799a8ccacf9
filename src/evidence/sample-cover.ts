import type { EnvelopeSummary } from '../core/answer/summary';
import type { SearchQuery } from '../core/query';
import type { Lang } from '../core/text/i18n';
import { kyivTime } from '../core/text/kyiv-time';
import type { Certificate, CertificateLine } from './certificate';
import { certificateMessages } from './certificate-messages';

/**
 * The first page of several requests' certificates in one file (an inspector's sample of clients):
 * who asked for the file and when, then one line per request, in the file's order, so the reader
 * sees the whole sample before its pages.
 */

export interface SampleEntry {
  auditId: number;
  /** The subject as entered: its name or codes, and its birth date. */
  subject: string;
  /** When the answer was received (or kept by the relay's cache). */
  at: Date;
  /** Who made the request. */
  analyst: string;
  summary: Pick<EnvelopeSummary, 'totalHits' | 'complete'>;
  /** Hits with a decision in force on this version of their record: what an inspector looks for first. */
  decided: number;
  /** The subject as asked makes "no hits" prove less (subject-cautions.ts): its page says why. */
  cautioned: boolean;
}

export interface SampleCoverInput {
  /** Who asked for this file: an analyst for their own requests, or an auditor. */
  requestedBy: string;
  at: Date;
  entries: readonly SampleEntry[];
  sandbox: boolean;
  productVersion: string;
}

const SUBJECT_PARTS = ['name', 'namelat', 'edrpou', 'arrayedrpou', 'ipn', 'doc', 'date'] as const;

/** The subject as a sample's line names it: what was entered, in the order an analyst reads it. */
export function subjectText(query: SearchQuery): string {
  const fields = query as Record<string, unknown>;
  return SUBJECT_PARTS.map((key) => fields[key])
    .filter((value) => value !== undefined && value !== null && value !== '')
    .map((value) => (Array.isArray(value) ? value.join(', ') : String(value)))
    .join(', ');
}

export function buildSampleCover(input: SampleCoverInput, lang: Lang): Certificate {
  const t = (key: Parameters<typeof certificateMessages.t>[1], params?: Record<string, string | number>) =>
    certificateMessages.t(lang, key, params);
  const lines: CertificateLine[] = [{ kind: 'title', text: t('sample.title', { count: input.entries.length }) }];
  if (input.sandbox) lines.push({ kind: 'text', text: t('sample.sandboxExplained') });
  lines.push(
    { kind: 'field', label: t('sample.requestedBy'), value: input.requestedBy },
    { kind: 'field', label: t('time.kyiv'), value: kyivTime(input.at) },
    { kind: 'field', label: t('time.utc'), value: `${input.at.toISOString().slice(0, 19).replace('T', ' ')} UTC` },
    { kind: 'field', label: t('sample.count'), value: String(input.entries.length) },
    { kind: 'heading', text: t('sample.list') },
  );
  for (const entry of input.entries) {
    const { totalHits, complete } = entry.summary;
    // Hits and "not fully checked" are both said: hits in some lists never stand for the others' silence.
    const hits =
      totalHits > 0 ? [t('state.hits', { count: totalHits }), t('sample.decided', { count: entry.decided })] : [];
    const result = [
      ...(totalHits > 0 ? [hits.join(', ')] : complete ? [t('state.clear')] : []),
      ...(totalHits === 0 && entry.cautioned ? [t('sample.cautioned')] : []),
      ...(complete ? [] : [t('sample.notFully')]),
    ].join('; ');
    lines.push({
      kind: 'field',
      label: t('sample.request', { id: entry.auditId }),
      value: [entry.subject || '—', kyivTime(entry.at), entry.analyst.trim() || '—', result].join(' · '),
    });
  }
  const footer = input.sandbox ? t('footer.sandbox') : t('footer', { version: input.productVersion });
  return { lang, banner: input.sandbox ? t('sandbox.banner') : null, footer, lines };
}
