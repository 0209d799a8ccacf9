import { REGISTRY_KEYS, type RegistryKey } from '../../src/core/protocol/registries';
import { checkEnvelopeStrict, parseEnvelope } from '../../src/core/protocol/schema';
import { transliterate } from '../../src/core/text/translit';
import { scoredItem } from '../../src/sandbox/answer';
import { documentedFields, itemForForm, openFields } from '../../src/sandbox/answer-form';
import { isValidEdrpou, isValidRnokpp } from '../../src/core/query/check-digits';
import { DEFAULT_SEED, generateSandboxData, sandboxData } from '../../src/sandbox/data/generator';
import { toRussianSpelling } from '../../src/sandbox/data/entities';
import { KNOWN, knownRecords } from '../../src/sandbox/data/known-subjects';
import type { Json, JsonObject, SandboxRecord } from '../../src/sandbox/data/model';
import { SURNAMES_COMMON, SURNAMES_GENDERED } from '../../src/sandbox/data/pools';
import { LEVEL_LOW } from '../../src/sandbox/matching';

const data = sandboxData();

/** Registry items as an answer carries them (percent and level set), in one form. */
function answerItems(key: RegistryKey, records: readonly SandboxRecord[], form: 'get' | 'post'): JsonObject[] {
  if (key === 'edrchanges') {
    return [
      itemForForm(
        key,
        { edrchangesfrom: '1991-08-24', edrchangesto: '2025-01-31', edrchanges: records.map((r) => r.item) },
        form,
      ),
    ];
  }
  return records.map((record) => itemForForm(key, scoredItem(key, { record, percent: 57, level: LEVEL_LOW }), form));
}

