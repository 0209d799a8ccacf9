import {
  checkMapping,
  columnLetter,
  findHeaderRow,
  headerText,
  normalizeHeader,
  recogniseColumns,
} from '../../src/bulk/columns';
import { checkRow, planRun, rowErrors, rowInput } from '../../src/bulk/plan';
import { subjectKey } from '../../src/core/query';

describe('recogniseColumns', () => {
  it.each<[string, (string | null)[], Record<string, number>]>([
    ['Ukrainian headers', ['ПІБ', 'Дата народження', 'ІПН', 'Паспорт'], { name: 0, date: 1, ipn: 2, doc: 3 }],
    ['English headers', ['name', 'date', 'ipn', 'doc', 'namelat'], { name: 0, date: 1, ipn: 2, doc: 3, namelat: 4 }],
    ['company columns', ['Назва', 'ЄДРПОУ'], { name: 0, ipn: 1 }],
    ['РНОКПП and Документ', ['№', 'РНОКПП', 'Документ', 'П.І.Б.'], { ipn: 1, doc: 2, name: 3 }],
    ['namelat is not taken for name', ['ПІБ латиницею', 'ПІБ'], { namelat: 0, name: 1 }],
    [
      'partial headers',
      ['Прізвище, ім’я клієнта', 'Дата народження клієнта', 'Серія і номер паспорта'],
      { name: 0, date: 1, doc: 2 },
    ],
    [
      'English variants',
      ['Full name', 'Date of birth', 'Tax ID', 'Passport number'],
      { name: 0, date: 1, ipn: 2, doc: 3 },
    ],
    ['ПІП, Д/н and Ідентифікаційний код', ['ПІП', 'Д/н', 'Ідентифікаційний код'], { name: 0, date: 1, ipn: 2 }],
    [
      'ІНН inside a longer header, and the tax number by its older name',
      ['Клієнт', 'ІНН клієнта', 'Ідентифікаційний номер платника'],
      { name: 0, ipn: 1 },
    ],
    ['Russian-language exports', ['ФИО', 'Дата рождения', 'ИНН', 'Паспорт'], { name: 0, date: 1, ipn: 2, doc: 3 }],
    ['Д.р. and ФІО', ['Ф.І.О.', 'Д.р.'], { name: 0, date: 1 }],
    ['the whole name by its word for name', ['Повне ім’я', 'Дата народження'], { name: 0, date: 1 }],
    ['unknown and blank headers are left alone', ['Примітка', null, 'Amount'], {}],
    ['the first fitting column wins', ['ПІБ', 'Назва'], { name: 0 }],
    // Each of these was once taken for the birth date or the document, and refused or sent on every row.
    [
      'the place of birth before the birth date is not the date',
      ['№', 'Місце народження', 'ПІБ', 'Дата народження клієнта'],
      { name: 2, date: 3 },
    ],
    ['a year of birth is no date', ['Прізвище', 'Рік народження', 'Year of birth'], { surname: 0 }],
    [
      'who issued a passport, and when, is not the document',
      ['ПІБ', 'Паспорт: ким виданий', 'Дата видачі паспорта', 'Паспорт: серія і номер'],
      { name: 0, doc: 3 },
    ],
    ['"Серія/номер" is the whole document', ['ПІБ', 'Серія/номер'], { name: 0, doc: 1 }],
    ['an issue date is not the passport number', ['Name', 'Passport issue date', 'Passport No'], { name: 0, doc: 2 }],
    [
      'a passport in two columns: its series and its number',
      ['ПІБ', 'Серія паспорта', 'Номер паспорта', 'Ким виданий', 'Дата видачі'],
      { name: 0, docSeries: 1, docNumber: 2 },
    ],
    [
      'a whole document column beside a series stays the document',
      ['ПІБ', 'Паспорт', 'Серія'],
      { name: 0, doc: 1, docSeries: 2 },
    ],
    [
      'a series-and-number column beside a series stays the document',
      ['ПІБ', 'Серія', 'Серія і номер паспорта'],
      { name: 0, docSeries: 1, doc: 2 },
    ],
    [
      'a bare "Номер" right of the series is the passport number',
      ['№', 'Прізвище', 'Ім’я', 'Тип документа', 'Серія', 'Номер', 'Телефон'],
      { surname: 1, givenName: 2, docSeries: 4, docNumber: 5 },
    ],
    [
      'a bare "Номер" anywhere else is left alone',
      ['Номер', 'ПІБ', 'Серія', 'Телефон', 'Номер'],
      { name: 1, docSeries: 2 },
    ],
    ['an ID card number is the document', ['ПІБ', 'Номер ID-картки', 'УНЗР'], { name: 0, doc: 1 }],
    [
      'the official forms’ words for the birth date and the tax number',
      [
        'Прізвище, ім’я, по батькові',
        'Число, місяць, рік народження',
        'Реєстраційний номер облікової картки платника податків',
      ],
      { name: 0, date: 1, ipn: 2 },
    ],
  ])('%s', (_label, headers, expected) => {
    expect(recogniseColumns(headers)).toEqual(expected);
  });

  it('normalises case, apostrophes and punctuation', () => {
    expect(normalizeHeader("  Прізвище, Ім'я  ")).toBe('прізвище ім я');
    expect(normalizeHeader(null)).toBe('');
  });
});

