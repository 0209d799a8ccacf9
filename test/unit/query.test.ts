import { InvalidInputError, type FieldError } from '../../src/core/protocol/errors';
import { ALL_LISTS, listdataForRegistries } from '../../src/core/protocol/listdata';
import { coreMessages } from '../../src/core/text/messages';
import {
  excelSerialToIsoDate,
  normalizeDoc,
  normalizeIpn,
  parseQuery,
  searchQuerySchema,
  subjectKey,
  validateQuery,
  type QueryInput,
  type SearchQuery,
} from '../../src/core/query';

/** A fixed "now" (local noon) so that "in the future" does not depend on when the tests run. */
const NOW = new Date(2024, 5, 15, 12, 0, 0);
const SUBJECT: QueryInput = { name: 'Іванов Іван' };

function validate(input: QueryInput) {
  return validateQuery(input, { now: NOW });
}

function okQuery(input: QueryInput): SearchQuery {
  const result = validate(input);
  if (!result.ok) throw new Error(`expected a valid query, got ${JSON.stringify(result.errors)}`);
  return result.query;
}

function errorsOf(input: QueryInput): FieldError[] {
  const result = validate(input);
  if (result.ok) throw new Error(`expected errors for ${String(Object.keys(input))}`);
  return result.errors;
}

type Valid = [label: string, input: QueryInput, field: keyof SearchQuery, expected: unknown];

