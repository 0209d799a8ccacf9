import { ALL_LISTS, registriesOf, type Listdata } from '../protocol/listdata';
import { restrictToListdata } from '../protocol/list-filter';
import type { ParsedEnvelope } from '../protocol/schema';
import { summarize } from '../answer/summary';
import type { AnswerSource, ScheduledAnswer } from './scheduler-api';

/** An envelope on its way to the askers who share it, with where and when it came from. */
export interface Arrival {
  envelope: ParsedEnvelope;
  listdata: Listdata;
  servedBy: string;
  source: AnswerSource;
  receivedAt: number;
  durationMs: number;
  receipt?: number;
}

/** The arrival as an ask that joined another's request sees it: the service's answer, not its own payment. */
export function joined<T extends { source: AnswerSource }>(arrival: T): T {
  return arrival.source === 'service' ? { ...arrival, source: 'merged' } : arrival;
}

/**
 * One asker's answer out of an arrival that may hold more lists than it asked for (a merged
 * request, a cache entry): every asker sees only its own lists.
 */
export function answerFor(asked: Listdata, arrival: Arrival): ScheduledAnswer {
  const { envelope, listdata, servedBy, source, receivedAt, durationMs, receipt } = arrival;
  const registries = registriesOf(asked);
  // An answer for exactly the asked lists is already the service's own selection.
  const own = listdata === asked ? envelope : restrictToListdata(envelope, asked);
  return {
    envelope: own,
    listdata,
    asked,
    registries,
    // "All lists" depends on the account: report what came back rather than all 18 keys.
    summary: summarize(own, asked === ALL_LISTS ? undefined : registries),
    servedBy,
    source,
    fromCache: source !== 'service',
    receivedAt,
    durationMs,
    ...(receipt !== undefined ? { receipt } : {}),
  };
}
