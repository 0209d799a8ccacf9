import type { Rng } from '../prng';
import { docText } from './codes';
import { dateBetween, dateTime, docKey, link, phone, photo, type RecordSpec } from './common';
import { countryBlock, countryRow } from './countries';
import { dottedDate, randomDate, russianLatin } from './entities';
import type { Company, JsonObject, Person } from './model';
import { regionDeclined } from './pools';
import { listInfo, sanctionList } from './sanction-lists';

/** PEP categories per list bit: [categoryPEP, descriptiontypePEP]. */
const PEP_CATEGORY: Record<number, readonly [string, string]> = {
  9: ['Національний публічний діяч', '1'],
  10: ['Діяч, що виконує публічні функції в міжнародних організаціях', '3'],
  11: ['Іноземний публічний діяч', '2'],
  12: ["Особа, пов'язана з публічним діячем", '4'],
};

export interface PepRelation {
  person: Person;
  /** Relation as the register words it: дружина, син, бізнес-партнер. */
  brief: string;
  briefId: number;
  /** Relation code per directory K019. */
  linkCode: number;
  idpep?: number;
  job?: string;
}

export interface PepOptions {
  idpep: number;
  bit: 9 | 10 | 11 | 12;
  typePEP: 0 | 1 | 2 | 3;
  job: readonly [string, string];
  relatedPersons?: PepRelation[];
  relatedPeps?: PepRelation[];
  yearOnly?: boolean;
  extraAka?: string[];
}

function countryList(a2s: readonly string[]): JsonObject[] {
  return a2s.map(countryBlock);
}

export function pepAka(person: Person, extra: readonly string[] = []): string[] {
  return [person.nameRu, person.namelat, ...extra];
}