const VALID: Valid[] = [
  ['name: trimmed, inner whitespace collapsed', { name: '  Іванов   Іван ' }, 'name', 'Іванов Іван'],
  ['name: tabs and cell line breaks become spaces', { name: 'Іванов\tІван\nПетрович' }, 'name', 'Іванов Іван Петрович'],
  ['name: invisible zero-width space dropped', { name: 'Іва\u200Bнов' }, 'name', 'Іванов'],
  ['name: decomposed й composed (NFC)', { name: 'Андрі\u0438\u0306' }, 'name', 'Андрій'],
  ['name: a number is text', { name: 1420, ipn: '12345678' }, 'name', '1420'],
  ['name: a company named by a number keeps it', { name: '777' }, 'name', '777'],
  ['namelat: a dash for no Latin name is left out', { ...SUBJECT, namelat: '—' }, 'namelat', undefined],
  ['namelat: trimmed and collapsed', { ...SUBJECT, namelat: ' Ivanov  Ivan ' }, 'namelat', 'Ivanov Ivan'],
  [
    'namelat: Latin diacritics and punctuation allowed',
    { ...SUBJECT, namelat: "O'Brien-Müller" },
    'namelat',
    "O'Brien-Müller",
  ],
  ['ipn: 8-digit string', { ipn: '12345678' }, 'ipn', '12345678'],
  // Refused a tax number on religious grounds: the passport stands in the tax-number field.
  ['ipn: a passport in its place is asked as the document', { ipn: 'км 417305' }, 'doc', 'КМ417305'],
  ['ipn: a passport in its place is no code', { ipn: 'КМ 417305' }, 'ipn', undefined],
  ['ipn: spaces stripped, leading zero kept', { ipn: ' 0123 456 789 ' }, 'ipn', '0123456789'],
  ['ipn: Excel number of 7 digits padded to 8', { ipn: 1234567 }, 'ipn', '01234567'],
  ['ipn: Excel number of 8 digits', { ipn: 12345678 }, 'ipn', '12345678'],
  ['ipn: Excel number of 9 digits padded to 10', { ipn: 123456789 }, 'ipn', '0123456789'],
  ['ipn: Excel number of 10 digits', { ipn: 3012345678 }, 'ipn', '3012345678'],
  // Another program's export of a number column, and Excel's text mark written out.
  ['ipn: a number column as text with ".0"', { ipn: '3012345678.0' }, 'ipn', '3012345678'],
  ['ipn: ".0" text of a number that lost its zero', { ipn: '1234567,0' }, 'ipn', '01234567'],
  ["ipn: Excel's text mark typed out", { ipn: "'0123456789" }, 'ipn', '0123456789'],
  ['ipn: its label before it', { ipn: 'РНОКПП: 2457304172' }, 'ipn', '2457304172'],
  ['ipn: a company code with its label', { ipn: 'Код за ЄДРПОУ 41703173' }, 'ipn', '41703173'],
  ['date: YYYY-MM-DD', { ...SUBJECT, date: '1990-01-05' }, 'date', '1990-01-05'],
  ['date: DD.MM.YYYY', { ...SUBJECT, date: '05.01.1990' }, 'date', '1990-01-05'],
  ['date: D.M.YYYY', { ...SUBJECT, date: ' 5.1.1990 ' }, 'date', '1990-01-05'],
  // As Ukrainian documents write it, the year's word after the date.
  ['date: DD.MM.YYYY р.', { ...SUBJECT, date: '05.01.1990 р.' }, 'date', '1990-01-05'],
  ['date: DD.MM.YYYYр', { ...SUBJECT, date: '05.01.1990р' }, 'date', '1990-01-05'],
  ['date: DD.MM.YYYY року', { ...SUBJECT, date: '05.01.1990 року' }, 'date', '1990-01-05'],
  ['date: DD.MM.YYYY р.н. (рік народження)', { ...SUBJECT, date: '05.01.1990 р.н.' }, 'date', '1990-01-05'],
  ['date: DD.MM.YYYY р. н.', { ...SUBJECT, date: '05.01.1990 р. н.' }, 'date', '1990-01-05'],
  ['date: DD.MM.YYYY г.р. (года рождения)', { ...SUBJECT, date: '05.01.1990г.р.' }, 'date', '1990-01-05'],
  // A named month leaves no doubt which number is the day, as passports and court papers write it.
  ['date: Ukrainian month name', { ...SUBJECT, date: '5 січня 1990' }, 'date', '1990-01-05'],
  ['date: month name and року', { ...SUBJECT, date: '05 Січня 1990 року' }, 'date', '1990-01-05'],
  ['date: Russian month name and г.', { ...SUBJECT, date: '5 января 1990 г.' }, 'date', '1990-01-05'],
  ['date: English day first', { ...SUBJECT, date: '5 January 1990' }, 'date', '1990-01-05'],
  ['date: English month first, abbreviated', { ...SUBJECT, date: 'Jan 5, 1990' }, 'date', '1990-01-05'],
  ['date: a Ukrainian month in the nominative', { ...SUBJECT, date: '5 Січень 1990' }, 'date', '1990-01-05'],
  ['date: May in Russian', { ...SUBJECT, date: '5 мая 1990' }, 'date', '1990-05-05'],
  ['date: December abbreviated with a dot', { ...SUBJECT, date: '5 груд. 1990' }, 'date', '1990-12-05'],
  ['date: a space after each dot', { ...SUBJECT, date: '05. 01. 1990' }, 'date', '1990-01-05'],
  ['date: year first with dots', { ...SUBJECT, date: '1990.01.05' }, 'date', '1990-01-05'],
  ['date: text of a date cell with time', { ...SUBJECT, date: '05.01.1990 0:00:00' }, 'date', '1990-01-05'],
  ['date: Excel serial', { ...SUBJECT, date: 32878 }, 'date', '1990-01-05'],
  ['date: Excel serial, time of day ignored', { ...SUBJECT, date: 32878.99 }, 'date', '1990-01-05'],
  ['date: Excel serial after the fake leap day', { ...SUBJECT, date: 61 }, 'date', '1900-03-01'],
  ['date: Excel serial before the fake leap day', { ...SUBJECT, date: 59 }, 'date', '1900-02-28'],
  [
    'date: JS Date at UTC midnight (exceljs)',
    { ...SUBJECT, date: new Date(Date.UTC(1990, 0, 5)) },
    'date',
    '1990-01-05',
  ],
  ['date: JS Date at local midnight (UI)', { ...SUBJECT, date: new Date(1990, 0, 5) }, 'date', '1990-01-05'],
  ['date: leap day of a leap year', { ...SUBJECT, date: '29.02.2000' }, 'date', '2000-02-29'],
  ['date: today is not the future', { ...SUBJECT, date: '2024-06-15' }, 'date', '2024-06-15'],
  ['date: earliest allowed', { ...SUBJECT, date: '1900-01-01' }, 'date', '1900-01-01'],
  ['doc: national passport, lower case and space', { doc: 'аа 123456' }, 'doc', 'АА123456'],
  ['doc: Latin look-alikes to Cyrillic with doctype 1', { doc: 'AA-123456', doctype: 1 }, 'doc', 'АА123456'],
  ['doc: Latin look-alike next to a Cyrillic letter', { doc: 'КA 123 456' }, 'doc', 'КА123456'],
  ['doc: foreign passport', { doc: 'fa 123456' }, 'doc', 'FA123456'],
  ['doc: all look-alikes without doctype stay Latin', { doc: 'AA123456' }, 'doc', 'AA123456'],
  ['doc: Cyrillic look-alikes to Latin with doctype 2', { doc: 'ВС123456', doctype: '2' }, 'doc', 'BC123456'],
  ['doc: mixed series that can only be Latin', { doc: 'FА123456' }, 'doc', 'FA123456'],
  ['doc: ID card keeps leading zeros', { doc: '001234567' }, 'doc', '001234567'],
  ['doc: ID card from an Excel number', { doc: 1234567 }, 'doc', '001234567'],
  ['doc: ID card with doctype 1', { doc: '123 456 789', doctype: 1 }, 'doc', '123456789'],
  // A bank export's "Паспортні дані": the document among its label and who issued it.
  [
    'doc: passport data with who issued it',
    { doc: 'КМ 123456, виданий Шевченківським РУ ГУ МВС України в м. Києві 12.03.1998' },
    'doc',
    'КМ123456',
  ],
  [
    'doc: passport data with its label and date',
    { doc: 'Паспорт громадянина України серії КМ №123456 від 12.03.1998' },
    'doc',
    'КМ123456',
  ],
  ['doc: passport data in Russian', { doc: 'ВА 730412 выдан Киевским РОВД' }, 'doc', 'ВА730412'],
  ['doc: an ID card with its label', { doc: 'ID-картка 001234567, видана 8000 12.03.2018' }, 'doc', '001234567'],
  ['doc: passport number sign ignored', { doc: 'АА №123456' }, 'doc', 'АА123456'],
  ['doctype: numeric string', { ...SUBJECT, doctype: ' 1 ' }, 'doctype', 1],
  ['doctype: 0 kept', { ...SUBJECT, doctype: 0 }, 'doctype', 0],
  ['search: numeric string', { ...SUBJECT, search: '2' }, 'search', 2],
  ['lowranklimit: numeric string', { ...SUBJECT, lowranklimit: ' 50 ' }, 'lowranklimit', 50],
  ['lowranklimit: 0', { ...SUBJECT, lowranklimit: 0 }, 'lowranklimit', 0],
  ['lowranklimit: 100', { ...SUBJECT, lowranklimit: 100 }, 'lowranklimit', 100],
  [
    'listdata: registry keys',
    { ...SUBJECT, listdata: 'peps, psanctions' },
    'listdata',
    listdataForRegistries(['peps', 'psanctions']),
  ],
  ['listdata: -1 kept as "every list"', { ...SUBJECT, listdata: -1 }, 'listdata', ALL_LISTS],
  ['listdata: number', { ...SUBJECT, listdata: 127 }, 'listdata', 127n],
  ['IDinternal: a row number becomes text', { ...SUBJECT, IDinternal: 42 }, 'IDinternal', '42'],
  ['IDuserPC: trimmed', { ...SUBJECT, IDuserPC: ' PC-07 ' }, 'IDuserPC', 'PC-07'],
  [
    'DateRequest: documented form',
    { ...SUBJECT, DateRequest: '2024-06-15 09:05:00' },
    'DateRequest',
    '2024-06-15 09:05:00',
  ],
  [
    'DateRequest: ISO form completed',
    { ...SUBJECT, DateRequest: '2024-06-15T9:05' },
    'DateRequest',
    '2024-06-15 09:05:00',
  ],
  [
    'DateRequest: JS Date in local time',
    { ...SUBJECT, DateRequest: new Date(2024, 5, 15, 9, 5, 7) },
    'DateRequest',
    '2024-06-15 09:05:07',
  ],
  [
    'DateRequest: Excel serial keeps the time',
    { ...SUBJECT, DateRequest: 45458.5 },
    'DateRequest',
    '2024-06-15 12:00:00',
  ],
  [
    'edrchangesfrom: DD.MM.YYYY at the register start',
    { ...SUBJECT, edrchangesfrom: '24.08.1991' },
    'edrchangesfrom',
    '1991-08-24',
  ],
  ['edrchangesto: Excel serial', { ...SUBJECT, edrchangesto: 45458 }, 'edrchangesto', '2024-06-15'],
  [
    'arrayedrpou: separated text, duplicates dropped',
    { ...SUBJECT, arrayedrpou: '12345678; 87654321 12345678' },
    'arrayedrpou',
    ['12345678', '87654321'],
  ],
  [
    'arrayedrpou: range of cells with Excel numbers',
    { ...SUBJECT, arrayedrpou: [1, '00000002', null, ''] },
    'arrayedrpou',
    ['00000001', '00000002'],
  ],
  ['onlyactual: boolean', { ...SUBJECT, onlyactual: false }, 'onlyactual', false],
  ['onlyactual: Ukrainian Excel word', { ...SUBJECT, onlyactual: 'ХИБНІСТЬ' }, 'onlyactual', false],
  ['onlyactual: 1', { ...SUBJECT, onlyactual: 1 }, 'onlyactual', true],
  ['city: trimmed', { ...SUBJECT, city: ' Київ ' }, 'city', 'Київ'],
  ['nonrezedentcode: number becomes text', { ...SUBJECT, nonrezedentcode: 12345 }, 'nonrezedentcode', '12345'],
];

