import type { LocalizedText } from './i18n';

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
  uk: string,
  en: string,
  group: RegistryGroup,
  keys: readonly RegistryKey[],
): ListDef {
  return { bit, name, label: { uk, en }, group, keys, reserved: keys.length === 0 };
}

/** The listdata bit table of service-facts.md, one row per bit 0..39. */
export const LISTS: readonly ListDef[] = [
  list(0, 'sanctions-sfms', 'Санкції Держфінмоніторингу', 'State Financial Monitoring sanctions', 'sanctions', ['psanctions']),
  list(1, 'sanctions-nsdc', 'Санкції РНБО', 'NSDC sanctions', 'sanctions', ['psanctions']),
  list(2, 'sanctions-un', 'Рада Безпеки ООН', 'UN Security Council', 'sanctions', ['psanctions']),
  list(3, 'sanctions-eu', 'Європейський Союз', 'European Union', 'sanctions', ['psanctions']),
  list(4, 'sanctions-uk', 'Велика Британія', 'United Kingdom', 'sanctions', ['psanctions']),
  list(5, 'sanctions-us', 'США', 'USA', 'sanctions', ['psanctions']),
  list(6, 'sanctions-ca', 'Канада', 'Canada', 'sanctions', ['psanctions']),
  list(7, 'sanctions-other', 'Інші іноземні санкційні списки', 'Other foreign sanctions lists', 'sanctions', ['psanctions']),
  list(8, 'notaries', 'Нотаріуси', 'Notaries', 'other', ['notarius']),
  list(9, 'pep-national', 'Національні ПЕП', 'National PEPs', 'peps', ['peps']),
  list(10, 'pep-intl', 'ПЕП міжнародних організацій', 'PEPs of international organisations', 'peps', ['peps']),
  list(11, 'pep-foreign', 'Іноземні ПЕП', 'Foreign PEPs', 'peps', ['peps']),
  list(12, 'pep-close', "Близькі та пов'язані з ПЕП особи", 'Persons close to or connected with PEPs', 'peps', ['peps']),
  list(13, 'traitors-occupiers', 'Зрадники та окупанти', 'Traitors and occupiers', 'other', ['zrada', 'okupant']),
  list(14, 'tax-nonresidents', 'Податкові нерезиденти', 'Tax non-residents', 'other', ['nonrezedent']),
  list(15, 'lost-passports', 'Втрачені та недійсні паспорти', 'Lost or invalid passports', 'documents', ['lostdocs']),
  list(16, 'enforcement', 'Виконавчі провадження', 'Enforcement proceedings', 'courts', ['executive']),
  list(17, 'debtors', 'Боржники (податковий борг, реєстр боржників)', 'Debtors (tax debt, register of debtors)', 'courts', ['taxdebtor', 'debtor']),
  list(18, 'reserved-18', 'Резерв', 'Reserved', 'other', []),
  list(19, 'bankrupts', 'Банкрути', 'Bankrupts', 'courts', ['bankrupt']),
  list(20, 'edr', "Зв'язки з юридичними особами (ЄДР, скорочено)", 'Links to legal entities (company register, short)', 'companies', ['edr']),
  list(21, 'reserved-21', 'Резерв (виведений список)', 'Reserved (withdrawn list)', 'companies', []),
  list(22, 'edr-full', 'Повний запис ЄДР', 'Full company-register record', 'companies', ['edrfullinfo']),
  list(23, 'edr-changes-name', 'Зміни ЄДР: форма або назва', 'Register changes: legal form or name', 'companies', ['edrchanges']),
  list(24, 'edr-changes-address', 'Зміни ЄДР: адреса', 'Register changes: address', 'companies', ['edrchanges']),
  list(25, 'edr-changes-manager', 'Зміни ЄДР: керівник', 'Register changes: manager', 'companies', ['edrchanges']),
  list(26, 'edr-changes-kved', 'Зміни ЄДР: КВЕД', 'Register changes: activity code (KVED)', 'companies', ['edrchanges']),
  list(27, 'edr-changes-status', 'Зміни ЄДР: стан', 'Register changes: status', 'companies', ['edrchanges']),
  list(28, 'edr-changes-ubo', 'Зміни ЄДР: кінцевий бенефіціар', 'Register changes: ultimate beneficial owner', 'companies', ['edrchanges']),
  list(29, 'edr-changes-founder', 'Зміни ЄДР: власник/засновник', 'Register changes: owner/founder', 'companies', ['edrchanges']),
  list(30, 'courts', 'Судові справи', 'Court cases', 'courts', ['justice']),
  list(31, 'licences', 'Ліцензії (будівництво, азартні ігри, цінні папери)', 'Licences (construction, gambling, securities)', 'companies', ['licenses']),
  list(32, 'reserved-32', 'Резерв', 'Reserved', 'other', []),
  list(33, 'wanted', 'Особи в розшуку', 'Wanted persons', 'courts', ['wanted']),
  list(34, 'reserved-34', 'Резерв', 'Reserved', 'other', []),
  list(35, 'corruption', 'Корупційні правопорушення', 'Corruption offences', 'courts', ['corrupt']),
  list(36, 'reserved-36', 'Резерв', 'Reserved', 'other', []),
  list(37, 'cautions', 'Застереження', 'Cautions (warnings)', 'sanctions', ['psanctions']),
  list(38, 'sanctions-related', "Особи, пов'язані з санкційними", 'Persons connected with sanctioned persons', 'sanctions', ['psanctions']),
  list(39, 'sanctions-regulatory', 'Регуляторні санкції', 'Regulatory sanctions', 'sanctions', ['psanctions']),
];

