import {
  EXPLANATION_RULES_VERSION,
  FACT_CODES,
  explainHit,
  whyLine,
  type Decision,
  type ExplainedQuery,
  type FactCode,
  type ReasonCode,
} from '../../src/core/answer/explain';
import { parseRecordDate } from '../../src/core/answer/birth-dates';
import { explainMessages } from '../../src/core/answer/explain-messages';
import { nameTokens } from '../../src/core/answer/name-tokens';
import type { RegistryKey } from '../../src/core/protocol/registries';
import { hitLine } from '../../src/bulk/hits';
import { hitRows, hitsColumns } from '../../src/bulk/result-table';
import type { ScreenedOutcome } from '../../src/bulk/outcome';

/**
 * "Why this hit": one fixture per registry family (persons with birth dates, companies with
 * ЄДРПОУ, documents), written against the interface and its quirks: year-only birth dates, dates
 * with a time, codes with spaces or lost leading zeros, Latin look-alikes in Cyrillic names.
 */
interface Case {
  label: string;
  query: ExplainedQuery;
  registry: RegistryKey;
  item: Record<string, unknown>;
  facts: FactCode[];
  decision: Decision;
  reason: ReasonCode;
}

const PEP = {
  idpep: 101,
  name: 'Іваненко Іван Іванович',
  aka: 'Ivanenko Ivan',
  dateb: '1967-04-12',
  ipn: '1234567890',
  active: true,
};