type Invalid = [label: string, input: QueryInput, field: string, code: string, mentions?: string];

const INVALID: Invalid[] = [
  ['name: control character', { name: 'Іва\u0000нов' }, 'name', 'field.name.control', '4'],
  ['name: too long', { name: 'я'.repeat(257) }, 'name', 'field.name.tooLong', '256'],
  ['name: boolean', { name: true }, 'name', 'field.type.text', 'true'],
  ['namelat: Cyrillic', { ...SUBJECT, namelat: 'Ivanov Іван' }, 'namelat', 'field.namelat.cyrillic'],
  ['namelat: Greek', { ...SUBJECT, namelat: 'Ivanov Ιωάννης' }, 'namelat', 'field.namelat.nonLatin', 'Ι'],
  ['ipn: 7-digit text is not padded, only told', { ipn: '1234567' }, 'ipn', 'field.ipn.short', '01234567'],
  ['ipn: 5 digits of 00032129', { ipn: ' 32129 ' }, 'ipn', 'field.ipn.short', '00032129'],
  ['ipn: 9-digit string', { ipn: '123456789' }, 'ipn', 'field.ipn.format', '123456789'],
  ['ipn: letters', { ipn: '12345abc' }, 'ipn', 'field.ipn.digits', '12345abc'],
  // A CSV saved by Excel from a General column: the code is gone past its sixth digit.
  ['ipn: scientific notation', { ipn: '3,01235E+09' }, 'ipn', 'field.ipn.scientific', '3,01235E+09'],
  ['ipn: scientific notation with a dot', { ipn: '3.01235e+9' }, 'ipn', 'field.ipn.scientific', '3.01235e+9'],
  [
    'ipn: a passport in its place beside a document stays a wrong code',
    { ipn: 'КМ 417305', doc: 'ВА 730412' },
    'ipn',
    'field.ipn.digits',
    'КМ 417305',
  ],
  ['ipn: number over 10 digits', { ipn: 12345678901 }, 'ipn', 'field.ipn.tooLong', '12345678901'],
  ['ipn: fraction', { ipn: 1234567.5 }, 'ipn', 'field.ipn.format', '1234567.5'],
  ['ipn: negative', { ipn: -5 }, 'ipn', 'field.ipn.format', '-5'],
  ['date: 31 February (ISO)', { ...SUBJECT, date: '1990-02-31' }, 'date', 'field.date.impossible', '1990-02-31'],
  ['date: 31 February (dotted)', { ...SUBJECT, date: '31.02.1990' }, 'date', 'field.date.impossible', '31.02.1990'],
  [
    'date: 29 February of a common year',
    { ...SUBJECT, date: '1900-02-29' },
    'date',
    'field.date.impossible',
    '1900-02-29',
  ],
  ['date: month 13', { ...SUBJECT, date: '01.13.1990' }, 'date', 'field.date.impossible', '01.13.1990'],
  ['date: tomorrow', { ...SUBJECT, date: '2024-06-16' }, 'date', 'field.date.future', '2024-06-16'],
  ['date: before 1900', { ...SUBJECT, date: '31.12.1899' }, 'date', 'field.date.tooEarly', '1900-01-01'],
  ["ipn: a formula's 0, padded, is no one's code", { ipn: 0 }, 'ipn', 'field.code.zeros', '00000000'],
  ['ipn: zeros only', { ipn: '0000000000' }, 'ipn', 'field.code.zeros', '0000000000'],
  ['doc: a passport number that lost its zero', { doc: 'км 17305' }, 'doc', 'field.doc.short', 'КМ017305'],
  ['doc: an ID card of zeros', { doc: '000 000 000' }, 'doc', 'field.code.zeros', '000000000'],
  ['name: a dash stands for no name', { name: ' - ' }, 'name', 'field.name.placeholder', '-'],
  ['name: "н/д" stands for no name', { name: 'Н/Д' }, 'name', 'field.name.placeholder', 'Н/Д'],
  ['name: N/A stands for no name', { name: 'n/a' }, 'name', 'field.name.placeholder', 'n/a'],
  ["name: a formula's 0", { name: 0 }, 'name', 'field.name.placeholder', '0'],
  // A birth year alone is also Excel's serial of a day in 1905: refused rather than sent as that day.
  ['date: a year cell', { ...SUBJECT, date: 1967 }, 'date', 'field.date.yearOnly', '1967'],
  ['date: a year as text, with р.', { ...SUBJECT, date: '1967 р.' }, 'date', 'field.date.yearOnly', '1967'],
  ['date: slashes are ambiguous', { ...SUBJECT, date: '05/01/1990' }, 'date', 'field.date.format', '05/01/1990'],
  [
    'date: 31 February in words',
    { ...SUBJECT, date: '31 лютого 1990' },
    'date',
    'field.date.impossible',
    '31 лютого 1990',
  ],
  ['date: a word that is no month', { ...SUBJECT, date: '5 числа 1990' }, 'date', 'field.date.format', '5 числа 1990'],
  ['date: dashes are ambiguous', { ...SUBJECT, date: '05-01-1990' }, 'date', 'field.date.format', '05-01-1990'],
  ['date: two-digit year', { ...SUBJECT, date: '05.01.90' }, 'date', 'field.date.format', '05.01.90'],
  ['date: the year word alone', { ...SUBJECT, date: 'р.' }, 'date', 'field.date.format', 'р.'],
  ['date: the year word inside', { ...SUBJECT, date: '05.01 р. 1990' }, 'date', 'field.date.format', '05.01 р. 1990'],
  ['date: Excel serial 60 (1900-02-29)', { ...SUBJECT, date: 60 }, 'date', 'field.date.impossible', '1900-02-29'],
  ['date: Excel serial 0', { ...SUBJECT, date: 0 }, 'date', 'field.date.serial', '0'],
  ['date: Excel serial in the future', { ...SUBJECT, date: 45459 }, 'date', 'field.date.future', '2024-06-16'],
  ['date: invalid JS Date', { ...SUBJECT, date: new Date('nonsense') }, 'date', 'field.date.format', 'Invalid Date'],
  ['date: boolean', { ...SUBJECT, date: true }, 'date', 'field.type.date', 'true'],
  // Too few digits: the message names the document with the zeros a number cell drops.
  ['doc: too few digits', { doc: 'АА12345' }, 'doc', 'field.doc.short', 'АА012345'],
  ['doc: series with no possible script', { doc: 'ФZ123456' }, 'doc', 'field.doc.format', 'ФZ123456'],
  // The words around a document go; a cell of words alone is still refused, shown as typed.
  ['doc: a label without a document', { doc: 'Паспорт: немає' }, 'doc', 'field.doc.format', 'Паспорт: немає'],
  [
    'doc: who issued it, no document',
    { doc: 'виданий Шевченківським РУ' },
    'doc',
    'field.doc.format',
    'виданий Шевченківським РУ',
  ],
  ['doc: ID card with doctype 2', { doc: '123456789', doctype: 2 }, 'doc', 'field.doc.doctypeMismatch', '123456789'],
  [
    'doc: ID card (Excel number) with doctype 2',
    { doc: 123456789, doctype: 2 },
    'doc',
    'field.doc.doctypeMismatch',
    '123456789',
  ],
  [
    'doc: foreign passport with doctype 1',
    { doc: 'FZ123456', doctype: 1 },
    'doc',
    'field.doc.doctypeMismatch',
    'FZ123456',
  ],
  [
    'doc: national passport with doctype 2',
    { doc: 'ЖК123456', doctype: 2 },
    'doc',
    'field.doc.doctypeMismatch',
    'ЖК123456',
  ],
  ['doc: number too long for an ID card', { doc: 1234567890 }, 'doc', 'field.doc.format', '1234567890'],
  ['doctype: 3', { ...SUBJECT, doctype: 3 }, 'doctype', 'field.enum.value', '3'],
  ['doctype: word', { ...SUBJECT, doctype: 'one' }, 'doctype', 'field.enum.value', 'one'],
  ['search: 0', { ...SUBJECT, search: 0 }, 'search', 'field.enum.value', '0'],
  ['lowranklimit: above 100', { ...SUBJECT, lowranklimit: 101 }, 'lowranklimit', 'field.range.value', '101'],
  ['lowranklimit: negative', { ...SUBJECT, lowranklimit: '-1' }, 'lowranklimit', 'field.range.value', '-1'],
  ['lowranklimit: fraction', { ...SUBJECT, lowranklimit: 50.5 }, 'lowranklimit', 'field.range.value', '50.5'],
  ['lowranklimit: boolean', { ...SUBJECT, lowranklimit: true }, 'lowranklimit', 'field.type.number', 'true'],
  ['listdata: unknown list', { ...SUBJECT, listdata: 'peps, nosuch' }, 'listdata', 'listdata.unknown', 'nosuch'],
  ['listdata: out of range', { ...SUBJECT, listdata: 2 ** 41 }, 'listdata', 'listdata.range', String(2 ** 41)],
  ['listdata: boolean', { ...SUBJECT, listdata: true }, 'listdata', 'field.type.listdata', 'true'],
  ['IDinternal: too long', { ...SUBJECT, IDinternal: 'x'.repeat(129) }, 'IDinternal', 'field.text.tooLong', '128'],
  [
    'DateRequest: dotted form',
    { ...SUBJECT, DateRequest: '15.06.2024 10:00' },
    'DateRequest',
    'field.datetime.format',
    '15.06.2024 10:00',
  ],
  [
    'DateRequest: impossible time',
    { ...SUBJECT, DateRequest: '2024-06-15 24:00:00' },
    'DateRequest',
    'field.datetime.impossible',
    '2024-06-15 24:00:00',
  ],
  [
    'DateRequest: impossible date',
    { ...SUBJECT, DateRequest: '2024-02-30 10:00:00' },
    'DateRequest',
    'field.datetime.impossible',
    '2024-02-30',
  ],
  [
    'edrchangesfrom: before the register',
    { ...SUBJECT, edrchangesfrom: '1991-08-23' },
    'edrchangesfrom',
    'field.date.tooEarly',
    '1991-08-24',
  ],
  [
    'edrchangesto: future',
    { ...SUBJECT, edrchangesto: '01.07.2024' },
    'edrchangesto',
    'field.date.future',
    '01.07.2024',
  ],
  [
    'edrchanges: from after to',
    { ...SUBJECT, edrchangesfrom: '2020-01-01', edrchangesto: '2019-12-31' },
    'edrchangesfrom',
    'field.dateRange.order',
    '2019-12-31',
  ],
  [
    'arrayedrpou: short code',
    { ...SUBJECT, arrayedrpou: '1234567, 12345678' },
    'arrayedrpou',
    'field.edrpouList',
    '1234567',
  ],
  [
    'arrayedrpou: Excel number too long',
    { ...SUBJECT, arrayedrpou: [123456789] },
    'arrayedrpou',
    'field.edrpouList',
    '123456789',
  ],
  ['onlyactual: unclear word', { ...SUBJECT, onlyactual: 'maybe' }, 'onlyactual', 'field.boolean', 'maybe'],
  ['city: control character', { ...SUBJECT, city: 'Ки\u0007їв' }, 'city', 'field.text.control', '3'],
  ['city: lone high surrogate', { ...SUBJECT, city: 'Київ\uD83D' }, 'city', 'field.text.brokenCharacter', '5'],
  ['name: lone low surrogate', { name: '\uDE00Іваненко' }, 'name', 'field.text.brokenCharacter', '1'],
  [
    'IDinternal: lone surrogate',
    { ...SUBJECT, IDinternal: 'case\uDBFF-7' },
    'IDinternal',
    'field.text.brokenCharacter',
    '5',
  ],
  [
    'nonrezedentcode: too long',
    { ...SUBJECT, nonrezedentcode: '1'.repeat(65) },
    'nonrezedentcode',
    'field.text.tooLong',
    '64',
  ],
  ['subject: nothing given', {}, 'subject', 'field.required.subject'],
  ['subject: only blanks', { name: '   ', ipn: '', doc: null }, 'subject', 'field.required.subject'],
  ['subject: namelat alone is not enough', { namelat: 'Ivanov' }, 'subject', 'field.required.subject'],
  ['subject: name of invisible characters only', { name: '\u200B\u00AD' }, 'subject', 'field.required.subject'],
];