describe('findHeaderRow', () => {
  const clients = [
    ['Кривоклен Северин Богданович', '12.04.1967'],
    ['Клієнтенко Тест 1', '1952-06-12'],
  ];
  it.each<[string, (string | null)[][], number]>([
    ['headers in the first row', [['ПІБ', 'Дата народження'], ...clients], 0],
    // The title names clients, which alone would make it the name column, and the headers a client.
    [
      'a title and a blank row above the headers',
      [['Перелік клієнтів станом на 01.11.2026', null], [null, null], ['ПІБ', 'Дата народження'], ...clients],
      2,
    ],
    [
      'a title with partial headers below',
      [['Клієнти банку'], ['Прізвище, ім’я клієнта', 'Дата народження клієнта']],
      1,
    ],
    // Nothing reads as a header: the first non-empty row, as before, and the mapping says what is missing.
    ['no header at all', [[null], ['Контрагент', 'Дата'], ['Іваненко Іван', '1990']], 1],
    ['every row empty', [[null], ['']], -1],
  ])('%s', (_label, rows, expected) => {
    expect(findHeaderRow(rows)).toBe(expected);
  });

  it('looks no further than the first 20 filled rows, so a client named like a header stays a client', () => {
    const rows = [['Клієнт'], ...Array.from({ length: 20 }, (_, i) => [`Особа ${i}`]), ['ПІБ']];
    expect(findHeaderRow(rows)).toBe(0);
  });
});

describe('checkMapping', () => {
  it('needs a subject column', () => {
    expect(checkMapping({ date: 0 }, 2).map((p) => p.code)).toEqual(['mapping.noSubject']);
  });

  it('refuses a column used twice and a column outside the input', () => {
    expect(
      checkMapping({ name: 0, namelat: 0, doc: 5 }, 2)
        .map((p) => p.code)
        .sort(),
    ).toEqual(['mapping.duplicate', 'mapping.outOfRange']);
  });

  it('accepts a usable mapping', () => {
    expect(checkMapping({ name: 0, date: 1 }, 2)).toEqual([]);
  });
});

