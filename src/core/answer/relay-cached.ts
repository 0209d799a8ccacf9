import type { ParsedEnvelope } from '../protocol/schema';

/**
 * Set by the organisation's relay on an answer from its shared cache: when the service gave that
 * answer (ISO 8601, UTC). The analyst's settings name only the relay, so only the answer can say
 * that it was kept from an earlier request, perhaps a colleague's, and how old it is.
 */
export const RELAY_CACHED_FIELD = 'relay_cached_at';

/** When the relay received the answer it kept (epoch ms), or null for an answer asked for this request. */
export function relayCachedAt(envelope: ParsedEnvelope): number | null {
  const value = envelope.extraHeader[RELAY_CACHED_FIELD];
  if (typeof value !== 'string') return null;
  const at = Date.parse(value);
  return Number.isFinite(at) ? at : null;
}
