import { plainQuery } from '../core/query/plain';
import type { SearchQuery } from '../core/query';
import type { AuditRow, AuditState } from './store/port';

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