const CASES: Case[] = [
  // Persons with birth dates.
  {
    label: 'PEP: name and birth date agree',
    query: { name: 'ІВАНЕНКО  іван іванович', date: '1967-04-12' },
    registry: 'peps',
    item: PEP,
    facts: ['name.exact', 'birth.equal', 'code.not-asked'],
    decision: 'true-match',
    reason: 'name-and-birth-date',
  },
  {
    label: 'PEP: Latin look-alike letters in a Cyrillic name, a date with a time in the record',
    query: { name: 'Iваненко Iван Iванович', date: '1967-04-12' },
    registry: 'peps',
    item: { ...PEP, dateb: '1967-04-12 00:00:00' },
    facts: ['name.exact', 'birth.equal', 'code.not-asked'],
    decision: 'true-match',
    reason: 'name-and-birth-date',
  },
  {
    label: 'PEP: namesake with another birth date',
    query: { name: 'Іваненко Іван Іванович', date: '1980-01-02' },
    registry: 'peps',
    item: PEP,
    facts: ['name.exact', 'birth.differs', 'code.not-asked'],
    decision: 'false-positive',
    reason: 'different-birth-date',
  },
  {
    label: 'PEP: the code agrees whatever else differs',
    query: { name: 'Іваненко І. І.', date: '1980-01-02', ipn: '1234567890' },
    registry: 'peps',
    item: PEP,
    facts: ['name.partial', 'birth.differs', 'code.equal'],
    decision: 'true-match',
    reason: 'confirmed-by-code',
  },
  {
    label: 'PEP: both sides have a code and they differ',
    query: { name: 'Іваненко Іван Іванович', ipn: '2234567898' },
    registry: 'peps',
    item: PEP,
    facts: ['name.exact', 'birth.not-asked', 'code.differs'],
    decision: 'false-positive',
    reason: 'different-code',
  },
  // Version 2: a code whose own check digit is wrong was mistyped, and rules nobody out.
  {
    label: 'PEP: the code asked fails its check digit, so its difference says nothing',
    query: { name: 'Іваненко Іван Іванович', ipn: '2234567890' },
    registry: 'peps',
    item: PEP,
    facts: ['name.exact', 'birth.not-asked', 'code.bad-check-digit'],
    decision: 'needs-review',
    reason: 'incomplete-data',
  },
  {
    label: 'PEP: a mistyped code leaves the birth dates to decide',
    query: { name: 'Іваненко Іван Іванович', date: '1980-01-02', ipn: '2234567890' },
    registry: 'peps',
    item: PEP,
    facts: ['name.exact', 'birth.differs', 'code.bad-check-digit'],
    decision: 'false-positive',
    reason: 'different-birth-date',
  },
  {
    label: 'PEP: a mistyped code that is the record’s still confirms it',
    query: { name: 'Іваненко Іван Іванович', ipn: '1234567890' },
    registry: 'peps',
    item: PEP,
    facts: ['name.exact', 'birth.not-asked', 'code.equal'],
    decision: 'true-match',
    reason: 'confirmed-by-code',
  },
  {
    label: 'PEP: day and month swapped is never a clear "differs"',
    query: { name: 'Іваненко Іван Іванович', date: '1967-12-04' },
    registry: 'peps',
    item: PEP,
    facts: ['name.exact', 'birth.swapped', 'code.not-asked'],
    decision: 'needs-review',
    reason: 'incomplete-data',
  },
  // Version 2: a date a slip away from the record's is a typing error as often as a namesake.
  ...(
    [
      ['one digit of the day', '1967-04-13'],
      ['one digit of the year, however far', '1997-04-12'],
      ['two neighbouring digits of the year swapped', '1976-04-12'],
      ['the two digits of the day swapped', '1967-04-21'],
    ] as const
  ).map(([slip, date]): Case => ({
    label: `PEP: a birth date ${slip} off is never a clear "differs"`,
    query: { name: 'Іваненко Іван Іванович', date },
    registry: 'peps',
    item: PEP,
    facts: ['name.exact', 'birth.near', 'code.not-asked'],
    decision: 'needs-review',
    reason: 'incomplete-data',
  })),
  {
    label: 'PEP: a day apart across the end of a month (a date kept as midnight in another zone)',
    query: { name: 'Іваненко Іван Іванович', date: '1967-05-01' },
    registry: 'peps',
    item: { ...PEP, dateb: '30.04.1967' },
    facts: ['name.exact', 'birth.near', 'code.not-asked'],
    decision: 'needs-review',
    reason: 'incomplete-data',
  },
  {
    label: 'PEP: two digits apart, not neighbours, is a namesake',
    query: { name: 'Іваненко Іван Іванович', date: '1968-04-22' },
    registry: 'peps',
    item: PEP,
    facts: ['name.exact', 'birth.differs', 'code.not-asked'],
    decision: 'false-positive',
    reason: 'different-birth-date',
  },
  {
    label: 'PEP: the Latin alias asked, a former PEP, the record has no code',
    query: { name: 'Ivanenko Ivan', ipn: '3234567890' },
    registry: 'peps',
    item: { ...PEP, ipn: undefined, active: false, dateendpep: '2020-05-01' },
    facts: ['name.alias', 'birth.not-asked', 'code.not-in-record', 'status.inactive'],
    decision: 'needs-review',
    reason: 'incomplete-data',
  },
  {
    label: 'PEP: year of birth only, and it agrees',
    query: { name: 'Іваненко Іван Іванович', date: '1967-04-12' },
    registry: 'peps',
    item: { ...PEP, dateb: undefined, yearb: '1967' },
    facts: ['name.exact', 'birth.year-equal', 'code.not-asked'],
    decision: 'needs-review',
    reason: 'incomplete-data',
  },
  {
    label: 'PEP: year of birth only, and it differs',
    query: { name: 'Іваненко Іван Іванович', date: '1970-04-12' },
    registry: 'peps',
    item: { ...PEP, dateb: undefined, yearb: '1967' },
    facts: ['name.exact', 'birth.year-differs', 'code.not-asked'],
    decision: 'needs-review',
    reason: 'incomplete-data',
  },
  {
    label: 'sanctions: no birth date in the record, a lifted list',
    query: { name: 'Петренко Петро', date: '1970-01-01' },
    registry: 'psanctions',
    item: {
      pid: 'S-1',
      p_fullname: 'ПЕТРЕНКО ПЕТРО',
      sanction: [],
      sanction_lost: [{ list: 'OFAC SDN', lastModifyDate: '2024-03-01' }],
    },
    facts: ['name.exact', 'birth.not-in-record', 'status.inactive'],
    decision: 'needs-review',
    reason: 'incomplete-data',
  },
  {
    label: 'sanctions: one list lifted while another stays in force',
    query: { name: 'Петренко Петро', date: '1970-01-01' },
    registry: 'psanctions',
    item: {
      pid: 'S-3',
      p_fullname: 'ПЕТРЕНКО ПЕТРО',
      p_birthdate: '1970-01-01',
      p_lists: 'РНБО; OFAC SDN',
      sanction: [{ list: 'РНБО' }],
      sanction_lost: [{ list: 'OFAC SDN', lastModifyDate: '2024-03-01' }],
    },
    facts: ['name.exact', 'birth.equal', 'status.partly-ended'],
    decision: 'true-match',
    reason: 'name-and-birth-date',
  },
  {
    label: 'sanctions: one of several birth dates agrees, and a document agrees',
    query: { name: 'Петренко Петро', date: '1970-01-01', doc: 'AA 123456' },
    registry: 'psanctions',
    item: {
      pid: 'S-2',
      p_fullname: 'Петренко Петро',
      p_birthdates: ['1969-01-01', '1970-01-01'],
      p_docs: ['АА123456'],
      sanction: [{ list: 'РНБО' }],
    },
    facts: ['name.exact', 'birth.equal', 'doc.equal'],
    decision: 'true-match',
    reason: 'confirmed-by-document',
  },
  // Version 2: a document is no code; the client's may simply be another of theirs.
  {
    label: 'sanctions: the name and birth date agree and the document differs: another of the person’s documents?',
    query: { name: 'Петренко Петро', date: '1970-01-01', doc: '004172093' },
    registry: 'psanctions',
    item: {
      pid: 'S-2',
      p_fullname: 'Петренко Петро',
      p_birthdates: ['1970-01-01'],
      p_docs: ['АА123456'],
      sanction: [],
    },
    facts: ['name.exact', 'birth.equal', 'doc.differs'],
    decision: 'needs-review',
    reason: 'incomplete-data',
  },
  {
    label: 'sanctions: the name agrees, the birth date a slip off, the document differs',
    query: { name: 'Петренко Петро', date: '1970-01-02', doc: '004172093' },
    registry: 'psanctions',
    item: {
      pid: 'S-2',
      p_fullname: 'Петренко Петро',
      p_birthdates: ['1970-01-01'],
      p_docs: ['АА123456'],
      sanction: [],
    },
    facts: ['name.exact', 'birth.near', 'doc.differs'],
    decision: 'needs-review',
    reason: 'incomplete-data',
  },
  {
    label: 'sanctions: the name agrees, the birth date and the document differ',
    query: { name: 'Петренко Петро', date: '1985-06-30', doc: '004172093' },
    registry: 'psanctions',
    item: {
      pid: 'S-2',
      p_fullname: 'Петренко Петро',
      p_birthdates: ['1970-01-01'],
      p_docs: ['АА123456'],
      sanction: [],
    },
    facts: ['name.exact', 'birth.differs', 'doc.differs'],
    decision: 'false-positive',
    reason: 'different-document',
  },
  {
    label:
      'company register: a person asked, named among the beneficial owners and owners (the service’s example formats)',
    query: { name: 'Коваленко Олександр Петрович', date: '1975-01-01' },
    registry: 'edr',
    item: {
      edrpou: '41234567',
      name: 'ТОВ "ПРИКЛАД"',
      txtf: 'засновник',
      kbv: 'КОВАЛЕНКО ОЛЕКСАНДР ПЕТРОВИЧ',
      mng: 'керівник',
      own: 'КОВАЛЕНКО ОЛЕКСАНДР ПЕТРОВИЧ, 100%',
    },
    facts: ['name.linked'],
    decision: 'needs-review',
    reason: 'incomplete-data',
  },
  {
    label: 'full company register: a person asked, the manager and a signatory',
    query: { name: 'Шевчук Ганна' },
    registry: 'edrfullinfo',
    item: {
      edrpou: '41234567',
      name: 'ТОВ "ПРИКЛАД"',
      founders: [{ founder: 'Бондар Іван, 10000 грн', name: 'Бондар Іван' }],
      manager_info: { name: 'ШЕВЧУК ГАННА МИКОЛАЇВНА', position: 'директор' },
      signers: [{ name: 'Шевчук Ганна Миколаївна' }],
    },
    facts: ['name.linked'],
    decision: 'needs-review',
    reason: 'incomplete-data',
  },
  {
    label: 'company register: a surname alone links to nobody; the names differ',
    query: { name: 'Коваленко' },
    registry: 'edr',
    item: { edrpou: '41234567', name: 'ТОВ "ПРИКЛАД"', kbv: 'КОВАЛЕНКО ОЛЕКСАНДР ПЕТРОВИЧ' },
    facts: ['name.differs', 'code.not-asked'],
    decision: 'needs-review',
    reason: 'incomplete-data',
  },
  {
    label: 'wanted: surname in name, first name in forename; the name differs (found by another field)',
    query: { name: 'Сидоренко Олег', date: '1990-03-03' },
    registry: 'wanted',
    item: { id: 'W-1', name: 'КОВАЛЬ', forename: 'ОЛЕКСАНДР', datebirth: '1990-03-03' },
    facts: ['name.differs', 'birth.equal'],
    decision: 'needs-review',
    reason: 'incomplete-data',
  },
  {
    label: 'wanted: a full name in name already holds the forename, which is not read twice',
    query: { name: 'Сірошапка Тихон Веремійович', date: '1979-11-02' },
    registry: 'wanted',
    item: { id: '900001', name: 'Сірошапка Тихон Веремійович', forename: 'Тихон', datebirth: '1979-11-02' },
    facts: ['name.exact', 'birth.equal'],
    decision: 'true-match',
    reason: 'name-and-birth-date',
  },
  // Companies with ЄДРПОУ.
  {
    label: 'company: the code agrees with spaces and a lost leading zero; the legal form does not matter',
    query: { name: 'ТОВ «Ромашка»', ipn: '01234567' },
    registry: 'edr',
    item: { edrpou: '1234 567', name: 'Ромашка', state: 'зареєстровано' },
    facts: ['name.exact', 'code.equal'],
    decision: 'true-match',
    reason: 'confirmed-by-code',
  },
  {
    label: 'company: another company of the same name',
    query: { name: 'Ромашка', ipn: '87654322' },
    registry: 'edr',
    item: { edrpou: '12345678', name: 'ТОВ "РОМАШКА"', state: 'припинено' },
    facts: ['name.exact', 'code.differs', 'status.inactive'],
    decision: 'false-positive',
    reason: 'different-code',
  },
  {
    label: 'company: a ЄДРПОУ asked that fails its check digit',
    query: { name: 'Ромашка', ipn: '87654321' },
    registry: 'edr',
    item: { edrpou: '12345678', name: 'ТОВ "РОМАШКА"', state: 'зареєстровано' },
    facts: ['name.exact', 'code.bad-check-digit'],
    decision: 'needs-review',
    reason: 'incomplete-data',
  },
  // Documents.
  {
    label: 'lost passport: the document agrees, typed with Latin letters',
    query: { doc: 'AB123456' },
    registry: 'lostdocs',
    item: { id: 'L-1', d_SERIES: 'АВ', d_NUMBER: '123456', d_STATUS: 'втрачений' },
    facts: ['doc.equal'],
    decision: 'true-match',
    reason: 'confirmed-by-document',
  },
  {
    label: 'lost passport: another number',
    query: { doc: 'АВ654321' },
    registry: 'lostdocs',
    item: { id: 'L-2', d_SERIES: 'АВ', d_NUMBER: '123456' },
    facts: ['doc.differs'],
    decision: 'false-positive',
    reason: 'different-document',
  },
];

