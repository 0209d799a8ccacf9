import { registriesOf } from '../../src/core/protocol/listdata';
import { LISTS, REGISTRY_KEYS, type RegistryKey } from '../../src/core/protocol/registries';
import { checkGetAnswerStrict, checkPostAnswerStrict, parseRegistryErrorText } from '../../src/core/protocol/schema';
import {
  DEMO_CREDENTIALS,
  KNOWN,
  KNOWN_EXPECTATIONS,
  createSandboxEngine,
  type SandboxEngine,
  type SandboxEngineOptions,
  SANDBOX_ACCOUNTS,
  type SandboxResponse,
} from '../../src/sandbox';
import { isSandboxTokken } from '../../src/sandbox/credentials';

type Json = Record<string, unknown>;
type Item = Record<string, unknown>;

// 10:20:30 in Kyiv (winter, UTC+2): the service's clock, whatever the machine's zone.
const NOW = new Date('2025-02-01T10:20:30+02:00');
const CREDS = { tokken: DEMO_CREDENTIALS.tokken, IDsubjectFM: DEMO_CREDENTIALS.idSubjectFM };

function engine(options: SandboxEngineOptions = {}): SandboxEngine {
  return createSandboxEngine({ now: () => NOW, ...options });
}

const shared = engine();

function post(
  e: SandboxEngine,
  fields: Json,
  query: Record<string, string> = {},
  credentials: Json = CREDS,
): SandboxResponse & { json: Json } {
  const r = e.handle({ method: 'POST', query, body: JSON.stringify({ ...credentials, ...fields }) });
  return { ...r, json: r.contentType.startsWith('application/json') ? (JSON.parse(r.body) as Json) : {} };
}

function get(e: SandboxEngine, fields: Record<string, string>): SandboxResponse & { json: unknown } {
  const r = e.handle({ method: 'GET', query: { ...(CREDS as Record<string, string>), ...fields } });
  return { ...r, json: r.contentType.startsWith('application/json') ? JSON.parse(r.body) : null };
}

function result(answer: { json: Json }): Record<string, unknown> {
  return answer.json.result as Record<string, unknown>;
}

function items(answer: { json: Json }, key: RegistryKey): Item[] {
  const value = result(answer)[key];
  if (!Array.isArray(value)) throw new Error(`${key} is not a list: ${String(value)}`);
  return value as Item[];
}

function percentOf(key: RegistryKey, item: Item): unknown {
  return key === 'psanctions' ? item.p_percent : item.percent;
}

function levelOf(key: RegistryKey, item: Item): unknown {
  return key === 'psanctions' ? item.p_level : item.level;
}

describe('sandbox engine: envelope', () => {
  it('answers POST with one envelope and GET with an array of one', () => {
    const p = post(shared, { name: KNOWN.pepSanctioned.name });
    expect(p.status).toBe(200);
    expect(p.contentType).toMatch(/^application\/json/);
    expect(Array.isArray(p.json)).toBe(false);
    const g = get(shared, { name: KNOWN.pepSanctioned.name });
    expect(g.status).toBe(200);
    expect(Array.isArray(g.json)).toBe(true);
    expect((g.json as unknown[]).length).toBe(1);
  });

  it('echoes the caller ids and says when and how it searched', () => {
    const e = engine();
    const a = post(e, {
      name: 'Петро',
      IDinternal: 'row-17',
      IDuserPC: 'PC-3',
      DateRequest: '2025-02-01 10:00:00',
      listdata: 512,
      search: 2,
    });
    const b = post(e, { name: 'Петро' });
    expect(a.json).toMatchObject({
      idinternal: 'row-17',
      iduserPC: 'PC-3',
      idsubjectFM: CREDS.IDsubjectFM,
      listdata: '512',
      search: '2',
      dateResponse: '2025-02-01 10:20:30',
    });
    expect(b.json).toMatchObject({ idinternal: '', listdata: '-1', search: '1' });
    expect(a.json.idrequest).not.toEqual(b.json.idrequest);
    expect(typeof a.json.idrequest).toBe('string');
  });

  it('accepts field names in any case and listdata as text', () => {
    const a = post(
      shared,
      { NAME: KNOWN.pepSanctioned.name, ListData: '512' },
      {},
      { TOKKEN: CREDS.tokken, idsubjectfm: CREDS.IDsubjectFM },
    );
    expect(a.status).toBe(200);
    expect(Object.keys(result(a))).toEqual(['peps']);
  });
});

