import { z } from 'zod';
import { columnLetter } from '../core/text/column-letter';
import type { Lang } from '../core/text/i18n';
import { bulkMessages } from './messages';

export { columnLetter };

/** One cell as a sheet, a CSV file or the CLI hands it over. */
export type CellValue = string | number | boolean | null;

/** The request fields a column of the input can feed directly. */
export const QUERY_ROLES = ['name', 'date', 'ipn', 'doc', 'namelat'] as const;
/**
 * A person's name split over columns, as Ukrainian bank exports often have it: joined in this
 * order (Прізвище Ім'я По батькові) into the name when the row has no full name.
 */
export const NAME_PART_ROLES = ['surname', 'givenName', 'patronymic'] as const;
/** A passport's series and number in two columns ("Серія паспорта", "Номер паспорта"): joined into the document. */
export const DOC_PART_ROLES = ['docSeries', 'docNumber'] as const;
export const COLUMN_ROLES = [...QUERY_ROLES, ...NAME_PART_ROLES, ...DOC_PART_ROLES] as const;
export type ColumnRole = (typeof COLUMN_ROLES)[number];

/** Role → 0-based column index in the input; a role left out is not used. Stored with a run, so read back by this schema. */
export const columnMappingSchema = z.partialRecord(z.enum(COLUMN_ROLES), z.number().int().min(0));
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

/**
 * Headers people actually write, in Ukrainian, Russian-influenced office Ukrainian and English,
 * compared after normalising (lower case, no punctuation, single spaces). Exact matches win over
 * partial ones, so "ПІБ латиницею" is namelat, not name.
 */
const EXACT: Record<ColumnRole, readonly string[]> = {
  name: [
    'піб',
    'п і б',
    'прізвище імя по батькові',
    'прізвище ім я по батькові',
    'прізвище імя та по батькові',
    'назва',
    'найменування',
    'піб назва',
    'піб або назва',
    'назва піб',
    'клієнт',
    'контрагент',
    'фіо',
    // "Прізвище, ім'я, по батькові" abbreviated as often as ПІБ; ФИО from Russian-language systems.
    'піп',
    'п і п',
    'фио',
    'ф і о',
    'ф и о',
    'name',
    'full name',
    'fullname',
    'client',
    'client name',
    'customer',
    'company',
    'company name',
    'person',
    'subject',
  ],
  date: [
    'дата народження',
    'дата нар',
    'д н',
    'дн',
    'народження',
    'дата рождения',
    'д р',
    'date',
    'birth date',
    'birthdate',
    'date of birth',
    'dob',
    'born',
  ],
  ipn: [
    'іпн',
    'інн',
    'рнокпп',
    'єдрпоу',
    'код єдрпоу',
    'іпн єдрпоу',
    'рнокпп єдрпоу',
    'єдрпоу іпн',
    'податковий номер',
    'инн',
    'код',
    'ipn',
    'inn',
    'tax id',
    'taxid',
    'tax number',
    'tin',
    'edrpou',
    'rnokpp',
    'company code',
    'code',
  ],
  doc: [
    'паспорт',
    'документ',
    'серія номер паспорта',
    'серія та номер паспорта',
    'паспорт серія номер',
    'номер документа',
    'doc',
    'document',
    'passport',
    'passport number',
    'id document',
    'id card',
  ],
  surname: ['прізвище', 'фамілія', 'фамилия', 'surname', 'last name', 'lastname', 'family name'],
  givenName: ['ім я', 'імя', 'имя', 'first name', 'firstname', 'given name', 'forename'],
  patronymic: ['по батькові', 'по батьковi', 'отчество', 'patronymic', 'middle name', 'middlename'],
  docSeries: ['серія', 'серія паспорта', 'серія документа', 'серия', 'серия паспорта', 'passport series'],
  docNumber: [],
  namelat: [
    'namelat',
    'name lat',
    'latin name',
    'name latin',
    'name in latin',
    'піб латиницею',
    'піб лат',
    'назва латиницею',
    'латиницею',
    'транслітерація',
  ],
};

/**
 * Words that, inside a longer header, point to a role ("Дата народження клієнта", "Client's
 * passport"). JavaScript's \b knows only Latin letters: Cyrillic words are bounded by spaces or
 * the ends instead.
 */
