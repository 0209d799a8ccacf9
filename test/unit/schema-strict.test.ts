import {
  checkEnvelopeStrict,
  checkGetAnswerStrict,
  checkPostAnswerStrict,
  checkServiceErrorStrict,
  parsePostAnswer,
  strictGetAnswerSchema,
  strictPostAnswerSchema,
} from '../../src/core/protocol/schema';
import { fixtureJson } from '../support/fixtures';

type Json = Record<string, unknown>;

/** A fresh copy of the documented POST answer, edited at a dotted path ("result.peps.0.percent"). */
function postWith(path: string, edit: { set: unknown } | { remove: true }): Json {
  const raw = fixtureJson('post-all-registries.json');
  const keys = path.split('.');
  let node = raw as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = keys[keys.length - 1];
  if ('remove' in edit) delete node[last];
  else node[last] = edit.set;
  return raw;
}

describe('strict check flags each deviation from the documented types', () => {
  test.each([
    ['result.peps.0.percent', '100', ['peps[0].percent: expected number, got string']],
    ['result.peps.0.active', 'true', ['peps[0].active: expected boolean, got string']],
    ['result.peps.0.name', 5, ['peps[0].name: expected string, got number']],
    ['result.peps.0.photo', null, ['peps[0].photo: expected string, got null']],
    ['result.peps.0.level', 'Середній', ['peps[0].level: expected "Високий" or "Низький", got "Середній"']],
    ['result.peps.0.country.eublack', 0, ['peps[0].country.eublack: expected boolean, got number']],
    [
      'result.peps.0.relatedPersons.0.country_pep.0.coruption',
      '36',
      ['peps[0].relatedPersons[0].country_pep[0].coruption: expected number, got string'],
    ],
    ['result.peps.0.sources', { site: 'x' }, ['peps[0].sources: expected array, got object']],
    ['result.peps.0.jobdetails.0.jobcountry', [], ['peps[0].jobdetails[0].jobcountry: expected object, got array']],
    ['result.psanctions.0.p_akas', 'Шевчук', ['psanctions[0].p_akas: expected array, got string']],
    ['result.psanctions.0.p_level', 'high', ['psanctions[0].p_level: expected "Високий" or "Низький", got "high"']],
    [
      'result.psanctions.0.caution.0.list_info.all',
      '1',
      ['psanctions[0].caution[0].list_info.all: expected number, got string'],
    ],
    [
      'result.psanctions.0.sanction.0.sanctionSource.norder',
      1,
      ['psanctions[0].sanction[0].sanctionSource.norder: expected string, got number'],
    ],
    [
      'result.edrfullinfo.0.branches.0.exdata.0.startNum',
      1716,
      ['edrfullinfo[0].branches[0].exdata[0].startNum: expected string, got number'],
    ],
    [
      'result.edrchanges.0.edrchanges.0.changes.0.changedetails.0.changetype',
      '2',
      ['edrchanges[0].edrchanges[0].changes[0].changedetails[0].changetype: expected number, got string'],
    ],
    ['result.wanted.0.fotos.1', 5, ['wanted[0].fotos[1]: expected string, got number']],
    ['result.wanted.0.links.0', 'https://x', ['wanted[0].links[0]: expected object, got string']],
    [
      'result.taxdebtor.0.dfs.0.debtdetails.0.disactive',
      true,
      ['taxdebtor[0].dfs[0].debtdetails[0].disactive: expected number, got boolean'],
    ],
    ['result.lostdocs.0', 5, ['lostdocs[0]: expected object, got number']],
    ['result.executive', {}, ['executive: expected array of records or error text, got object']],
    ['result.corrupt', null, ['corrupt: expected array of records or error text, got null']],
    ['result', [], ['result: expected object, got array']],
    ['listdata', -1, ['listdata: expected string, got number']],
    ['listdata', 'all', ['listdata: expected a decimal number as text, got "all"']],
    [
      'dateResponse',
      '2024-03-15T10:22:33.123',
      ['dateResponse: expected "YYYY-MM-DD hh:mm:ss", got "2024-03-15T10:22:33.123"'],
    ],
    ['search', '3', ['search: expected "1" or "2", got "3"']],
    ['responsetype', '4', ['responsetype: expected "1" or "2" or "3" or "5", got "4"']],
    ['textformat', 'pdf', ['textformat: expected "JSON" or "" or "xml" or "html" or "text", got "pdf"']],
    ['idrequest', null, ['idrequest: expected string, got null']],
  ])('%s = %j', (path, value, issues) => {
    const raw = postWith(path, { set: value });
    expect(checkEnvelopeStrict(raw)).toEqual(issues);
    // The same answer still reads leniently.
    expect(() => parsePostAnswer(raw)).not.toThrow();
  });

  test('variant key spellings are flagged with the documented one', () => {
    const raw = fixtureJson('post-all-registries.json');
    raw.iDrequest = raw.idrequest;
    delete raw.idrequest;
    const result = raw.result as Json;
    result.PEPS = result.peps;
    delete result.peps;
    expect(checkEnvelopeStrict(raw)).toEqual([
      'iDrequest: documented spelling is idrequest',
      'PEPS: documented spelling is peps',
    ]);
  });

  test('several deviations are all reported, in order', () => {
    const raw = postWith('result.peps.0.percent', { set: '100' });
    ((raw.result as Json).okupant as Json[])[0].is_good = 'false';
    raw.search = 1;
    expect(checkEnvelopeStrict(raw)).toEqual([
      'search: expected "1" or "2", got number',
      'peps[0].percent: expected number, got string',
      'okupant[0].is_good: expected boolean, got string',
    ]);
  });

  test('the quirk fixtures are flagged (they are not documented answers)', () => {
    for (const name of ['quirk-key-spellings.json', 'quirk-swapped-types.json', 'quirk-malformed-block.json']) {
      expect(checkEnvelopeStrict(fixtureJson(name)).length).toBeGreaterThan(0);
    }
    expect(checkEnvelopeStrict(fixtureJson('quirk-swapped-types.json'))).toEqual(
      expect.arrayContaining([
        'idinternal: expected string, got number',
        'peps[0].idpep: expected number, got string',
        'peps[0].yearb: expected string, got number',
        'peps[0].country_pep: expected array, got object',
        'peps[0].relatedPersons[0]: expected object, got null',
        'psanctions[0].p_idcode[0]: expected string, got number',
        'taxdebtor[0].dfs[0].debtdetails[0].dsumlocal: expected number, got string',
      ]),
    );
  });
});

