import { z } from 'zod';
import { REGISTRY_KEYS, type RegistryKey } from '../core/protocol/registries';
import { hitStrength, type MatchLevel } from '../core/answer/summary';
import { detailsLine, registryView } from '../core/answer/registry-model';
import { recordFingerprint } from '../core/answer/record-identity';
import { listStanding } from '../core/answer/registry-lists';
import { DECISIONS, FACT_CODES, REASON_CODES, explainHit, type ExplainedQuery } from '../core/answer/explain';

const MATCH_LEVELS = ['high', 'low'] as const satisfies readonly MatchLevel[];

/**
 * One registry record that matched, reduced to what a reviewer scans in a list: which record,
 * whose name, how strong the match, a birth date to tell namesakes apart, and a few words on
 * why the record matters. The full record stays one click away in the task pane; a bulk run
 * keeps only this, so fifty thousand rows never hold fifty thousand full answers.
 */
export const hitLineSchema = z.object({
  registry: z.enum(REGISTRY_KEYS),
  id: z.string(),
  name: z.string(),
  percent: z.number().nullable(),
  level: z.enum(MATCH_LEVELS).nullable(),
  birth: z.string(),
  details: z.string(),
  /** Why this hit (core/answer/explain.ts): the fact codes and the suggestion; absent in runs saved before it. */
  facts: z.array(z.enum(FACT_CODES)).optional(),
  suggested: z.object({ decision: z.enum(DECISIONS), reason: z.enum(REASON_CODES) }).optional(),
  /** The record names a company, so the why says "name", not "full name". */
  company: z.literal(true).optional(),
  /** The record's content fingerprint (core/answer/record-identity.ts), which a relay decision names. */
  fingerprint: z.string().optional(),
  /** A sanctions record's lists in force and lifted (core/answer/registry-lists.ts). */
  lists: z
    .object({ inForce: z.array(z.string()), lifted: z.array(z.object({ list: z.string(), since: z.string() })) })
    .optional(),
});
export type HitLine = z.infer<typeof hitLineSchema>;

/**
 * One record as a hits-sheet line, its fields read through core's registry model; with the query
 * it was found for, the line also says why it is a hit (computed here, never asked of the service).
 */
export function hitLine(registry: RegistryKey, item: Record<string, unknown>, query?: ExplainedQuery): HitLine {
  const { percent, level } = hitStrength(registry, item);
  const view = registryView(registry);
  const explained = query ? explainHit(query, registry, item) : null;
  const lists = listStanding(registry, item);
  return {
    ...(lists ? { lists } : {}),
    ...(explained
      ? {
          facts: explained.facts.map((f) => f.code),
          suggested: { decision: explained.suggested.decision, reason: explained.suggested.reason },
          ...(explained.company ? { company: true as const } : {}),
        }
      : {}),
    registry,
    id: view.id(item),
    name: view.name(item),
    birth: view.births(item)[0] ?? '',
    details: detailsLine(view.details(item)),
    percent,
    level,
    fingerprint: recordFingerprint(registry, item),
  };
}