describe('sandbox engine: which registries answer', () => {
  it.each(LISTS.map((l) => [l.bit, l.name] as const))('bit %d (%s) answers exactly its registries', (bit) => {
    const value = 2 ** bit;
    const a = post(shared, { name: 'Кривоклен', listdata: value });
    expect(Object.keys(result(a)).sort()).toEqual([...registriesOf(BigInt(value))].sort());
  });

  it.each(REGISTRY_KEYS)('%s answers when one of its bits is asked, and only then', (key) => {
    const def = LISTS.filter((l) => l.keys.includes(key));
    for (const list of def) {
      expect(Object.keys(result(post(shared, { ipn: KNOWN.company.edrpou, listdata: 2 ** list.bit })))).toContain(key);
    }
    const others = LISTS.filter((l) => !l.keys.includes(key)).reduce((acc, l) => acc + 2 ** l.bit, 0);
    expect(Object.keys(result(post(shared, { ipn: KNOWN.company.edrpou, listdata: others })))).not.toContain(key);
  });

  it('answers every registry when listdata is -1 or absent, none when it is 0', () => {
    expect(Object.keys(result(post(shared, { name: 'Петро' }))).sort()).toEqual([...REGISTRY_KEYS].sort());
    expect(Object.keys(result(post(shared, { name: 'Петро', listdata: -1 }))).sort()).toEqual(
      [...REGISTRY_KEYS].sort(),
    );
    expect(result(post(shared, { name: 'Петро', listdata: 0 }))).toEqual({});
  });

  it('takes listdata above 2^31 exactly (cautions, bit 37)', () => {
    const a = post(shared, { ipn: KNOWN.sanctionedCompany.edrpou, listdata: 2 ** 37 });
    expect(Object.keys(result(a))).toEqual(['psanctions']);
    expect(items(a, 'psanctions')).toHaveLength(1);
    const g = get(shared, { ipn: KNOWN.sanctionedCompany.edrpou, listdata: String(2n ** 37n + 2n) });
    expect(((g.json as Json[])[0].result as Json).psanctions).toHaveLength(1);
  });

  it('returns a sanctions record only for the lists it is on (active or lifted)', () => {
    const onList = (bit: number) =>
      items(post(shared, { name: KNOWN.pepSanctioned.name, listdata: 2 ** bit }), 'psanctions').length;
    expect(onList(1)).toBe(1);
    expect(onList(3)).toBe(1);
    expect(onList(5)).toBe(1);
    expect(onList(2)).toBe(0);
  });

  it('keeps PEP categories apart: the spouse is on the close-persons list only', () => {
    const names = (listdata: number) => items(post(shared, { name: 'Кривоклен', listdata }), 'peps').map((i) => i.name);
    expect(names(512)).toEqual([KNOWN.pepSanctioned.name]);
    expect(names(4096)).toEqual([KNOWN.pepSpouse.name]);
    expect(names(512 + 4096).sort()).toEqual([KNOWN.pepSanctioned.name, KNOWN.pepSpouse.name].sort());
  });
});