function keyPaths(value: Json, prefix: string, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const v of value) keyPaths(v, prefix, into);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [k, v] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${k}` : k;
    into.add(path);
    keyPaths(v, path, into);
  }
}

describe('sandbox data', () => {
  it('spells a name the Russian way older lists do, -ський and -цька endings too', () => {
    expect(toRussianSpelling('Ковальський Петро')).toBe('Ковальский Петро');
    expect(toRussianSpelling('Кропивницька Ганна Ігорівна')).toBe('Кропивницкая Ганна Игоривна');
    expect(toRussianSpelling('Ськаленко')).toBe('Ськаленко');
  });

  it('holds a few thousand records in every one of the 18 registries', () => {
    expect(data.records.length).toBeGreaterThan(3000);
    expect(data.records.length).toBeLessThan(10000);
    for (const key of REGISTRY_KEYS) expect(data.byRegistry.get(key)?.length ?? 0).toBeGreaterThan(10);
  });

  it('is the same for the same seed and different for another', () => {
    const again = generateSandboxData(DEFAULT_SEED);
    expect(JSON.stringify(again.records.map((r) => r.item))).toBe(JSON.stringify(data.records.map((r) => r.item)));
    const other = generateSandboxData(DEFAULT_SEED + 1);
    const names = (d: typeof data) =>
      d.byRegistry
        .get('peps')
        ?.slice(10, 40)
        .map((r) => r.item.name);
    expect(names(other)).not.toEqual(names(data));
  });

  it('gives record ids in order, one registry per record', () => {
    data.records.forEach((r, i) => expect(r.id).toBe(i));
  });

  it.each(REGISTRY_KEYS)('%s: every answer validates strictly in both forms', (key) => {
    const records = data.byRegistry.get(key) ?? [];
    for (const form of ['post', 'get'] as const) {
      const envelope = {
        idrequest: '1',
        dateResponse: '2025-01-31 10:00:00',
        listdata: '-1',
        search: '1',
        result: { [key]: answerItems(key, records, form) },
      };
      expect(checkEnvelopeStrict(envelope, { form })).toEqual([]);
      const parsed = parseEnvelope(envelope);
      expect(parsed.problems).toEqual([]);
      expect(parsed.registries[key]?.status).toBe('ok');
    }
  });

  it.each(REGISTRY_KEYS)(
    '%s: the POST form uses every documented field and no other; the GET form drops the † ones',
    (key) => {
      const documented = documentedFields(key);
      const open = openFields(key);
      const records = data.byRegistry.get(key) ?? [];
      const post = new Set<string>();
      for (const item of answerItems(key, records, 'post')) keyPaths(item, '', post);
      const undocumented = [...post].filter((p) => !documented.has(p) && !open.some((o) => p.startsWith(`${o}.`)));
      expect(undocumented).toEqual([]);
      expect([...documented.keys()].filter((p) => !post.has(p))).toEqual([]);

      const get = new Set<string>();
      for (const item of answerItems(key, records, 'get')) keyPaths(item, '', get);
      const postOnly = [...documented].filter(([, only]) => only).map(([p]) => p);
      expect(postOnly.filter((p) => get.has(p))).toEqual([]);
      expect([...documented].filter(([p, only]) => !only && !get.has(p)).map(([p]) => p)).toEqual([]);
    },
  );

  it('writes address_mreg as text in the POST form and as a number in the GET form', () => {
    const record = data.byRegistry.get('edrfullinfo')?.[0];
    if (!record) throw new Error('no edrfullinfo record');
    expect(typeof answerItems('edrfullinfo', [record], 'post')[0].address_mreg).toBe('string');
    expect(typeof answerItems('edrfullinfo', [record], 'get')[0].address_mreg).toBe('number');
  });

  it('generates valid company codes and tax numbers', () => {
    const companyCodes = [...(data.byRegistry.get('edr') ?? [])].map((r) => String(r.item.edrpou));
    expect(companyCodes.length).toBeGreaterThan(500);
    for (const code of companyCodes) expect(isValidEdrpou(code)).toBe(true);
    const taxNumbers = [...(data.byRegistry.get('debtor') ?? [])].map((r) => String(r.item.code));
    for (const code of taxNumbers) expect(isValidRnokpp(code)).toBe(true);
    for (const code of [
      KNOWN.company.edrpou,
      KNOWN.taxDebtor.edrpou,
      KNOWN.sanctionedCompany.edrpou,
      KNOWN.clearCompanyCode,
    ]) {
      expect(isValidEdrpou(code)).toBe(true);
    }
    for (const code of [KNOWN.pepSanctioned.rnokpp, KNOWN.pepSpouse.rnokpp, KNOWN.debtor.rnokpp, KNOWN.wanted.rnokpp]) {
      expect(isValidRnokpp(code)).toBe(true);
    }
  });

  it('encodes the birth date in every generated tax number, as the real numbering does', () => {
    for (const record of data.byRegistry.get('debtor') ?? []) {
      const days = Number(String(record.item.code).slice(0, 5));
      const birth = new Date(Date.UTC(1899, 11, 31) + days * 86_400_000).toISOString().slice(0, 10);
      expect(birth).toBe(record.item.birthdate);
    }
  });

  it('gives Ukrainian persons Cyrillic names and KMU 55 Latin aliases from the core transliteration', () => {
    const peps = data.byRegistry.get('peps') ?? [];
    const persons = peps.filter((r) => r.item.type === 0);
    expect(persons.length).toBeGreaterThan(300);
    for (const r of persons) {
      const name = String(r.item.name);
      expect(name).toMatch(/^[А-ЩЬЮЯЄІЇҐа-щьюяєіїґ' -]+$/u);
      expect(String(r.item.aka).split('; ')).toContain(transliterate(name));
    }
  });

  it('keeps the known subjects apart from the generated pools', () => {
    const generatedSurnames = new Set([...SURNAMES_COMMON, ...SURNAMES_GENDERED.flat()]);
    for (const subject of [
      KNOWN.pepSanctioned,
      KNOWN.wanted,
      KNOWN.debtor,
      KNOWN.corrupt,
      KNOWN.notary,
      KNOWN.traitor,
      KNOWN.manager,
      KNOWN.clearPerson,
    ]) {
      expect(generatedSurnames.has(subject.name.split(' ')[0])).toBe(false);
    }
    const knownIds = new Set(knownRecords(DEFAULT_SEED).map((r) => JSON.stringify(r.item)));
    const surname = (r: SandboxRecord) => String(r.item.name ?? '').split(' ')[0];
    const withKnownSurname = data.records.filter(
      (r) => ['Кривоклен', 'Сірошапка', 'Безслідний'].includes(surname(r)) && !knownIds.has(JSON.stringify(r.item)),
    );
    expect(withKnownSurname).toEqual([]);
  });

  it('keeps links on the reserved example.org domain', () => {
    const hosts = (JSON.stringify(data.records.map((r) => r.item)).match(/https?:\/\/[^"/]+/g) ?? []).map(
      (u) => new URL(u).hostname,
    );
    expect(hosts.length).toBeGreaterThan(100);
    expect(hosts.filter((h) => !/(^|\.)sandbox\.example\.org$/.test(h))).toEqual([]);
  });

  it('declines a region as an office names it: "Запорізького обласного", "у Запорізькій області"', () => {
    const text = JSON.stringify(data.records.map((r) => r.item));
    const notaries = [...new Set(text.match(/Приватний нотаріус [^"]+ нотаріального округу/g) ?? [])];
    const taxOffices = [...new Set(text.match(/ГУ ДПС у [^"]+/g) ?? [])];
    expect(notaries.length).toBeGreaterThan(5);
    expect(taxOffices.length).toBeGreaterThan(5);
    expect(
      notaries.filter(
        (n) =>
          !/^Приватний нотаріус (Київського міського|[\p{L}-]+[сзц]ького обласного) нотаріального округу$/u.test(n),
      ),
    ).toEqual([]);
    expect(taxOffices.filter((n) => !/^ГУ ДПС у (м\. Києві|\p{Lu}[\p{L}-]+ій області)$/u.test(n))).toEqual([]);
    expect(text).not.toMatch(/каого|каій/);
  });

  it('puts every sanction entry with its list and source', () => {
    for (const r of data.byRegistry.get('psanctions') ?? []) {
      const entries = [
        'sanction',
        'sanction_lost',
        'caution',
        'caution_lost',
        'adm_sanction',
        'adm_sanction_lost',
      ].flatMap((slot) => (r.item[slot] as JsonObject[]) ?? []);
      expect(entries.length).toBeGreaterThan(0);
      for (const e of entries) {
        expect(e.list).toEqual((e.list_info as JsonObject).list);
        expect((e.sanctionSource as JsonObject).weblink).toMatch(/^https:\/\//);
      }
      const sum = r.bits.reduce((acc, b) => acc + 2 ** b, 0);
      expect(r.item.p_listdata).toBe(sum);
    }
  });
});
