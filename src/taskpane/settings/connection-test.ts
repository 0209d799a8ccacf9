import { describeAddress, type CheckListsClient } from '../../core/request/client';
import {
  AccountError,
  CheckListsError,
  InvalidInputError,
  RequestRejectedError,
  ServiceUnreachableError,
  type AttemptReport,
} from '../../core/protocol/errors';
import type { Lang } from '../../core/text/i18n';
import { listdataFromBits } from '../../core/protocol/listdata';
import type { SearchQuery } from '../../core/query';
import { settingsMessages as settingsText } from './settings-messages';

/** National PEPs: one list, so the test costs one request and as little service time as any. */
const TEST_LIST_BIT = 9;
export const TEST_QUERY: SearchQuery = { name: 'Тест', listdata: listdataFromBits([TEST_LIST_BIT]) };

export type ConnectionTestKind =
  | 'ok'
  | 'unreachable'
  | 'ip'
  | 'credentials'
  | 'quota'
  | 'account'
  | 'rejected'
  | 'invalid'
  | 'other'
  // Through a relay (relay-connection.ts):
  | 'bad-key'
  | 'revoked-key'
  | 'rate-limited'
  | 'budget'
  | 'store-down'
  | 'upstream-down';

export interface ConnectionTestOutcome {
  kind: ConnectionTestKind;
  title: string;
  /** Lines of detail: addresses tried, the service's own words, the answering address. */
  details: string[];
}

/** Runs the test request and words the outcome precisely in `lang`. Never throws. */
export async function runConnectionTest(
  client: Pick<CheckListsClient, 'search'>,
  lang: Lang,
  signal?: AbortSignal,
): Promise<ConnectionTestOutcome> {
  try {
    const result = await client.search(TEST_QUERY, signal ? { signal } : {});
    const details = [
      settingsText.t(lang, 'test.ok.servedBy', { address: result.servedBy, ms: Math.round(result.durationMs) }),
    ];
    const idrequest = result.envelope.header.idrequest;
    if (idrequest) details.push(settingsText.t(lang, 'test.ok.request', { id: idrequest }));
    for (const a of result.attempts) if (a.outcome !== 'ok') details.push(attemptLine(a, lang));
    return { kind: 'ok', title: settingsText.t(lang, 'test.ok'), details };
  } catch (error) {
    return describeTestFailure(error, lang);
  }
}

/** One address tried, as the panel lists it: origin only, what it met, its HTTP status if any. */
function attemptLine(attempt: AttemptReport, lang: Lang): string {
  return settingsText
    .t(lang, 'test.attempt', {
      address: describeAddress(attempt.address),
      outcome: attemptText(attempt.outcome, lang),
      status: attempt.status ?? '',
    })
    .trim();
}

function attemptText(outcome: string, lang: Lang): string {
  switch (outcome) {
    case 'network':
      return settingsText.t(lang, 'attempt.network');
    case 'timeout':
      return settingsText.t(lang, 'attempt.timeout');
    case 'http-5xx':
      return settingsText.t(lang, 'attempt.http');
    case 'bad-answer':
      return settingsText.t(lang, 'attempt.badAnswer');
    case 'rejected':
      return settingsText.t(lang, 'attempt.rejected');
    default:
      return outcome;
  }
}

export function describeTestFailure(error: unknown, lang: Lang): ConnectionTestOutcome {
  if (error instanceof ServiceUnreachableError) {
    const tried = [...new Set(error.attempts.map((a) => describeAddress(a.address)))];
    return {
      kind: 'unreachable',
      title: settingsText.t(lang, 'test.unreachable', { count: tried.length }),
      details: error.attempts.map((a) => attemptLine(a, lang)),
    };
  }
  if (error instanceof AccountError) {
    const serviceSaid = error.serviceMessage
      ? [settingsText.t(lang, 'test.serviceSaid', { code: error.code, message: error.serviceMessage })]
      : [];
    if (error.code === 2) {
      return { kind: 'ip', title: settingsText.t(lang, 'test.ip'), details: [error.text[lang], ...serviceSaid] };
    }
    if (error.code === 1) {
      return {
        kind: 'credentials',
        title: settingsText.t(lang, 'test.credentials'),
        details: [error.text[lang], ...serviceSaid],
      };
    }
    if (error.isQuota) {
      return { kind: 'quota', title: settingsText.t(lang, 'test.quota'), details: [error.text[lang], ...serviceSaid] };
    }
    return {
      kind: 'account',
      title: settingsText.t(lang, 'test.account', { code: error.code }),
      details: [error.text[lang], ...serviceSaid],
    };
  }
  if (error instanceof RequestRejectedError) {
    return { kind: 'rejected', title: settingsText.t(lang, 'test.rejected'), details: [error.text[lang]] };
  }
  if (error instanceof InvalidInputError) {
    return {
      kind: 'invalid',
      title: settingsText.t(lang, 'test.invalid'),
      details: error.errors.map((e) => e.message[lang]),
    };
  }
  if (error instanceof CheckListsError) return { kind: 'other', title: error.text[lang], details: [] };
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'other', title: settingsText.t(lang, 'test.other'), details: [message] };
}
