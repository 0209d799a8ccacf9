import { plainQuery } from '../core/query/plain';
import type { SearchQuery } from '../core/query';
import { summarize } from '../core/answer/summary';
import type { SearchResult } from '../core/request/client';
import type { ScheduledAnswer } from '../core/request/scheduler';
import type { Refusal } from './refusal';
import type { AuditOutcome, AuditRow, AuditState } from './store/port';

/** The analyst no key names: such a request is refused and leaves no row (service.ts). */
export const ANONYMOUS = '-';

/** The part of a request's audit row known before its outcome: who asked what, and when. */
export function auditRowBase(
  method: AuditRow['method'],
  analyst: string,
  query: SearchQuery | null,
  state: AuditState,
  instance: string,
): AuditRow {
  return {
    state,
    at: new Date(),
    analyst,
    method,
    query: query ? plainQuery(query) : {},
    listdata: query?.listdata !== undefined ? query.listdata.toString() : query ? '-1' : null,
    servedBy: null,
    idrequest: null,
    verdict: null,
    hits: {},
    durationMs: 0,
    fromCache: false,
    errorCode: null,
    status: 0,
    instance,
    archiveId: null,
  };
}

/** The outcome of the request that paid for `result`, written with its answer's archived copy. */
export function paidOutcome(result: SearchResult): AuditOutcome {
  const summary = summarize(result.envelope);
  return {
    state: 'answered',
    servedBy: result.servedBy,
    idrequest: result.envelope.header.idrequest ?? null,
    verdict: summary.verdict,
    hits: Object.fromEntries(summary.registries.map((r) => [r.key, r.hits])),
    durationMs: result.durationMs,
    fromCache: false,
    errorCode: null,
    status: 200,
    archiveId: null,
  };
}

/** A request's outcome at its end: answered (from wherever) or refused, after `durationMs`. */
export function requestOutcome(
  answer: ScheduledAnswer | null,
  refusal: Refusal | null,
  durationMs: number,
): AuditOutcome {
  const hits: Record<string, number> = {};
  if (answer) for (const r of answer.summary.registries) hits[r.key] = r.hits;
  return {
    state: refusal ? 'refused' : 'answered',
    servedBy: answer ? answer.servedBy : null,
    idrequest: answer?.envelope.header.idrequest ?? null,
    verdict: answer ? answer.summary.verdict : null,
    hits,
    durationMs,
    // Not paid for by this request: another request's answer it joined, this instance's cache, or
    // another instance's found through the claim.
    fromCache: answer ? answer.source !== 'service' : false,
    errorCode: refusal ? refusal.code : null,
    status: refusal ? refusal.status : 200,
    archiveId: answer?.receipt ?? null,
  };
}
