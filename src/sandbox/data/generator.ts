import { REGISTRY_KEYS, type RegistryKey } from '../../core/protocol/registries';
import { createRng, deriveSeed, type Rng } from '../prng';
import type { RecordSpec } from './common';
import { personFrom, randomCompany, randomDate, randomPerson } from './entities';
import {
  buildBankrupt,
  buildEdr,
  buildEdrChanges,
  buildEdrFull,
  buildExecutive,
  buildJustice,
  buildLicenses,
  buildNonResident,
  buildTaxDebtor,
  noFlags,
  randomForeignCompany,
  type CompanyFlags,
} from './items-companies';
import {
  buildCorrupt,
  buildDebtor,
  buildLostDoc,
  buildNotarius,
  buildOkupant,
  buildPep,
  buildPepCompany,
  buildSanctionCompany,
  buildSanctionPerson,
  buildWanted,
  buildZrada,
  type PepRelation,
} from './items-persons';
import { KNOWN, knownRecords } from './known-subjects';
import type { Company, Person, SandboxRecord } from './model';
import { FEMALE_NAMES, MALE_NAMES, PEP_JOBS } from './pools';

export const DEFAULT_SEED = 20_250_131;

/** How many generated records each registry gets besides the known subjects. */
export const GENERATED_COUNTS = {
  pepFamilies: 220,
  pepCompanies: 15,
  sanctionPersons: 330,
  sanctionCompanies: 80,
  lostdocs: 400,
  wanted: 120,
  corrupt: 100,
  zrada: 100,
  okupant: 150,
  debtor: 200,
  notarius: 150,
  companies: 700,
  edrfullinfo: 450,
  edrchanges: 200,
  licenses: 100,
  taxdebtor: 150,
  bankrupt: 60,
  justice: 250,
  executive: 250,
  nonrezedent: 120,
} as const;

export interface SandboxData {
  seed: number;
  records: readonly SandboxRecord[];
  byRegistry: ReadonlyMap<RegistryKey, readonly SandboxRecord[]>;
  /** Data revision (0 when absent): see data/revisions.ts. */
  revision?: number;
  /** Record id → the percent it answers with at this revision, whatever the request matched. */
  percentOverrides?: ReadonlyMap<number, number>;
}

const RUSSIAN_MALE = ['Алексей', 'Дмитрий', 'Сергей', 'Иван', 'Никита', 'Артем', 'Максим', 'Павел', 'Евгений', 'Роман'];
const RUSSIAN_PATRONYMIC = [
  'Алексеевич',
  'Дмитриевич',
  'Сергеевич',
  'Иванович',
  'Николаевич',
  'Викторович',
  'Олегович',
  'Юрьевич',
];
const RUSSIAN_SURNAMES = [
  'Кочетков',
  'Сорокин',
  'Грачев',
  'Дроздов',
  'Скворцов',
  'Чижов',
  'Щеглов',
  'Снегирев',
  'Коршунов',
  'Филинов',
  'Стрижов',
  'Синицын',
];

function russianPerson(rng: Rng): Person {
  const surname = rng.pick(RUSSIAN_SURNAMES);
  const first = rng.pick(RUSSIAN_MALE);
  const patronymic = rng.pick(RUSSIAN_PATRONYMIC);
  return personFrom(rng, {
    surname,
    first,
    patronymic,
    male: true,
    birthDate: randomDate(rng, 1970, 2004),
    nameRu: `${surname} ${first} ${patronymic}`,
    citizenship: 'RU',
  });
}

function relative(rng: Rng, of: Person, kind: 'spouse' | 'child'): Person {
  const male = kind === 'child' ? rng.chance(0.5) : !of.male;
  const ofFatherName = MALE_NAMES.find((n) => n.uk === of.first);
  const first = male ? rng.pick(MALE_NAMES).uk : rng.pick(FEMALE_NAMES).uk;
  // A child's patronymic comes from the PEP's first name; a spouse keeps their own father's.
  const patronymicSource = kind === 'child' && of.male && ofFatherName ? ofFatherName : rng.pick(MALE_NAMES);
  const surname =
    of.surname.endsWith('ський') && !male
      ? of.surname.replace(/ський$/, 'ська')
      : of.surname.endsWith('ська') && male
        ? of.surname.replace(/ська$/, 'ський')
        : of.surname;
  const patronymic = male ? patronymicSource.patronymic[0] : patronymicSource.patronymic[1];
  const birthYear =
    kind === 'child'
      ? Math.min(+of.birthDate.slice(0, 4) + rng.int(20, 32), 2005)
      : +of.birthDate.slice(0, 4) + rng.int(-4, 4);
  return personFrom(rng, { surname, first, patronymic, male, birthDate: randomDate(rng, birthYear, birthYear) });
}