describe('strict check allows what the document allows', () => {
  test('absent fields, absent header, absent result', () => {
    expect(checkEnvelopeStrict({ idrequest: 'x' })).toEqual([]);
    expect(checkEnvelopeStrict({ result: { peps: [{}], psanctions: [{ sanction: [{}] }] } })).toEqual([]);
    const raw = postWith('result.peps.0.relatedPersons', { remove: true });
    delete ((raw.result as Json).edrfullinfo as Json[])[0].founders;
    expect(checkEnvelopeStrict(raw)).toEqual([]);
  });

  test('unknown keys everywhere', () => {
    const raw = postWith('result.peps.0.newfield', { set: { nested: [1, 'a', null] } });
    raw.apiversion = 2;
    (raw.result as Json).sanctionsarchive = 5;
    expect(checkEnvelopeStrict(raw)).toEqual([]);
  });

  test('an error text on any registry', () => {
    const raw = fixtureJson('quirk-registry-errors.json');
    expect(checkEnvelopeStrict(raw)).toEqual([]);
  });

  test('both match levels and every documented textformat', () => {
    for (const textformat of ['JSON', '', 'xml', 'html', 'text']) {
      const raw = postWith('textformat', { set: textformat });
      expect(checkEnvelopeStrict(postWith('result.peps.0.level', { set: 'Низький' }))).toEqual([]);
      expect(checkEnvelopeStrict(raw)).toEqual([]);
    }
  });
});

describe('address_mreg differs between forms', () => {
  test('POST form wants text', () => {
    const raw = postWith('result.edrfullinfo.0.address_mreg', { set: 5310100000 });
    expect(checkEnvelopeStrict(raw, { form: 'post' })).toEqual([
      'edrfullinfo[0].address_mreg: expected string, got number',
    ]);
    expect(checkPostAnswerStrict(raw)).toEqual(['edrfullinfo[0].address_mreg: expected string, got number']);
    expect(checkEnvelopeStrict(raw)).toEqual([]);
  });

  test('GET form wants a number', () => {
    const raw = fixtureJson('post-all-registries.json');
    expect(checkEnvelopeStrict(raw, { form: 'get' })).toEqual([
      'edrfullinfo[0].address_mreg: expected number, got string',
    ]);
    expect(checkGetAnswerStrict([raw])).toEqual(['[0].edrfullinfo[0].address_mreg: expected number, got string']);
  });

  test('without a form either passes, anything else does not', () => {
    const raw = postWith('result.edrfullinfo.0.address_mreg', { set: true });
    expect(checkEnvelopeStrict(raw)).toEqual(['edrfullinfo[0].address_mreg: expected string or number, got boolean']);
  });
});

describe('answer forms', () => {
  test('GET answer must be an array of envelopes; issues carry the envelope index', () => {
    const envelope = postWith('result.peps.0.percent', { set: '100' });
    expect(checkGetAnswerStrict(envelope)).toEqual(['expected array, got object']);
    expect(checkGetAnswerStrict([{ idrequest: 'a' }, 'x'])).toEqual(['[1]: expected object, got string']);
    const get = fixtureJson('get-all-registries.json') as unknown as Json[];
    (((get[0].result as Json).peps as Json[])[0] as Json).percent = '100';
    expect(checkGetAnswerStrict(get)).toEqual(['[0].peps[0].percent: expected number, got string']);
  });

  test('POST answer must be one envelope', () => {
    expect(checkPostAnswerStrict([fixtureJson('post-lostdocs-hit.json')])).toEqual(['expected object, got array']);
    expect(checkEnvelopeStrict('text')).toEqual(['expected object, got string']);
  });

  test('the strict zod schemas agree with the checkers', () => {
    expect(strictPostAnswerSchema().safeParse(fixtureJson('post-all-registries.json')).success).toBe(true);
    expect(strictGetAnswerSchema().safeParse(fixtureJson('get-all-registries.json')).success).toBe(true);
    expect(strictPostAnswerSchema().safeParse(fixtureJson('quirk-swapped-types.json')).success).toBe(false);
  });
});

describe('4XX error body', () => {
  test.each(['error-4xx-quota.json', 'error-4xx-ip.json'])('%s is documented', (name) => {
    expect(checkServiceErrorStrict(fixtureJson(name))).toEqual([]);
  });

  test('deviations are flagged', () => {
    expect(checkServiceErrorStrict(fixtureJson('error-4xx-string-code.json'))).toEqual([
      'error: expected number, got nothing',
      'message: expected string, got nothing',
    ]);
    expect(checkServiceErrorStrict({ error: '11', message: 'x' })).toEqual(['error: expected number, got string']);
    expect(checkServiceErrorStrict([])).toEqual(['expected object, got array']);
  });
});
