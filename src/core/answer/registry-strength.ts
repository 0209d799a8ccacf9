import type { RegistryKey } from '../protocol/registries';
import type { RegistryItemMap } from '../protocol/schema';
import type { DeclaredItem } from './registry-model';

/**
 * Where a registry's record keeps its match percent and level, part of the registry model and
 * typed like it, but a file of its own: the functions runtime and the pane's first render read
 * a hit's strength without loading the whole model.
 */
export interface MatchPlace {
  percent: unknown;
  level: unknown;
}

type Sanctioned = DeclaredItem<RegistryItemMap['psanctions']>;

/** A sanctions record grades itself and each of its list entries, in force or lifted. */
function sanctionPlaces(i: Sanctioned): MatchPlace[] {
  const entries = [i.sanction, i.sanction_lost, i.caution, i.caution_lost, i.adm_sanction, i.adm_sanction_lost];
  return [
    { percent: i.p_percent, level: i.p_level },
    // A quirky answer may hold a null among the entries: skipped, never a crash of the whole summary.
    ...entries.flatMap((list) => (list ?? []).filter(Boolean).map((e) => ({ percent: e.percent, level: e.level }))),
  ];
}

/** Every place one hit keeps a percent and a level: its own `percent` and `level` unless listed here. */
export function matchPlaces(registry: RegistryKey, item: Record<string, unknown>): MatchPlace[] {
  if (registry === 'psanctions') return sanctionPlaces(item as Sanctioned);
  return [{ percent: item.percent, level: item.level }];
}
