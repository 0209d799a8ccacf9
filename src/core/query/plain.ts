import type { SearchQuery } from './index';

/** The fields a query carries for the asker (case reference, workstation), not about the subject. */
const ASKER_FIELDS = new Set(['IDinternal', 'IDuserPC']);

/**
 * A query as plain JSON (listdata is a bigint): what the audit trail and the archive keep. With
 * `subjectOnly`, only what says who is screened (no listdata, no asker's fields): what a decision
 * names, on the relay and in the pane that sends it.
 */
export function plainQuery(query: SearchQuery, options: { subjectOnly?: boolean } = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    if (options.subjectOnly && (k === 'listdata' || ASKER_FIELDS.has(k))) continue;
    out[k] = typeof v === 'bigint' ? v.toString() : v;
  }
  return out;
}