describe('why this hit: facts and suggestion per registry family', () => {
  it.each(CASES)('$label', ({ query, registry, item, facts, decision, reason }) => {
    const explained = explainHit(query, registry, item);
    expect(explained.facts.map((f) => f.code)).toEqual(facts);
    expect(explained.suggested).toMatchObject({ decision, reason });
    for (const f of explained.facts) {
      expect(f.text.uk).not.toMatch(/\{|\}/);
      expect(f.text.en).not.toMatch(/\{|\}/);
    }
  });

  it('every fact code occurs in the fixtures', () => {
    const seen = new Set(CASES.flatMap((c) => explainHit(c.query, c.registry, c.item).facts.map((f) => f.code)));
    expect(FACT_CODES.filter((code) => !seen.has(code))).toEqual([]);
  });

  it('says what it compared: the values on both sides, as the analyst reads them', () => {
    const [, birth] = explainHit({ name: 'Іваненко Іван Іванович', date: '1980-01-02' }, 'peps', PEP).facts;
    expect(birth).toMatchObject({ query: '1980-01-02', record: '1967-04-12', tone: 'differ' });
    expect(birth.text).toEqual({
      uk: 'Дати народження різні: у запиті 1980-01-02, у записі 1967-04-12.',
      en: 'Birth dates differ: 1980-01-02 asked, 1967-04-12 in the record.',
    });
  });

  it('says a date a slip away is close, not different, and what to check', () => {
    const explained = explainHit({ name: 'Іваненко Іван Іванович', date: '1967-04-13' }, 'peps', PEP);
    expect(explained.facts[1]).toMatchObject({ query: '1967-04-13', record: '1967-04-12', tone: 'unknown' });
    expect(explained.facts[1].text.en).toBe(
      'Birth dates are close but not equal (1967-04-13 asked, 1967-04-12 in the record): one digit differs, two neighbouring digits are swapped, or they are a day apart. A common typing error: check the documents.',
    );
    expect(whyLine(explained, 'en')).toBe(
      'full name agrees; code: nothing to compare; birth dates a digit or a day apart → needs review: not enough to tell',
    );
    expect(whyLine(explained, 'uk')).toBe(
      'ПІБ: збіг; код: нема з чим порівняти; дати народження різняться на цифру чи день → потребує перевірки: даних замало для рішення',
    );
  });

  it('says a mistyped code was asked, and to check it in the documents', () => {
    const explained = explainHit({ name: 'Іваненко Іван Іванович', ipn: '2234567890' }, 'peps', PEP);
    expect(explained.facts[2].text.uk).toBe(
      'Код у запиті 2234567890 не проходить перевірку контрольної цифри, тож його, найімовірніше, введено з помилкою: те, що він відрізняється від 1234567890 у записі, нічого не виключає. Звірте код із документами клієнта.',
    );
    expect(whyLine(explained, 'en')).toBe(
      'full name agrees; birth date: nothing to compare; the code asked fails its check digit → needs review: not enough to tell',
    );
  });

  it('names the roles a person has in the company, in order, and the entry as the record gives it', () => {
    const [related] = explainHit({ name: 'Коваленко Олександр Петрович' }, 'edr', {
      name: 'ТОВ "ПРИКЛАД"',
      txtf: 'Коваленко Олександр Петрович, Україна',
      kbv: 'Коваленко Олександр Петрович, пряме вирішальне володіння',
      mng: 'Бондар Іван - керівник',
    }).facts;
    expect(related).toMatchObject({
      code: 'name.linked',
      query: 'Коваленко Олександр Петрович',
      record: 'Коваленко Олександр Петрович, пряме вирішальне володіння',
      tone: 'unknown',
    });
    expect(related.text.en).toBe(
      'Not the company’s own name: “Коваленко Олександр Петрович” is named in it as a beneficial owner and a founder: “Коваленко Олександр Петрович, пряме вирішальне володіння”.',
    );
    expect(related.text.uk).toContain('зазначено в ній як кінцевий бенефіціарний власник і засновник');
    expect(
      whyLine(explainHit({ name: 'Коваленко Олександр Петрович' }, 'edr', { name: 'X', mng: related.query }), 'en'),
    ).toBe('the name is among the company’s owners or managers → needs review: not enough to tell');
  });

  it('one why line, in each language', () => {
    const explained = explainHit(
      { name: 'Іваненко Іван Іванович', date: '1980-01-02', ipn: '1234567890' },
      'peps',
      PEP,
    );
    expect(whyLine(explained, 'en')).toBe(
      'full name and code agree; birth date differs → true match: confirmed by code',
    );
    expect(whyLine(explained, 'uk')).toBe(
      'ПІБ і код збігаються; дата народження: різниця → справжній збіг: підтверджено кодом',
    );
  });

  it('says in the one line what left a hit needing review: part of the name, or nothing to compare', () => {
    const partial = explainHit({ name: 'Іваненко Іван', date: '1967-04-12' }, 'peps', { ...PEP, aka: undefined });
    expect(whyLine(partial, 'en')).toBe(
      'part of the name and birth date agree; code: nothing to compare → needs review: not enough to tell',
    );
    expect(whyLine(partial, 'uk')).toBe(
      'частина імені і дата народження збігаються; код: нема з чим порівняти → потребує перевірки: даних замало для рішення',
    );
    const noDate = explainHit({ name: 'Іваненко Іван Іванович' }, 'peps', PEP);
    expect(whyLine(noDate, 'en')).toBe(
      'full name agrees; birth date and code: nothing to compare → needs review: not enough to tell',
    );
    // The code that would settle it is named, so the analyst knows what to look up.
    expect(noDate.facts.find((f) => f.code === 'code.not-asked')?.text).toEqual({
      en: 'No code was asked; the record has 1234567890.',
      uk: 'Код не вказано в запиті; у записі — 1234567890.',
    });
    const noRecordCode = explainHit({ name: 'Іваненко Іван Іванович', ipn: '1234567890' }, 'peps', {
      ...PEP,
      ipn: undefined,
      dateb: undefined,
    });
    expect(whyLine(noRecordCode, 'uk')).toBe(
      'ПІБ: збіг; код: нема з чим порівняти → потребує перевірки: даних замало для рішення',
    );
  });

  it('lists three or more fields with commas and one "and"', () => {
    const all = explainHit(
      { name: 'Іваненко Іван Іванович', date: '1980-01-01', ipn: '1234567890', doc: 'КМ 123456' },
      'psanctions',
      {
        pid: 'S-4',
        p_fullname: 'ІВАНЕНКО ІВАН ІВАНОВИЧ',
        p_birthdate: '1980-01-01',
        p_idcode: '1234567890',
        p_docs: 'КМ 123456',
        sanction: [{ list: 'РНБО' }],
      },
    );
    expect(whyLine(all, 'en')).toMatch(/^full name, birth date, code and document agree → /);
    expect(whyLine(all, 'uk')).toMatch(/^ПІБ, дата народження, код і документ збігаються → /);
  });

  it("calls a company's name a name, not a person's full name (ПІБ)", () => {
    const company = explainHit({ name: 'ТОВ "Ромашка"', ipn: '12345678' }, 'edr', {
      edrpou: '12345678',
      name: 'ТОВАРИСТВО З ОБМЕЖЕНОЮ ВІДПОВІДАЛЬНІСТЮ "РОМАШКА"',
    });
    expect(whyLine(company, 'uk')).toMatch(/^назва і код збігаються → /);
    expect(whyLine(company, 'en')).toMatch(/^name and code agree → /);
    // The pane's chip says it in a sentence, in the same words.
    expect(company.facts[0]?.text).toEqual({
      uk: 'Назва збігається: «ТОВАРИСТВО З ОБМЕЖЕНОЮ ВІДПОВІДАЛЬНІСТЮ "РОМАШКА"».',
      en: 'The company name agrees: “ТОВАРИСТВО З ОБМЕЖЕНОЮ ВІДПОВІДАЛЬНІСТЮ "РОМАШКА"”.',
    });
    // Sanctions hold people and companies alike: the record's legal form tells them apart.
    const listed = explainHit({ name: 'Ромашка' }, 'psanctions', { pid: 'S-5', p_fullname: 'ПП "РОМАШКА"' });
    expect(whyLine(listed, 'uk')).toMatch(/^назва: збіг → /);
    const partly = explainHit({ name: 'Ромашка Плюс' }, 'psanctions', { pid: 'S-6', p_fullname: 'Romashka LTD' });
    expect(whyLine(partly, 'uk')).toMatch(/^частина назви: збіг → /);
    // A sole trader is a person, whatever the form before the name.
    const trader = explainHit({ name: 'Іваненко Іван Іванович' }, 'psanctions', {
      pid: 'S-7',
      p_fullname: 'ФОП Іваненко Іван Іванович',
    });
    expect(whyLine(trader, 'uk')).toMatch(/^ПІБ: збіг → /);
    const person = explainHit({ name: 'Іваненко Іван Іванович' }, 'psanctions', {
      pid: 'S-8',
      p_fullname: 'ІВАНЕНКО ІВАН ІВАНОВИЧ',
    });
    expect(whyLine(person, 'en')).toMatch(/^full name agrees → /);
    expect(person.facts[0]?.text.uk).toBe('ПІБ збігається: «ІВАНЕНКО ІВАН ІВАНОВИЧ».');
    expect(partly.facts[0]?.text.en).toBe('Only part of the company name agrees: “Ромашка Плюс” and “Romashka LTD”.');
  });

  it('names a lifted list of a sanction still in force, in the fact and the one line', () => {
    const explained = explainHit({ name: 'Петренко Петро', date: '1970-01-01' }, 'psanctions', {
      pid: 'S-3',
      p_fullname: 'ПЕТРЕНКО ПЕТРО',
      p_birthdate: '1970-01-01',
      sanction: [{ list: 'РНБО' }],
      sanction_lost: [{ list: 'OFAC SDN', lastModifyDate: '2024-03-01' }],
    });
    expect(explained.facts.at(-1)?.text.en).toBe(
      'The record is in force, but part of it has ended: OFAC SDN 2024-03-01.',
    );
    expect(whyLine(explained, 'uk')).toBe(
      'ПІБ і дата народження збігаються; частково вже не діє → справжній збіг: ім’я та дата народження збігаються',
    );
  });

  it('has uk and en text for every fact, suggestion and reason', () => {
    for (const key of Object.keys(explainMessages.en) as (keyof typeof explainMessages.en)[]) {
      expect([key, explainMessages.uk[key].length > 0]).toEqual([key, true]);
    }
    expect(EXPLANATION_RULES_VERSION).toBe(2);
  });
});

