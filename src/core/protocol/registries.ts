import type { LocalizedText } from '../text/i18n';
import { isRegistryNameKey, registryNames, type RegistryNameKey } from './registry-names';

/** Result keys exactly as the service spells them, in the order screens and sheets show them. */
export const REGISTRY_KEYS = [
  'peps',
  'psanctions',
  'lostdocs',
  'edr',
  'edrfullinfo',
  'edrchanges',
  'justice',
  'executive',
  'taxdebtor',
  'debtor',
  'bankrupt',
  'corrupt',
  'wanted',
  'licenses',
  'notarius',
  'zrada',
  'okupant',
  'nonrezedent',
] as const;

export type RegistryKey = (typeof REGISTRY_KEYS)[number];

export const REGISTRY_GROUPS = ['sanctions', 'peps', 'documents', 'companies', 'courts', 'other'] as const;
export type RegistryGroup = (typeof REGISTRY_GROUPS)[number];

export interface ListDef {
  bit: number;
  /** Stable machine name, accepted wherever lists are named ("sanctions-eu", "pep-close"). */
  name: string;
  label: LocalizedText;
  group: RegistryGroup;
  /** Result keys this list fills; empty for reserved bits. */
  keys: readonly RegistryKey[];
  reserved: boolean;
}

export interface RegistryDef {
  key: RegistryKey;
  label: LocalizedText;
  /** Short column header for sheets and spilled header rows. */
  shortLabel: LocalizedText;
  group: RegistryGroup;
  bits: readonly number[];
}

export const MAX_BIT = 39;

function list(
  bit: number,
  name: string,
  label: RegistryNameKey,
  group: RegistryGroup,
  keys: readonly RegistryKey[],
): ListDef {
  return { bit, name, label: registryNames.text(label), group, keys, reserved: keys.length === 0 };
}

/** The listdata bit table of service-facts.md, one row per bit 0..39. */
export const LISTS: readonly ListDef[] = [
  list(0, 'sanctions-sfms', 'list.sanctions-sfms', 'sanctions', ['psanctions']),
  list(1, 'sanctions-nsdc', 'list.sanctions-nsdc', 'sanctions', ['psanctions']),
  list(2, 'sanctions-un', 'list.sanctions-un', 'sanctions', ['psanctions']),
  list(3, 'sanctions-eu', 'list.sanctions-eu', 'sanctions', ['psanctions']),
  list(4, 'sanctions-uk', 'list.sanctions-uk', 'sanctions', ['psanctions']),
  list(5, 'sanctions-us', 'list.sanctions-us', 'sanctions', ['psanctions']),
  list(6, 'sanctions-ca', 'list.sanctions-ca', 'sanctions', ['psanctions']),
  list(7, 'sanctions-other', 'list.sanctions-other', 'sanctions', ['psanctions']),
  list(8, 'notaries', 'registry.notarius', 'other', ['notarius']),
  list(9, 'pep-national', 'list.pep-national', 'peps', ['peps']),
  list(10, 'pep-intl', 'list.pep-intl', 'peps', ['peps']),
  list(11, 'pep-foreign', 'list.pep-foreign', 'peps', ['peps']),
  list(12, 'pep-close', 'list.pep-close', 'peps', ['peps']),
  list(13, 'traitors-occupiers', 'list.traitors-occupiers', 'other', ['zrada', 'okupant']),
  list(14, 'tax-nonresidents', 'registry.nonrezedent', 'other', ['nonrezedent']),
  list(15, 'lost-passports', 'list.lost-passports', 'documents', ['lostdocs']),
  list(16, 'enforcement', 'registry.executive', 'courts', ['executive']),
  list(17, 'debtors', 'list.debtors', 'courts', ['taxdebtor', 'debtor']),
  list(18, 'reserved-18', 'list.reserved', 'other', []),
  list(19, 'bankrupts', 'list.bankrupts', 'courts', ['bankrupt']),
  list(20, 'edr', 'list.edr', 'companies', ['edr']),
  list(21, 'reserved-21', 'list.reserved-21', 'companies', []),
  list(22, 'edr-full', 'list.edr-full', 'companies', ['edrfullinfo']),
  list(23, 'edr-changes-name', 'list.edr-changes-name', 'companies', ['edrchanges']),
  list(24, 'edr-changes-address', 'list.edr-changes-address', 'companies', ['edrchanges']),
  list(25, 'edr-changes-manager', 'list.edr-changes-manager', 'companies', ['edrchanges']),
  list(26, 'edr-changes-kved', 'list.edr-changes-kved', 'companies', ['edrchanges']),
  list(27, 'edr-changes-status', 'list.edr-changes-status', 'companies', ['edrchanges']),
  list(28, 'edr-changes-ubo', 'list.edr-changes-ubo', 'companies', ['edrchanges']),
  list(29, 'edr-changes-founder', 'list.edr-changes-founder', 'companies', ['edrchanges']),
  list(30, 'courts', 'registry.justice', 'courts', ['justice']),
  list(31, 'licences', 'list.licences', 'companies', ['licenses']),
  list(32, 'reserved-32', 'list.reserved', 'other', []),
  list(33, 'wanted', 'registry.wanted', 'courts', ['wanted']),
  list(34, 'reserved-34', 'list.reserved', 'other', []),
  list(35, 'corruption', 'registry.corrupt', 'courts', ['corrupt']),
  list(36, 'reserved-36', 'list.reserved', 'other', []),
  list(37, 'cautions', 'list.cautions', 'sanctions', ['psanctions']),
  list(38, 'sanctions-related', 'list.sanctions-related', 'sanctions', ['psanctions']),
  list(39, 'sanctions-regulatory', 'list.sanctions-regulatory', 'sanctions', ['psanctions']),
];

