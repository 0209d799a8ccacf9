import type { RegistryKey } from '../../src/core/protocol/registries';
import {
  checkEnvelopeStrict,
  parseGetAnswer,
  parsePostAnswer,
  parseServiceDate,
  type ParsedEnvelope,
  type RegistryItemMap,
} from '../../src/core/protocol/schema';
import { fixtureJson } from '../support/fixtures';

function itemsOf<K extends RegistryKey>(envelope: ParsedEnvelope, key: K): RegistryItemMap[K][] {
  const outcome = envelope.registries[key];
  if (!outcome || outcome.status !== 'ok') throw new Error(`${key} is ${outcome ? outcome.status : 'absent'}`);
  return outcome.items;
}

describe('envelope key spellings', () => {
  test('variant spellings land on the documented names', () => {
    const envelope = parsePostAnswer(fixtureJson('quirk-key-spellings.json'));
    expect(envelope.header).toEqual({
      idinternal: 'row-3',
      idsubjectFM: 'demo-subject',
      iduserPC: 'PC-ANALYST-05',
      idrequest: 'c0ffee00-1111-4222-8333-444455556666',
      dateResponse: '2024-03-15 11:00:00',
      listdata: '512',
      search: '2',
      responsetype: '5',
      textformat: '',
    });
    expect(itemsOf(envelope, 'peps').map((p) => p.name)).toEqual(['Гончаренко Марія Василівна']);
    expect(envelope.extraHeader).toEqual({});
    expect(envelope.problems).toEqual([]);
  });

  test('when both spellings come, the documented one wins and the other is kept and reported', () => {
    const [envelope] = parseGetAnswer(fixtureJson('quirk-key-duplicates.json'));
    expect(envelope.header.idrequest).toBe('R-DOCUMENTED');
    expect(envelope.header.idinternal).toBe('row-4');
    expect(envelope.extraHeader).toEqual({ iDrequest: 'R-VARIANT', IDinternal: 'row-4-variant' });
    expect(envelope.problems).toEqual([
      'iDrequest: second spelling of idrequest; kept in extraHeader',
      'IDinternal: second spelling of idinternal; kept in extraHeader',
    ]);
  });
});

describe('dateResponse with milliseconds', () => {
  test('is kept as sent and parses to the same instant as the documented format', () => {
    const [envelope] = parseGetAnswer(fixtureJson('quirk-iso-date-ms.json'));
    expect(envelope.header.dateResponse).toBe('2024-03-15T10:22:33.123');
    expect(envelope.problems).toEqual([]);
    const date = parseServiceDate(envelope.header.dateResponse);
    const documented = parseServiceDate('2024-03-15 10:22:33');
    expect(date?.getTime()).toBe((documented?.getTime() ?? NaN) + 123);
    expect(itemsOf(envelope, 'nonrezedent')[0].percent).toBe(85);
  });
});