describe('the pieces', () => {
  it.each([
    ['1967-04-12', { year: 1967, month: 4, day: 12 }],
    ['1967-04-12 00:00:00', { year: 1967, month: 4, day: 12 }],
    ['1967-04-12T00:00:00Z', { year: 1967, month: 4, day: 12 }],
    ['12.04.1967', { year: 1967, month: 4, day: 12 }],
    ['1967', { year: 1967 }],
    ['1967 р.', { year: 1967 }],
  ])('record date %p', (text, parts) => {
    expect(parseRecordDate(text)).toMatchObject(parts);
  });

  it('names meet across scripts, case, apostrophes and legal forms', () => {
    expect(nameTokens("Д'Артаньян ОЛЕГ")).toEqual(nameTokens('д’артаньян олег'));
    expect(nameTokens('Шевченко Тарас')).toEqual(nameTokens('Shevchenko Taras'));
    expect(nameTokens('ТОВ Ромашка')).toEqual(['romashka']);
    // The register writes the legal form out; a client list abbreviates it.
    expect(nameTokens('ТОВАРИСТВО З ОБМЕЖЕНОЮ ВІДПОВІДАЛЬНІСТЮ "РОМАШКА"')).toEqual(['romashka']);
    expect(nameTokens('ПРИВАТНЕ АКЦІОНЕРНЕ ТОВАРИСТВО «З ЛІСУ»')).toEqual(['z', 'lisu']);
    expect(nameTokens('Фізична особа - підприємець Шевченко Тарас')).toEqual(nameTokens('ФОП Шевченко Тарас'));
    expect(nameTokens('Приватне Ромашка')).toEqual(['pryvatne', 'romashka']);
    expect(
      explainHit({ name: 'ТОВ «Ромашка»' }, 'edr', { name: 'ТОВАРИСТВО З ОБМЕЖЕНОЮ ВІДПОВІДАЛЬНІСТЮ "РОМАШКА"' })
        .facts[0]?.code,
    ).toBe('name.exact');
  });
});

it('the hits sheet’s Why cell calls a company’s name a name', () => {
  const query = { name: 'ТОВ "Ромашка"', ipn: '12345678' };
  const hits = [
    hitLine('edr', { edrpou: '12345678', name: 'ТОВ "РОМАШКА"' }, query),
    hitLine('peps', { idpep: 1, name: 'Ромашка' }, query),
  ];
  expect(hits.map((h) => h.company)).toEqual([true, undefined]);
  const outcome = { kind: 'screened', key: 'k', hits, hitsOmitted: 0 } as unknown as ScreenedOutcome;
  const ctx = { lang: 'uk' as const, headers: ['Назва'], mapping: { name: 0 }, registries: [], firstSourceRow: 2 };
  const why = hitsColumns('uk').findIndex((c) => c.id === 'why');
  const rows = hitRows(ctx, 0, ['ТОВ "Ромашка"'], { kind: 'outcome', outcome });
  expect(rows.map((r) => r[why])).toEqual(['назва і код збігаються', 'ПІБ: збіг; код: нема з чим порівняти']);
});
