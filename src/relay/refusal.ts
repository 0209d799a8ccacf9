import {
  AccountError,
  CancelledError,
  RequestRejectedError,
  ServiceUnreachableError,
  type FieldError,
} from '../core/protocol/errors';
import { bilingual, relayMessages, type RelayMessageKey } from './messages';

/** An answer in the interface's error form, decided before or instead of asking the service. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly text: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(text);
  }

  /** What the connection test names; /api answers keep to the interface's {error, message}. */
  get reason(): string {
    if (this.status === 401) return 'bad-key';
    if (this.status === 403 && this.code === RELAY_ERRORS.revokedKey && this.text === bilingual('key.revoked')) {
      return 'revoked-key';
    }
    if (this.status === 429) return 'rate-limited';
    if (this.status === 503 && this.code === RELAY_ERRORS.storeDown) return 'store-down';
    if (this.status === 503) return 'upstream-down';
    if (this.status === 403 && this.code === RELAY_ERRORS.budget && this.text === bilingual('budget.spent')) {
      return 'budget';
    }
    if (this.status === 403 && this.code === RELAY_ERRORS.forbidden) return 'read-only';
    if (this.status === 403) return 'account';
    return 'other';
  }

  /** A query the validator refused: every field named, Ukrainian first as the service writes. */
  static invalidQuery(errors: readonly FieldError[]): Refusal {
    const uk = errors.map((e) => `${e.field}: ${e.message.uk}`).join(' ');
    const en = errors.map((e) => `${e.field}: ${e.message.en}`).join(' ');
    return new Refusal(400, RELAY_ERRORS.badRequest, `${uk} / ${en}`);
  }

  /** An analyst over the rate limit, told when to try again. */
  static rateLimited(seconds: number): Refusal {
    return Refusal.of(429, RELAY_ERRORS.rateLimited, 'rate.limited', { seconds }, { 'Retry-After': String(seconds) });
  }

  static of(
    status: number,
    code: number,
    key: RelayMessageKey,
    params?: Record<string, string | number>,
    headers?: Record<string, string>,
  ): Refusal {
    return new Refusal(status, code, bilingual(key, params), headers);
  }
}

/** Error codes the relay answers with; 1, 9 and 11 mean what the service means by them. */
export const RELAY_ERRORS = {
  badKey: 1,
  revokedKey: 9,
  budget: 11,
  badRequest: 100,
  forbidden: 403,
  rateLimited: 429,
  upstreamDown: 503,
  storeDown: 507,
} as const;

/** The daily budget is spent: refused before anything is asked. */
export class BudgetSpent extends Error {}

/** What a request that failed with `error` answers, in the interface's error form. */
export function refusalFor(error: unknown, accountCooldownMs: number): Refusal {
  if (error instanceof Refusal) return error;
  if (error instanceof BudgetSpent) return Refusal.of(403, RELAY_ERRORS.budget, 'budget.spent');
  if (error instanceof AccountError) {
    const seconds = Math.round(accountCooldownMs / 1000);
    const uk = fillCooldown('uk', error, seconds);
    const en = fillCooldown('en', error, seconds);
    return new Refusal(403, error.code, `${uk} / ${en}`);
  }
  if (error instanceof RequestRejectedError) {
    return new Refusal(
      error.status >= 400 && error.status < 500 ? error.status : 400,
      error.code ?? RELAY_ERRORS.badRequest,
      error.serviceMessage,
    );
  }
  if (error instanceof ServiceUnreachableError || error instanceof CancelledError) {
    return Refusal.of(503, RELAY_ERRORS.upstreamDown, 'upstream.down');
  }
  if (process.env.RELAY_DEBUG && isStoreFailure(error)) {
    process.stderr.write(`store failure: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  if (isStoreFailure(error)) {
    return Refusal.of(503, RELAY_ERRORS.storeDown, 'store.down', undefined, { 'Retry-After': '5' });
  }
  if (process.env.RELAY_DEBUG) {
    process.stderr.write(
      `relay internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  return Refusal.of(500, 500, 'internal');
}

/** A database that is down, restarting or unreachable (pg and socket errors), as opposed to a bug. */
function isStoreFailure(error: unknown): boolean {
  // Duck-typed: socket errors may come from another realm (a vm context), where instanceof fails.
  if (typeof error !== 'object' || error === null || !('message' in error)) return false;
  const code = 'code' in error ? String((error as { code?: unknown }).code) : '';
  const message = String((error as { message: unknown }).message);
  // SQLSTATE classes 08 (connection), 53 (resources), 57 (operator intervention: shutdown).
  return (
    /^(08|53|57)/.test(code) ||
    /^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT)$/.test(code) ||
    /terminat|Connection|timeout exceeded|not queryable|ECONNREFUSED|ECONNRESET|EPIPE/i.test(message)
  );
}

function fillCooldown(lang: 'uk' | 'en', error: AccountError, seconds: number): string {
  const template = relayMessages[lang].cooldown;
  return template
    .replace('{code}', String(error.code))
    .replace('{reason}', error.text[lang])
    .replace('{seconds}', String(seconds));
}
