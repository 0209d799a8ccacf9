import { HEADER_KEYS, type ParsedEnvelope } from '../core/protocol/schema';

/**
 * A parsed envelope back in the interface's wire form. The relay answers from core's scheduler,
 * which restricts a shared or cached answer to the lists this analyst asked for; what leaves
 * here is that restricted answer, in the spelling the interface documents.
 */
export function envelopeToWire(envelope: ParsedEnvelope): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of HEADER_KEYS) {
    const value = envelope.header[key];
    if (value !== undefined) out[key] = value;
  }
  for (const [key, value] of Object.entries(envelope.extraHeader)) if (!(key in out)) out[key] = value;
  const result: Record<string, unknown> = {};
  for (const [key, outcome] of Object.entries(envelope.registries)) {
    if (!outcome) continue;
    if (outcome.status === 'error') {
      result[key] =
        outcome.error.code !== null ? `${outcome.error.code}.${outcome.error.message}` : outcome.error.message;
    } else result[key] = outcome.items;
  }
  for (const [key, value] of Object.entries(envelope.unknownResultKeys)) if (!(key in result)) result[key] = value;
  out.result = result;
  return out;
}

/**
 * The header fields the service copies from a request: one analyst's case reference and
 * workstation. The relay sets them from each asker's own request and never stores them in the
 * shared cache; a field the interface adds to its echo is added here, for both.
 */
export const ECHOED_REQUEST_FIELDS = ['idinternal', 'iduserPC'] as const;
export type EchoedRequestField = (typeof ECHOED_REQUEST_FIELDS)[number];

/**
 * An answer made the asker's own. What the service echoes of a request belongs to the analyst who
 * sent it: a shared or cached answer carries the first asker's, so each echoed field is set from
 * this request, or left out. The organisation's account id (IDsubjectFM) is the relay's to hold,
 * like the tokken: no analyst needs it.
 */
export function asAskersOwn(wire: Record<string, unknown>, analyst: string, idinternal: string | undefined): void {
  const own: Record<EchoedRequestField, string | undefined> = { idinternal, iduserPC: analyst };
  for (const [field, value] of Object.entries(own)) {
    if (value === undefined) delete wire[field];
    else wire[field] = value;
  }
  for (const field of Object.keys(wire)) if (field.toLowerCase() === 'idsubjectfm') delete wire[field];
}