export function buildPep(rng: Rng, person: Person, o: PepOptions): RecordSpec {
  const [category, description] = PEP_CATEGORY[o.bit];
  const ended = o.typePEP === 3;
  const endDate = ended ? randomDate(rng, 2015, 2023) : '';
  const aka = pepAka(person, o.extraAka);
  const relatedPersons = (o.relatedPersons ?? []).map((r): JsonObject => ({
    relateid: r.idpep ?? rng.int(100_000, 999_999),
    active: true,
    relatepib: r.person.name,
    relateshortname: `${r.person.surname} ${r.person.first[0]}. ${r.person.patronymic[0]}.`,
    relateaka: `${r.person.nameRu}; ${r.person.namelat}`,
    relatetype: 0,
    country: countryBlock(r.person.citizenship),
    country_pep: countryList([r.person.citizenship]),
    country_citizenship: countryList([r.person.citizenship]),
    country_reg: countryList([r.person.citizenship]),
    relatedatebith: r.person.birthDate,
    relatecategory: PEP_CATEGORY[12][0],
    relatebrief: r.brief,
    relatebrief_id: r.briefId,
    relatelink: r.linkCode,
    relatecod: r.person.rnokpp,
    relateorg: '',
    archivelink: false,
  }));
  const relatedPeps = (o.relatedPeps ?? []).map((r): JsonObject => ({
    idpep: r.idpep ?? rng.int(100_000, 999_999),
    active: true,
    namerpep: r.person.name,
    akarpep: `${r.person.nameRu}; ${r.person.namelat}`,
    type: 0,
    country: countryBlock(r.person.citizenship),
    country_pep: countryList([r.person.citizenship]),
    country_citizenship: countryList([r.person.citizenship]),
    country_reg: countryList([r.person.citizenship]),
    datebirthpep: r.person.birthDate,
    categoryrpep: PEP_CATEGORY[9][0],
    descriptiontyperpep: PEP_CATEGORY[9][1],
    briefrpep: r.brief,
    linkrpep: r.linkCode,
    photorpep: photo('pep', r.idpep ?? 0),
    jobrpep: r.job ?? '',
    relateorg: '',
    archivelink: false,
    links: [link(rng, 'pep', "Джерело інформації про зв'язок")],
  }));
  const jobBegin = randomDate(rng, 2005, 2021);
  const item: JsonObject = {
    list: 'pep',
    idpep: o.idpep,
    active: !ended,
    name: person.name,
    shortname: `${person.surname} ${person.first[0]}. ${person.patronymic[0]}.`,
    aka: aka.join('; '),
    type: 0,
    dateb: o.yearOnly ? '' : person.birthDate,
    yearb: o.yearOnly ? person.birthDate.slice(0, 4) : '',
    dateendpep: endDate,
    pependcomment: ended ? 'Звільнено з посади' : '',
    job: o.typePEP === 1 || o.typePEP === 2 ? '' : `${o.job[0]}, ${o.job[1]}`,
    region: person.region,
    country: countryBlock(person.citizenship),
    country_pep: countryList([o.bit === 11 ? 'PL' : person.citizenship]),
    country_citizenship: countryList([person.citizenship]),
    country_reg: countryList([person.citizenship]),
    ipn: '',
    photo: photo('pep', o.idpep),
    categoryPEP: category,
    typePEP: o.typePEP,
    descriptiontypePEP: description,
    foreign_relation: o.bit === 11 || rng.chance(0.1),
    sources: [link(rng, 'pep', 'Офіційне джерело призначення'), link(rng, 'pep', 'Публікація')],
    declarations:
      o.typePEP === 0 || o.typePEP === 3
        ? [2021, 2022, 2023].map((year) => ({
            d_name: 'Щорічна декларація',
            d_year: String(year),
            d_link: `https://sandbox.example.org/declarations/${o.idpep}-${year}`,
            d_pdf: `https://sandbox.example.org/pdf/declaration-${o.idpep}-${year}.pdf`,
          }))
        : [],
    jobdetails:
      o.typePEP === 0 || o.typePEP === 3
        ? [
            {
              jobplace: o.job[1],
              jobbegin: jobBegin,
              jobend: endDate,
              jobpost: o.job[0],
              jobedrpou: String(rng.int(20_000_000, 43_999_999)),
              jobcountry: countryBlock(o.bit === 11 ? 'PL' : 'UA'),
              links: [link(rng, 'pep', 'Наказ про призначення')],
            },
          ]
        : [],
    relatedPersons,
    relatedPeps,
  };
  return {
    registry: 'peps',
    subject: 'person',
    names: [person.name, ...aka],
    birthDate: o.yearOnly ? undefined : person.birthDate,
    // The item shows no tax number of the person, so the sandbox does not find a PEP by one.
    codes: [],
    docs: [],
    bits: [o.bit],
    actual: true,
    item,
  };
}

/** A company that is itself a PEP record (type 1): found by its code, high only on a code match. */
export function buildPepCompany(rng: Rng, company: Company, idpep: number, owner: Person): RecordSpec {
  const item: JsonObject = {
    list: 'pep',
    idpep,
    active: true,
    name: company.name,
    shortname: company.shortName,
    aka: company.namelat,
    type: 1,
    dateb: '',
    yearb: '',
    dateendpep: '',
    pependcomment: '',
    job: '',
    region: company.region,
    country: countryBlock('UA'),
    country_pep: countryList(['UA']),
    country_citizenship: countryList(['UA']),
    country_reg: countryList(['UA']),
    ipn: company.edrpou,
    photo: '',
    categoryPEP: "Юридична особа, пов'язана з публічним діячем",
    typePEP: 2,
    descriptiontypePEP: '5',
    foreign_relation: false,
    sources: [link(rng, 'pep', 'Витяг з ЄДР')],
    declarations: [],
    jobdetails: [],
    relatedPersons: [],
    relatedPeps: [
      {
        idpep: idpep - 1,
        active: true,
        namerpep: owner.name,
        akarpep: owner.namelat,
        type: 0,
        country: countryBlock('UA'),
        country_pep: countryList(['UA']),
        country_citizenship: countryList(['UA']),
        country_reg: countryList(['UA']),
        datebirthpep: owner.birthDate,
        categoryrpep: PEP_CATEGORY[9][0],
        descriptiontyperpep: PEP_CATEGORY[9][1],
        briefrpep: 'кінцевий бенефіціарний власник',
        linkrpep: 13,
        photorpep: '',
        jobrpep: '',
        relateorg: company.edrpou,
        archivelink: false,
        links: [link(rng, 'pep', 'Витяг з ЄДР')],
      },
    ],
  };
  return {
    registry: 'peps',
    subject: 'company',
    names: [company.name, company.shortName, company.bare, company.namelat],
    codes: [company.edrpou],
    docs: [],
    bits: [12],
    actual: true,
    item,
  };
}

