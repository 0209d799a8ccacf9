import { z } from 'zod';
import { WHY_LINE_MAX, WHY_LINES_MAX } from '../core/answer/decision-history';
import { DECISIONS, REASON_CODES } from '../core/answer/explain';
import { RECORD_FINGERPRINT } from '../core/answer/record-identity';
import { utcMinute } from '../core/answer/relay-decisions';
import { REGISTRY_KEYS } from '../core/protocol/registries';
import type { DecisionEntry } from './store/port';

/**
 * One decision as `POST /decisions` takes it (docs/relay.md, "Decisions and the accept list"),
 * and how a decision sent is compared with the one on record.
 */

/** PostgreSQL text cannot hold U+0000: refused with why, per decision, rather than failing the batch. */
const NO_NUL = /^[^\u0000]*$/;
/** An explanation has a fact per field compared (name, birth, code, document, status): room to spare. */
const whyText = z.string().trim().min(1).max(WHY_LINE_MAX).regex(NO_NUL);
/** A decision's comment; an approver's return for review has one too. */
export const commentText = z.string().max(2_000).regex(NO_NUL, 'holds a NUL character');

export const decisionInput = z
  .object({
    subject: z.record(z.string(), z.unknown()),
    registry: z.enum(REGISTRY_KEYS),
    record: z.string().trim().min(1).max(300).regex(NO_NUL, 'holds a NUL character'),
    fingerprint: z.string().regex(RECORD_FINGERPRINT),
    decision: z.enum(DECISIONS),
    reason: z.enum(REASON_CODES).nullable().optional(),
    comment: commentText.optional(),
    /** What "why this hit" suggested to the analyst: shown to an approver beside the decision. */
    suggested: z
      .object({ decision: z.enum(DECISIONS), reason: z.enum(REASON_CODES) })
      .strict()
      .optional(),
    /** Why the hit was a hit as the analyst saw it: one line per fact, shown to an approver. */
    why: z
      .array(z.union([whyText, z.object({ uk: whyText, en: whyText }).strict()]))
      .max(WHY_LINES_MAX)
      .optional(),
    /**
     * A hits sheet's row a re-screen took from this record: whose decision it showed, and the
     * minute (UTC) it was recorded. Only an edit of that decision is recorded.
     */
    onRecord: z
      .object({ analyst: z.string().min(1).max(200), at: z.string().max(40) })
      .strict()
      .optional(),
  })
  .strict();

/** Fields that would name a person other than the authenticated one: refused, never read. */
export const IDENTITY_FIELDS = ['analyst', 'decidedBy', 'decided_by', 'by', 'user', 'iduserPC', 'at', 'time'];

/** A hits sheet's row taken from the record: whose decision it showed, and when. */
export type OnRecord = NonNullable<z.infer<typeof decisionInput>['onRecord']>;

/** A decision's time against a sheet's Decided at: the same minute, "UTC" or not after it. */
export function sameMinute(at: Date, shown: string): boolean {
  return utcMinute(at.toISOString()).replace(/ UTC$/, '') === shown.trim().replace(/\s*UTC$/i, '');
}

/** The same decision on the same version of the record, whoever sent it. */
export function sameDecision(a: DecisionEntry, b: DecisionEntry): boolean {
  return (
    a.decision === b.decision && a.reason === b.reason && a.comment === b.comment && a.fingerprint === b.fingerprint
  );
}
