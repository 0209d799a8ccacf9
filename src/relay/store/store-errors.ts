import type { LocalizedText } from '../../core/text/i18n';

/**
 * An external PostgreSQL that cannot be used (down, a wrong address, user or password, no such
 * database): said as such, with the server named and never the password, instead of a driver's
 * bare "connect ECONNREFUSED". Its own module, so the CLI's start-up need not load the store.
 */
export class StoreUnreachableError extends Error {
  constructor(
    readonly text: LocalizedText,
    /** The URL itself is wrong (the operator fixes a setting) rather than the server out of reach. */
    readonly badUrl = false,
  ) {
    super(text.en);
    this.name = 'StoreUnreachableError';
  }
}