export interface SanctionOptions {
  pid: string;
  activeBits: readonly number[];
  liftedBits?: readonly number[];
  comment?: string;
  related?: { name: string; code: string; birthdate: string; relation: string; relationtype: number }[];
}

function sanctionEntry(
  rng: Rng,
  bit: number,
  subject: {
    name: string;
    nameLat: string;
    aka: string;
    doc: string;
    birth: string;
    place: string;
    citizenship: string;
    entity: boolean;
    male: boolean;
    address: string;
    position: string;
  },
  lifted: boolean,
): JsonObject {
  const def = sanctionList(bit);
  const ukrainianList = def.cca2 === 'UA';
  const inserted = randomDate(rng, 2014, 2024);
  return {
    sanctionId: `${def.list}-${rng.int(1000, 99999)}`,
    list: def.list,
    list_info: listInfo(def, { individual: 900 + bit * 37, entity: 300 + bit * 11 }),
    name: ukrainianList ? subject.name : subject.nameLat,
    address: subject.address,
    doc: subject.doc,
    birthdayDate: subject.birth ? (ukrainianList ? dottedDate(subject.birth) : subject.birth) : '',
    aka: subject.aka,
    birthdayPlace: subject.place,
    citizenship: subject.citizenship,
    entityType: subject.entity ? 'Entity' : 'Individual',
    gender: subject.entity ? '' : subject.male ? 'Male' : 'Female',
    insertDate: inserted,
    lastModifyDate: dateBetween(rng, inserted, '2025-01-31'),
    nationality: subject.citizenship,
    originalName: subject.name,
    position: subject.position,
    remark: lifted
      ? 'Санкції скасовано.\nЗапис збережено для історії перевірок.'
      : 'Підстава: рішення про застосування персональних спеціальних економічних та інших обмежувальних заходів.\nСтрок: 10 років.',
    source: def.source,
    title: '',
    vessel: '',
    work: subject.position,
    period: lifted ? 'скасовано' : '10 років',
    related: bit === 38 ? 1 : 0,
    percent: 0,
    level: '',
    sanctionSource: {
      norder: `${rng.int(10, 999)}/${inserted.slice(0, 4)}`,
      dateorder: inserted,
      weblink: `${def.source}/orders/${rng.int(1000, 9999)}`,
    },
  };
}

function listsSummary(bits: readonly number[]): { names: string; listdata: number } {
  return {
    names: bits.map((b) => sanctionList(b).list).join('; '),
    listdata: bits.reduce((acc, b) => acc + 2 ** b, 0),
  };
}

interface SanctionSubject {
  fullname: string;
  akas: string[];
  nameLat: string;
  type: 0 | 1;
  birthDate: string;
  birthPlace: string;
  address: string;
  citizenship: string;
  codes: string[];
  docs: string[];
  male: boolean;
  position: string;
  photoId: string;
}