const PARTIAL: readonly [ColumnRole, RegExp][] = [
  ['namelat', /латин|latin|translit|транслит|трансліт|\blat\b/],
  ['docSeries', /(^| )сері[яї]( |$)|(^| )серия( |$)|\bseries\b/],
  ['date', /народж|рожден|birth|\bdob\b/],
  // "Ідентифікаційний код/номер": the tax number's name before it was РНОКПП; "Реєстраційний номер
  // облікової картки платника податків": its name written out, as official forms head it.
  [
    'ipn',
    /іпн|рнокпп|єдрпоу|(^| )[іи]нн( |$)|ідентифікаційн\S* (код|номер)|облікової картки|\bipn\b|edrpou|\btax\b|rnokpp|\btin\b/,
  ],
  [
    'doc',
    /паспорт|документ|passport|document|\bdoc\b|(^| )(id|ід) карт|\bid card\b|сері[яї] (і |та |й )?номер|серия (и )?номер|series (and )?number/,
  ],
  // A header naming the whole name ("Прізвище, ім'я та по батькові клієнта") before its parts.
  ['name', /прізвищ.*ім ?я|(^| )піб( |$)/],
  ['surname', /прізвищ|фамил|surname|last name/],
  ['patronymic', /по батькові|отчеств|patronymic|middle name/],
  ['givenName', /^ім ?я( |$)|first name|given name/],
  ['name', /піб|(^| )ім ?я( |$)|прізвищ|назв|найменуван|\bname\b|клієнт|client|customer/],
];