const REGISTRY_TEXT: Record<RegistryKey, { uk: string; en: string; ukShort: string; enShort: string; group: RegistryGroup }> = {
  peps: { uk: 'Публічні діячі (ПЕП)', en: 'Politically exposed persons (PEP)', ukShort: 'ПЕП', enShort: 'PEP', group: 'peps' },
  psanctions: { uk: 'Санкції та застереження', en: 'Sanctions and cautions', ukShort: 'Санкції', enShort: 'Sanctions', group: 'sanctions' },
  lostdocs: { uk: 'Втрачені документи', en: 'Lost documents', ukShort: 'Втрачені док.', enShort: 'Lost docs', group: 'documents' },
  edr: { uk: 'ЄДР (скорочено)', en: 'Company register (short)', ukShort: 'ЄДР', enShort: 'Company reg.', group: 'companies' },
  edrfullinfo: { uk: 'ЄДР (повний запис)', en: 'Company register (full)', ukShort: 'ЄДР повний', enShort: 'Company full', group: 'companies' },
  edrchanges: { uk: 'Зміни в ЄДР', en: 'Company register changes', ukShort: 'Зміни ЄДР', enShort: 'Reg. changes', group: 'companies' },
  justice: { uk: 'Судові справи', en: 'Court cases', ukShort: 'Суди', enShort: 'Courts', group: 'courts' },
  executive: { uk: 'Виконавчі провадження', en: 'Enforcement proceedings', ukShort: 'Вик. провадження', enShort: 'Enforcement', group: 'courts' },
  taxdebtor: { uk: 'Податкові боржники', en: 'Tax debtors', ukShort: 'Подат. борг', enShort: 'Tax debt', group: 'courts' },
  debtor: { uk: 'Реєстр боржників', en: 'Register of debtors', ukShort: 'Боржники', enShort: 'Debtors', group: 'courts' },
  bankrupt: { uk: 'Банкрутство', en: 'Bankruptcy', ukShort: 'Банкрутство', enShort: 'Bankruptcy', group: 'courts' },
  corrupt: { uk: 'Корупційні правопорушення', en: 'Corruption offences', ukShort: 'Корупція', enShort: 'Corruption', group: 'courts' },
  wanted: { uk: 'Особи в розшуку', en: 'Wanted persons', ukShort: 'Розшук', enShort: 'Wanted', group: 'courts' },
  licenses: { uk: 'Ліцензії', en: 'Licences', ukShort: 'Ліцензії', enShort: 'Licences', group: 'companies' },
  notarius: { uk: 'Нотаріуси', en: 'Notaries', ukShort: 'Нотаріуси', enShort: 'Notaries', group: 'other' },
  zrada: { uk: 'Зрадники', en: 'Traitors', ukShort: 'Зрада', enShort: 'Traitors', group: 'other' },
  okupant: { uk: 'Окупанти', en: 'Occupiers', ukShort: 'Окупанти', enShort: 'Occupiers', group: 'other' },
  nonrezedent: { uk: 'Податкові нерезиденти', en: 'Tax non-residents', ukShort: 'Нерезиденти', enShort: 'Non-residents', group: 'other' },
};

export const REGISTRIES: readonly RegistryDef[] = REGISTRY_KEYS.map((key) => {
  const t = REGISTRY_TEXT[key];
  return {
    key,
    label: { uk: t.uk, en: t.en },
    shortLabel: { uk: t.ukShort, en: t.enShort },
    group: t.group,
    bits: LISTS.filter((l) => l.keys.includes(key)).map((l) => l.bit),
  };
});

export const GROUP_LABELS: Record<RegistryGroup, LocalizedText> = {
  sanctions: { uk: 'Санкційні списки', en: 'Sanctions lists' },
  peps: { uk: 'Категорії ПЕП', en: 'PEP categories' },
  documents: { uk: 'Документи', en: 'Documents' },
  companies: { uk: 'Реєстр юридичних осіб', en: 'Company register' },
  courts: { uk: 'Суди та виконавчі провадження', en: 'Courts and enforcement' },
  other: { uk: 'Інше', en: 'Other' },
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
