import { z } from 'zod';
import { REGISTRY_KEYS } from '../protocol/registries';
import { fillTemplate, type Lang } from '../text/i18n';
import { andList } from '../text/quotes';
import { DECISIONS } from './explain';
import { decisionText, quotedComment, utcMinute, type DecisionNote } from './relay-decisions';

/**
 * A subject's decision record as the relay's `/decisions/history` gives it (docs/relay.md,
 * "Decisions and the accept list"): the decision in force per hit, and every line in order,
 * approvals included. Read by the pane's history and `checklists history`.
 */

const lineSchema = z.object({
  id: z.number(),
  at: z.string(),
  kind: z.enum(['decision', 'approval']),
  analyst: z.string(),
  registry: z.enum(REGISTRY_KEYS),
  record: z.string(),
  decision: z.enum(DECISIONS),
  reason: z.string().nullable(),
  comment: z.string().nullable().optional(),
  approves: z.number().nullable().optional(),
  /** An approver's return of a waiting decision for review: the decision returned; absent from relays before it. */
  returns: z.number().nullable().optional(),
  /** What "why this hit" suggested, "decision:reason"; absent from relays before it. */
  suggested: z.string().nullable().optional(),
  /** Why the hit was a hit as its analyst saw it, a line per fact; absent from relays before it. */
  why: z
    .array(z.union([z.string(), z.object({ uk: z.string(), en: z.string() })]))
    .nullable()
    .optional(),
});
export type DecisionLine = z.infer<typeof lineSchema>;

/** Which details, beside the name, a subject was screened with. */
export const SUBJECT_DETAILS = ['namelat', 'date', 'ipn', 'doc'] as const;

const sameNameSchema = z.object({ details: z.array(z.enum(SUBJECT_DETAILS)), lines: z.number() });
/** Another subject of the asked name with decisions: which details it was screened with, and its lines. */
export type SameName = z.infer<typeof sameNameSchema>;

export const decisionHistorySchema = z.object({
  current: z.array(lineSchema.extend({ state: z.enum(['in-force', 'pending']), approvedBy: z.string().nullable() })),
  history: z.array(lineSchema),
  /** Only when `history` is empty; absent from relays before it. */
  sameName: z.array(sameNameSchema).optional(),
});
export type DecisionHistory = z.infer<typeof decisionHistorySchema>;

/** A decision in force as a note (core/answer/relay-decisions.ts): the record names it, not a name. */
export function currentNote(current: DecisionHistory['current'][number]): DecisionNote {
  const { returns, ...rest } = current;
  return { ...rest, name: '', comment: current.comment ?? '', ...(returns ? { returns } : {}) };
}

const APPROVED = { uk: 'погодження №{id}', en: 'approved #{id}' } as const;
const RETURNED = { uk: 'повернення №{id} на перевірку', en: 'returned #{id} for review' } as const;

/** What a line of the record did: decided (and against which suggestion), approved, or returned. */
function whatText(line: DecisionLine, lang: Lang): string {
  if (line.kind === 'approval') return APPROVED[lang].replace('{id}', String(line.approves ?? '?'));
  if (line.returns) {
    return `${RETURNED[lang].replace('{id}', String(line.returns))}${quotedComment(line.comment, lang)}`;
  }
  return `${decisionText(line, lang)}${againstSuggestion(line, lang)}`;
}

/** One line of the record: its number, minute (UTC), who, which record, and what was decided, approved or returned. */
export function historyLineText(line: DecisionLine, lang: Lang): string {
  return `#${line.id}  ${utcMinute(line.at)}  ${line.analyst}  ${line.record}  ${whatText(line, lang)}`;
}

/** What the relay keeps of the facts a decision was made on: lines, and characters a line. */
export const WHY_LINES_MAX = 12;
export const WHY_LINE_MAX = 600;

/**
 * A fact as the relay keeps it: cut short with "…" rather than the decision refused for a long
 * record (a company's every alias, a sanction's every list), without the NUL PostgreSQL refuses.
 */
export function clippedWhyLine(text: string): string {
  const clean = text.replace(/\u0000/g, '').trim();
  return clean.length > WHY_LINE_MAX ? `${clean.slice(0, WHY_LINE_MAX - 1)}…` : clean;
}

