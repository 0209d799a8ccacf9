import { bilingual, type RelayMessageKey } from './messages';

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
    if (this.status === 503) return 'upstream-down';
    if (this.status === 403 && this.code === RELAY_ERRORS.forbidden) return 'read-only';
    if (this.status === 403) return 'account';
    return 'other';
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
