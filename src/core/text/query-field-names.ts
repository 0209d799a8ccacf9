import { defineCatalogue, type Lang, type LocalizedText } from './i18n';

/**
 * What a refused query's message calls each field in the analyst's language: "Дата народження:
 * Такої дати не існує", not "date: …". Keyed by the query's field names (core/query's schema);
 * a test keeps the two lists equal.
 */
const en = {
  name: 'Name',
  namelat: 'Name in Latin script',
  ipn: 'Tax or company code',
  date: 'Date of birth',
  doc: 'Document',
  doctype: 'Document type',
  search: 'Search method',
  lowranklimit: 'Lowest name match',
  listdata: 'Registries',
  IDinternal: 'Internal request id',
  DateRequest: 'Request date',
  IDuserPC: 'Analyst',
  edrchangesfrom: 'Register changes from',
  edrchangesto: 'Register changes to',
  arrayedrpou: 'Company codes',
  onlyactual: 'Current records only',
  city: 'City',
  nonrezedentcode: 'Non-resident code',
} as const;

export type NamedQueryField = keyof typeof en;

const uk: Record<NamedQueryField, string> = {
  name: 'ПІБ',
  namelat: 'ПІБ латиницею',
  ipn: 'РНОКПП або ЄДРПОУ',
  date: 'Дата народження',
  doc: 'Документ',
  doctype: 'Тип документа',
  search: 'Метод пошуку',
  lowranklimit: 'Найменший збіг імені',
  listdata: 'Реєстри',
  IDinternal: 'Внутрішній ідентифікатор запиту',
  DateRequest: 'Дата запиту',
  IDuserPC: 'Аналітик',
  edrchangesfrom: 'Зміни в реєстрі з',
  edrchangesto: 'Зміни в реєстрі до',
  arrayedrpou: 'Коди ЄДРПОУ',
  onlyactual: 'Лише чинні записи',
  city: 'Місто',
  nonrezedentcode: 'Код нерезидента',
};

export const queryFieldNames = defineCatalogue<NamedQueryField>(en, uk);

function isNamedField(field: string): field is NamedQueryField {
  return Object.hasOwn(en, field);
}

/**
 * A refusal as one sentence per field, each headed by the field's name in `lang`. A field that is
 * not a query field ("subject", a run's own "previous" or "output") gets no head: its message
 * names what it wants, and an internal name would mean nothing to the reader.
 */
export function fieldErrorsText(errors: readonly { field: string; message: LocalizedText }[], lang: Lang): string {
  return errors
    .map((e) => (isNamedField(e.field) ? `${queryFieldNames.t(lang, e.field)}: ${e.message[lang]}` : e.message[lang]))
    .join(' ');
}