/**
 * The facts a decision was made on, a line each in `lang`: the pane sends each in both languages,
 * a hits sheet its one line in the language it was written in. None from relays, sheets or
 * approvals without them.
 */
export function whyLines(line: Pick<DecisionLine, 'why'>, lang: Lang): string[] {
  return (line.why ?? []).map((fact) => (typeof fact === 'string' ? fact : fact[lang]));
}

/** What `/decisions/pending` answers: the caller, and the decisions waiting for a second person. */
export const pendingDecisionsSchema = z.object({
  analyst: z.string(),
  /** May the caller approve or return them (an auditor reads only); absent from relays before it. */
  approver: z.boolean().optional(),
  /**
   * Everybody's waiting decisions (an approver, an auditor) or the caller's own (an analyst); absent
   * from relays before it.
   */
  scope: z.enum(['all', 'own']).optional(),
  pending: z.array(lineSchema.extend({ subject: z.record(z.string(), z.unknown()) })),
  /** The caller's decisions an approver returned for review, as the return lines; absent from relays before it. */
  returned: z.array(lineSchema.extend({ subject: z.record(z.string(), z.unknown()) })).optional(),
});
export type PendingDecisions = z.infer<typeof pendingDecisionsSchema>;

/** The subject as it was screened, in one short phrase: its name, date, codes and documents. */
export function subjectText(subject: object): string {
  return ['name', 'namelat', 'date', 'ipn', 'doc']
    .map((f) => (subject as Record<string, unknown>)[f])
    .filter((v): v is string => typeof v === 'string' && v !== '')
    .join(', ');
}

/**
 * One waiting decision (or one returned for review): its number, minute (UTC), author, subject,
 * record, and what was decided and why (or what was returned and why).
 */
export function pendingLineText(p: PendingDecisions['pending'][number], lang: Lang): string {
  return `#${p.id}  ${utcMinute(p.at)}  ${p.analyst}  ${subjectText(p.subject)}  ${p.record}  ${whatText(p, lang)}`;
}

const AGAINST = { uk: '; запропоновано інше: {suggested}', en: '; the suggestion was otherwise: {suggested}' } as const;

/**
 * A decision that goes against what "why this hit" suggested is what a second person must look at
 * first: "; the suggestion was otherwise: true match — name and birth date agree". '' otherwise.
 */
export function againstSuggestion(line: Pick<DecisionLine, 'decision' | 'suggested'>, lang: Lang): string {
  const [decision, reason] = (line.suggested ?? '').split(':');
  const suggested = DECISIONS.find((d) => d === decision);
  if (!suggested || suggested === line.decision) return '';
  return fillTemplate(AGAINST[lang], {
    suggested: decisionText({ decision: suggested, reason: reason || null }, lang),
  });
}

const SAME_NAME = {
  en: {
    intro: 'This name has decisions when screened with other details: {variants}.',
    advice: 'A decision belongs to the subject as it was screened: ask with the same details.',
    variant: '{details} ({lines} {lines|entry|entries})',
    alone: 'the name alone',
    and: ' and ',
    namelat: 'Latin name',
    date: 'birth date',
    ipn: 'code',
    doc: 'document',
  },
  uk: {
    intro: 'Це ім’я має рішення, коли суб’єкта перевіряли з іншими даними: {variants}.',
    advice: 'Рішення належить суб’єктові з тими даними, з якими його перевіряли: запитайте з тими самими.',
    variant: '{details} ({lines} {lines|запис|записи|записів})',
    alone: 'лише ім’я',
    and: ' і ',
    namelat: 'ім’я латиницею',
    date: 'дата народження',
    ipn: 'код',
    doc: 'документ',
  },
} as const;

/**
 * What a history with no lines says of the same name's other subjects: which details each was
 * screened with ("birth date, code and document (2 entries)"), then how to ask for them; '' for none.
 */
export function sameNameText(sameName: readonly SameName[] | undefined, lang: Lang): string {
  if (!sameName || sameName.length === 0) return '';
  const t = SAME_NAME[lang];
  const variants = sameName.map(({ details, lines }) => {
    const words = details.map((d) => t[d]);
    return fillTemplate(t.variant, { details: words.length === 0 ? t.alone : andList(words, t.and), lines });
  });
  return `${fillTemplate(t.intro, { variants: variants.join('; ') })} ${t.advice}`;
}
