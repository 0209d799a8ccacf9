import { createRng, deriveSeed } from '../prng';
import type { GeneratedDoc } from './codes';
import type { RecordSpec } from './common';
import { companyFrom, personFrom } from './entities';
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
} from './items-companies';
import {
  buildCorrupt,
  buildDebtor,
  buildLostDoc,
  buildNotarius,
  buildOkupant,
  buildPep,
  buildSanctionCompany,
  buildSanctionPerson,
  buildWanted,
  buildZrada,
} from './items-persons';
import { LEGAL_FORMS } from './pools';

/**
 * Subjects with fixed, documented data (docs/sandbox.md), so a new user sees hits at once and
 * tests can name exact inputs. Their surnames and company names are outside the generator's
 * pools, so no generated record can collide with them.
 */
export const KNOWN = {
  pepSanctioned: {
    name: 'Кривоклен Северин Богданович',
    namelat: 'Kryvoklen Severyn Bohdanovych',
    nameRu: 'Кривоклен Северин Богданович',
    nameRuLat: 'KRIVOKLEN, Severin Bogdanovich',
    date: '1967-04-12',
    rnokpp: '2457304172',
    passport: 'ВА 730412',
    foreignPassport: 'FE 120467',
    idpep: 10001,
    pid: 'SBX-S-0001',
    /** NSDC and EU active; US lifted. */
    sanctionBits: [1, 3],
    liftedBits: [5],
  },
  pepSpouse: {
    name: 'Кривоклен Мирослава Ігорівна',
    date: '1971-09-30',
    rnokpp: '2620517240',
    idpep: 10002,
  },
  company: {
    name: 'ТОВАРИСТВО З ОБМЕЖЕНОЮ ВІДПОВІДАЛЬНІСТЮ "СМАРАГДОВИЙ ПРИЧАЛ"',
    shortName: 'ТОВ "СМАРАГДОВИЙ ПРИЧАЛ"',
    bare: 'СМАРАГДОВИЙ ПРИЧАЛ',
    edrpou: '41703173',
    bankruptSince: '2024-05-14',
  },
  manager: {
    name: 'Доброгост Левко Андрійович',
    date: '1975-06-21',
    rnokpp: '2756530515',
  },
  taxDebtor: {
    name: 'ПРИВАТНЕ ПІДПРИЄМСТВО "КРЕМІНЬ-ЗБУТ"',
    shortName: 'ПП "КРЕМІНЬ-ЗБУТ"',
    bare: 'КРЕМІНЬ-ЗБУТ',
    edrpou: '39418520',
  },
  sanctionedCompany: {
    name: 'ТОВАРИСТВО З ОБМЕЖЕНОЮ ВІДПОВІДАЛЬНІСТЮ "ПОЛЯРНА СОВА"',
    bare: 'ПОЛЯРНА СОВА',
    edrpou: '24177306',
    pid: 'SBX-S-0002',
  },
  stolenPassport: { doc: 'КМ 417305', doctype: 1 as const, status: 'Викрадений' },
  lostForeignPassport: { doc: 'FT 920417', doctype: 2 as const, status: 'Втрачений' },
  invalidIdCard: { doc: '004172093', doctype: 1 as const, status: 'Недійсний' },
  wanted: {
    name: 'Сірошапка Тихон Веремійович',
    namelat: 'Siroshapka Tykhon Veremiiovych',
    date: '1979-11-02',
    rnokpp: '2916062058',
  },
  debtor: {
    name: 'Ковтуненко-Вирій Ярема Остапович',
    date: '1988-02-29',
    rnokpp: '3220141735',
  },
  corrupt: {
    name: 'Прибережна Ніна Панасівна',
    date: '1962-12-05',
    rnokpp: '2298473327',
  },
  notary: {
    name: 'Вишнепільська Аліна Євгенівна',
    date: '1983-07-17',
    rnokpp: '3051381060',
  },
  traitor: {
    name: 'Перекотиполе Гнат Силович',
    date: '1970-01-15',
    rnokpp: '2558202898',
  },
  occupier: {
    name: 'Кочергин Ефим Саввич',
    date: '1995-08-08',
    passport: '4517 902113',
  },
  nonResident: { name: 'QUILLFEATHER TRADING LIMITED', code: 'HE417302' },
  /** No registry holds these: the "clear" examples. */
  clearPerson: { name: 'Безслідний Марко Іванович', date: '1990-01-01' },
  clearCompanyCode: '43602159',
} as const;

