import { explainHit, suggestionLabel, whyFacts } from '../core/answer/explain';
import { namingOf, recordOf } from '../core/answer/record-identity';
import { relayCachedAt } from '../core/answer/relay-cached';
import { registryView, detailsLine } from '../core/answer/registry-model';
import { detailsWithStanding, listStanding } from '../core/answer/registry-lists';
import {
  decidedByHit,
  decisionNoteText,
  hitKey,
  mutedIn,
  relayAuditIdOf,
  relayDecisionsOf,
  type DecisionNote,
} from '../core/answer/relay-decisions';
import { hitStrength, levelText, registryErrorText, summarize } from '../core/answer/summary';
import { registryDef, type RegistryKey } from '../core/protocol/registries';
import type { ParsedEnvelope } from '../core/protocol/schema';
import type { SearchQuery } from '../core/query';
import type { Lang } from '../core/text/i18n';
import { kyivTime } from '../core/text/kyiv-time';
import { certificateMessages } from './certificate-messages';
import { subjectCautions } from './subject-cautions';

/**
 * A screening certificate as plain data: what one screen of one subject proves, in the words an
 * inspector reads. The PDF writer (certificate-pdf.ts) only lays it out, so the command line and
 * the relay print the same certificate, and tests read the same words back from the PDF.
 *
 * Each registry asked is in one of three states, never confused: hits (each with its key fields,
 * why it is a hit, the suggestion, and the decision where one exists), no hits, or not checked
 * (the service's error code and its meaning).
 */

export interface CertificateInput {
  query: SearchQuery;
  envelope: ParsedEnvelope;
  /** The registries asked, in the order to show them. */
  asked: readonly RegistryKey[];
  /** When the answer was received. */
  receivedAt: Date;
  /** The address that answered (origin only). */
  servedBy: string;
  /** The fictional sandbox answered: every page says so. */
  sandbox: boolean;
  productVersion: string;
  /** Who screened: the analyst's identity through the relay, or the local user. */
  analyst: string;
  /**
   * Through the relay: the request's audit row (the number a results sheet's row shows), the
   * answer's archive row and its digest.
   */
  archive?: { auditId: number; id: number; sha256: string };
  /**
   * Made by the relay from its archive, for a request its shared cache answered: when the service
   * gave that answer. The archived answer is the service's own, without the relay's note saying so.
   */
  keptSince?: Date;
  /**
   * Decisions on this subject's hits (the relay's record), by hitKey. Without it, those the answer
   * carries from the relay (`relay_decisions`), with the hits its accept list muted.
   */
  decisions?: ReadonlyMap<string, CertifiedDecision>;
}

/** A decision as a certificate shows it: `changed` when the record differs from the one decided on. */
export type CertifiedDecision = DecisionNote & { changed?: boolean };

export type CertificateLine =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'field'; label: string; value: string }
  | { kind: 'text'; text: string }
  | { kind: 'hit'; title: string; lines: string[] };

export interface Certificate {
  lang: Lang;
  /** Printed on top of every page when set. */
  banner: string | null;
  /** Printed at the foot of every page. */
  footer: string;
  lines: CertificateLine[];
}

export type RegistryState = 'hits' | 'clear' | 'not-checked';

const SUBJECT_FIELDS = ['name', 'namelat', 'date', 'ipn', 'doc', 'edrpou', 'arrayedrpou'] as const;