describe('numbers, numeric strings, booleans and nulls swapped', () => {
  const envelope = parsePostAnswer(fixtureJson('quirk-swapped-types.json'));

  test('the answer reads without problems', () => {
    expect(envelope.problems).toEqual([]);
    expect(Object.values(envelope.registries).map((o) => o?.status)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
  });

  test('header numbers become text, listdata above 2^32 exactly', () => {
    expect(envelope.header.idinternal).toBe('17');
    expect(envelope.header.listdata).toBe('549755813887');
    expect(envelope.header.search).toBe('1');
    expect(envelope.header.responsetype).toBe('5');
  });

  test('PEP record: each field gets its documented type', () => {
    const pep = itemsOf(envelope, 'peps')[0];
    expect(pep.idpep).toBe(104523);
    expect(pep.active).toBe(true);
    expect(pep.type).toBe(0);
    expect(pep.yearb).toBe('1968');
    expect(pep.ipn).toBe('41234567');
    expect(pep.typePEP).toBe(3);
    expect(pep.foreign_relation).toBe(false);
    expect(pep.percent).toBe(87.5);
    expect(pep.photo).toBeUndefined();
    expect(pep.declarations).toBeUndefined();
    expect(pep.country).toEqual({
      codecountr: 804,
      countryname: 'Україна',
      eublack: false,
      fatfgray: false,
      kmu143: true,
      coruption: 36,
      global: 3.28,
    });
    // A lone object where a list is documented is a list of one.
    expect(pep.country_pep).toEqual([{ countryname: 'Україна', country_2dig: 'UA' }]);
    expect(pep.sources).toEqual([{ site: 'https://registry.example.ua/pep/104523', brief: 'Розпорядження КМУ' }]);
    // A null list element is absent, not a record.
    expect(pep.relatedPersons).toEqual([
      {
        relateid: 220871,
        active: true,
        relatepib: 'Коваленко Ірина Миколаївна',
        relatebrief_id: 1,
        archivelink: false,
      },
    ]);
  });

  test('sanctions record: string lists, big list numbers, nested numbers', () => {
    const item = itemsOf(envelope, 'psanctions')[0];
    expect(item.pid).toBe('5521873');
    expect(item.p_percent).toBe(100);
    expect(item.active).toBe(true);
    expect(item.p_akas).toEqual(['Shevchuk Hryhorii Ivanovych']);
    expect(item.p_idcode).toEqual(['1234509876']);
    expect(item.p_listdata).toBe(10);
    expect(item.p_listdata_ca).toBe(137438953472);
    expect(item.sanction?.[0]).toEqual({
      sanctionId: '17',
      related: 0,
      percent: 100,
      list_info: { individual: 15230, all: 24640 },
    });
  });

  test('other registries', () => {
    expect(itemsOf(envelope, 'edrfullinfo')[0]).toEqual({
      idrec: 3345871,
      edrpou: '41234567',
      address_mreg: '5310100000',
      isnoprofit: false,
      n_mfounder: undefined,
      percent: 100,
    });
    expect(itemsOf(envelope, 'lostdocs')[0]).toEqual({ d_SERIES: 'КВ', d_NUMBER: '123456', id: '7788123' });
    expect(itemsOf(envelope, 'okupant')[0]).toEqual({ id: 90871, is_good: false, is_accused: true, percent: 92 });
    expect(itemsOf(envelope, 'taxdebtor')[0].dedrpou).toBe('41234567');
    // "12500,50": a decimal comma, as Ukrainian sources write it.
    expect(itemsOf(envelope, 'taxdebtor')[0].dfs?.[0].debtdetails).toEqual([
      { dminperiod: 202301, dsumlocal: 12500.5, disactive: 1 },
    ]);
  });
});

describe('registry error strings', () => {
  const envelope = parsePostAnswer(fixtureJson('quirk-registry-errors.json'));

  test.each([
    ['peps', 9000, "Відсутнє з'єднання з реєстром"],
    ['psanctions', 9001, 'Реєстр не входить до оплаченого пакету'],
    ['corrupt', 9001, 'Реєстр не входить до оплаченого пакету'],
    ['edrfullinfo', 9003, 'Перевищено час очікування відповіді реєстру, уточніть запит'],
    ['justice', 9004, 'База даних реєстру недоступна'],
    ['wanted', null, 'Сервіс тимчасово недоступний'],
  ] as const)('%s → code %p', (key, code, message) => {
    expect(envelope.registries[key]).toEqual({ status: 'error', error: { code, message } });
  });

  test('registries that answered stay readable and errors are not problems of the answer', () => {
    expect(envelope.registries.lostdocs).toEqual({ status: 'ok', items: [] });
    expect(envelope.problems).toEqual([]);
  });
});

describe('one malformed block next to good ones', () => {
  const envelope = parsePostAnswer(fixtureJson('quirk-malformed-block.json'));

  test('good blocks are untouched', () => {
    expect(envelope.registries.peps).toEqual({
      status: 'ok',
      items: [
        { list: 'pep', idpep: 77120, active: true, name: 'Гончаренко Марія Василівна', percent: 100, level: 'Високий' },
      ],
    });
    expect(itemsOf(envelope, 'lostdocs')).toEqual([{ d_SERIES: 'КВ', d_NUMBER: '123456', d_STATUS: 'Втрачений' }]);
  });

  test('sanctions: readable records kept, unreadable fields dropped, raw count kept', () => {
    const outcome = envelope.registries.psanctions;
    expect(outcome?.status).toBe('malformed');
    if (outcome?.status !== 'malformed') return;
    expect(outcome.rawCount).toBe(3);
    expect(outcome.items).toEqual([
      { pid: 'P-1000001', p_fullname: 'ТКАЧЕНКО Павло Іванович', p_percent: 95, p_level: 'Низький' },
      {
        pid: 'P-1000002',
        p_fullname: undefined,
        p_percent: undefined,
        p_level: 'Високий',
        sanction: [{ sanctionId: 'NSDC-1', percent: 100 }],
      },
    ]);
    expect(outcome.issues).toEqual([
      'psanctions[1]: expected object, got string',
      'psanctions[2].p_percent: expected number, got string',
      'psanctions[2].p_fullname: expected string, got object',
      'psanctions[2].sanction[1]: expected object, got number',
    ]);
  });

  test('a lone record where a list belongs is kept as one record', () => {
    expect(envelope.registries.edr).toEqual({
      status: 'malformed',
      items: [{ edrpou: '41234567', name: 'ТОВ «ПРИКЛАД-АГРО»', level: 'Високий' }],
      rawCount: 1,
      issues: ['edr: expected array, got object'],
    });
  });

  test('a scalar where a list belongs is malformed with nothing read', () => {
    expect(envelope.registries.executive).toEqual({
      status: 'malformed',
      items: [],
      rawCount: 0,
      issues: ['executive: expected array, got number'],
    });
  });

  test('problems list every issue, block by block', () => {
    expect(envelope.problems).toEqual([
      'psanctions[1]: expected object, got string',
      'psanctions[2].p_percent: expected number, got string',
      'psanctions[2].p_fullname: expected string, got object',
      'psanctions[2].sanction[1]: expected object, got number',
      'edr: expected array, got object',
      'executive: expected array, got number',
    ]);
  });
});

describe('unknown registry keys', () => {
  const [envelope] = parseGetAnswer(fixtureJson('quirk-unknown-registry-key.json'));

  test('are kept as they came, and do not disturb known ones', () => {
    expect(envelope.unknownResultKeys).toEqual({
      sanctionsarchive: [{ id: 1, name: 'ТКАЧЕНКО Павло Іванович' }],
      pfu: '9001.Реєстр не входить до оплаченого пакету',
    });
    expect(envelope.registries.peps).toEqual({ status: 'ok', items: [] });
    expect(envelope.problems).toEqual([]);
  });

  test('a known key in another letter case is read as that registry', () => {
    expect(itemsOf(envelope, 'lostdocs')).toEqual([{ d_SERIES: 'МЕ', d_NUMBER: '654321' }]);
  });
});

describe('unknown item fields', () => {
  const envelope = parsePostAnswer(fixtureJson('quirk-unknown-item-fields.json'));

  test('are kept on records, nested records and country blocks', () => {
    const pep = itemsOf(envelope, 'peps')[0];
    expect(pep.pepsince).toBe('2019-09-02');
    expect(pep.mediamentions).toEqual({ count: 3, last: '2024-01-10' });
    expect(pep.country).toEqual({ countryname: 'Україна', baselindex: 5.1 });
    expect(pep.relatedPersons?.[0].relatebrief_en).toBe('wife');
    expect(envelope.problems).toEqual([]);
  });

  test('unknown top-level keys go to extraHeader', () => {
    expect(envelope.extraHeader).toEqual({ apiversion: '2.4' });
  });

  test('strict mode allows them too', () => {
    expect(checkEnvelopeStrict(fixtureJson('quirk-unknown-item-fields.json'))).toEqual([]);
  });
});

describe('long multi-line free text starting with formula characters', () => {
  const raw = fixtureJson('quirk-multiline-remark.json') as {
    result: { psanctions: { sanction: { remark: string }[] }[] };
  };
  const envelope = parsePostAnswer(raw);

  test("is carried byte for byte (making it safe for a cell is the Excel layer's job)", () => {
    const item = itemsOf(envelope, 'psanctions')[0];
    const remark = item.sanction?.[0].remark ?? '';
    expect(remark).toBe(raw.result.psanctions[0].sanction[0].remark);
    expect(remark.startsWith('=HYPERLINK(')).toBe(true);
    expect(remark.split('\n').length).toBeGreaterThan(3);
    expect(remark.length).toBeGreaterThan(1000);
    expect(item.p_comment).toBe('@SUM(A1:A9)\nкоментар у два рядки');
    expect(item.p_akas).toEqual(['+Шевчук Григорий\nИванович', '-Shevchuk']);
    expect(itemsOf(envelope, 'wanted')[0].remark).toBe('-особливі прикмети:\nшрам на лівій руці');
    expect(envelope.problems).toEqual([]);
  });
});