describe('validateQuery: valid inputs', () => {
  it('has a table large enough to mean something', () => {
    expect(VALID.length + INVALID.length).toBeGreaterThanOrEqual(30);
  });

  it.each(VALID)('%s', (_label, input, field, expected) => {
    const query = okQuery(input);
    expect(query[field]).toEqual(expected);
    // The normalised query is exactly what the zod schema describes.
    expect(searchQuerySchema.safeParse(query).success).toBe(true);
  });
});

describe('validateQuery: invalid inputs', () => {
  const rows = INVALID.map(([label, input, field, code, mentions]) => ({ label, input, field, code, mentions }));
  it.each(rows)('$label', ({ input, field, code, mentions }) => {
    const errors = errorsOf(input);
    expect(errors.map((e) => [e.field, e.code])).toEqual([[field, code]]);
    const { message } = errors[0];
    for (const text of [message.uk, message.en]) {
      expect(text.trim().length).toBeGreaterThan(0);
      expect(text).not.toMatch(/\{\w+\}/);
      if (mentions !== undefined) expect(text).toContain(mentions);
    }
    expect(message.uk).not.toEqual(message.en);
  });
});

describe('validateQuery: behaviour across fields', () => {
  it('leaves out a title before a name of two words or more, never a word of the name itself', () => {
    const named = (name: string) => okQuery({ name }).name;
    expect(named('гр. Кривоклен Северин Богданович')).toBe('Кривоклен Северин Богданович');
    expect(named('Гр.Кривоклен Северин')).toBe('Кривоклен Северин');
    expect(named('громадянка Кривоклен Мирослава Ігорівна')).toBe('Кривоклен Мирослава Ігорівна');
    expect(named('ФОП Доброгост Левко Андрійович')).toBe('Доброгост Левко Андрійович');
    expect(named('ФО-П Доброгост Левко')).toBe('Доброгост Левко');
    expect(named('Mr. John Smith')).toBe('John Smith');
    expect(okQuery({ namelat: 'Mrs Jane Smith', ipn: '2457304172' }).namelat).toBe('Jane Smith');
    // Before a single word it stays: "ФОП Іваненко" asked as "Іваненко" would find every namesake.
    expect(named('ФОП Іваненко')).toBe('ФОП Іваненко');
    // A title only at the start, and only a whole word.
    expect(named('Спдченко Іван Іванович')).toBe('Спдченко Іван Іванович');
    expect(named('Іваненко гр. Іван')).toBe('Іваненко гр. Іван');
    expect(named('Msika Tomas Anton')).toBe('Msika Tomas Anton');
  });

  it('treats empty strings, null and undefined as absent', () => {
    const query = okQuery({
      name: 'Іванов Іван',
      namelat: '',
      ipn: null,
      date: undefined,
      doc: '  ',
      doctype: '',
      listdata: '',
      arrayedrpou: [],
      onlyactual: null,
    });
    expect(query).toEqual({ name: 'Іванов Іван' });
  });

  it('reads "-" or "немає" in a code, date or document cell as the empty cell it stands for', () => {
    for (const stand of ['-', ' — ', '?', 'Немає', 'н/д', 'невідомо', 'N/A', 'відмова']) {
      const v = validateQuery({ name: 'Іваненко Іван', date: stand, ipn: stand, doc: stand });
      expect([stand, v.ok && v.query]).toEqual([stand, { name: 'Іваненко Іван' }]);
    }
    // Beside a stand-in for the code, the document is asked; a row of stand-ins alone names no one.
    expect(validateQuery({ ipn: 'відмова', doc: 'КМ 417305' })).toMatchObject({ ok: true, query: { doc: 'КМ417305' } });
    expect(validateQuery({ name: '-', ipn: '-' })).toMatchObject({ ok: false });
  });

  it('takes a birth date written after the name out of the name, and asks it as the date', () => {
    const asked = (name: string, date?: string) => {
      const v = validateQuery({ name, date });
      return v.ok ? [v.query.name, v.query.date] : v.errors.map((e) => e.code);
    };
    expect(asked('Іваненко Іван Іванович, 12.04.1967 р.н.')).toEqual(['Іваненко Іван Іванович', '1967-04-12']);
    expect(asked('Іваненко Іван Іванович (12.04.1967)')).toEqual(['Іваненко Іван Іванович', '1967-04-12']);
    expect(asked('Іваненко Іван Іванович, д.н. 12.04.1967')).toEqual(['Іваненко Іван Іванович', '1967-04-12']);
    // The date column, when filled, is the one asked.
    expect(asked('Іваненко Іван, 12.04.1967', '01.01.1970')).toEqual(['Іваненко Іван', '1970-01-01']);
    // A year of birth can be no date: the name is asked alone.
    expect(asked('Іваненко Іван Іванович, 1967 р.н.')).toEqual(['Іваненко Іван Іванович', undefined]);
    expect(asked('Іваненко Іван, 31.02.1967')).toEqual(['field.date.impossible']);
    // Names with dots and numbers that are not dates stay whole.
    expect(asked('Іваненко І.І.')).toEqual(['Іваненко І.І.', undefined]);
    expect(asked('ТОВ "Завод 1905"')).toEqual(['ТОВ "Завод 1905"', undefined]);
  });

  it('collects every field error, in the order of the interface, not just the first', () => {
    const errors = errorsOf({
      name: 'a\u0001',
      ipn: '123',
      date: '1990-02-31',
      doc: '123456789',
      doctype: 2,
      search: 3,
      lowranklimit: 101,
      listdata: 'nosuch',
      edrchangesfrom: '2020-01-01',
      edrchangesto: '2019-01-01',
      onlyactual: 'maybe',
    });
    expect(errors.map((e) => e.field)).toEqual([
      'name',
      'ipn',
      'date',
      'doc',
      'search',
      'lowranklimit',
      'listdata',
      'onlyactual',
      'edrchangesfrom',
    ]);
  });

  it('does not ask for a subject when the subject given is merely invalid', () => {
    const errors = errorsOf({ ipn: '123' });
    expect(errors.map((e) => e.field)).toEqual(['ipn']);
  });

  it('reports every bad company code of a list', () => {
    const errors = errorsOf({ ...SUBJECT, arrayedrpou: ['1', '12345678', 'abc'] });
    expect(errors.map((e) => [e.field, e.code])).toEqual([
      ['arrayedrpou', 'field.edrpouList'],
      ['arrayedrpou', 'field.edrpouList'],
    ]);
    expect(errors[1].message.en).toContain('abc');
  });

  it('rejects a future date against the real clock when no "now" is given', () => {
    const nextYear = new Date().getFullYear() + 1;
    const result = validateQuery({ ...SUBJECT, date: `${nextYear}-01-01` });
    expect(result.ok).toBe(false);
    expect(validateQuery({ ...SUBJECT, date: '1990-01-01' }).ok).toBe(true);
  });

  it('checks edrchangesfrom against today when edrchangesto is not given', () => {
    expect(errorsOf({ ...SUBJECT, edrchangesfrom: '2024-06-16' }).map((e) => e.code)).toEqual(['field.date.future']);
    expect(okQuery({ ...SUBJECT, edrchangesfrom: '2024-06-15', edrchangesto: '2024-06-15' }).edrchangesto).toBe(
      '2024-06-15',
    );
  });

  it('accepts a plain record of unknown values (JSON lines, CLI) and ignores fields it does not know', () => {
    const record: Record<string, unknown> = { name: 'ТОВ Ромашка', tokken: 'secret', extra: { a: 1 } };
    expect(validateQuery(record, { now: NOW })).toEqual({ ok: true, query: { name: 'ТОВ Ромашка' } });
  });

  it('normalises a full query in one pass', () => {
    const query = okQuery({
      name: ' Іванов  Іван Іванович ',
      ipn: 123456789,
      date: '5.1.1990',
      doc: 'ab 123456',
      doctype: 1,
      search: 2,
      lowranklimit: '70',
      listdata: ['peps', 'lostdocs'],
      IDinternal: 'row-12',
    });
    expect(query).toEqual({
      name: 'Іванов Іван Іванович',
      ipn: '0123456789',
      date: '1990-01-05',
      doc: 'АВ123456',
      doctype: 1,
      search: 2,
      lowranklimit: 70,
      listdata: listdataForRegistries(['peps', 'lostdocs']),
      IDinternal: 'row-12',
    });
  });
});