export function normalizeHeader(value: CellValue): string {
  if (value === null || value === undefined) return '';
  return String(value)
    .normalize('NFC')
    .toLowerCase()
    .replace(/[’'ʼ`]/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

function exactRole(header: string): ColumnRole | null {
  for (const role of COLUMN_ROLES) if (EXACT[role].includes(header)) return role;
  return null;
}

/**
 * Headers that share a role's word but hold something else, each of which would be refused or,
 * worse, sent as the wrong value on every row: the place, country or year of birth is not the
 * birth date; who issued a passport, when, or its type is not the document.
 */
const NOT_PARTIAL: Partial<Record<ColumnRole, RegExp>> = {
  docSeries: /номер|number|(^| )no( |$)/,
  // A year alone is no date; "Число, місяць, рік народження" (official forms' words) is the whole date.
  date: /місц|мест|place|країн|стран|country|^(?!.*(місяц|месяц|month|число|дата|date)).*((^| )(рік|год)( |$)|\byear\b)/,
  doc: /видан|видач|выдан|выдач|issu|(^| )(ким|кем|орган)( |$)|authority|дійсн|действ|valid|expir|термін|срок|дата|\bdate\b|(^| )(тип|вид)( |$)|\btype\b/,
};

function partialRole(header: string): ColumnRole | null {
  for (const [role, pattern] of PARTIAL) {
    if (pattern.test(header) && !NOT_PARTIAL[role]?.test(header)) return role;
  }
  return null;
}

/** With a series column beside it, "Номер паспорта" holds the number alone; "Серія і номер" stays whole. */
const DOC_NUMBER_HEADER = /^(?!.*(сері|серия|series)).*(номер|number|(^| )no( |$))/;
/** A bare "Номер" says whose number only by its place: right of the series ("Тип документа | Серія | Номер"). */
const BARE_NUMBER_HEADER = /^(номер|number|no|nr)$/;

/**
 * Reads the header row and proposes which column feeds which field. The first column that
 * fits a role takes it; every column is given at most one role. Exact header matches are
 * placed before partial ones so a precise header is never displaced by a vague one.
 */
export function recogniseColumns(headers: readonly CellValue[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  const used = new Set<number>();
  const normalized = headers.map(normalizeHeader);
  for (const pass of [exactRole, partialRole]) {
    normalized.forEach((header, index) => {
      if (!header || used.has(index)) return;
      const role = pass(header);
      if (role && mapping[role] === undefined) {
        mapping[role] = index;
        used.add(index);
      }
    });
  }
  if (mapping.docSeries !== undefined && mapping.doc !== undefined && DOC_NUMBER_HEADER.test(normalized[mapping.doc])) {
    mapping.docNumber = mapping.doc;
    delete mapping.doc;
  }
  const besideSeries = mapping.docSeries === undefined ? -1 : mapping.docSeries + 1;
  const bare = besideSeries >= 0 && !used.has(besideSeries) && BARE_NUMBER_HEADER.test(normalized[besideSeries] ?? '');
  if (bare && mapping.doc === undefined && mapping.docNumber === undefined) mapping.docNumber = besideSeries;
  return mapping;
}

/** Rows looked at for the header: a title, a date and a blank line or two above it, not a page. */
export const HEADER_SEARCH_ROWS = 20;

/** An empty cell: nothing, or only spaces. */
export function isBlankCell(value: CellValue | undefined): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

export function isBlankRow(row: readonly CellValue[]): boolean {
  return row.every(isBlankCell);
}

/** How much a row reads as a header: 2 for each cell naming a role exactly ("ПІБ"), 1 for a word of one. */
function headerScore(row: readonly CellValue[]): number {
  let score = 0;
  for (const cell of row) {
    const header = normalizeHeader(cell);
    if (header) score += exactRole(header) ? 2 : partialRole(header) ? 1 : 0;
  }
  return score;
}

/**
 * The header row of a list: among its first HEADER_SEARCH_ROWS non-empty rows, the one that reads
 * most as a header, the earliest of equals; the first non-empty row when none does (the mapping then
 * says what is missing). A list exported with a title above it ("Перелік клієнтів станом на …")
 * is read from its real header, not with the title as the name column and the headers as a client.
 * -1 when every row is empty.
 */
export function findHeaderRow(rows: readonly (readonly CellValue[])[]): number {
  let first = -1;
  let best = -1;
  let bestScore = 0;
  let seen = 0;
  for (let i = 0; i < rows.length && seen < HEADER_SEARCH_ROWS; i++) {
    if (isBlankRow(rows[i])) continue;
    seen++;
    if (first < 0) first = i;
    const score = headerScore(rows[i]);
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  }
  return best >= 0 ? best : first;
}

/** How much a sheet reads as a list: its best header row's score (0 for a sheet of prose or numbers). */
export function headerStrength(rows: readonly (readonly CellValue[])[]): number {
  const header = findHeaderRow(rows);
  return header < 0 ? 0 : headerScore(rows[header]);
}

/** Filled rows above the header row: a title, left out, which the analyst is told of. */
export function filledRowsAbove(rows: readonly (readonly CellValue[])[], headerIndex: number): number {
  return rows.slice(0, headerIndex).filter((row) => !isBlankRow(row)).length;
}

export interface MappingProblem {
  code: 'mapping.noSubject' | 'mapping.duplicate' | 'mapping.outOfRange';
  role?: ColumnRole;
  column?: number;
}

/** Problems that make a mapping unusable; empty when a run may start. */
export function checkMapping(mapping: ColumnMapping, columnCount: number): MappingProblem[] {
  const problems: MappingProblem[] = [];
  const seen = new Map<number, ColumnRole>();
  for (const role of COLUMN_ROLES) {
    const index = mapping[role];
    if (index === undefined) continue;
    if (!Number.isInteger(index) || index < 0 || index >= columnCount) {
      problems.push({ code: 'mapping.outOfRange', role });
      continue;
    }
    if (seen.has(index)) problems.push({ code: 'mapping.duplicate', role, column: index });
    else seen.set(index, role);
  }
  const named = mapping.name !== undefined || mapping.surname !== undefined || mapping.givenName !== undefined;
  const documented = mapping.doc !== undefined || mapping.docNumber !== undefined;
  if (!named && mapping.ipn === undefined && !documented) {
    problems.push({ code: 'mapping.noSubject' });
  }
  return problems;
}

export function roleLabel(role: ColumnRole, lang: Lang): string {
  return bulkMessages.t(lang, `role.${role}`);
}

export function describeMappingProblem(problem: MappingProblem, headers: readonly CellValue[], lang: Lang): string {
  const column = problem.column !== undefined ? String(headers[problem.column] ?? `#${problem.column + 1}`) : '';
  return bulkMessages.t(lang, problem.code, { column, role: problem.role ? roleLabel(problem.role, lang) : '' });
}

/** Header text for a column even when the header cell is blank: people refer to columns by what they see. */
export function headerText(headers: readonly CellValue[], index: number): string {
  const value = headers[index];
  const text = value === null || value === undefined ? '' : String(value).trim();
  return text || columnLetter(index);
}
