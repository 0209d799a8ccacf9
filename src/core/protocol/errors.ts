import type { Lang, LocalizedText } from '../text/i18n';
import { coreMessages } from '../text/messages';
import { fieldErrorsText } from '../text/query-field-names';

/**
 * The few error kinds a person can act on (docs/ARCHITECTURE.md, "Errors"):
 * - invalid-input: fix a field;
 * - account: credentials, allow-list or quota — every further request fails too, so stop everything;
 * - rejected: the service refused this one request (bad dates, bad lowranklimit);
 * - unreachable: every address was tried;
 * - cancelled: the caller gave up.
 */
export type ErrorKind = 'invalid-input' | 'account' | 'rejected' | 'unreachable' | 'cancelled';

export abstract class CheckListsError extends Error {
  abstract readonly kind: ErrorKind;
  readonly text: LocalizedText;

  protected constructor(text: LocalizedText) {
    super(text.en);
    this.text = text;
    this.name = new.target.name;
  }
}

export interface FieldError {
  field: string;
  /** Message key, stable for tests and for surfaces that highlight a field. */
  code: string;
  message: LocalizedText;
}

export class InvalidInputError extends CheckListsError {
  readonly kind = 'invalid-input';
  readonly errors: readonly FieldError[];

  constructor(errors: readonly FieldError[]) {
    super({ uk: fieldErrorsText(errors, 'uk'), en: fieldErrorsText(errors, 'en') });
    this.errors = errors;
  }
}

/** Codes after which every further request fails as well (service-facts.md, Errors). */
export const ACCOUNT_ERROR_CODES: readonly number[] = [1, 2, 3, 6, 7, 8, 9, 10, 11];
export const QUOTA_ERROR_CODE = 11;
/**
 * The organisation's relay refuses a key that only reads records (an auditor's, an admin's) with
 * this code (src/relay/refusal.ts, RELAY_ERRORS.forbidden): every further search with it fails too.
 */
export const RELAY_READ_ONLY_CODE = 403;

export class AccountError extends CheckListsError {
  readonly kind = 'account';
  readonly stopsEverything = true;

  /** `said`: the relay's own words, which name the analyst's key where the service's code names a tokken. */
  constructor(
    readonly code: number,
    readonly status: number,
    readonly serviceMessage: string,
    said?: LocalizedText,
  ) {
    super(
      said ??
        (ACCOUNT_ERROR_CODES.includes(code)
          ? coreMessages.text(`error.account.${code}` as Parameters<typeof coreMessages.text>[0])
          : { uk: serviceMessage, en: serviceMessage }),
    );
  }

  get isQuota(): boolean {
    return this.code === QUOTA_ERROR_CODE;
  }
}

export class RequestRejectedError extends CheckListsError {
  readonly kind = 'rejected';

  constructor(
    readonly status: number,
    readonly code: number | null,
    readonly serviceMessage: string,
  ) {
    super(
      code === 103 || code === 104 || code === 105
        ? coreMessages.text(`error.rejected.${code}`)
        : coreMessages.text(status === 429 ? 'error.rateLimited' : 'error.rejected.other', {
            status,
            code: code ?? '—',
            message: serviceMessage,
          }),
    );
  }
}

/** The organisation's relay (or a proxy) limiting requests, 429: nothing to fix, only to ask again later. */
export function isRateLimited(error: unknown): error is RequestRejectedError {
  return error instanceof RequestRejectedError && error.status === 429;
}

export interface AttemptReport {
  /** Base address only: never a full URL, which in the GET form would carry credentials. */
  address: string;
  outcome: 'ok' | 'network' | 'timeout' | 'http-5xx' | 'bad-answer' | 'rejected';
  status?: number;
  detail?: string;
  /** What the organisation's relay said with its 5xx (its upstream or its database down): the network is fine. */
  said?: LocalizedText;
  durationMs: number;
}

/** ['no connection', 'no connection', 'HTTP 503'] → ['no connection ×2', 'HTTP 503']. */
function collapseRepeats(outcomes: readonly string[]): string[] {
  const out: string[] = [];
  let run = 1;
  outcomes.forEach((outcome, i) => {
    if (outcomes[i + 1] === outcome) {
      run++;
      return;
    }
    out.push(run > 1 ? `${outcome} ×${run}` : outcome);
    run = 1;
  });
  return out;
}

/** An attempt's outcome in words: "no connection", "HTTP 503" (a status says more than a word would). */
function outcomeText(a: AttemptReport, lang: Lang): string {
  if (a.said) return `HTTP ${a.status ?? '5xx'} (${a.said[lang]})`;
  if (a.outcome === 'ok' || a.outcome === 'http-5xx') return a.status ? `HTTP ${a.status}` : a.outcome;
  const words = coreMessages.t(lang, `attempt.${a.outcome}`);
  return a.status ? `${words} ${a.status}` : words;
}

export class ServiceUnreachableError extends CheckListsError {
  readonly kind = 'unreachable';

  constructor(readonly attempts: readonly AttemptReport[]) {
    const addresses = new Set(attempts.map((a) => a.address));
    // One entry per address, its attempts in order, a repeat counted rather than listed again.
    const detailsIn = (lang: Lang) => {
      const byAddress = new Map<string, string[]>();
      for (const a of attempts) byAddress.set(a.address, [...(byAddress.get(a.address) ?? []), outcomeText(a, lang)]);
      return [...byAddress]
        .map(([address, outcomes]) => `${address} — ${collapseRepeats(outcomes).join(', ')}`)
        .join('; ');
    };
    const text = (lang: Lang) =>
      coreMessages.t(lang, 'error.unreachable', { count: addresses.size, details: detailsIn(lang) });
    super({ en: text('en'), uk: text('uk') });
  }
}

export class CancelledError extends CheckListsError {
  readonly kind = 'cancelled';

  constructor() {
    super(coreMessages.text('error.cancelled'));
  }
}

/**
 * Turns an error code from a 4XX body into the right typed error. `relay`: the answer came from
 * the organisation's relay, whose refusals of a key (unknown, revoked, read-only, the day's budget
 * spent) stop every further search as the service's account codes do, in its own words (`said`).
 */
export function errorFromServiceBody(
  status: number,
  code: number | null,
  message: string,
  relay?: { said: LocalizedText | null },
): AccountError | RequestRejectedError {
  const readOnly = status === 403 && code === RELAY_READ_ONLY_CODE;
  if (relay && code !== null && (readOnly || ACCOUNT_ERROR_CODES.includes(code))) {
    return new AccountError(code, status, message, relay.said ?? undefined);
  }
  if (code !== null && ACCOUNT_ERROR_CODES.includes(code)) return new AccountError(code, status, message);
  return new RequestRejectedError(status, code, message);
}

/** Any thrown thing as text for a person; never a stack. */
export function describeError(e: unknown): LocalizedText {
  if (e instanceof CheckListsError) return e.text;
  const msg = e instanceof Error ? e.message : String(e);
  return { uk: msg, en: msg };
}