describe('parseQuery', () => {
  it('returns the normalised query', () => {
    expect(parseQuery({ ipn: 1234567 }, { now: NOW })).toEqual({ ipn: '01234567' });
  });

  it('throws InvalidInputError carrying every field error', () => {
    let thrown: unknown;
    try {
      parseQuery({ ipn: 'abc', date: '1990-02-31' }, { now: NOW });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(InvalidInputError);
    const error = thrown as InvalidInputError;
    expect(error.errors.map((e) => e.field)).toEqual(['ipn', 'date']);
    expect(error.text.uk).toContain('РНОКПП або ЄДРПОУ: ');
    expect(error.text.en).toContain('1990-02-31');
  });
});

describe('subjectKey', () => {
  const key = (input: QueryInput) => subjectKey(okQuery(input));

  it('is the same for the same person typed with different spacing or case', () => {
    const a = key({ name: 'Іванов  Іван', date: '05.01.1990' });
    expect(key({ name: ' Іванов Іван', date: '1990-01-05' })).toBe(a);
    expect(key({ name: 'ІВАНОВ ІВАН', date: 32878 })).toBe(a);
  });

  it('is the same for a code typed as text and the same code from an Excel number', () => {
    expect(key({ ipn: '01234567' })).toBe(key({ ipn: 1234567 }));
    expect(key({ doc: 'аа 123456', doctype: 1 })).toBe(key({ doc: 'AA-123456', doctype: '1' }));
  });

  it('ignores listdata and the caller ids and time', () => {
    const base = key({ ...SUBJECT });
    expect(
      key({ ...SUBJECT, listdata: 'peps', IDinternal: 'r1', DateRequest: '2024-06-15 10:00:00', IDuserPC: 'PC-1' }),
    ).toBe(base);
  });

  it('treats a value equal to the service default as not sent', () => {
    const base = key({ ...SUBJECT });
    expect(
      key({ ...SUBJECT, doctype: 0, search: 1, lowranklimit: 0, onlyactual: true, edrchangesfrom: '1991-08-24' }),
    ).toBe(base);
  });

  it('does not depend on the order of fields or of company codes', () => {
    const a = subjectKey({ name: 'X', ipn: '12345678', arrayedrpou: ['22222222', '11111111'] });
    const b = subjectKey({ arrayedrpou: ['11111111', '22222222'], ipn: '12345678', name: 'X' });
    expect(a).toBe(b);
  });

  it.each<[string, QueryInput]>([
    ['another name', { name: 'Петров Іван' }],
    ['a birth date', { ...SUBJECT, date: '1990-01-05' }],
    ['another birth date', { ...SUBJECT, date: '1990-01-06' }],
    ['a code', { ...SUBJECT, ipn: '12345678' }],
    ['a document', { ...SUBJECT, doc: 'АА123456' }],
    ['a doctype', { ...SUBJECT, doctype: 2 }],
    ['search 2', { ...SUBJECT, search: 2 }],
    ['a lowranklimit', { ...SUBJECT, lowranklimit: 50 }],
    ['a namelat', { ...SUBJECT, namelat: 'Ivanov Ivan' }],
    ['all entries of companies', { ...SUBJECT, onlyactual: false }],
    ['a city', { ...SUBJECT, city: 'Київ' }],
    ['a changes period', { ...SUBJECT, edrchangesto: '2024-01-01' }],
    ['company codes', { ...SUBJECT, arrayedrpou: '12345678' }],
    ['a non-resident code', { ...SUBJECT, nonrezedentcode: '77' }],
  ])('changes with %s', (_label, input) => {
    expect(key(input)).not.toBe(key({ ...SUBJECT }));
  });

  it('keeps a name and a code in separate slots', () => {
    expect(subjectKey({ name: '12345678' })).not.toBe(subjectKey({ ipn: '12345678' }));
  });
});

describe('excelSerialToIsoDate', () => {
  it.each<[number, string | null]>([
    [1, '1900-01-01'],
    [59, '1900-02-28'],
    [60, null],
    [61, '1900-03-01'],
    [25569, '1970-01-01'],
    [36526, '2000-01-01'],
    [45458, '2024-06-15'],
    [45458.999, '2024-06-15'],
    [2958465, '9999-12-31'],
    [2958466, null],
    [0.5, null],
    [0, null],
    [-1, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
  ])('%p → %p', (serial, iso) => {
    expect(excelSerialToIsoDate(serial)).toBe(iso);
  });

  it('agrees with JavaScript dates for every day of a leap year', () => {
    // 2000-01-01 is serial 36526; walk the year day by day through 29 February.
    for (let i = 0; i < 366; i++) {
      expect(excelSerialToIsoDate(36526 + i)).toBe(new Date(Date.UTC(2000, 0, 1 + i)).toISOString().slice(0, 10));
    }
  });
});

describe('the 1904 date system', () => {
  it.each<[number, string | null]>([
    [0, '1904-01-01'],
    [59, '1904-02-29'],
    [23112, '1967-04-12'],
    [23112.75, '1967-04-12'],
    [2957003, '9999-12-31'],
    [2957004, null],
    [-1, null],
  ])('%p → %p', (serial, iso) => {
    expect(excelSerialToIsoDate(serial, 1904)).toBe(iso);
  });

  it('validateQuery reads birth dates and DateRequest numbers in the system it is told', () => {
    // 45000.5 is 2023-03-15 noon in the 1900 system, 1,462 days later in the 1904 one.
    const asked = validateQuery({ name: 'Іваненко Іван', date: 23112, DateRequest: 45000.5 }, { dateSystem: 1904 });
    expect(asked).toMatchObject({ ok: true, query: { date: '1967-04-12', DateRequest: '2027-03-16 12:00:00' } });
  });
});

describe('per-field normalisers used alone', () => {
  it('name the field they were asked for', () => {
    const result = normalizeIpn('12', 'row 3 ipn');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0].field).toBe('row 3 ipn');
  });

  it('normalise a document given an explicit doctype', () => {
    expect(normalizeDoc('ох 000001', { doctype: 2 })).toEqual({ ok: true, value: 'OX000001' });
    expect(normalizeDoc('ох 000001')).toEqual({ ok: true, value: 'ОХ000001' });
  });
});

describe('core message catalogue', () => {
  it('has both languages for every key, with the same placeholders', () => {
    const keys = Object.keys(coreMessages.en) as (keyof typeof coreMessages.en)[];
    for (const k of keys) {
      expect(coreMessages.uk[k].trim()).not.toBe('');
      expect(coreMessages.en[k].trim()).not.toBe('');
      const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect([k, placeholders(coreMessages.uk[k])]).toEqual([k, placeholders(coreMessages.en[k])]);
    }
  });
});
