import type { z } from 'zod';
import { REGISTRY_KEYS, type RegistryKey } from '../../src/core/protocol/registries';
import {
  checkEnvelopeStrict,
  checkGetAnswerStrict,
  checkPostAnswerStrict,
  describeField,
  HEADER_KEYS,
  parseGetAnswer,
  parsePostAnswer,
  REGISTRY_ITEM_SCHEMAS,
  type CountryRisk,
  type ParsedEnvelope,
  type PepItem,
  type PepRelatedPerson,
  type RegistryItemMap,
  type SanctionEntry,
} from '../../src/core/protocol/schema';
import { fixtureJson } from '../support/fixtures';

type Json = Record<string, unknown>;
const postRaw = fixtureJson<Json>('post-all-registries.json');
const getRaw = fixtureJson<Json[]>('get-all-registries.json');

function itemsOf<K extends RegistryKey>(envelope: ParsedEnvelope, key: K): RegistryItemMap[K][] {
  const outcome = envelope.registries[key];
  if (!outcome || outcome.status !== 'ok') throw new Error(`${key} is ${outcome ? outcome.status : 'absent'}`);
  return outcome.items;
}

/** Every documented field path of a schema ("peps.relatedPersons.country.codecountr"), with its † mark. */
function documentedPaths(
  schema: z.ZodType,
  prefix: string,
  out: Map<string, boolean>,
  postOnly = false,
): Map<string, boolean> {
  const desc = describeField(schema);
  if (!desc) throw new Error(`undescribed field at ${prefix}`);
  const inherited = postOnly || desc.postOnly;
  if (desc.kind === 'list') return documentedPaths(desc.element, prefix, out, inherited);
  if (desc.kind !== 'object') return out;
  for (const [key, field] of Object.entries(desc.shape)) {
    const path = `${prefix}.${key}`;
    const fieldPostOnly = inherited || Boolean(describeField(field)?.postOnly);
    out.set(path, fieldPostOnly);
    documentedPaths(field, path, out, fieldPostOnly);
  }
  return out;
}

/** Every key path present in a raw value, arrays flattened. */
function presentPaths(value: unknown, prefix: string, out: Set<string>): Set<string> {
  if (Array.isArray(value)) {
    for (const v of value) presentPaths(v, prefix, out);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      out.add(`${prefix}.${key}`);
      presentPaths(v, `${prefix}.${key}`, out);
    }
  }
  return out;
}

const DOCUMENTED = new Map<string, boolean>();
for (const key of REGISTRY_KEYS) documentedPaths(REGISTRY_ITEM_SCHEMAS[key], key, DOCUMENTED);

describe('field declarations follow the interface document', () => {
  // Counted by hand from the document: [all top-level item fields, of which †].
  const expected: Record<RegistryKey, [number, number]> = {
    peps: [30, 4],
    psanctions: [39, 15],
    lostdocs: [8, 0],
    edr: [26, 1],
    edrfullinfo: [57, 9],
    edrchanges: [3, 0],
    justice: [12, 0],
    executive: [16, 0],
    taxdebtor: [4, 0],
    debtor: [13, 0],
    bankrupt: [5, 0],
    corrupt: [14, 0],
    wanted: [43, 5],
    licenses: [4, 0],
    notarius: [8, 1],
    zrada: [10, 0],
    okupant: [18, 0],
    nonrezedent: [5, 0],
  };
  test.each(REGISTRY_KEYS)('%s item has the documented number of fields and † marks', (key) => {
    const top = [...DOCUMENTED.entries()].filter(([path]) => path.split('.').length === 2);
    const own = top.filter(([path]) => path.startsWith(`${key}.`));
    expect([own.length, own.filter(([, post]) => post).length]).toEqual(expected[key]);
  });

  test('the country risk block carries all 24 documented fields wherever it is used', () => {
    const countryFields = [...DOCUMENTED.keys()]
      .filter((p) => p.startsWith('peps.country.'))
      .map((p) => p.slice('peps.country.'.length));
    expect(countryFields).toHaveLength(24);
    for (const path of [
      'peps.relatedPeps.country_reg',
      'edrfullinfo.benefiaciars.countries_of_origin_risks',
      'peps.jobdetails.jobcountry',
    ]) {
      for (const field of countryFields) expect(DOCUMENTED.has(`${path}.${field}`)).toBe(true);
    }
    expect(DOCUMENTED.get('peps.country.codecountr')).toBe(true);
  });
});

