import type { ParsedEnvelope } from '../protocol/schema';

/**
 * Set on every answer by a relay whose upstream is a sandbox (a trial on `checklists sandbox`):
 * its analysts' settings name the relay, so only the answer can say that it is fictional.
 */
export const RELAY_SANDBOX_FIELD = 'relay_sandbox';

export function relaySandboxOf(envelope: ParsedEnvelope): boolean {
  return envelope.extraHeader[RELAY_SANDBOX_FIELD] === true;
}
