import { CheckListsError, describeError, type ErrorKind } from '../core/errors';
import type { LocalizedText } from '../core/i18n';
import type { RegistryKey } from '../core/registries';
import type { ParsedEnvelope } from '../core/schema';
import { summarize, type MatchLevel, type Verdict } from '../core/summary';
import { hitLine, type HitLine } from './hits';

/**
 * What a bulk run keeps of one answered subject: the summary numbers every row shows and the
 * short hit lines of the hits sheet. Plain JSON, because it is persisted for resume and handed
 * to whichever front end writes the rows.
 */
export interface RegistryFailure {
  key: RegistryKey;
  code: number | null;
  message: string;
}

export interface ScreenedOutcome {
  kind: 'screened';
  key: string;
  verdict: Verdict;
  level: MatchLevel | null;
  bestPercent: number | null;
  totalHits: number;
  /** Aligned with the run's registries; null where the registry failed or did not answer. */
  counts: (number | null)[];
  failures: RegistryFailure[];
  idrequest: string;
  dateResponse: string;
  hits: HitLine[];
  /** Hits counted but not listed, when one subject matched more than a review list can hold. */
  hitsOmitted: number;
}

export interface FailedOutcome {
  kind: 'failed';
  key: string;
  errorKind: ErrorKind | 'unknown';
  error: LocalizedText;
}

export type SubjectOutcome = ScreenedOutcome | FailedOutcome;

/** Enough to review one subject; the counts column still tells the whole story beyond it. */
export const MAX_HIT_LINES = 200;

export interface AnswerLike {
  envelope: ParsedEnvelope;
}

export function screenedOutcome(key: string, answer: AnswerLike, registries: readonly RegistryKey[]): ScreenedOutcome {
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
      hits.push(hitLine(registry, item && typeof item === 'object' ? (item as Record<string, unknown>) : {}));
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
  };
}

export function failedOutcome(key: string, error: unknown): FailedOutcome {
  return {
    kind: 'failed',
    key,
    errorKind: error instanceof CheckListsError ? error.kind : 'unknown',
    error: describeError(error),
  };
}