function buildSanction(rng: Rng, s: SanctionSubject, o: SanctionOptions): JsonObject {
  const lifted = o.liftedBits ?? [];
  const allBits = [...o.activeBits, ...lifted];
  const entrySubject = {
    name: s.fullname,
    nameLat: s.nameLat,
    aka: s.akas.join('; '),
    doc: s.docs[0] ?? '',
    birth: s.birthDate,
    place: s.birthPlace,
    citizenship: countryRow(s.citizenship).uk,
    entity: s.type === 1,
    male: s.male,
    address: s.address,
    position: s.position,
  };
  const slots: Record<'sanction' | 'caution' | 'adm_sanction', { active: JsonObject[]; lost: JsonObject[] }> = {
    sanction: { active: [], lost: [] },
    caution: { active: [], lost: [] },
    adm_sanction: { active: [], lost: [] },
  };
  for (const bit of o.activeBits) {
    slots[sanctionList(bit).slot].active.push(sanctionEntry(rng, bit, entrySubject, false));
  }
  for (const bit of lifted) slots[sanctionList(bit).slot].lost.push(sanctionEntry(rng, bit, entrySubject, true));
  const group = (pred: (bit: number) => boolean, bits: readonly number[]) => listsSummary(bits.filter(pred));
  const ns = group((b) => b <= 1, o.activeBits);
  const aas = group((b) => b >= 2 && b <= 7, o.activeBits);
  const nas = group((b) => b <= 7, lifted);
  const ca = group((b) => b === 37, o.activeBits);
  const cn = group((b) => b === 37, lifted);
  const all = listsSummary(allBits);
  const primary = sanctionList(o.activeBits[0] ?? allBits[0]);
  return {
    pid: o.pid,
    p_percent: 0,
    p_level: '',
    active: o.activeBits.length > 0,
    p_active: o.activeBits.length > 0 ? 'Діючі обмеження' : 'Обмеження скасовано',
    s_type: primary.listType,
    p_fullname: s.fullname,
    p_akas: s.akas,
    p_type: s.type,
    p_birthdate: s.birthDate,
    p_birthdates: s.birthDate ? [s.birthDate] : [],
    p_birthplaces: s.birthPlace ? [s.birthPlace] : [],
    p_address: [s.address],
    p_photo: photo('sanctions', s.photoId),
    p_comment: o.comment ?? 'Вигаданий запис пісочниці CheckLists.',
    p_country: countryRow(s.citizenship).code,
    country: countryBlock(s.citizenship),
    p_countries: [countryRow(s.citizenship).uk],
    p_idcode: s.codes,
    p_docs: s.docs,
    p_lists: all.names,
    p_listdata: all.listdata,
    p_lists_ns: ns.names,
    p_listdata_ns: ns.listdata,
    p_lists_aas: aas.names,
    p_listdata_aas: aas.listdata,
    p_lists_nas: nas.names,
    p_listdata_nas: nas.listdata,
    p_lists_ca: ca.names,
    p_listdata_ca: ca.listdata,
    p_lists_cn: cn.names,
    p_listdata_cn: cn.listdata,
    p_related_persons: o.related ?? [],
    sanction: slots.sanction.active,
    sanction_lost: slots.sanction.lost,
    caution: slots.caution.active,
    caution_lost: slots.caution.lost,
    adm_sanction: slots.adm_sanction.active,
    adm_sanction_lost: slots.adm_sanction.lost,
  };
}

export function buildSanctionPerson(rng: Rng, person: Person, o: SanctionOptions): RecordSpec {
  const akas = [person.nameRu, person.namelat, person.nameRuLat];
  const docs = [docText(person.passport), docText(person.foreignPassport)];
  const item = buildSanction(
    rng,
    {
      fullname: person.name,
      akas,
      nameLat: person.nameRuLat,
      type: 0,
      birthDate: person.birthDate,
      birthPlace: `м. ${person.city}, ${countryRow(person.citizenship).uk}`,
      address: person.address,
      citizenship: person.citizenship,
      codes: [person.rnokpp],
      docs,
      male: person.male,
      position: rng.pick(['Підприємець', 'Колишній посадовець', 'Член наглядової ради', 'Керівник підприємства']),
      photoId: o.pid,
    },
    o,
  );
  return {
    registry: 'psanctions',
    subject: 'person',
    names: [person.name, ...akas],
    birthDate: person.birthDate,
    codes: [person.rnokpp],
    docs: [docKey(person.passport), docKey(person.foreignPassport)],
    bits: [...o.activeBits, ...(o.liftedBits ?? [])],
    actual: true,
    item,
  };
}