describe('sandbox engine: the known subjects', () => {
  it.each(KNOWN_EXPECTATIONS.map((k) => [k.title, k] as const))('%s', (_title, expectation) => {
    for (const method of ['POST', 'GET'] as const) {
      const fields = Object.fromEntries(Object.entries(expectation.query).map(([k, v]) => [k, String(v)]));
      const answer = method === 'POST' ? post(shared, expectation.query) : get(shared, fields);
      const envelope = (method === 'POST' ? answer.json : (answer.json as Json[])[0]) as Json;
      const res = envelope.result as Record<RegistryKey, Item[]>;
      // Every registry that finds the subject is documented: a demo shows no hit the table does not name.
      const finding = REGISTRY_KEYS.filter((key) => Array.isArray(res[key]) && res[key].length > 0);
      expect(finding).toEqual(REGISTRY_KEYS.filter((key) => expectation.hits.some((h) => h.registry === key)));
      for (const hit of expectation.hits) {
        const found = res[hit.registry];
        expect(Array.isArray(found) && found.length > 0).toBe(true);
        // percent and level of the best hit; GET has no p_percent/p_level (†), so it is read from the sanction entries.
        const best = found[0];
        const entry = hit.registry === 'psanctions' && method === 'GET' ? (best.sanction as Item[])[0] : best;
        const key = hit.registry === 'psanctions' && method === 'GET' ? 'justice' : hit.registry;
        if (hit.percent !== undefined) expect(percentOf(key, entry)).toBe(hit.percent);
        if (hit.level !== undefined) expect(levelOf(key, entry)).toBe(hit.level);
      }
      for (const key of expectation.clear ?? []) expect(res[key]).toEqual([]);
    }
  });

  it('makes a person high only with the full name and the equal birth date', () => {
    const level = (fields: Json) => items(post(shared, { ...fields, listdata: 512 }), 'peps')[0]?.level;
    expect(level({ name: KNOWN.pepSanctioned.name, date: KNOWN.pepSanctioned.date })).toBe('Високий');
    expect(level({ name: KNOWN.pepSanctioned.nameRu, date: KNOWN.pepSanctioned.date })).toBe('Високий');
    expect(level({ name: KNOWN.pepSanctioned.name })).toBe('Низький');
    expect(level({ name: 'Кривоклен Северин', date: KNOWN.pepSanctioned.date })).toBe('Низький');
    expect(level({ name: KNOWN.pepSanctioned.name, date: '1968-04-12' })).toBe('Низький');
  });

  it('makes a company high only on its code, and the code match 100 percent', () => {
    const byCode = items(post(shared, { ipn: KNOWN.company.edrpou, listdata: 2 ** 22 }), 'edrfullinfo');
    expect(byCode.map((i) => [i.percent, i.level])).toEqual([[100, 'Високий']]);
    const byName = items(post(shared, { name: KNOWN.company.bare, listdata: 2 ** 22 }), 'edrfullinfo');
    expect(byName.map((i) => [i.percent, i.level])).toEqual([[100, 'Низький']]);
    const both = items(
      post(shared, { name: 'Зовсім інша назва', ipn: KNOWN.company.edrpou, listdata: 2 ** 22 }),
      'edrfullinfo',
    );
    expect(both.map((i) => [i.percent, i.level])).toEqual([[100, 'Високий']]);
  });

  it('derives namelat from name and also searches a namelat that was sent', () => {
    const latinName = items(
      post(shared, { name: KNOWN.pepSanctioned.namelat, date: KNOWN.pepSanctioned.date, listdata: 512 }),
      'peps',
    );
    expect(latinName.map((i) => i.level)).toEqual(['Високий']);
    const onlyNamelat = items(
      post(shared, { name: 'Зовсім Інша Людина', namelat: KNOWN.pepSanctioned.namelat, listdata: 512 }),
      'peps',
    );
    expect(onlyNamelat.map((i) => i.name)).toEqual([KNOWN.pepSanctioned.name]);
  });

  it('finds Russian-based Latin spellings with search=2 only, and scores them below 100', () => {
    const spelled = 'Krivoklen Severin Bogdanovich';
    expect(items(post(shared, { name: spelled, listdata: 512 }), 'peps')).toEqual([]);
    const tolerant = items(post(shared, { name: spelled, listdata: 512, search: 2 }), 'peps');
    expect(tolerant.map((i) => i.name)).toEqual([KNOWN.pepSanctioned.name]);
    expect(tolerant[0].percent).toBeGreaterThan(80);
    expect(tolerant[0].percent).toBeLessThan(100);
    expect(tolerant[0].level).toBe('Низький');
    // The foreign lists carry that spelling as an alias: full text finds it there, in full.
    const sanctions = items(
      post(shared, { name: spelled, date: KNOWN.pepSanctioned.date, listdata: 2 ** 3 }),
      'psanctions',
    );
    expect(sanctions.map((i) => [i.p_percent, i.p_level])).toEqual([[100, 'Високий']]);
  });

  it('filters name matches by lowranklimit, but never a code match', () => {
    const surname = (limit: number) =>
      items(post(shared, { name: 'Кривоклен', listdata: 512 + 4096, lowranklimit: limit }), 'peps');
    expect(surname(0).map((i) => i.percent)).toEqual([33, 33]);
    expect(surname(33)).toHaveLength(2);
    expect(surname(34)).toEqual([]);
    expect(
      items(post(shared, { ipn: KNOWN.company.edrpou, lowranklimit: 100, listdata: 2 ** 20 }), 'edr'),
    ).toHaveLength(1);
  });

  it('matches documents without regard to spaces or look-alike letters, and honours doctype', () => {
    const lost = (doc: string, doctype?: number) =>
      items(post(shared, { doc, ...(doctype !== undefined ? { doctype } : {}), listdata: 2 ** 15 }), 'lostdocs');
    for (const doc of ['КМ 417305', 'КМ417305', 'KM417305', 'км 417 305']) {
      expect(lost(doc).map((i) => i.d_STATUS)).toEqual(['Викрадений']);
    }
    expect(lost('КМ 417305', 1)).toHaveLength(1);
    expect(lost('КМ 417305', 2)).toEqual([]);
    expect(lost('FT 920417', 2)).toHaveLength(1);
    expect(lost('FT 920417', 0)).toHaveLength(1);
    expect(lost('FT 920417', 1)).toEqual([]);
    expect(lost('004172093', 1)).toHaveLength(1);
    const occupier = items(post(shared, { doc: KNOWN.occupier.passport, listdata: 2 ** 13 }), 'okupant');
    expect(occupier.map((i) => [i.name, i.percent])).toEqual([[KNOWN.occupier.name, 100]]);
  });

  it('finds the PEP sanctions record by any of its documents', () => {
    const found = items(post(shared, { doc: KNOWN.pepSanctioned.foreignPassport, listdata: 2 ** 3 }), 'psanctions');
    expect(found.map((i) => i.p_fullname)).toEqual([KNOWN.pepSanctioned.name]);
  });

  it('shows superseded register entries only when onlyactual is false', () => {
    expect(items(post(shared, { ipn: KNOWN.company.edrpou, listdata: 2 ** 22 }), 'edrfullinfo')).toHaveLength(1);
    expect(
      items(post(shared, { ipn: KNOWN.company.edrpou, listdata: 2 ** 22, onlyactual: false }), 'edrfullinfo'),
    ).toHaveLength(2);
    const g = get(shared, { ipn: KNOWN.company.edrpou, listdata: String(2 ** 22), onlyactual: 'false' });
    expect(((g.json as Json[])[0].result as Json).edrfullinfo).toHaveLength(2);
  });

  it('reports company changes of the asked kinds within the asked period', () => {
    const changes = (fields: Json) => {
      const block = items(post(shared, { arrayedrpou: [KNOWN.company.edrpou], ...fields }), 'edrchanges');
      if (block.length === 0) return [];
      const companies = block[0].edrchanges as Item[];
      return companies.flatMap((c) =>
        (c.changes as Item[]).flatMap((ch) => (ch.changedetails as Item[]).map((d) => [ch.datachange, d.changetype])),
      );
    };
    const all = changes({ listdata: 2 ** 23 + 2 ** 24 + 2 ** 25 + 2 ** 26 + 2 ** 27 + 2 ** 28 + 2 ** 29 });
    expect(all.length).toBeGreaterThan(0);
    for (let bit = 23; bit <= 29; bit++) {
      const only = changes({ listdata: 2 ** bit });
      expect(only.every(([, type]) => type === bit - 22)).toBe(true);
      expect(only).toEqual(all.filter(([, type]) => type === bit - 22));
    }
    const dates = all.map(([d]) => String(d)).sort();
    const last = dates[dates.length - 1];
    expect(changes({ listdata: -1, edrchangesfrom: last })).toEqual(all.filter(([d]) => String(d) >= last));
    const dayBefore = new Date(Date.UTC(+dates[0].slice(0, 4), +dates[0].slice(5, 7) - 1, +dates[0].slice(8, 10) - 1))
      .toISOString()
      .slice(0, 10);
    expect(changes({ listdata: -1, edrchangesto: dayBefore })).toEqual([]);
    const block = items(
      post(shared, { ipn: KNOWN.company.edrpou, edrchangesfrom: '2000-01-01', edrchangesto: '2025-01-31' }),
      'edrchanges',
    );
    expect(block).toHaveLength(1);
    expect(block[0]).toMatchObject({ edrchangesfrom: '2000-01-01', edrchangesto: '2025-01-31' });
  });

  it('reads arrayedrpou as the companies whose changes are wanted, not as subjects of other registries', () => {
    const res = result(post(shared, { name: 'Зовсім Інша Людина', arrayedrpou: [KNOWN.company.edrpou] }));
    expect(res.edrchanges).toHaveLength(1);
    for (const key of ['edr', 'edrfullinfo', 'justice', 'bankrupt', 'licenses'] as const) expect(res[key]).toEqual([]);
  });

  it('caps the records one registry returns', () => {
    const capped = engine({ maxHitsPerRegistry: 5 });
    const ask = { name: 'Іванович', listdata: 2 ** 20 };
    expect(items(post(shared, ask), 'edr').length).toBeGreaterThan(5);
    expect(items(post(capped, ask), 'edr')).toHaveLength(5);
  });
});

