import type { RegistryKey } from '../core/protocol/registries';
import { bitOfChangeType } from './data/items-companies';
import type { JsonObject } from './data/model';
import type { Hit } from './matching';

/** The period and the kinds of change an edrchanges answer covers. */
export interface ChangesWindow {
  edrchangesfrom: string;
  edrchangesto: string;
}

/** Items of one registry with the request's percent and level in the fields that registry carries. */
export function scoredItem(key: RegistryKey, hit: Hit): JsonObject {
  const item = hit.record.item;
  switch (key) {
    case 'lostdocs':
    case 'edrchanges':
    case 'licenses':
    case 'taxdebtor':
      return item;
    case 'edr':
      return { ...item, level: hit.level };
    case 'psanctions': {
      const scored: JsonObject = { ...item, p_percent: hit.percent, p_level: hit.level };
      for (const slot of [
        'sanction',
        'sanction_lost',
        'caution',
        'caution_lost',
        'adm_sanction',
        'adm_sanction_lost',
      ]) {
        const entries = item[slot];
        if (Array.isArray(entries)) {
          scored[slot] = entries.map((e) =>
            e && typeof e === 'object' && !Array.isArray(e) ? { ...e, percent: hit.percent, level: hit.level } : e,
          );
        }
      }
      return scored;
    }
    default:
      return { ...item, percent: hit.percent, level: hit.level };
  }
}

/** edrchanges answers one item per request: the period and the asked kinds of change of every company found. */
export function edrChangesBlock(hits: readonly Hit[], q: ChangesWindow, askedBits: ReadonlySet<number>): JsonObject[] {
  const companies: JsonObject[] = [];
  for (const hit of hits) {
    const changes = hit.record.item.changes;
    if (!Array.isArray(changes)) continue;
    const kept: JsonObject[] = [];
    for (const change of changes) {
      if (!change || typeof change !== 'object' || Array.isArray(change)) continue;
      const date = String(change.datachange ?? '');
      if (date < q.edrchangesfrom || date > q.edrchangesto) continue;
      const details = Array.isArray(change.changedetails) ? change.changedetails : [];
      const wanted = details.filter((d) => {
        if (!d || typeof d !== 'object' || Array.isArray(d)) return false;
        const bit = bitOfChangeType(Number(d.changetype));
        return bit !== undefined && askedBits.has(bit);
      });
      if (wanted.length > 0) kept.push({ ...change, changedetails: wanted });
    }
    if (kept.length > 0) companies.push({ ...hit.record.item, changes: kept });
  }
  if (companies.length === 0) return [];
  return [{ edrchangesfrom: q.edrchangesfrom, edrchangesto: q.edrchangesto, edrchanges: companies }];
}