export function buildSanctionCompany(rng: Rng, company: Company, o: SanctionOptions): RecordSpec {
  const latin = russianLatin(company.bare);
  const akas = [company.shortName, company.namelat, latin];
  const item = buildSanction(
    rng,
    {
      fullname: company.name,
      akas,
      nameLat: `${latin} LLC`,
      type: 1,
      birthDate: '',
      birthPlace: '',
      address: company.address,
      citizenship: company.country,
      codes: [company.edrpou],
      docs: [],
      male: false,
      position: '',
      photoId: o.pid,
    },
    o,
  );
  return {
    registry: 'psanctions',
    subject: 'company',
    names: [company.name, company.bare, ...akas],
    codes: [company.edrpou],
    docs: [],
    bits: [...o.activeBits, ...(o.liftedBits ?? [])],
    actual: true,
    item,
  };
}

const DOC_TYPE_TEXT = {
  passport: 'Паспорт громадянина України',
  idcard: 'Паспорт громадянина України (ID-картка)',
  foreign: 'Паспорт громадянина України для виїзду за кордон',
} as const;

export function buildLostDoc(
  rng: Rng,
  id: number,
  doc: { kind: 'passport' | 'idcard' | 'foreign'; series: string; number: string },
  status: 'Втрачений' | 'Викрадений' | 'Недійсний',
  city: string,
): RecordSpec {
  const theft = randomDate(rng, 2015, 2024);
  const item: JsonObject = {
    ovd: `Відділ поліції № ${rng.int(1, 9)} ГУНП у м. ${city}`,
    d_SERIES: doc.series,
    d_NUMBER: doc.number,
    d_TYPE: DOC_TYPE_TEXT[doc.kind],
    d_STATUS: status,
    theft_DATA: theft,
    insert_DATE: dateTime(rng, dateBetween(rng, theft, '2025-01-31')),
    id: String(id),
  };
  return {
    registry: 'lostdocs',
    subject: 'document',
    names: [],
    codes: [],
    docs: [docKey(doc)],
    bits: [15],
    actual: true,
    item,
  };
}