describe('sandbox engine: every answer validates', () => {
  const sweep: Json[] = [
    ...KNOWN_EXPECTATIONS.map((k) => k.query as Json),
    { name: 'Петро' },
    { name: 'Олена', search: 2 },
    { name: 'ЛАН' },
    { ipn: KNOWN.company.edrpou, onlyactual: false },
  ];
  it.each(['POST', 'GET'] as const)('%s answers are exactly as documented, for every registry', (method) => {
    const seen = new Set<string>();
    for (const fields of sweep) {
      if (method === 'POST') {
        const a = post(shared, fields);
        expect(checkPostAnswerStrict(a.json)).toEqual([]);
        for (const [k, v] of Object.entries(result(a))) if (Array.isArray(v) && v.length > 0) seen.add(k);
      } else {
        const g = get(shared, Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])));
        expect(checkGetAnswerStrict(g.json)).toEqual([]);
        for (const [k, v] of Object.entries(((g.json as Json[])[0].result as Json) ?? {})) {
          if (Array.isArray(v) && v.length > 0) seen.add(k);
        }
      }
    }
    expect([...seen].sort()).toEqual([...REGISTRY_KEYS].sort());
  });
});

describe('sandbox engine: its accounts are known as fictional', () => {
  it('every sandbox account, and no other tokken, is one a command line or relay marks as the sandbox', () => {
    for (const account of SANDBOX_ACCOUNTS) expect(isSandboxTokken(account.tokken)).toBe(true);
    for (const other of ['a-tokken-of-the-bank', '', null, undefined]) expect(isSandboxTokken(other)).toBe(false);
  });
});