describe('POST fixture with every registry', () => {
  const envelope = parsePostAnswer(postRaw);

  test('reads cleanly: every registry ok with one record, nothing left over', () => {
    expect(envelope.problems).toEqual([]);
    expect(envelope.extraHeader).toEqual({});
    expect(envelope.unknownResultKeys).toEqual({});
    expect(Object.keys(envelope.registries).sort()).toEqual([...REGISTRY_KEYS].sort());
    for (const key of REGISTRY_KEYS) expect(itemsOf(envelope, key)).toHaveLength(1);
  });

  test('header holds the nine documented values', () => {
    expect(envelope.header).toEqual({
      idinternal: 'row-17',
      idsubjectFM: 'demo-subject',
      iduserPC: 'PC-ANALYST-02',
      idrequest: '6f0d2c1e-4a57-4b1f-9a0c-2f1e8a3b7c55',
      dateResponse: '2024-03-15 10:22:33',
      listdata: '-1',
      search: '1',
      responsetype: '5',
      textformat: 'JSON',
    });
    expect(Object.keys(envelope.header).sort()).toEqual([...HEADER_KEYS].sort());
  });

  test('records come out exactly as they went in (no field lost or altered)', () => {
    const result = postRaw.result as Record<string, unknown[]>;
    for (const key of REGISTRY_KEYS) expect(itemsOf(envelope, key)).toEqual(result[key]);
  });

  test('uses every documented field, † ones included', () => {
    const present = presentPaths(postRaw.result, '', new Set()).values();
    const seen = new Set([...present].map((p) => p.slice(1)));
    const missing = [...DOCUMENTED.keys()].filter((p) => !seen.has(p));
    expect(missing).toEqual([]);
  });

  test('strict check accepts it', () => {
    expect(checkPostAnswerStrict(postRaw)).toEqual([]);
    expect(checkEnvelopeStrict(postRaw)).toEqual([]);
    expect(checkEnvelopeStrict(postRaw, { form: 'post' })).toEqual([]);
  });

  test('typed access reaches nested fields', () => {
    const pep: PepItem = itemsOf(envelope, 'peps')[0];
    const percent: number | undefined = pep.percent;
    const related: PepRelatedPerson | undefined = pep.relatedPersons?.[0];
    const citizenship: CountryRisk | undefined = related?.country_citizenship?.[0];
    // @ts-expect-error percent is a number, not text
    const wrong: string | undefined = pep.percent;
    expect(wrong).toBe(100);
    expect(percent).toBe(100);
    expect(pep.level).toBe('Високий');
    expect(pep.shortname).toBe('Коваленко О.П.');
    expect(citizenship?.codecountr).toBe(804);
    expect(pep.jobdetails?.[0].jobcountry?.country_3dig).toBe('UKR');
    expect(pep.declarations?.[0].d_year).toBe('2022');

    const sanction: SanctionEntry | undefined = itemsOf(envelope, 'psanctions')[0].adm_sanction?.[0];
    expect(sanction?.list_info?.individual).toBe(15230);
    expect(sanction?.sanctionSource?.norder).toBe('000/2022');
    expect(itemsOf(envelope, 'psanctions')[0].p_listdata_ca).toBe(137438953472);

    const company = itemsOf(envelope, 'edrfullinfo')[0];
    expect(company.address_mreg).toBe('5310100000');
    expect(company.benefiaciars?.[0].countries_of_origin_risks?.map((c) => c.country_2dig)).toEqual(['CY', 'UA']);
    expect(company.branches?.[0].exdata?.[0].startNum).toBe('1716');
    expect(company.manager_info?.m_pep_ids).toBe('104523');
    expect(itemsOf(envelope, 'taxdebtor')[0].dfs?.[0].debtdetails?.[0].dsumlocal).toBe(12500.5);
    expect(itemsOf(envelope, 'wanted')[0].fotos).toHaveLength(2);
    expect(itemsOf(envelope, 'licenses')[0].bonds?.[0].emis_vol).toBe(10000000);
    expect(itemsOf(envelope, 'edrchanges')[0].edrchanges?.[0].changes?.[0].changedetails?.[0].ishumanchanges).toBe(
      false,
    );
  });
});