export function buildWanted(rng: Rng, id: number, person: Person, interpol: boolean, category: string): RecordSpec {
  const father = person.patronymic.replace(/(ович|івна|ївна|ійович|іївна)$/u, '');
  const surnameLat = person.namelat.split(' ')[0].toUpperCase();
  const firstLat = person.namelat.split(' ')[1];
  const item: JsonObject = {
    id: interpol ? `2024/${rng.int(10_000, 99_999)}` : String(id),
    list: interpol ? 'Interpol' : 'МВС України',
    name: interpol ? surnameLat : person.name,
    father_name: father,
    mother_name: rng.pick(['Ганна', 'Марія', 'Олена', 'Галина']),
    mothers_maiden_name: rng.pick(['Гречанюк', 'Житнюк', 'Ковилюк']),
    pseudonim: rng.chance(0.3) ? rng.pick(['Гриф', 'Тінь', 'Бухгалтер', 'Лис']) : '',
    last_residence: person.address,
    aka: [person.nameRu, person.namelat].join('; '),
    datebirth: person.birthDate,
    foto: photo('wanted', id),
    fotos: [photo('wanted', `${id}-1`), photo('wanted', `${id}-2`)],
    color: rng.pick(['', 'Red notice', 'Yellow notice']),
    forename: interpol ? firstLat : person.first,
    weight: rng.int(55, 110),
    height: rng.int(155, 200),
    hairs_id: [rng.pick(['BRO', 'BLA', 'GRY', 'BLN'])],
    country_of_birth_id: 'UA',
    place_of_birth: person.city,
    nationalities: ['UA'],
    languages_spoken_ids: ['UKR', 'ENG'],
    eyes_colors_id: [rng.pick(['BRO', 'BLU', 'GRE'])],
    arrest_warrants: [
      {
        charge: 'Fraud; money laundering',
        issuing_country_id: 'UA',
        charge_translation: 'Шахрайство; легалізація доходів, одержаних злочинним шляхом',
      },
    ],
    links: [link(rng, 'wanted', 'Картка розшуку')],
    distinguishing_marks: rng.chance(0.3) ? 'Шрам на лівій руці' : '',
    thumbnail: photo('wanted', `${id}-thumb`),
    gender: person.male ? 'чоловіча' : 'жіноча',
    date_disappearance: randomDate(rng, 2018, 2024),
    place_disappearance: person.city,
    precaution: 'Тримання під вартою',
    article_accusation: rng.pick(['ст. 190 ч. 4 КК України', 'ст. 209 ч. 3 КК України', 'ст. 191 ч. 5 КК України']),
    contacts: `Чергова частина: ${phone(rng)}`,
    region: person.region,
    category,
    wantedby: interpol ? 'Ukraine' : 'Національна поліція України',
    ethnicorigin: '',
    published: randomDate(rng, 2019, 2024),
    lastmodification: randomDate(rng, 2024, 2025),
    remark: 'Вигаданий запис пісочниці.',
    last_actual_date: '2025-01-31',
    actual: true,
  };
  return {
    registry: 'wanted',
    subject: 'person',
    names: interpol
      ? [`${surnameLat} ${firstLat}`, person.name, person.nameRu, person.namelat]
      : [person.name, person.nameRu, person.namelat],
    birthDate: person.birthDate,
    codes: [],
    docs: [],
    bits: [33],
    actual: true,
    item,
  };
}

export function buildCorrupt(rng: Rng, id: number, person: Person): RecordSpec {
  const sentence = randomDate(rng, 2016, 2024);
  const item: JsonObject = {
    id,
    entity: 'Фізична особа',
    name: person.name,
    punishment_type: rng.pick(['Кримінальне покарання', 'Адміністративне стягнення']),
    punishment_start: sentence,
    punishment: rng.pick([
      'Штраф 17 000 грн',
      'Позбавлення права обіймати посади на 3 роки',
      'Позбавлення волі на 5 років',
    ]),
    sentence_date: sentence,
    offense_name: rng.pick([
      'Прийняття пропозиції, обіцянки або одержання неправомірної вигоди',
      'Порушення обмежень щодо сумісництва',
      'Декларування недостовірної інформації',
    ]),
    court_case_number: `${rng.int(100, 999)}/${rng.int(1000, 9999)}/${sentence.slice(2, 4)}`,
    court_name: `${rng.pick(['Печерський', 'Шевченківський', 'Галицький', 'Приморський'])} районний суд`,
    sentence_number: String(rng.int(10_000_000, 99_999_999)),
    codex_articles: rng.pick(['ст. 368 КК України', 'ст. 172-4 КУпАП', 'ст. 366-2 КК України']),
  };
  return {
    registry: 'corrupt',
    subject: 'person',
    names: [person.name, person.namelat],
    birthDate: person.birthDate,
    codes: [],
    docs: [],
    bits: [35],
    actual: true,
    item,
  };
}