describe('sandbox engine: errors', () => {
  it.each<[string, Json]>([
    ['no credentials', {}],
    ['a wrong tokken', { tokken: 'nope', IDsubjectFM: CREDS.IDsubjectFM }],
    ['a wrong subject', { tokken: CREDS.tokken, IDsubjectFM: 'nope' }],
    ['only the tokken', { tokken: CREDS.tokken }],
  ])('answers 401 with error 1 for %s', (_what, credentials) => {
    const r = e401(credentials);
    expect(r.status).toBe(401);
    expect(JSON.parse(r.body)).toEqual({ error: 1, message: expect.stringMatching(/Користувача не знайдено/) });
  });

  function e401(credentials: Json): SandboxResponse {
    return shared.handle({ method: 'POST', query: {}, body: JSON.stringify({ ...credentials, name: 'Петро' }) });
  }

  it('takes POST credentials from the query string too, but GET credentials only from the query', () => {
    const r = shared.handle({ method: 'POST', query: CREDS, body: JSON.stringify({ name: 'Петро', listdata: 512 }) });
    expect(r.status).toBe(200);
    const g = shared.handle({ method: 'GET', query: { name: 'Петро' }, body: JSON.stringify(CREDS) });
    expect(g.status).toBe(401);
  });

  it('answers 403 with error 11 once the quota is used up, and counts only answered searches', () => {
    const e = engine({ faults: { quota: 3 } });
    expect(post(e, { lowranklimit: 'x' }).status).toBe(400);
    for (let i = 0; i < 3; i++) expect(post(e, { name: 'Петро' }).status).toBe(200);
    const over = post(e, { name: 'Петро' });
    expect(over.status).toBe(403);
    expect(over.json).toEqual({ error: 11, message: expect.stringMatching(/Ліміт запитів/) });
    expect(e.usage({ tokken: CREDS.tokken, idSubjectFM: CREDS.IDsubjectFM })).toBe(3);
    e.resetUsage();
    expect(post(e, { name: 'Петро' }).status).toBe(200);
  });

  it('shares the quota between instances with different faults, as primary and reserves share one service', () => {
    const primary = engine({ faults: { quota: 2 } });
    const reserve = primary.withFaults({ quota: 2, latencyMs: 5 });
    expect(post(primary, { name: 'Петро' }).status).toBe(200);
    expect(post(reserve, { name: 'Петро' }).status).toBe(200);
    expect(post(primary, { name: 'Петро' }).json.error).toBe(11);
    expect(post(reserve, { name: 'Петро' }).json.error).toBe(11);
  });

  it('gives the trial account ten requests', () => {
    const e = engine();
    const trial = { tokken: 'trial-tokken', IDsubjectFM: 'trial-subject' };
    for (let i = 0; i < 10; i++) expect(post(e, { name: 'Петро' }, {}, trial).status).toBe(200);
    expect(post(e, { name: 'Петро' }, {}, trial).json.error).toBe(11);
    expect(post(e, { name: 'Петро' }).status).toBe(200);
  });

  it.each([
    ['blocked-tokken', 'blocked-subject', 9],
    ['expired-tokken', 'expired-subject', 8],
  ])('answers the account error of %s', (tokken, subject, code) => {
    const r = post(shared, { name: 'Петро' }, {}, { tokken, IDsubjectFM: subject });
    expect(r.status).toBe(403);
    expect(r.json.error).toBe(code);
  });

  it.each(['abc', '101', '-1', '1.5', '50%'])('answers 400 with error 105 for lowranklimit %s', (value) => {
    const r = post(shared, { name: 'Петро', lowranklimit: value });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe(105);
    expect(get(shared, { name: 'Петро', lowranklimit: value }).status).toBe(400);
  });

  it.each([
    [{ edrchangesfrom: '1990-01-01' }, 103],
    [{ edrchangesfrom: '2024-13-01' }, 103],
    [{ edrchangesfrom: 'вчора' }, 103],
    [{ edrchangesfrom: '2030-01-01' }, 103],
    [{ edrchangesto: '2024-02-30' }, 104],
    [{ edrchangesfrom: '2024-05-01', edrchangesto: '2024-04-01' }, 104],
    [{ edrchangesto: '2030-01-01' }, 104],
  ])('answers 400 for change dates %j with error %d', (fields, code) => {
    const r = post(shared, { ipn: KNOWN.company.edrpou, ...fields });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe(code);
  });

  it('keeps Kyiv’s date and time wherever it runs: at 01:30 there (23:30 UTC) "changes up to today" means the new day', () => {
    const lateUtc = createSandboxEngine({ now: () => new Date('2026-11-29T23:30:00Z') });
    const r = post(lateUtc, { ipn: KNOWN.company.edrpou, edrchangesto: '2026-11-30' });
    expect(r.status).toBe(200);
    expect(r.json.dateResponse).toBe('2026-11-30 01:30:00');
    expect(post(lateUtc, { ipn: KNOWN.company.edrpou, edrchangesto: '2026-12-01' }).json.error).toBe(104);
  });

  it('answers 400 with error 100 for a body that is not a JSON object and for a bad listdata', () => {
    expect(shared.handle({ method: 'POST', query: CREDS, body: '{name:' }).status).toBe(400);
    expect(JSON.parse(shared.handle({ method: 'POST', query: CREDS, body: '[1]' }).body).error).toBe(100);
    expect(post(shared, { listdata: 'peps' }).json.error).toBe(100);
  });

  it('answers 404 off /api and 405 for other methods', () => {
    expect(shared.handle({ method: 'GET', path: '/other', query: CREDS }).status).toBe(404);
    expect(shared.handle({ method: 'GET', path: '/api/', query: CREDS }).status).toBe(200);
    expect(shared.handle({ method: 'DELETE', query: CREDS }).status).toBe(405);
  });

  it('puts NNNN.message in place of a registry that is not in the package', () => {
    const basic = { tokken: 'basic-tokken', IDsubjectFM: 'basic-subject' };
    const r = post(shared, { name: KNOWN.wanted.name }, {}, basic);
    const res = result(r);
    expect(Array.isArray(res.peps)).toBe(true);
    expect(typeof res.wanted).toBe('string');
    expect(parseRegistryErrorText(String(res.wanted))).toEqual({ code: 9001, message: expect.stringMatching(/пакет/) });
    expect(checkPostAnswerStrict(r.json)).toEqual([]);
  });
});