export function buildCertificate(input: CertificateInput, lang: Lang): Certificate {
  const t = (key: Parameters<typeof certificateMessages.t>[1], params?: Record<string, string | number>) =>
    certificateMessages.t(lang, key, params);
  const lines: CertificateLine[] = [{ kind: 'title', text: t('title') }];
  if (input.sandbox) lines.push({ kind: 'text', text: t('sandbox.explained') });

  lines.push({ kind: 'heading', text: t('section.subject') });
  const query = input.query as Record<string, unknown>;
  for (const field of SUBJECT_FIELDS) {
    const value = query[field];
    if (value === undefined || value === null || value === '') continue;
    lines.push({
      kind: 'field',
      label: t(`subject.${field}`),
      value: Array.isArray(value) ? value.join(', ') : String(value),
    });
  }

  // What makes "no hits" prove less than it seems: said where the inspector reads the subject.
  const cautions = subjectCautions(input.query);
  if (cautions.badCheckDigit) lines.push({ kind: 'text', text: t('subject.badCheckDigit') });
  if (cautions.initials.length > 0) {
    lines.push({ kind: 'text', text: t('subject.initials', { words: cautions.initials.join(' ') }) });
  }

  lines.push({ kind: 'heading', text: t('section.screen') });
  lines.push({ kind: 'field', label: t('time.kyiv'), value: kyivTime(input.receivedAt) });
  lines.push({
    kind: 'field',
    label: t('time.utc'),
    value: `${input.receivedAt.toISOString().slice(0, 19).replace('T', ' ')} UTC`,
  });
  lines.push({ kind: 'field', label: t('screenedBy'), value: input.analyst.trim() || t('screenedBy.unnamed') });
  lines.push({
    kind: 'field',
    label: t('service'),
    value: input.sandbox ? `${input.servedBy} (${t('sandbox.short')})` : input.servedBy,
  });
  lines.push({ kind: 'field', label: t('product'), value: `CheckLists for Excel ${input.productVersion}` });
  const header = input.envelope.header;
  if (header.idrequest) lines.push({ kind: 'field', label: t('requestId'), value: String(header.idrequest) });
  if (header.dateResponse) lines.push({ kind: 'field', label: t('dateResponse'), value: String(header.dateResponse) });
  // An answer the relay kept is older than the screening time above: the inspector must see by how much.
  const keptAt = input.keptSince?.getTime() ?? relayCachedAt(input.envelope);
  if (keptAt !== null) {
    const at = new Date(keptAt).toISOString().slice(0, 19).replace('T', ' ');
    lines.push({ kind: 'field', label: t('keptByRelay'), value: t('keptByRelay.value', { at }) });
  }
  // Made by the relay from its archive, or from an answer that came through it: either way the
  // number by which the relay's archive finds this request again.
  const auditId = input.archive?.auditId ?? relayAuditIdOf(input.envelope);
  if (auditId !== null) lines.push({ kind: 'field', label: t('auditId'), value: String(auditId) });
  if (input.archive) {
    lines.push({ kind: 'field', label: t('archiveId'), value: String(input.archive.id) });
    lines.push({ kind: 'field', label: t('archiveSha'), value: input.archive.sha256 });
  }
  lines.push({
    kind: 'field',
    label: t('lists'),
    value: input.asked.map((k) => registryDef(k).label[lang]).join('; '),
  });

  const summary = summarize(input.envelope, input.asked);
  const relayNotes = relayDecisionsOf(input.envelope);
  const decisions = input.decisions ?? notesByHit(relayNotes);
  lines.push({ kind: 'heading', text: t('section.result') });
  for (const r of summary.registries) {
    const label = registryDef(r.key).label[lang];
    const state = registryState(r.status, r.hits);
    if (state === 'not-checked') {
      const why = r.error ? `${r.error.code ?? '—'}: ${registryErrorText(r.error, lang)}` : t('state.absent');
      lines.push({ kind: 'field', label, value: t('state.notChecked', { why }) });
      continue;
    }
    // Muted is not hidden: a hit the relay's accept list took out of the answer is named here,
    // with who cleared it and why, so "no hits" never stands for "one cleared hit".
    const muted = mutedIn(relayNotes, r.key);
    const stateText = t(state === 'clear' ? 'state.clear' : 'state.hits', { count: r.hits });
    lines.push({
      kind: 'field',
      label,
      value: muted.length > 0 ? `${stateText}; ${t('state.muted', { count: muted.length })}` : stateText,
    });
    for (const note of muted) {
      lines.push({ kind: 'text', text: t('hit.muted', { note: decisionNoteText(note, lang) }) });
    }
    if (state === 'clear') continue;
    const outcome = input.envelope.registries[r.key];
    const items = outcome && outcome.status !== 'error' ? (outcome.items as readonly object[]) : [];
    items.forEach((item, i) => lines.push(hitBlock(input.query, decisions, r.key, item, i + 1, lang)));
  }
  const footer = input.sandbox ? t('footer.sandbox') : t('footer', { version: input.productVersion });
  return { lang, banner: input.sandbox ? t('sandbox.banner') : null, footer, lines };
}

function registryState(status: string, hits: number): RegistryState {
  if (status === 'error' || status === 'absent') return 'not-checked';
  return hits > 0 ? 'hits' : 'clear';
}

/** The relay's decisions on the hits left in the answer; a changed record's decision is kept, marked. */
function notesByHit(notes: ReturnType<typeof relayDecisionsOf>): ReadonlyMap<string, CertifiedDecision> {
  const decided = new Map<string, CertifiedDecision>(decidedByHit(notes));
  for (const note of notes?.changed ?? []) decided.set(hitKey(note.registry, note.record), { ...note, changed: true });
  return decided;
}

