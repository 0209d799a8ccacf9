import type { RegistryKey } from '../protocol/registries';
import type { RegistryItemMap } from '../protocol/schema';
import { defineCatalogue, type Lang } from '../text/i18n';
import type { DeclaredItem } from './registry-model';

/**
 * Which sanctions lists a record is on now and which have lifted it, and since when, part of the
 * registry model like the files beside it: "Діючі: РНБО, ЄС · Припинені: OFAC SDN (з 2024-03-01)"
 * at the top of a sanctions card and in the hits sheet, instead of one undifferentiated list.
 */
export interface ListStanding {
  inForce: string[];
  lifted: { list: string; since: string }[];
}

type Sanctioned = DeclaredItem<RegistryItemMap['psanctions']>;
type Entry = NonNullable<Sanctioned['sanction']>[number];

function unique(values: readonly string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter((v) => v !== ''))];
}

/** The entries of several lists; a null among them (a quirky answer) is skipped. */
function listsOf(...groups: (readonly Entry[] | undefined)[]): Entry[] {
  return groups.flatMap((g) => (Array.isArray(g) ? g.filter((e) => e && typeof e === 'object') : []));
}

/** The lists standing of a sanctions record; null for other registries and for a record on no list. */
export function listStanding(registry: RegistryKey, item: object): ListStanding | null {
  if (registry !== 'psanctions') return null;
  const i = item as Sanctioned;
  const inForce = unique(listsOf(i.sanction, i.caution, i.adm_sanction).map((e) => e.list ?? ''));
  const lifted = new Map<string, string>();
  for (const e of listsOf(i.sanction_lost, i.caution_lost, i.adm_sanction_lost)) {
    const list = (e.list ?? '').trim();
    if (list && !inForce.includes(list) && !lifted.has(list)) lifted.set(list, (e.lastModifyDate ?? '').slice(0, 10));
  }
  if (inForce.length === 0 && lifted.size === 0) return null;
  return { inForce, lifted: [...lifted].map(([list, since]) => ({ list, since })) };
}

/** A record's details as every page shows them: a sanctions record's standing first, the rest after. */
export function detailsWithStanding(standing: ListStanding | null | undefined, details: string, lang: Lang): string {
  if (!standing) return details;
  // A sanctions record's details are its lists again (every list, then those in force): after the
  // standing they said the same thing twice more, so a part naming only lists the standing names goes.
  const fold = (list: string) => list.trim().toLowerCase();
  const named = new Set([...standing.inForce, ...standing.lifted.map((l) => l.list)].map(fold));
  const rest = details
    .split(' | ')
    .filter((part) => part.trim() !== '' && !part.split(/[;,]/).every((list) => named.has(fold(list))));
  return [listStandingText(standing, lang), ...rest].join(' | ');
}

const en = {
  inForce: 'In force: {lists}',
  lifted: 'Lifted: {lists}',
  since: '{list} (since {date})',
  none: 'none',
} as const;

const uk: Record<keyof typeof en, string> = {
  inForce: 'Діючі: {lists}',
  lifted: 'Припинені: {lists}',
  since: '{list} (з {date})',
  none: 'немає',
};

export const listMessages = defineCatalogue<keyof typeof en>(en, uk);

export function listStandingText(standing: ListStanding, lang: Lang): string {
  const t = (key: keyof typeof en, params?: Record<string, string>) => listMessages.t(lang, key, params);
  const inForce = standing.inForce.join(', ') || t('none');
  const parts = [t('inForce', { lists: inForce })];
  if (standing.lifted.length > 0) {
    const lifted = standing.lifted.map((l) => (l.since ? t('since', { list: l.list, date: l.since }) : l.list));
    parts.push(t('lifted', { lists: lifted.join(', ') }));
  }
  return parts.join(' · ');
}