describe('GET fixture with every registry', () => {
  const envelopes = parseGetAnswer(getRaw);
  const envelope = envelopes[0];

  test('is one envelope, read cleanly', () => {
    expect(envelopes).toHaveLength(1);
    expect(envelope.problems).toEqual([]);
    expect(envelope.header.idrequest).toBe('0b7c9e21-55d3-4c8e-8f3a-91d2e6f4a108');
    for (const key of REGISTRY_KEYS) expect(itemsOf(envelope, key)).toHaveLength(1);
  });

  test('uses every field the GET form documents and none of the † ones', () => {
    const seen = new Set([...presentPaths(getRaw[0].result, '', new Set())].map((p) => p.slice(1)));
    const missing = [...DOCUMENTED].filter(([path, post]) => !post && !seen.has(path)).map(([path]) => path);
    const postOnlyPresent = [...DOCUMENTED].filter(([path, post]) => post && seen.has(path)).map(([path]) => path);
    expect(missing).toEqual([]);
    expect(postOnlyPresent).toEqual([]);
  });

  test('address_mreg arrives as a number (GET form) and is read as text', () => {
    const raw = ((getRaw[0].result as Json).edrfullinfo as Json[])[0];
    expect(raw.address_mreg).toBe(5310100000);
    expect(itemsOf(envelope, 'edrfullinfo')[0].address_mreg).toBe('5310100000');
  });

  test('strict check accepts it as a GET answer', () => {
    expect(checkGetAnswerStrict(getRaw)).toEqual([]);
    expect(checkEnvelopeStrict(getRaw[0], { form: 'get' })).toEqual([]);
  });
});

describe('smaller documented answers', () => {
  test('nothing found: every asked registry ok and empty', () => {
    const raw = fixtureJson('get-nothing-found.json');
    const [envelope] = parseGetAnswer(raw);
    expect(envelope.registries).toEqual({
      psanctions: { status: 'ok', items: [] },
      notarius: { status: 'ok', items: [] },
      peps: { status: 'ok', items: [] },
      zrada: { status: 'ok', items: [] },
      okupant: { status: 'ok', items: [] },
    });
    expect(envelope.header.listdata).toBe('4609');
    expect(checkGetAnswerStrict(raw)).toEqual([]);
  });

  test('one lost-document hit', () => {
    const raw = fixtureJson('post-lostdocs-hit.json');
    const envelope = parsePostAnswer(raw);
    expect(itemsOf(envelope, 'lostdocs')).toEqual([
      {
        ovd: 'Подільський РВ ГУНП у м. Києві',
        d_SERIES: 'МЕ',
        d_NUMBER: '654321',
        d_TYPE: 'Паспорт громадянина України',
        d_STATUS: 'Недійсний',
        theft_DATA: '2022-02-03',
        insert_DATE: '2022-02-10',
        id: 'LD-7790555',
      },
    ]);
    expect(envelope.registries.peps).toBeUndefined();
    expect(checkPostAnswerStrict(raw)).toEqual([]);
  });
});