export function generateSandboxData(seed: number = DEFAULT_SEED): SandboxData {
  const specs: RecordSpec[] = [...knownRecords(seed)];
  const stream = (label: string) => createRng(deriveSeed(seed, label));
  const n = GENERATED_COUNTS;
  const reservedCodes = new Set<string>([
    KNOWN.company.edrpou,
    KNOWN.taxDebtor.edrpou,
    KNOWN.sanctionedCompany.edrpou,
    KNOWN.clearCompanyCode,
  ]);

  // One pool of people, so that the same person turns up in several registries as in life.
  const peopleRng = stream('people');
  const people: Person[] = Array.from({ length: 1500 }, () => randomPerson(peopleRng));
  const companiesRng = stream('companies');
  const companies: Array<Company> = [];
  while (companies.length < n.companies) {
    const c = randomCompany(companiesRng);
    if (reservedCodes.has(c.edrpou)) continue;
    reservedCodes.add(c.edrpou);
    companies.push(c);
  }

  // PEPs with their families.
  const pepRng = stream('peps');
  let idpep = 20_001;
  const pepPeople: { person: Person; idpep: number }[] = [];
  for (let i = 0; i < n.pepFamilies; i++) {
    const person = people[i];
    const id = idpep++;
    pepPeople.push({ person, idpep: id });
    const relatives: PepRelation[] = [];
    const relCount = pepRng.int(0, 2);
    for (let r = 0; r < relCount; r++) {
      const kind = r === 0 ? 'spouse' : 'child';
      const relPerson = relative(pepRng, person, kind);
      const brief = kind === 'spouse' ? (relPerson.male ? 'чоловік' : 'дружина') : relPerson.male ? 'син' : 'донька';
      relatives.push({
        person: relPerson,
        brief,
        briefId: kind === 'spouse' ? 1 : 2,
        linkCode: kind === 'spouse' ? 1 : 2,
        idpep: idpep++,
      });
    }
    const bit = pepRng.chance(0.7) ? 9 : pepRng.chance(0.33) ? 10 : 11;
    const job = pepRng.pick(PEP_JOBS);
    specs.push(
      buildPep(pepRng, person, {
        idpep: id,
        bit,
        typePEP: pepRng.chance(0.75) ? 0 : 3,
        job,
        relatedPersons: relatives,
        yearOnly: pepRng.chance(0.08),
      }),
    );
    for (const rel of relatives) {
      const back =
        rel.brief === 'дружина' || rel.brief === 'чоловік'
          ? person.male
            ? 'чоловік'
            : 'дружина'
          : person.male
            ? 'батько'
            : 'мати';
      specs.push(
        buildPep(pepRng, rel.person, {
          idpep: rel.idpep ?? idpep++,
          bit: 12,
          typePEP: 1,
          job: ['', ''],
          relatedPeps: [{ person, brief: back, briefId: rel.briefId, linkCode: rel.linkCode, idpep: id, job: job[0] }],
        }),
      );
    }
  }

  // Company facts that the register blocks repeat: some founders are PEPs or sanctioned.
  const flags = new Map<string, CompanyFlags>();
  const flagRng = stream('company-flags');
  for (const c of companies) {
    const f = noFlags();
    if (flagRng.chance(0.06)) {
      const pep = flagRng.pick(pepPeople);
      c.founders = [...c.founders, pep.person];
      f.pepIds.push(pep.idpep);
    }
    f.russian = flagRng.chance(0.03);
    f.belarusian = flagRng.chance(0.01);
    f.riskBonds = flagRng.chance(0.02);
    f.massAddress = flagRng.chance(0.05) ? flagRng.int(3, 40) : 0;
    flags.set(c.edrpou, f);
  }
  for (let i = 0; i < n.pepCompanies; i++) {
    const pep = pepPeople[i * 7];
    const c = companies[650 + i];
    specs.push(buildPepCompany(pepRng, c, 30_001 + i * 2, pep.person));
    flags.get(c.edrpou)?.pepIds.push(pep.idpep);
  }

  // Sanctions: some PEPs, mostly others; Ukrainian and foreign lists.
  const sanRng = stream('psanctions');
  const listBits = [0, 1, 2, 3, 4, 5, 6, 7, 37, 38, 39];
  const pickBits = (): { active: number[]; lifted: number[] } => {
    const active = sanRng.sample(listBits, sanRng.int(1, 4)).sort((a, b) => a - b);
    const lifted = sanRng.chance(0.15) ? [sanRng.pick(listBits.filter((b) => !active.includes(b)))] : [];
    return { active, lifted };
  };
  for (let i = 0; i < n.sanctionPersons; i++) {
    const person = i % 10 === 0 ? pepPeople[i % pepPeople.length].person : people[300 + i];
    const { active, lifted } = pickBits();
    specs.push(
      buildSanctionPerson(sanRng, person, {
        pid: `SBX-S-${String(i + 100).padStart(4, '0')}`,
        activeBits: active,
        liftedBits: lifted,
      }),
    );
  }
  for (let i = 0; i < n.sanctionCompanies; i++) {
    const c = companies[i * 8];
    const { active, lifted } = pickBits();
    const pid = `SBX-S-${String(i + 1000).padStart(4, '0')}`;
    specs.push(buildSanctionCompany(sanRng, c, { pid, activeBits: active, liftedBits: lifted }));
    flags.get(c.edrpou)?.sanctionIds.push(pid);
  }

  // Documents.
  const docRng = stream('lostdocs');
  for (let i = 0; i < n.lostdocs; i++) {
    const person = people[docRng.int(0, people.length - 1)];
    const doc = docRng.chance(0.3) ? person.foreignPassport : person.passport;
    const status = docRng.pick(['Втрачений', 'Викрадений', 'Недійсний'] as const);
    specs.push(buildLostDoc(docRng, 100_000 + i, doc, status, person.city));
  }

  const personRegistries: [string, number, (rng: Rng, id: number, p: Person) => RecordSpec, number][] = [
    [
      'wanted',
      n.wanted,
      (rng, id, p) =>
        buildWanted(
          rng,
          id,
          p,
          rng.chance(0.3),
          rng.pick([
            'Особи, які переховуються від органів досудового розслідування',
            'Особи, які зникли безвісти',
            'Особи, які ухиляються від відбування покарання',
          ]),
        ),
      700,
    ],
    ['corrupt', n.corrupt, buildCorrupt, 820],
    ['zrada', n.zrada, buildZrada, 920],
    ['debtor', n.debtor, buildDebtor, 1020],
    ['notarius', n.notarius, buildNotarius, 1220],
  ];
  for (const [label, count, build, offset] of personRegistries) {
    const rng = stream(label);
    for (let i = 0; i < count; i++) specs.push(build(rng, 100_000 + i, people[(offset + i) % people.length]));
  }
  const okRng = stream('okupant');
  for (let i = 0; i < n.okupant; i++) specs.push(buildOkupant(okRng, 100_000 + i, russianPerson(okRng)));

  // Companies.
  const edrRng = stream('edr');
  companies.forEach((c, i) => specs.push(buildEdr(edrRng, 100_000 + i, c, flags.get(c.edrpou) ?? noFlags())));
  const fullRng = stream('edrfullinfo');
  const bankruptRng = stream('bankrupt');
  for (let i = 0; i < n.edrfullinfo; i++) {
    const c = companies[i];
    const isBankrupt =
      i % Math.floor(n.edrfullinfo / n.bankrupt) === 0 && i / Math.floor(n.edrfullinfo / n.bankrupt) < n.bankrupt;
    const opDate = randomDate(bankruptRng, 2016, 2024);
    specs.push(
      buildEdrFull(
        fullRng,
        100_000 + i,
        c,
        flags.get(c.edrpou) ?? noFlags(),
        isBankrupt ? { bankrupt: { opDate, reason: 'Неплатоспроможність' } } : {},
      ),
    );
    if (isBankrupt) specs.push(buildBankrupt(bankruptRng, c, opDate));
    if (i % 23 === 0) {
      specs.push(
        buildEdrFull(
          fullRng,
          500_000 + i,
          { ...c, address: 'м. Київ, вул. Попередня, буд. 1' },
          flags.get(c.edrpou) ?? noFlags(),
          { superseded: true },
        ),
      );
    }
  }
  const changesRng = stream('edrchanges');
  for (let i = 0; i < n.edrchanges; i++) {
    specs.push(
      buildEdrChanges(changesRng, companies[i * 3], people[changesRng.int(0, people.length - 1)], changesRng.int(1, 5)),
    );
  }
  const licRng = stream('licenses');
  for (let i = 0; i < n.licenses; i++) specs.push(buildLicenses(licRng, companies[(i * 7 + 3) % companies.length]));
  const taxRng = stream('taxdebtor');
  for (let i = 0; i < n.taxdebtor; i++) specs.push(buildTaxDebtor(taxRng, companies[(i * 4 + 1) % companies.length]));
  const justiceRng = stream('justice');
  for (let i = 0; i < n.justice; i++) {
    const party = justiceRng.chance(0.6)
      ? { kind: 'company' as const, company: justiceRng.pick(companies) }
      : { kind: 'person' as const, person: justiceRng.pick(people) };
    specs.push(buildJustice(justiceRng, party, { kind: 'company', company: justiceRng.pick(companies) }));
  }
  const execRng = stream('executive');
  for (let i = 0; i < n.executive; i++) {
    const debtor = execRng.chance(0.5)
      ? { kind: 'company' as const, company: execRng.pick(companies) }
      : { kind: 'person' as const, person: execRng.pick(people) };
    specs.push(buildExecutive(execRng, 100_000 + i, debtor, execRng.pick(companies)));
  }
  const nrRng = stream('nonrezedent');
  for (let i = 0; i < n.nonrezedent; i++) specs.push(buildNonResident(nrRng, randomForeignCompany(nrRng)));

  const records: SandboxRecord[] = specs.map((spec, id) => ({ ...spec, id }));
  const byRegistry = new Map<RegistryKey, SandboxRecord[]>(REGISTRY_KEYS.map((k) => [k, []]));
  for (const r of records) byRegistry.get(r.registry)?.push(r);
  return { seed, records, byRegistry };
}

const memo = new Map<number, SandboxData>();

/** Generated once per seed and shared: several sandbox instances (primary and reserves) hold one copy. */
export function sandboxData(seed: number = DEFAULT_SEED): SandboxData {
  let data = memo.get(seed);
  if (!data) {
    data = generateSandboxData(seed);
    memo.set(seed, data);
  }
  return data;
}
