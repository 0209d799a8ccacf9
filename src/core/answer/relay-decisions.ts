import { z } from 'zod';
import { REGISTRY_KEYS, type RegistryKey } from '../protocol/registries';
import type { ParsedEnvelope } from '../protocol/schema';
import type { Lang } from '../text/i18n';
import { DECISIONS, REASON_CODES, reasonLabel, type ReasonCode } from './explain';

/**
 * What the relay adds to an answer from its decision record (docs/relay.md, "Decisions and the
 * accept list"): the hits it muted (cleared as false positives, record unchanged; they are taken
 * out of the answer, so every count, level and percent is as if they were not there) and the
 * decided hits whose record changed since (left in, to be decided again), and the other decided
 * hits (left in, with the decision, for a re-screen to carry). An answer from the
 * service directly never carries it.
 */

export const RELAY_DECISIONS_FIELD = 'relay_decisions';
/** The relay's audit row of the request an answer came back to: its certificate's id. */
export const RELAY_AUDIT_FIELD = 'relay_audit_id';

export function relayAuditIdOf(envelope: ParsedEnvelope): number | null {
  const id = envelope.extraHeader[RELAY_AUDIT_FIELD];
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

const decisionNoteSchema = z.object({
  /** The decision's id in the relay's record. */
  id: z.number(),
  registry: z.enum(REGISTRY_KEYS),
  record: z.string(),
  /** The record's name, so that a muted hit can be told without the record. */
  name: z.string(),
  decision: z.enum(DECISIONS),
  reason: z.string().nullable(),
  comment: z.string().optional(),
  analyst: z.string(),
  at: z.string(),
  state: z.enum(['in-force', 'pending']),
  approvedBy: z.string().nullable(),
  /** An approver's return for review: the decision it sent back; absent otherwise and from relays before it. */
  returns: z.number().optional(),
});
export type DecisionNote = z.infer<typeof decisionNoteSchema>;

const relayDecisionsSchema = z.object({
  muted: z.array(decisionNoteSchema),
  changed: z.array(decisionNoteSchema),
  /** Every other hit of the answer with a decision on its unchanged record: a re-screen takes it over the sheet's. */
  decided: z.array(decisionNoteSchema).optional(),
});
export type RelayDecisions = z.infer<typeof relayDecisionsSchema>;

export function relayDecisionsOf(envelope: ParsedEnvelope): RelayDecisions | null {
  const parsed = relayDecisionsSchema.safeParse(envelope.extraHeader[RELAY_DECISIONS_FIELD]);
  return parsed.success ? parsed.data : null;
}

const STATE_TEXT = {
  uk: { 'in-force': 'чинне', pending: 'чекає на погодження' },
  en: { 'in-force': 'in force', pending: 'awaiting approval' },
} as const;

const DECISION_TEXT = {
  uk: { 'false-positive': 'хибний збіг', 'true-match': 'справжній збіг', 'needs-review': 'потребує перевірки' },
  en: { 'false-positive': 'false positive', 'true-match': 'true match', 'needs-review': 'needs review' },
} as const;

/** The hits the accept list took out of one registry's part of the answer: what its "0" stands for. */
export function mutedIn(decisions: RelayDecisions | null, registry: RegistryKey): DecisionNote[] {
  return decisions?.muted.filter((note) => note.registry === registry) ?? [];
}

export const isReasonCode = (reason: string): reason is ReasonCode =>
  (REASON_CODES as readonly string[]).includes(reason);

/** A hit's key among an answer's decided hits: its registry and record, as the relay names them. */
export const hitKey = (registry: string, record: string): string => `${registry}|${record}`;

export type DecidedHits = ReadonlyMap<string, DecisionNote>;

/**
 * The decisions the relay holds on the hits left in an answer (in force or awaiting approval), by
 * hitKey: what a search shows beside each hit, so that a colleague's true match is not decided
 * again as if new. Muted hits are not in the answer; changed ones need a new decision.
 */
export function decidedByHit(decisions: RelayDecisions | null): DecidedHits {
  return new Map((decisions?.decided ?? []).map((note) => [hitKey(note.registry, note.record), note]));
}

/** A record time as the relay's notes show it: to the minute, in UTC ("2026-11-20 09:00 UTC"). */
export const utcMinute = (at: string): string => `${at.slice(0, 16).replace('T', ' ')} UTC`;

/** What was decided and why: the decision, its reason and the analyst's comment. */
export function decisionText(
  note: Pick<DecisionNote, 'decision' | 'reason'> & { comment?: string | null | undefined },
  lang: Lang,
): string {
  const reason = note.reason ? ` — ${isReasonCode(note.reason) ? reasonLabel(note.reason, lang) : note.reason}` : '';
  return `${DECISION_TEXT[lang][note.decision]}${reason}${quotedComment(note.comment, lang)}`;
}

/** An analyst's comment after what it explains, in the language's quotes: ' «…»' or ' "…"'; '' without one. */
export function quotedComment(comment: string | null | undefined, lang: Lang): string {
  if (!comment) return '';
  return lang === 'uk' ? ` «${comment}»` : ` "${comment}"`;
}

/**
 * One decided hit on one line: which record, what was decided and why (the reason and the analyst's
 * comment, which is what an inspector reads a muted hit for), by whom, when, approved by whom.
 * `named: false` leaves out which record, for a line under the hit itself.
 */
export function decisionNoteText(note: DecisionNote, lang: Lang, { named = true } = {}): string {
  const approved = note.approvedBy
    ? lang === 'uk'
      ? `, погоджено: ${note.approvedBy}`
      : `, approved by ${note.approvedBy}`
    : '';
  const returned = note.returns
    ? lang === 'uk'
      ? `, повернувши №${note.returns} на перевірку`
      : `, on returning #${note.returns} for review`
    : '';
  const which = named ? `${note.name || note.record} (${note.record}): ` : '';
  return `${which}${decisionText(note, lang)}, ${note.analyst} ${utcMinute(note.at)}${approved}${returned}; ${STATE_TEXT[lang][note.state]}`;
}
