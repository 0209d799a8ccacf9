import { z } from 'zod';
import { REGISTRY_KEYS } from '../protocol/registries';
import type { Lang } from '../text/i18n';
import { DECISIONS } from './explain';
import { decisionText, utcMinute, type DecisionNote } from './relay-decisions';

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
});
export type DecisionLine = z.infer<typeof lineSchema>;

export const decisionHistorySchema = z.object({
  current: z.array(lineSchema.extend({ state: z.enum(['in-force', 'pending']), approvedBy: z.string().nullable() })),
  history: z.array(lineSchema),
});
export type DecisionHistory = z.infer<typeof decisionHistorySchema>;

/** A decision in force as a note (core/answer/relay-decisions.ts): the record names it, not a name. */
export function currentNote(current: DecisionHistory['current'][number]): DecisionNote {
  return { ...current, name: '', comment: current.comment ?? '' };
}

const APPROVED = { uk: 'погодив №{id}', en: 'approved #{id}' } as const;

/** One line of the record: its number, minute (UTC), who, which record, and what was decided or approved. */
export function historyLineText(line: DecisionLine, lang: Lang): string {
  const what =
    line.kind === 'approval' ? APPROVED[lang].replace('{id}', String(line.approves ?? '?')) : decisionText(line, lang);
  return `#${line.id}  ${utcMinute(line.at)}  ${line.analyst}  ${line.record}  ${what}`;
}

/** What `/decisions/pending` answers: the caller, and the decisions waiting for a second person. */
export const pendingDecisionsSchema = z.object({
  analyst: z.string(),
  pending: z.array(lineSchema.extend({ subject: z.record(z.string(), z.unknown()) })),
});
export type PendingDecisions = z.infer<typeof pendingDecisionsSchema>;

/** The subject as it was screened, in one short phrase: its name, date, codes and documents. */
export function subjectText(subject: object): string {
  return ['name', 'namelat', 'date', 'ipn', 'doc']
    .map((f) => (subject as Record<string, unknown>)[f])
    .filter((v): v is string => typeof v === 'string' && v !== '')
    .join(', ');
}

/** One waiting decision: its number, minute (UTC), author, subject, record, and what was decided and why. */
export function pendingLineText(p: PendingDecisions['pending'][number], lang: Lang): string {
  return `#${p.id}  ${utcMinute(p.at)}  ${p.analyst}  ${subjectText(p.subject)}  ${p.record}  ${decisionText(p, lang)}`;
}