const REGISTRY_GROUP: Record<RegistryKey, RegistryGroup> = {
  peps: 'peps',
  psanctions: 'sanctions',
  lostdocs: 'documents',
  edr: 'companies',
  edrfullinfo: 'companies',
  edrchanges: 'companies',
  justice: 'courts',
  executive: 'courts',
  taxdebtor: 'courts',
  debtor: 'courts',
  bankrupt: 'courts',
  corrupt: 'courts',
  wanted: 'courts',
  licenses: 'companies',
  notarius: 'other',
  zrada: 'other',
  okupant: 'other',
  nonrezedent: 'other',
};

export const REGISTRIES: readonly RegistryDef[] = REGISTRY_KEYS.map((key) => {
  const long = `registry.${key}` as const;
  const short = `registry.${key}.short`;
  return {
    key,
    label: registryNames.text(long),
    // A short name is written only where it differs from the long one.
    shortLabel: registryNames.text(isRegistryNameKey(short) ? short : long),
    group: REGISTRY_GROUP[key],
    bits: LISTS.filter((l) => l.keys.includes(key)).map((l) => l.bit),
  };
});

export const GROUP_LABELS: Record<RegistryGroup, LocalizedText> = {
  sanctions: registryNames.text('group.sanctions'),
  peps: registryNames.text('group.peps'),
  documents: registryNames.text('group.documents'),
  companies: registryNames.text('group.companies'),
  courts: registryNames.text('group.courts'),
  other: registryNames.text('group.other'),
};

const REGISTRY_BY_KEY = new Map<RegistryKey, RegistryDef>(REGISTRIES.map((r) => [r.key, r]));

export function isRegistryKey(value: string): value is RegistryKey {
  return REGISTRY_BY_KEY.has(value as RegistryKey);
}

export function registryDef(key: RegistryKey): RegistryDef {
  const def = REGISTRY_BY_KEY.get(key);
  if (!def) throw new Error(`unknown registry ${key}`);
  return def;
}

export function listByName(name: string): ListDef | undefined {
  const wanted = name.trim().toLowerCase();
  return LISTS.find((l) => l.name === wanted);
}

/** Lists in one group, reserved bits excluded: what a checkbox tree shows. */
export function listsInGroup(group: RegistryGroup): ListDef[] {
  return LISTS.filter((l) => l.group === group && !l.reserved);
}