function doc(kind: GeneratedDoc['kind'], text: string): GeneratedDoc {
  const [series, number] = text.includes(' ') ? text.split(' ') : ['', text];
  return { kind, series, number };
}

/** Records of the known subjects; ids are assigned by the generator, item details come from a fixed stream. */
export function knownRecords(seed: number): RecordSpec[] {
  const rng = createRng(deriveSeed(seed, 'known-subjects'));
  const k = KNOWN;
  const severyn = personFrom(rng, {
    surname: 'Кривоклен',
    first: 'Северин',
    patronymic: 'Богданович',
    male: true,
    birthDate: k.pepSanctioned.date,
    rnokpp: k.pepSanctioned.rnokpp,
    passport: doc('passport', k.pepSanctioned.passport),
    foreignPassport: doc('foreign', k.pepSanctioned.foreignPassport),
    placeIndex: 0,
  });
  const myroslava = personFrom(rng, {
    surname: 'Кривоклен',
    first: 'Мирослава',
    patronymic: 'Ігорівна',
    male: false,
    birthDate: k.pepSpouse.date,
    rnokpp: k.pepSpouse.rnokpp,
    nameRu: 'Кривоклен Мирослава Игоревна',
    placeIndex: 0,
  });
  const levko = personFrom(rng, {
    surname: 'Доброгост',
    first: 'Левко',
    patronymic: 'Андрійович',
    male: true,
    birthDate: k.manager.date,
    rnokpp: k.manager.rnokpp,
    nameRu: 'Доброгост Лев Андреевич',
    placeIndex: 1,
  });
  const tykhon = personFrom(rng, {
    surname: 'Сірошапка',
    first: 'Тихон',
    patronymic: 'Веремійович',
    male: true,
    birthDate: k.wanted.date,
    rnokpp: k.wanted.rnokpp,
    nameRu: 'Сирошапка Тихон Веремеевич',
    placeIndex: 2,
  });
  const yarema = personFrom(rng, {
    surname: 'Ковтуненко-Вирій',
    first: 'Ярема',
    patronymic: 'Остапович',
    male: true,
    birthDate: k.debtor.date,
    rnokpp: k.debtor.rnokpp,
    placeIndex: 3,
  });
  const nina = personFrom(rng, {
    surname: 'Прибережна',
    first: 'Ніна',
    patronymic: 'Панасівна',
    male: false,
    birthDate: k.corrupt.date,
    rnokpp: k.corrupt.rnokpp,
    nameRu: 'Прибережная Нина Афанасьевна',
    placeIndex: 4,
  });
  const alina = personFrom(rng, {
    surname: 'Вишнепільська',
    first: 'Аліна',
    patronymic: 'Євгенівна',
    male: false,
    birthDate: k.notary.date,
    rnokpp: k.notary.rnokpp,
    placeIndex: 5,
  });
  const hnat = personFrom(rng, {
    surname: 'Перекотиполе',
    first: 'Гнат',
    patronymic: 'Силович',
    male: true,
    birthDate: k.traitor.date,
    rnokpp: k.traitor.rnokpp,
    nameRu: 'Перекотиполе Игнат Силович',
    placeIndex: 6,
  });
  const yefim = personFrom(rng, {
    surname: 'Кочергин',
    first: 'Ефим',
    patronymic: 'Саввич',
    male: true,
    birthDate: k.occupier.date,
    nameRu: 'Кочергин Ефим Саввич',
    citizenship: 'RU',
    placeIndex: 7,
  });

  const tov = LEGAL_FORMS[0];
  const pp = LEGAL_FORMS[1];
  const prychal = companyFrom(rng, {
    bare: k.company.bare,
    edrpou: k.company.edrpou,
    form: tov,
    state: 'зареєстровано',
    manager: levko,
    founders: [levko, severyn],
  });
  const kremin = companyFrom(rng, {
    bare: k.taxDebtor.bare,
    edrpou: k.taxDebtor.edrpou,
    form: pp,
    state: 'зареєстровано',
    manager: yarema,
    founders: [yarema],
  });
  const sova = companyFrom(rng, {
    bare: k.sanctionedCompany.bare,
    edrpou: k.sanctionedCompany.edrpou,
    form: tov,
    state: 'зареєстровано',
  });

  const prychalFlags = {
    ...noFlags(),
    pepIds: [k.pepSanctioned.idpep],
    sanctionIds: [k.pepSanctioned.pid],
    massAddress: 3,
  };
  const sovaFlags = { ...noFlags(), sanctionIds: [k.sanctionedCompany.pid], russian: true };

  const spouseRelation = { person: myroslava, brief: 'дружина', briefId: 1, linkCode: 1, idpep: k.pepSpouse.idpep };
  const records: RecordSpec[] = [
    buildPep(rng, severyn, {
      idpep: k.pepSanctioned.idpep,
      bit: 9,
      typePEP: 0,
      job: ['Народний депутат України', 'Верховна Рада України'],
      relatedPersons: [spouseRelation],
    }),
    buildPep(rng, myroslava, {
      idpep: k.pepSpouse.idpep,
      bit: 12,
      typePEP: 1,
      job: ['', ''],
      relatedPeps: [
        {
          person: severyn,
          brief: 'чоловік',
          briefId: 1,
          linkCode: 1,
          idpep: k.pepSanctioned.idpep,
          job: 'Народний депутат України',
        },
      ],
    }),
    buildSanctionPerson(rng, severyn, {
      pid: k.pepSanctioned.pid,
      activeBits: k.pepSanctioned.sanctionBits,
      liftedBits: k.pepSanctioned.liftedBits,
      related: [{ name: prychal.name, code: prychal.edrpou, birthdate: '', relation: 'засновник', relationtype: 2 }],
    }),
    buildSanctionCompany(rng, sova, { pid: k.sanctionedCompany.pid, activeBits: [1, 37] }),
    buildEdr(rng, 900_001, prychal, prychalFlags),
    buildEdrFull(rng, 900_001, prychal, prychalFlags, {
      bankrupt: { opDate: k.company.bankruptSince, reason: 'Неплатоспроможність' },
    }),
    buildEdrFull(
      rng,
      900_002,
      { ...prychal, state: 'зареєстровано', address: 'м. Київ, вул. Попередня, буд. 1' },
      prychalFlags,
      { superseded: true },
    ),
    buildEdrChanges(rng, prychal, severyn, 3),
    buildBankrupt(rng, prychal, k.company.bankruptSince),
    buildLicenses(rng, prychal),
    buildJustice(rng, { kind: 'company', company: prychal }, { kind: 'company', company: kremin }),
    buildEdr(rng, 900_003, kremin, noFlags()),
    buildEdrFull(rng, 900_003, kremin, noFlags()),
    buildTaxDebtor(rng, kremin),
    buildExecutive(rng, 900_001, { kind: 'company', company: kremin }, prychal),
    buildEdr(rng, 900_004, sova, sovaFlags),
    buildLostDoc(rng, 900_001, doc('passport', k.stolenPassport.doc), 'Викрадений', 'Київ'),
    buildLostDoc(rng, 900_002, doc('foreign', k.lostForeignPassport.doc), 'Втрачений', 'Львів'),
    buildLostDoc(rng, 900_003, doc('idcard', k.invalidIdCard.doc), 'Недійсний', 'Одеса'),
    buildWanted(rng, 900_001, tykhon, false, 'Особи, які переховуються від органів досудового розслідування'),
    buildDebtor(rng, 900_001, yarema),
    buildExecutive(rng, 900_002, { kind: 'person', person: yarema }, kremin),
    buildCorrupt(rng, 900_001, nina),
    buildNotarius(rng, 900_001, alina),
    buildZrada(rng, 900_001, hnat),
    buildOkupant(rng, 900_001, yefim),
    buildNonResident(rng, { name: k.nonResident.name, code: k.nonResident.code, country: 'CY' }),
  ];
  // The occupier's passport is fixed for the documentation.
  const okupant = records.find((r) => r.registry === 'okupant');
  if (okupant) {
    okupant.item.passport = k.occupier.passport;
    okupant.docs = [{ value: k.occupier.passport.replace(/\s/g, ''), doctype: 1 }];
  }
  return records;
}