function hitBlock(
  query: SearchQuery,
  decisions: ReadonlyMap<string, CertifiedDecision> | undefined,
  registry: RegistryKey,
  item: object,
  n: number,
  lang: Lang,
): CertificateLine {
  const t = (key: Parameters<typeof certificateMessages.t>[1], params?: Record<string, string | number>) =>
    certificateMessages.t(lang, key, params);
  const view = registryView(registry);
  const naming = namingOf(registry, item);
  const { percent, level } = hitStrength(registry, item as Record<string, unknown>);
  const explanation = explainHit(query, registry, item);
  const out: string[] = [];
  out.push(`${t('hit.id')}: ${naming.id || '—'}`);
  // A record may give one value in several of its fields: each is listed once.
  if (naming.birth) out.push(`${t('subject.date')}: ${[...new Set(view.births(item))].join(', ')}`);
  const codes = [...new Set([...view.ipns(item), ...view.edrpous(item), ...view.docs(item)])];
  if (codes.length > 0) out.push(`${t('hit.codes')}: ${codes.join(', ')}`);
  // A register record found by code has a level and no percent: "Match: Low", not "Match: — Low".
  const strength = [percent === null ? '' : `${percent}%`, level ? levelText(level, lang) : ''].filter(Boolean);
  out.push(`${t('hit.match')}: ${strength.join(' ') || '—'}`);
  const details = detailsWithStanding(listStanding(registry, item), detailsLine(view.details(item)), lang);
  if (details) out.push(`${t('hit.details')}: ${details}`);
  // The suggestion has the next line: the why says only what agrees, differs or is missing.
  out.push(
    `${t('hit.why')}: ${
      whyFacts(
        explanation.facts.map((f) => f.code),
        lang,
        explanation.company,
      ) || '—'
    }`,
  );
  out.push(`${t('hit.suggested')}: ${suggestionLabel(explanation.suggested, lang)}`);
  const decided = decisions?.get(hitKey(registry, recordOf(registry, item).record));
  const decision = decided ? decisionNoteText(decided, lang, { named: false }) : t('hit.undecided');
  out.push(`${t('hit.decision')}: ${decided?.changed ? t('hit.changedSince', { decision }) : decision}`);
  return { kind: 'hit', title: `${n}. ${naming.name || '—'}`, lines: out };
}

export interface RunCoverInput {
  inputFile: string;
  inputSha256: string;
  rows: number;
  subjectsScreened: number;
  rowsWithHits: number;
  /** Rows with no hits that their input puts in doubt: shown only when there are some. */
  noHitsInDoubt?: number;
  rowsNotChecked: number;
  invalid: number;
  /** Blank rows: accounted for apart from invalid ones, shown only when there are some. */
  empty: number;
  /** Rows hidden in the workbook and left out (--shown-only): shown only when there are some. */
  hidden?: number;
  analyst: string;
  at: Date;
  resultsFile: string;
  resultsSha256: string;
  certificates: number;
  sandbox: boolean;
  productVersion: string;
}

/** A run's cover sheet: what was screened, by whom and when, and the files that prove it. */
export function buildRunCover(input: RunCoverInput, lang: Lang): Certificate {
  const t = (key: Parameters<typeof certificateMessages.t>[1], params?: Record<string, string | number>) =>
    certificateMessages.t(lang, key, params);
  const field = (label: string, value: string | number): CertificateLine => ({
    kind: 'field',
    label,
    value: String(value),
  });
  const lines: CertificateLine[] = [{ kind: 'title', text: t('cover.title') }];
  if (input.sandbox) lines.push({ kind: 'text', text: t('sandbox.explained') });
  lines.push(
    field(t('cover.input'), input.inputFile),
    field(t('cover.inputSha'), input.inputSha256),
    field(t('cover.rows'), input.rows),
    field(t('cover.screened'), input.subjectsScreened),
    field(t('cover.withHits'), input.rowsWithHits),
    ...(input.noHitsInDoubt ? [field(t('cover.noHitsInDoubt'), input.noHitsInDoubt)] : []),
    field(t('cover.notChecked'), input.rowsNotChecked),
    field(t('cover.invalid'), input.invalid),
    ...(input.empty > 0 ? [field(t('cover.empty'), input.empty)] : []),
    ...(input.hidden ? [field(t('cover.hidden'), input.hidden)] : []),
    field(t('screenedBy'), input.analyst.trim() || t('screenedBy.unnamed')),
    field(t('time.kyiv'), kyivTime(input.at)),
    field(t('time.utc'), `${input.at.toISOString().slice(0, 19).replace('T', ' ')} UTC`),
    field(t('cover.results'), input.resultsFile),
    field(t('cover.resultsSha'), input.resultsSha256),
    field(t('cover.certificates'), input.certificates),
    field(t('product'), `CheckLists for Excel ${input.productVersion}`),
  );
  const footer = input.sandbox ? t('footer.sandbox') : t('footer', { version: input.productVersion });
  return { lang, banner: input.sandbox ? t('sandbox.banner') : null, footer, lines };
}

/** A certificate as sheet rows (label, value), for the evidence sheet of a directly connected pane. */
export function certificateRows(certificate: Certificate): string[][] {
  const rows: string[][] = [];
  if (certificate.banner) rows.push([certificate.banner]);
  for (const line of certificate.lines) {
    if (line.kind === 'field') rows.push([line.label, line.value]);
    else if (line.kind === 'hit') rows.push([line.title], ...line.lines.map((l) => ['', l]));
    else rows.push([line.text]);
  }
  rows.push([certificate.footer]);
  return rows;
}
