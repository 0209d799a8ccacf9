import type { FieldError } from '../../core/protocol/errors';
import type { Lang } from '../../core/text/i18n';
import { ALL_LISTS, type Listdata } from '../../core/protocol/listdata';
import type { QueryInput } from '../../core/query';
import { listdataFrom } from '../../core/request/run-options';
import type { Settings } from '../../core/settings/settings';

/** The search attributes as typed; the core validator decides what they mean. */
export interface SearchFormValues {
  name: string;
  namelat: string;
  ipn: string;
  date: string;
  doc: string;
  /** '' = not sent (the service's default, both kinds). */
  doctype: '' | '0' | '1' | '2';
  search: '1' | '2';
  lowranklimit: string;
  listdata: Listdata;
}

export const SEARCH_FIELDS = [
  'name',
  'namelat',
  'ipn',
  'date',
  'doc',
  'doctype',
  'search',
  'lowranklimit',
  'listdata',
] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];
/** The fields typed as free text (the others are a select or the registry picker). */
export type SearchTextField = 'name' | 'namelat' | 'ipn' | 'date' | 'doc' | 'lowranklimit';

export function searchFormDefaults(settings: Settings): SearchFormValues {
  // A saved value core refuses starts the picker at "every list"; the settings tab reports it.
  const saved = listdataFrom(settings);
  const listdata: Listdata = saved.ok ? (saved.value ?? ALL_LISTS) : ALL_LISTS;
  return {
    name: '',
    namelat: '',
    ipn: '',
    date: '',
    doc: '',
    doctype: '',
    search: settings.search === 2 ? '2' : '1',
    lowranklimit: String(settings.lowranklimit),
    listdata,
  };
}

/** Blank fields are left out, so the validator and the service apply their defaults. */
export function queryInputFrom(values: SearchFormValues, settings: Settings): QueryInput {
  const input: Record<string, unknown> = {};
  const put = (key: string, value: string) => {
    if (value.trim() !== '') input[key] = value;
  };
  put('name', values.name);
  put('namelat', values.namelat);
  put('ipn', values.ipn);
  put('date', values.date);
  put('doc', values.doc);
  put('doctype', values.doctype);
  put('search', values.search);
  put('lowranklimit', values.lowranklimit);
  put('IDuserPC', settings.idUserPC);
  input.listdata = values.listdata;
  return input as QueryInput;
}

/** What the person typed, for the sheet and for the heading over the results. */
export function subjectText(values: SearchFormValues): string {
  return [values.name, values.namelat, values.ipn, values.date, values.doc]
    .map((v) => v.trim())
    .filter((v) => v.length > 0)
    .join(' · ');
}

/** The validator's errors by form field; those naming no field of the form go to the form as a whole. */
export function errorsByField(
  errors: readonly FieldError[],
  lang: Lang,
): { fields: Partial<Record<SearchField, string>>; general: string[] } {
  const fields: Partial<Record<SearchField, string>> = {};
  const general: string[] = [];
  for (const e of errors) {
    const field = (SEARCH_FIELDS as readonly string[]).includes(e.field) ? (e.field as SearchField) : null;
    const text = e.message[lang];
    if (field) fields[field] = fields[field] ? `${fields[field]} ${text}` : text;
    else general.push(text);
  }
  return { fields, general };
}