describe('sandbox engine: faults', () => {
  it('injects per-registry error texts', () => {
    const e = engine({ faults: { registryErrors: { peps: 9000, psanctions: 9003, edr: '9004.Своє повідомлення' } } });
    const res = result(post(e, { name: KNOWN.pepSanctioned.name }));
    expect(parseRegistryErrorText(String(res.peps)).code).toBe(9000);
    expect(parseRegistryErrorText(String(res.psanctions))).toEqual({
      code: 9003,
      message: expect.stringMatching(/Уточніть запит/),
    });
    expect(res.edr).toBe('9004.Своє повідомлення');
    expect(Array.isArray(res.wanted)).toBe(true);
    expect(result(post(e, { name: 'x', listdata: 2 ** 15 }))).toEqual({ lostdocs: [] });
  });

  it('fails, drops and answers HTML as asked', () => {
    const fail = engine({ faults: { failRate: 1 } }).handle({ method: 'POST', query: CREDS, body: '{}' });
    expect(fail.status).toBeGreaterThanOrEqual(500);
    expect(fail.contentType).toMatch(/^text\/html/);
    expect(fail.body).toMatch(/<html>/);
    const drop = engine({ faults: { dropRate: 1 } }).handle({ method: 'POST', query: CREDS, body: '{}' });
    expect(drop.drop).toBe(true);
    const html = engine({ faults: { htmlRate: 1 } }).handle({ method: 'POST', query: CREDS, body: '{}' });
    expect(html.status).toBe(200);
    expect(html.contentType).toMatch(/^text\/html/);
    expect(() => JSON.parse(html.body)).toThrow();
  });

  it('cycles through the configured 5xx statuses', () => {
    const e = engine({ faults: { failRate: 1, failStatuses: [502, 503] } });
    const statuses = Array.from({ length: 4 }, () => e.handle({ method: 'GET', query: CREDS }).status);
    expect(statuses).toEqual([502, 503, 502, 503]);
  });

  it('delays by latency plus jitter', () => {
    const e = engine({ faults: { latencyMs: 100, jitterMs: 50 } });
    const delays = Array.from({ length: 50 }, () => e.handle({ method: 'GET', query: CREDS }).delayMs);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(100);
    expect(Math.max(...delays)).toBeLessThanOrEqual(150);
    expect(new Set(delays).size).toBeGreaterThan(5);
    expect(shared.handle({ method: 'GET', query: CREDS }).delayMs).toBe(0);
  });

  it('draws the same faults for the same seed, and mixes them at the asked rates', () => {
    const run = (seed: number) => {
      const e = engine({ faults: { seed, failRate: 0.2, dropRate: 0.1, htmlRate: 0.1 } });
      return Array.from({ length: 400 }, () => {
        const r = e.handle({ method: 'GET', query: { ...CREDS, listdata: '0' } });
        return r.drop ? 'drop' : r.status >= 500 ? '5xx' : r.contentType.startsWith('text/html') ? 'html' : 'ok';
      });
    };
    const a = run(11);
    expect(run(11)).toEqual(a);
    expect(run(12)).not.toEqual(a);
    const count = (k: string) => a.filter((x) => x === k).length;
    expect(count('drop')).toBeGreaterThan(20);
    expect(count('drop')).toBeLessThan(65);
    expect(count('5xx')).toBeGreaterThan(45);
    expect(count('5xx')).toBeLessThan(110);
    expect(count('html')).toBeGreaterThan(15);
    expect(count('ok')).toBeGreaterThan(200);
  });

  it('does not charge quota for requests lost to a fault', () => {
    const e = engine({ faults: { failRate: 1, quota: 1 } });
    for (let i = 0; i < 5; i++) e.handle({ method: 'POST', query: CREDS, body: '{}' });
    expect(e.usage({ tokken: CREDS.tokken, idSubjectFM: CREDS.IDsubjectFM })).toBe(0);
  });

  it('rejects impossible fault settings', () => {
    expect(() => engine({ faults: { failRate: 2 } })).toThrow(RangeError);
    expect(() => engine({ faults: { latencyMs: -1 } })).toThrow(RangeError);
    expect(() => engine({ faults: { failStatuses: [404] } })).toThrow(RangeError);
  });
});