describe('rows into requests', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const options = { listdata: 512n, search: 1 as const, lowranklimit: 0 };

  it('reads only mapped cells', () => {
    expect(rowInput(['Іваненко Іван', 45000, 'x'], { name: 0, date: 1 })).toEqual({
      name: 'Іваненко Іван',
      date: 45000,
    });
  });

  const subjectKeyOf = (row: readonly (string | null)[]): string => {
    const checked = checkRow(row, { name: 0, date: 1 }, options, now);
    if (!checked.ok) throw new Error('row expected valid');
    return subjectKey(checked.query);
  };

  it('reports invalid rows and asks identical subjects once', () => {
    const rows = [
      ['Іваненко Іван', '1980-01-02'],
      ['  іваненко   ІВАН ', '02.01.1980'],
      ['', ''],
      ['Петренко Петро', '31.02.1980'],
      ['Петренко Петро', null],
    ];
    const plan = planRun(rows, { name: 0, date: 1 }, options, now);
    expect(plan.subjectCount).toBe(2);
    // The blank row is told apart from the invalid one (EMPTY_ROW_SUBJECT), and counted apart.
    expect(Array.from(plan.rowSubject)).toEqual([0, 0, -2, -1, 1]);
    expect(Array.from(plan.subjectRows)).toEqual([2, 1]);
    expect(Array.from(plan.subjectLastRow)).toEqual([1, 4]);
    expect([plan.invalidRows, plan.emptyRows]).toEqual([1, 1]);
    expect(plan.subjectOf(subjectKeyOf(rows[1]))).toBe(0);
    expect(plan.subjectOf(subjectKeyOf(['Сидоренко Сидір', null]))).toBe(-1);
    expect(rowErrors(rows[3], { name: 0, date: 1 }, options, now)[0].field).toBe('date');
  });

  it('says a blank row is empty, and a row with only a date that it needs a subject', () => {
    const mapping = { name: 0, date: 1 };
    // Blank in every cell, the unmapped third one too.
    expect(rowErrors(['', '  ', null], mapping, options, now).map((e) => e.message)).toEqual([
      { en: 'the row is empty, nothing to screen.', uk: 'рядок порожній, перевіряти нічого.' },
    ]);
    expect(rowErrors(['', '1980-01-02'], mapping, options, now).map((e) => e.message.en)).toEqual([
      'Enter at least one of: name, tax/company code (ipn) or document.',
    ]);
    // A note in a column the run does not read is still no subject to screen.
    expect(rowErrors(['', null, 'примітка'], mapping, options, now)[0].message.en).toMatch(/^Enter at least one of/);
  });

  it('refuses a row whose read column holds an Excel error, rather than screen "#N/A" or drop a broken date', () => {
    const mapping = { name: 0, date: 1, surname: 3 };
    const errorsOf = (row: (string | null)[]) =>
      rowErrors(row, mapping, options, now).map((e) => [e.field, e.code, e.message.en, e.message.uk]);
    expect(errorsOf(['#N/A', '1980-01-02', null, null])).toEqual([
      [
        'name',
        'cell.excelError',
        'the cell holds the Excel error #N/A: correct its formula or data, then screen the row again.',
        'у клітинці помилка Excel #N/A: виправте формулу чи дані й перевірте рядок знову.',
      ],
    ]);
    // Valid otherwise: the date's error alone stops it, spelled as any case or spacing Excel or a CSV gives.
    expect(errorsOf(['Іваненко Іван', ' #value! ', null, null]).map(([field, code]) => [field, code])).toEqual([
      ['date', 'cell.excelError'],
    ]);
    expect(errorsOf(['Іваненко Іван', '#REF!', null, '#DIV/0!']).map(([field]) => field)).toEqual(['date', 'surname']);
    // A column the run does not read may hold what it likes; text that only starts with "#" is text.
    expect(errorsOf(['Іваненко Іван', '1980-01-02', '#N/A', null])).toEqual([]);
    expect(errorsOf(['#1 Іваненко', null, null, null])).toEqual([]);
    const plan = planRun([['#N/A', '1980-01-02', null, null]], mapping, options, now);
    expect([plan.subjectCount, plan.invalidRows]).toEqual([0, 1]);
  });

  it('joins a passport series and number from their own columns, where the row has no whole document', () => {
    const mapping = { name: 0, doc: 1, docSeries: 2, docNumber: 3 };
    expect(rowInput(['Іваненко Іван', null, 'КМ', '417305'], mapping).doc).toBe('КМ 417305');
    // A number cell lost the number's leading zero; an ID card has no series.
    expect(rowInput(['Іваненко Іван', null, 'км', 17305], mapping).doc).toBe('км 017305');
    expect(rowInput(['Іваненко Іван', '', null, '001234567'], mapping).doc).toBe('001234567');
    expect(rowInput(['Іваненко Іван', 'АА123456', 'КМ', '417305'], mapping).doc).toBe('АА123456');
    const checked = checkRow(['Іваненко Іван', null, 'км', 17305], mapping, options, now);
    expect(checked.ok && checked.query.doc).toBe('КМ017305');
    // A series with no number is refused as the document it is, not sent.
    expect(rowErrors(['Іваненко Іван', null, 'КМ', null], mapping, options, now).map((e) => e.code)).toEqual([
      'field.doc.format',
    ]);
    expect(checkMapping({ docSeries: 0, docNumber: 1 }, 2)).toEqual([]);
  });

  it("reads a formula's 0 as the empty cell it stands for, and a dash or 0 in the name as no name", () => {
    // A list of formulas over a client sheet (=Clients!B5): 0 where the client's cell is empty.
    const mapping = { name: 0, date: 1, ipn: 2, doc: 3, namelat: 4, surname: 5 };
    const queryOf = (row: (string | number | null)[]) => {
      const checked = checkRow(row, mapping, options, now);
      return checked.ok ? checked.query : checked.errors.map((e) => e.code);
    };
    expect(queryOf(['Іваненко Іван', 0, 0, '0', '-', null])).toMatchObject({ name: 'Іваненко Іван' });
    expect(queryOf(['Іваненко Іван', 0, 0, '0', '-', null])).not.toHaveProperty('ipn');
    // A placeholder name with a code is asked by the code alone; without one it is refused, saying why.
    expect(queryOf(['-', null, '3012345678', null, null, null])).toEqual(
      expect.not.objectContaining({ name: expect.anything() }),
    );
    expect(queryOf([0, 0, '3012345678', null, null, null])).toMatchObject({ ipn: '3012345678' });
    expect(queryOf(['н/д', '1980-01-02', null, null, null, null])).toEqual(['field.name.placeholder']);
    expect(rowErrors([0, '1980-01-02', 0, null, null, null], mapping, options, now)[0].message.en).toMatch(
      /^"0" is no name/,
    );
    // Formulas copied below the last client: a spacer row, not a row to correct.
    const plan = planRun(
      [
        ['Іваненко Іван', 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0],
        [0, '0', null, '', 0, 0],
      ],
      mapping,
      options,
      now,
    );
    expect([plan.subjectCount, plan.invalidRows, plan.emptyRows]).toEqual([1, 0, 2]);
  });
});

describe('header helpers', () => {
  it('names blank headers by column letter', () => {
    expect(headerText(['a', ' ', null], 1)).toBe('B');
    expect(columnLetter(27)).toBe('AB');
  });
});
