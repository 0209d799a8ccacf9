import { defineCatalogue, type Lang } from '../text/i18n';
import { hasFieldLabel } from './field-labels';

/**
 * What an analyst reads of a field's value: a word in their language for a
 * code, an identifier as the digits it is, and nothing at all for the service's own bookkeeping.
 * Part of the registry model: the card, and anything else that shows fields, asks here.
 */

/**
 * Codes with no words behind them for an analyst: list bit masks, per-form list names repeated
 * from p_lists, numeric type and relation codes, country codes beside the country's name.
 */
const LEFT_OUT = new Set([
  'p_lists_ns',
  'p_lists_aas',
  'p_lists_nas',
  'p_lists_ca',
  'p_lists_cn',
  'p_listdata',
  'p_listdata_ns',
  'p_listdata_aas',
  'p_listdata_nas',
  'p_listdata_ca',
  'p_listdata_cn',
  'cca2',
  'codecountr',
  'list_type',
  'crypto_wallet',
  'crypto_currency',
  's_type',
  'p_type',
  'p_country',
  'relatetype',
  'relatebrief_id',
  'relatelink',
  'linkrpep',
  'relationtype',
  'related',
]);

/** Whether an analyst sees this field at all: it has a label in their language and is no bare code. */
export function isShownField(key: string): boolean {
  return !LEFT_OUT.has(key) && hasFieldLabel(key);
}

/** Numbers that name a record: written as their digits, never as 104 523. */
export function isIdentifierField(key: string): boolean {
  return /^id|id$|_id$|^pid$|cod$|code$|edrpou|^ipn$/i.test(key);
}

const valueEn = {
  'typePEP.0': 'Current public figure',
  'typePEP.1': 'Close person',
  'typePEP.2': 'Related person',
  'typePEP.3': 'Former public figure',
  'entityType.individual': 'Individual',
  'entityType.entity': 'Legal entity',
  'entityType.vessel': 'Vessel',
  'entityType.aircraft': 'Aircraft',
  'gender.male': 'Male',
  'gender.female': 'Female',
} as const;

type ValueLabelKey = keyof typeof valueEn;

const valueUk: Record<ValueLabelKey, string> = {
  'typePEP.0': 'Діючий публічний діяч',
  'typePEP.1': 'Близька особа',
  'typePEP.2': 'Пов’язана особа',
  'typePEP.3': 'Колишній публічний діяч',
  'entityType.individual': 'Фізична особа',
  'entityType.entity': 'Юридична особа',
  'entityType.vessel': 'Судно',
  'entityType.aircraft': 'Повітряне судно',
  'gender.male': 'Чоловіча',
  'gender.female': 'Жіноча',
};

export const valueLabels = defineCatalogue<ValueLabelKey>(valueEn, valueUk);

/** Fields whose values are codes on the wire (any case) and words for people: each value's catalogue key. */
const CODED_FIELDS: Record<string, (value: string) => string> = {
  typePEP: (v) => `typePEP.${v}`,
  entityType: (v) => `entityType.${v}`,
  gender: (v) => `gender.${v}`,
};

/** The word for a coded value, in `lang`; null when the value is no known code of the field. */
export function valueLabel(field: string, value: string | number, lang: Lang): string | null {
  if (!Object.prototype.hasOwnProperty.call(CODED_FIELDS, field)) return null;
  const key = CODED_FIELDS[field](String(value).trim().toLowerCase());
  return Object.prototype.hasOwnProperty.call(valueEn, key) ? valueLabels.t(lang, key as ValueLabelKey) : null;
}