export function buildZrada(rng: Rng, id: number, person: Person): RecordSpec {
  const item: JsonObject = {
    id: String(id),
    name: person.name,
    birth: dottedDate(person.birthDate),
    position: rng.pick([
      'Так званий "депутат"',
      'Так званий "міністр"',
      'Колаборант, посадова особа окупаційної адміністрації',
    ]),
    reason: 'Співпраця з державою-агресором (ст. 111-1 КК України)',
    foto: photo('zrada', id),
    url: `https://sandbox.example.org/zrada/${id}`,
    source: 'Вигадане джерело пісочниці',
  };
  return {
    registry: 'zrada',
    subject: 'person',
    names: [person.name, person.nameRu, person.namelat],
    birthDate: person.birthDate,
    codes: [],
    docs: [],
    bits: [13],
    actual: true,
    item,
  };
}

export function buildOkupant(rng: Rng, id: number, person: Person): RecordSpec {
  const passport = `${rng.digits(4)} ${rng.digits(6)}`;
  const item: JsonObject = {
    id,
    name: person.nameRu,
    rank: rng.pick(['рядовий', 'сержант', 'старший лейтенант', 'майор']),
    birth: dottedDate(person.birthDate),
    passport,
    basenumber: `в/ч ${rng.digits(5)}`,
    base: rng.pick(['мотострілецька бригада', 'десантно-штурмовий полк', 'танковий полк']),
    info: 'Брав участь у збройній агресії. Вигаданий запис пісочниці.',
    locatedinua: rng.chance(0.3),
    is_good: false,
    is_polon: rng.chance(0.1),
    is_identified: true,
    is_accused: rng.chance(0.4),
    foto: photo('okupant', id),
    address: `${rng.pick(['Бєлгород', 'Курськ', 'Брянськ', 'Воронеж'])}, ${rng.pick(['вул. Леніна', 'вул. Садова', 'вул. Мира'])}, ${rng.int(1, 90)}`,
    link: `https://sandbox.example.org/okupant/${id}`,
  };
  return {
    registry: 'okupant',
    subject: 'person',
    names: [person.nameRu, person.nameRuLat],
    birthDate: person.birthDate,
    codes: [],
    docs: [{ value: passport.replace(/\s/g, ''), doctype: 1 }],
    bits: [13],
    actual: true,
    item,
  };
}

export function buildDebtor(rng: Rng, id: number, person: Person): RecordSpec {
  const item: JsonObject = {
    vporder: String(60_000_000 + id),
    name: person.name,
    birthdate: person.birthDate,
    code: person.rnokpp,
    publisher: `${rng.pick(['Печерський', 'Франківський', 'Київський', 'Центральний'])} відділ державної виконавчої служби`,
    emp_fio: `${rng.pick(['Соколюк', 'Грабенко', 'Житнюк'])} ${rng.pick(['О.', 'Т.', 'М.'])} ${rng.pick(['В.', 'І.', 'П.'])}`,
    emp_org: 'Міністерство юстиції України',
    emp_phone: phone(rng),
    org_phone: phone(rng),
    email: `dvs${rng.int(10, 99)}@sandbox.example.org`,
    vd_cat: rng.pick(['Стягнення аліментів', 'Стягнення заборгованості', 'Стягнення штрафу']),
  };
  return {
    registry: 'debtor',
    subject: 'person',
    names: [person.name, person.namelat],
    birthDate: person.birthDate,
    codes: [person.rnokpp],
    docs: [],
    bits: [17],
    actual: true,
    item,
  };
}

export function buildNotarius(rng: Rng, id: number, person: Person): RecordSpec {
  const item: JsonObject = {
    license: String(id),
    name: person.name,
    nameobj: `Приватний нотаріус ${person.city === 'Київ' ? 'Київського міського' : regionDeclined(person.region, 'ого обласного')} нотаріального округу`,
    region: person.region,
    contacts: `${person.address}; ${phone(rng)}`,
    info: rng.chance(0.1) ? 'Діяльність зупинено' : 'Діючий',
  };
  return {
    registry: 'notarius',
    subject: 'person',
    names: [person.name, person.namelat],
    birthDate: person.birthDate,
    codes: [],
    docs: [],
    bits: [8],
    actual: true,
    item,
  };
}
