import { initialWords } from '../../src/core/query/initials';
import { checkMapping, recogniseColumns } from '../../src/bulk/columns';
import { nameColumnNotes } from '../../src/bulk/name-columns';
import { rowInput } from '../../src/bulk/plan';
import { hitRows, hitsColumns } from '../../src/bulk/result-table';
import type { ScreenedOutcome } from '../../src/bulk/outcome';

/**
 * Issue 31, item 1: a client list with the name split over Прізвище, Ім'я, По батькові (or
 * Surname / First name / Middle name) is screened by the whole name, in the right order, and
 * says so; a name column that mostly holds one word is warned about before anything is paid for.
 */

describe('split name columns', () => {
  it.each([
    [['Прізвище', 'Ім’я', 'По батькові', 'Дата народження'], 'uk'],
    [["Ім'я", 'По батькові', 'Прізвище', 'Дата народження'], 'uk, columns in another order'],
    [['Surname', 'First name', 'Middle name', 'Date of birth'], 'en'],
  ])('recognises %j (%s) and joins surname, first name, patronymic in that order', (headers) => {
    const mapping = recogniseColumns(headers);
    expect(mapping.name).toBeUndefined();
    expect(checkMapping(mapping, headers.length)).toEqual([]);
    const cells: Record<string, string> = { surname: 'Кривоклен', givenName: 'Северин', patronymic: 'Богданович' };
    const row = headers.map((_, i) => {
      const role = Object.entries(mapping).find(([, index]) => index === i)?.[0];
      return role === 'date' ? '1967-04-12' : (cells[role ?? ''] ?? null);
    });
    expect(rowInput(row, mapping)).toEqual({ name: 'Кривоклен Северин Богданович', date: '1967-04-12' });
  });

  it('keeps a full-name header whole ("Прізвище, ім’я та по батькові"), and a full name wins over parts', () => {
    expect(recogniseColumns(['Прізвище, ім’я та по батькові клієнта']).name).toBe(0);
    const mapping = recogniseColumns(['ПІБ', 'Прізвище', 'Ім’я']);
    expect(mapping).toMatchObject({ name: 0, surname: 1, givenName: 2 });
    expect(rowInput(['Іваненко Іван', 'Петренко', 'Петро'], mapping).name).toBe('Іваненко Іван');
    expect(rowInput(['', 'Петренко', 'Петро'], mapping).name).toBe('Петренко Петро');
  });

  it('says how the name is made, in both languages', () => {
    const headers = ['Прізвище', 'Ім’я', 'По батькові'];
    const [note] = nameColumnNotes(headers, [], recogniseColumns(headers));
    expect(note.kind).toBe('joined');
    expect(note.text.uk).toBe('ПІБ = Прізвище + Ім’я + По батькові, для кожного рядка в такому порядку.');
    expect(note.text.en).toBe('Name = Прізвище + Ім’я + По батькові, joined in this order on each row.');
  });

  it('warns before the run of names with initials, and marks each such row after what it found', () => {
    expect(initialWords('Кривоклен С.Б.')).toEqual(['С.Б.']);
    expect(initialWords('Ivanenko I. P.')).toEqual(['I.', 'P.']);
    expect(initialWords('Кривоклен С.Б., 12.04.1967')).toEqual(['С.Б.']);
    // A whole name, a company's quoted abbreviation, a conjunction, a capital's preposition, a lone letter: no initials.
    for (const name of [
      'Кривоклен Северин Богданович',
      'ТОВ «А.С.К.»',
      'Петренко і партнери',
      "О'Брайен Ден",
      'ТОВАРИСТВО З ОБМЕЖЕНОЮ ВІДПОВІДАЛЬНІСТЮ "ПОЛЯРНА СОВА"',
      'Квотенко Клієнт А',
    ]) {
      expect(initialWords(name)).toEqual([]);
    }
    const rows = [['Кривоклен С.Б.'], ['Іваненко Іван Петрович'], ['Петренко П. П.']];
    const notes = nameColumnNotes(['ПІБ'], rows, recogniseColumns(['ПІБ']));
    expect(notes.map((n) => n.kind)).toEqual(['initials']);
    expect(notes[0].text.en).toMatch(/^Warning: names with initials, of the first 3: 2 \(e\.g\. "Кривоклен С\.Б\."\)/);
    expect(notes[0].text.uk).toContain('серед перших 3: 2 (напр. «Кривоклен С.Б.»)');
  });

  it('warns before the run of a birth date after the name that differs from the date column', () => {
    const headers = ['ПІБ', 'Дата народження'];
    const rows = [
      ['Іваненко Іван Іванович, 12.04.1967 р.н.', '13.04.1967'],
      // The same date in both, or none in the column (the name's date is then asked): nothing to say.
      ['Петренко Петро Петрович, 01.02.1980', '1980-02-01'],
      ['Сидоренко Олег Іванович, 05.05.1975', null],
    ];
    const notes = nameColumnNotes(headers, rows, recogniseColumns(headers));
    expect(notes.map((n) => n.kind)).toEqual(['dateDiffers']);
    expect(notes[0].text.en).toBe(
      'Warning: names followed by a birth date that differs from the date column, of the first 3: 1 (e.g. "Іваненко Іван Іванович, 12.04.1967 р.н."). The date column is asked: correct whichever of the two is wrong.',
    );
    expect(notes[0].text.uk).toContain('серед перших 3: 1 (напр. «Іваненко Іван Іванович, 12.04.1967 р.н.»)');
  });

  it('warns before the run of codes that fail their check digit, valid ones and passports left alone', () => {
    const headers = ['ПІБ', 'РНОКПП / ЄДРПОУ'];
    const rows = [
      ['Петренко Петро Петрович', '2234567890'],
      ['Петренко Петро Петрович', '2234567898'],
      ['ТОВ «Ромашка»', 14360571],
      ['Іваненко Іван Іванович', 'КМ 417305'],
      ['Сидоренко Олег Іванович', null],
    ];
    const notes = nameColumnNotes(headers, rows, recogniseColumns(headers));
    expect(notes.map((n) => n.kind)).toEqual(['badCheckDigit']);
    expect(notes[0].text.en).toBe(
      'Warning: codes that fail their check digit, of the first 5: 2 (e.g. 2234567890). A mistyped code finds no one, or someone else: correct it at the source; until then such a row\'s "no hits" proves nothing.',
    );
    expect(notes[0].text.uk).toContain('серед перших 5: 2 (напр. 2234567890)');
  });

  it('says how the document is made from a series and a number column', () => {
    const headers = ['ПІБ', 'Серія паспорта', 'Номер паспорта'];
    const notes = nameColumnNotes(headers, [], recogniseColumns(headers));
    expect(notes.map((n) => [n.kind, n.text.en])).toEqual([
      ['docJoined', 'Document = Серія паспорта + Номер паспорта on each row that has no whole document.'],
    ]);
    expect(notes[0].text.uk).toBe(
      'Документ = Серія паспорта + Номер паспорта у кожному рядку, де немає цілого документа.',
    );
  });

  it('warns when most names are one word, and not for full names', () => {
    const surnames = ['Петренко', 'Іваненко', 'Коваль', 'Шевчук', 'Бондар', 'Ткаченко Олена'].map((n) => [n]);
    const notes = nameColumnNotes(['ПІБ'], surnames, recogniseColumns(['ПІБ']));
    expect(notes.map((n) => n.kind)).toEqual(['oneWord']);
    expect(notes[0].text.uk).toContain('83% імен складаються з одного слова (напр. «Петренко»)');
    const full = surnames.map(([n]) => [`${n} Іван Петрович`]);
    expect(nameColumnNotes(['ПІБ'], full, recogniseColumns(['ПІБ']))).toEqual([]);
    // A dash or "н/д" for a client with no name is no surname asked alone: each such row is refused, saying why.
    const gaps = [...full, ['-'], ['н/д'], ['—'], ['-'], ['0'], ['-']];
    expect(nameColumnNotes(['ПІБ'], gaps, recogniseColumns(['ПІБ']))).toEqual([]);
  });

  it('says before the run how many names mix Latin and Cyrillic letters, split columns and Latin names too', () => {
    const headers = ['Прізвище', 'Ім’я', 'По батькові', 'ПІБ латиницею'];
    const rows = [
      ['Кривоклен', 'Cеверин', 'Богданoвич', null],
      ['Іваненко', 'Петро', 'Петрович', 'Ivanenkо Petro'],
      ['Коваль', 'Марія', 'Іванівна', 'Koval Mariia'],
    ];
    const notes = nameColumnNotes(headers, rows, recogniseColumns(headers));
    expect(notes.map((n) => n.kind)).toEqual(['joined', 'mixedScripts']);
    expect(notes[1].text.en).toBe(
      "Rows whose name mixes Latin and Cyrillic letters, of the first 3: 2 (e.g. “Cеверин”, “Богданoвич”). Each word is screened in its own alphabet; the row's Status names the words to correct at the source.",
    );
    expect(notes[1].text.uk).toContain('серед перших 3: 2 (напр. «Cеверин», «Богданoвич»)');
    expect(nameColumnNotes(headers, rows.slice(2), recogniseColumns(headers)).map((n) => n.kind)).toEqual(['joined']);
  });

  it('the hits list names the subject by the joined name', () => {
    const headers = ['Прізвище', 'Ім’я', 'По батькові'];
    const mapping = recogniseColumns(headers);
    const outcome = {
      kind: 'screened',
      key: 'k',
      level: 'high',
      verdict: 'high',
      bestPercent: 100,
      totalHits: 1,
      counts: [1],
      failures: [],
      idrequest: 'R',
      dateResponse: '',
      hits: [{ registry: 'peps', id: '1', name: 'X', percent: 100, level: 'high', birth: '', details: '' }],
      hitsOmitted: 0,
    } as ScreenedOutcome;
    const ctx = { lang: 'en' as const, headers, mapping, registries: ['peps' as const], firstSourceRow: 2 };
    const [row] = hitRows(ctx, 0, ['Кривоклен', 'Северин', 'Богданович'], { kind: 'outcome', outcome });
    expect(row[hitsColumns('en').findIndex((c) => c.id === 'input')]).toBe('Кривоклен Северин Богданович');
  });
});
