import { z } from 'zod';
import { CheckListsError, describeError, type ErrorKind } from '../core/protocol/errors';
import { REGISTRY_KEYS, type RegistryKey } from '../core/protocol/registries';
import type { ParsedEnvelope } from '../core/protocol/schema';
import { summarize, type MatchLevel, type Verdict } from '../core/answer/summary';
import { DECISIONS as RELAY_DECISION_CODES, type ExplainedQuery } from '../core/answer/explain';
import { relayAuditIdOf, relayDecisionsOf } from '../core/answer/relay-decisions';
import { relaySandboxOf } from '../core/answer/relay-sandbox';
import { hitLine, hitLineSchema, type HitLine } from './hits';

/**
 * What a bulk run keeps of one answered subject: the summary numbers every row shows and the
 * short hit lines of the hits sheet. Plain JSON, because it is persisted for resume and handed
 * to whichever front end writes the rows; the types are read off the schema that reads it back.
 */
const VERDICTS = ['high', 'low', 'clear', 'incomplete'] as const satisfies readonly Verdict[];
const MATCH_LEVELS = ['high', 'low'] as const satisfies readonly MatchLevel[];
const ERROR_KINDS = [
  'invalid-input',
  'account',
  'rejected',
  'unreachable',
  'cancelled',
  'unknown',
] as const satisfies readonly (ErrorKind | 'unknown')[];

const registryFailureSchema = z.object({
  key: z.enum(REGISTRY_KEYS),
  code: z.number().nullable(),
  message: z.string(),
});

const screenedSchema = z.object({
  kind: z.literal('screened'),
  key: z.string(),
  verdict: z.enum(VERDICTS),
  level: z.enum(MATCH_LEVELS).nullable(),
  bestPercent: z.number().nullable(),
  totalHits: z.number().int().min(0),
  /** Aligned with the run's registries; null where the registry failed or did not answer. */
  counts: z.array(z.number().int().min(0).nullable()),
  failures: z.array(registryFailureSchema),
  idrequest: z.string(),
  dateResponse: z.string(),
  hits: z.array(hitLineSchema),
  /** Hits counted but not listed, when one subject matched more than a review list can hold. */
  hitsOmitted: z.number().int().min(0),
  /** The relay said its upstream is a sandbox (core/answer/relay-sandbox.ts): the answer is fictional. */
  fictional: z.literal(true).optional(),
  /** Hits the relay's accept list took out of the answer (core/answer/relay-decisions.ts); absent directly. */
  muted: z.number().int().min(0).optional(),
  /**
   * The relay's audit row of the request that answered (core/answer/relay-decisions.ts): the key to
   * its screening certificate (GET /certificates/<id>.pdf); absent directly.
   */
  relayAuditId: z.number().int().positive().optional(),
  /** Their records (core/answer/record-identity.ts recordPart): a re-screen counts them as still there. */
  mutedRecords: z.array(z.string()).optional(),
  /**
   * Decisions on the relay for this answer's other hits, in force or (`pending`) awaiting a second
   * person's approval: a re-screen takes them over the sheet's, and says which wait. Those made on
   * an earlier version of the record (`earlier`) are only named.
   */
  relayDecided: z
    .array(
      z.object({
        record: z.string(),
        decision: z.enum(RELAY_DECISION_CODES),
        reason: z.string(),
        comment: z.string(),
        analyst: z.string(),
        at: z.string(),
        pending: z.literal(true).optional(),
        /** An approver returned the decision before it for review: this is their "needs review". */
        returned: z.literal(true).optional(),
        /** Four-eyes: the second person who approved it, for the sheet to name beside the analyst. */
        approvedBy: z.string().optional(),
        /**
         * Made on an earlier version of the record (relay_decisions.changed): not in force on this one,
         * so the hit stays open; the sheet names it so the analyst deciding again reads it first.
         */
        earlier: z.literal(true).optional(),
      }),
    )
    .optional(),
});

const failedSchema = z.object({
  kind: z.literal('failed'),
  key: z.string(),
  errorKind: z.enum(ERROR_KINDS),
  error: z.object({ uk: z.string(), en: z.string() }),
});

