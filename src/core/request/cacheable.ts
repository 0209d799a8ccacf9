import type { ParsedEnvelope } from '../protocol/schema';

/** A registry that failed for a passing reason must be asked again, not remembered for a day. */
const LASTING_REGISTRY_ERRORS = new Set([9001]);

/** Whether an answer may be kept in a cache: none of its registries failed for a passing reason. */
export function isCacheable(envelope: ParsedEnvelope): boolean {
  for (const outcome of Object.values(envelope.registries)) {
    if (outcome && outcome.status === 'error' && !LASTING_REGISTRY_ERRORS.has(outcome.error.code ?? -1)) return false;
  }
  return true;
}