export const outcomeSchema = z.discriminatedUnion('kind', [screenedSchema, failedSchema]);

export type ScreenedOutcome = z.infer<typeof screenedSchema>;
export type FailedOutcome = z.infer<typeof failedSchema>;
export type SubjectOutcome = z.infer<typeof outcomeSchema>;

/** Enough to review one subject; the counts column still tells the whole story beyond it. */
export const MAX_HIT_LINES = 200;

export interface AnswerLike {
  envelope: ParsedEnvelope;
  /** Not paid for by this ask: the add-in's answer cache, or a request another ask had already sent. */
  fromCache?: boolean;
}

export function screenedOutcome(
  key: string,
  answer: AnswerLike,
  registries: readonly RegistryKey[],
  query?: ExplainedQuery,
): ScreenedOutcome {
  const envelope = answer.envelope;
  const summary = summarize(envelope, registries);
  const hits: HitLine[] = [];
  let omitted = 0;
  for (const registry of registries) {
    const outcome = envelope.registries[registry];
    if (!outcome || outcome.status === 'error') continue;
    for (const item of outcome.items as readonly unknown[]) {
      if (hits.length >= MAX_HIT_LINES) {
        omitted++;
        continue;
      }
      hits.push(hitLine(registry, item && typeof item === 'object' ? (item as Record<string, unknown>) : {}, query));
    }
    if (outcome.status === 'malformed') omitted += Math.max(0, outcome.rawCount - outcome.items.length);
  }
  return {
    kind: 'screened',
    key,
    verdict: summary.verdict,
    level: summary.bestLevel,
    bestPercent: summary.bestPercent,
    totalHits: summary.totalHits,
    counts: summary.registries.map((r) => (r.status === 'ok' || r.status === 'malformed' ? r.hits : null)),
    failures: summary.registries
      .filter((r) => r.status === 'error' || r.status === 'malformed')
      .map((r) => ({ key: r.key, code: r.error?.code ?? null, message: r.error?.message ?? '' })),
    idrequest: summary.idrequest ?? '',
    dateResponse: summary.dateResponse ?? '',
    hits,
    hitsOmitted: omitted,
    ...(relaySandboxOf(envelope) ? { fictional: true as const } : {}),
    ...auditOf(envelope),
    ...mutedOf(envelope, registries),
    ...relayDecidedOf(envelope, registries),
  };
}

function relayDecidedOf(
  envelope: ParsedEnvelope,
  registries: readonly RegistryKey[],
): { relayDecided?: NonNullable<ScreenedOutcome['relayDecided']> } {
  const notes = relayDecisionsOf(envelope);
  const decided = [
    ...(notes?.decided ?? []).map((d) => ({ ...d, earlier: false })),
    ...(notes?.changed ?? []).map((d) => ({ ...d, earlier: true })),
  ].filter((d) => registries.includes(d.registry));
  if (decided.length === 0) return {};
  return {
    relayDecided: decided.map((d) => ({
      record: d.record,
      decision: d.decision,
      reason: d.reason ?? '',
      comment: d.comment ?? '',
      analyst: d.analyst,
      at: d.at,
      ...(d.state === 'pending' ? { pending: true as const } : {}),
      ...(d.returns ? { returned: true as const } : {}),
      ...(d.approvedBy ? { approvedBy: d.approvedBy } : {}),
      ...(d.earlier ? { earlier: true as const } : {}),
    })),
  };
}

function auditOf(envelope: ParsedEnvelope): { relayAuditId?: number } {
  const id = relayAuditIdOf(envelope);
  return id === null ? {} : { relayAuditId: id };
}

function mutedOf(
  envelope: ParsedEnvelope,
  registries: readonly RegistryKey[],
): { muted?: number; mutedRecords?: string[] } {
  const muted = relayDecisionsOf(envelope)?.muted.filter((m) => registries.includes(m.registry)) ?? [];
  return muted.length > 0 ? { muted: muted.length, mutedRecords: muted.map((m) => m.record) } : {};
}

export function failedOutcome(key: string, error: unknown): FailedOutcome {
  return {
    kind: 'failed',
    key,
    errorKind: error instanceof CheckListsError ? error.kind : 'unknown',
    error: describeError(error),
  };
}
