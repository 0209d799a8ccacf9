import type { Rng } from '../prng';
import { makeEdrpou } from './codes';
import { dateBetween, dateTime, iban, phone, type RecordSpec } from './common';
import { countryBlock } from './countries';
import { randomDate } from './entities';
import type { Company, JsonObject, Person } from './model';
import { FOREIGN_NAMES, FOREIGN_SUFFIXES, regionDeclined } from './pools';

/** Cross-registry facts about a company that several blocks repeat (PEP or sanctions links, risk flags). */
export interface CompanyFlags {
  pepIds: number[];
  sanctionIds: string[];
  russian: boolean;
  belarusian: boolean;
  riskBonds: boolean;
  massAddress: number;
}

export function noFlags(): CompanyFlags {
  return { pepIds: [], sanctionIds: [], russian: false, belarusian: false, riskBonds: false, massAddress: 0 };
}

/** Risk indicators as a bit mask with its digit string and a note, the way the register blocks carry them. */
function indicators(f: CompanyFlags): {
  indicators: number;
  indicators_str: string;
  indicators_note: string;
  indicators_level: number;
} {
  const marks = [
    f.pepIds.length > 0,
    f.sanctionIds.length > 0,
    f.russian,
    f.belarusian,
    f.riskBonds,
    f.massAddress > 2,
  ];
  const notes = [
    "зв'язок з ПЕП",
    "зв'язок з санкційними особами",
    'російський слід',
    'білоруський слід',
    'ризикові цінні папери',
    'адреса масової реєстрації',
  ];
  const value = marks.reduce((acc, m, i) => acc + (m ? 2 ** i : 0), 0);
  const count = marks.filter(Boolean).length;
  return {
    indicators: value,
    indicators_str: marks.map((m) => (m ? '1' : '0')).join(''),
    indicators_note: notes.filter((_, i) => marks[i]).join('; '),
    indicators_level: count === 0 ? 0 : count === 1 ? 1 : count === 2 ? 2 : 3,
  };
}

function companyNames(c: Company): string[] {
  return [c.name, c.shortName, c.bare, c.namelat];
}

function personLine(p: Person): string {
  return `${p.name}, ${p.citizenship === 'UA' ? 'Україна' : p.citizenship}`;
}

export function buildEdr(rng: Rng, idrec: number, c: Company, f: CompanyFlags): RecordSpec {
  const ind = indicators(f);
  const item: JsonObject = {
    idrec,
    edrpou: c.edrpou,
    name: c.name,
    shortname: c.shortName,
    address: c.address,
    manager: c.manager.name,
    kved: `${c.kved[0]} ${c.kved[1]}`,
    state: c.state,
    txtf: c.founders.map(personLine).join('; '),
    kbv: c.founders.map((p) => `${p.name}, пряме вирішальне володіння`).join('; '),
    mng: `${c.manager.name} - керівник`,
    own: c.founders.map((p) => p.name).join('; '),
    assignee: '',
    isbilorussian: f.belarusian,
    isrussian: f.russian,
    isriskbonds: f.riskBonds,
    isnoprofit: false,
    ispep: f.pepIds.length > 0,
    isactualpep: f.pepIds.length > 0,
    issan: f.sanctionIds.length > 0,
    isactualsan: f.sanctionIds.length > 0,
    ...ind,
  };
  return {
    registry: 'edr',
    subject: 'company',
    // A person search finds the companies a person manages or owns: that is what this list links.
    names: [...companyNames(c), c.manager.name, ...c.founders.map((p) => p.name)],
    codes: [c.edrpou],
    docs: [],
    bits: [20],
    actual: true,
    item,
  };
}

function riskFields(a2: string): JsonObject {
  return {
    country_of_origin: a2 === 'UA' ? 'Україна' : a2,
    country_of_origin_risks: countryBlock(a2),
    countries_of_origin_risks: [countryBlock(a2)],
    country_of_register: a2 === 'UA' ? 'Україна' : a2,
    country_of_register_risks: countryBlock(a2),
  };
}

function founderItem(rng: Rng, p: Person, share: number, capital: number, f: CompanyFlags): JsonObject {
  const ind = indicators({ ...noFlags(), pepIds: f.pepIds });
  return {
    founder: `${p.name}, ${p.address}, розмір внеску ${Math.round((capital * share) / 100)} грн`,
    name: p.name,
    edrpou: '',
    entity_type: 0,
    ...ind,
    part_suma: Math.round((capital * share) / 100),
    percent: share,
    n_pep: f.pepIds.length,
    is_actual_pep: f.pepIds.length > 0,
    n_pep_ids: f.pepIds.join(','),
    n_san: f.sanctionIds.length,
    is_actual_san: f.sanctionIds.length > 0,
    n_san_ids: f.sanctionIds.join(','),
    n_psan_ids: f.sanctionIds.join(','),
    n_fop: rng.chance(0.2),
    n_fop_ids: '',
    n_founder: String(rng.int(1, 4)),
    rel_edrpou: '',
    rel_edrpou_kbv: '',
    address_founder: p.address,
    name_adr_founder: '',
    edrpou_adr_founder: '',
    ...riskFields(p.citizenship),
  };
}

function beneficiaryItem(rng: Rng, p: Person, share: number, f: CompanyFlags): JsonObject {
  const ind = indicators({ ...noFlags(), pepIds: f.pepIds, sanctionIds: f.sanctionIds });
  return {
    founder: `${p.name}, ${p.citizenship === 'UA' ? 'Україна' : p.citizenship}`,
    pib_name: p.name,
    name: p.name,
    edrpou: '',
    entity_type: 0,
    ...ind,
    address_f: p.address,
    type: 1,
    role: 'Кінцевий бенефіціарний власник',
    interest: share,
    indirect_interest: 0,
    reason: 'Пряме вирішальне володіння',
    other_impact: '',
    beneficiary_false: false,
    n_pep: f.pepIds.length,
    is_actual_pep: f.pepIds.length > 0,
    n_pep_ids: f.pepIds.join(','),
    n_san: f.sanctionIds.length,
    is_actual_san: f.sanctionIds.length > 0,
    n_san_ids: f.sanctionIds.join(','),
    n_psan_ids: f.sanctionIds.join(','),
    n_fop: false,
    n_fop_ids: '',
    n_mb: String(rng.int(1, 3)),
    rel_edrpou: '',
    rel_edrpou_founder: '',
    address_mb: p.address,
    name_adr_mb: '',
    edrpou_adr_mb: '',
    ...riskFields(p.citizenship),
  };
}

function managerInfo(p: Person, position: string, appointed: string, f: CompanyFlags): JsonObject {
  return {
    name: p.name,
    position,
    appointment_date: appointed,
    restriction: '',
    entity_type: 0,
    m_pep: String(f.pepIds.length),
    m_pep_ids: f.pepIds.join(','),
    is_actual_pep: f.pepIds.length > 0,
    m_san: String(f.sanctionIds.length),
    m_san_ids: f.sanctionIds.join(','),
    m_psan_ids: f.sanctionIds.join(','),
    is_actual_san: f.sanctionIds.length > 0,
  };
}

function exdata(rng: Rng, since: string): JsonObject {
  return {
    authorityName: 'ГОЛОВНЕ УПРАВЛІННЯ ДПС (вигадане)',
    authorityCode: String(rng.int(100, 999)),
    taxPayType: rng.pick([
      'Платник податку на додану вартість',
      'Платник єдиного внеску',
      'Платник податку на прибуток',
    ]),
    startDate: since,
    startNum: String(rng.int(100_000, 999_999)),
    endDate: '',
    endNum: '',
  };
}

/** Ownership shares in percent that add up to 100: 100; 60/40; 50/30/20; otherwise equal parts. */
function splitShares(count: number): number[] {
  if (count <= 1) return [100];
  if (count === 2) return [60, 40];
  if (count === 3) return [50, 30, 20];
  const part = Math.floor(100 / count);
  return Array.from({ length: count }, (_, i) => (i === 0 ? 100 - part * (count - 1) : part));
}

export interface EdrFullOptions {
  bankrupt?: { opDate: string; reason: string };
  /** A superseded entry: returned only when the request says onlyactual=false. */
  superseded?: boolean;
}

export function buildEdrFull(rng: Rng, idrec: number, c: Company, f: CompanyFlags, o: EdrFullOptions = {}): RecordSpec {
  const ind = indicators(f);
  const shares = splitShares(c.founders.length);
  const appointed = dateBetween(rng, c.registrationDate, '2024-12-31');
  const lastChanged = dateTime(rng, dateBetween(rng, appointed, '2025-01-31'));
  const terminated = c.state === 'припинено';
  const item: JsonObject = {
    idrec,
    type: 1,
    branchstate: o.superseded ? 'запис скасовано' : 'основний запис',
    edrpou: c.edrpou,
    name: c.name,
    shortName: c.shortName,
    altname: c.namelat.toUpperCase(),
    e_resident: false,
    country: 'Україна',
    country_risk: countryBlock('UA'),
    countries_risk: [countryBlock('UA')],
    address: c.address,
    stan: o.bankrupt ? 'порушено справу про банкрутство' : c.state,
    fdn: 'Статут',
    opf: c.formFull,
    sm: `${c.kved[0]} ${c.kved[1]}`,
    authorizedCapital: `${c.capital.toFixed(2)}`,
    statute: `Статут від ${c.registrationDate}`,
    registration: `Дата державної реєстрації: ${c.registrationDate}; номер запису: 1 000 102 0000 0${String(idrec).padStart(5, '0')}`,
    managingPaper: 'Діє на підставі власного статуту',
    terminatedInfo: terminated ? `Припинено ${dateBetween(rng, appointed, '2024-12-31')} за рішенням засновників` : '',
    terminationCancelInfo: '',
    ca: 'Загальні збори учасників; директор',
    vpDates: o.bankrupt ? `Справа про банкрутство з ${o.bankrupt.opDate}` : '',
    contacts: `${phone(rng)}; office${idrec}@sandbox.example.org`,
    address_mreg: String(f.massAddress),
    edrpou_address_mreg:
      f.massAddress > 0 ? Array.from({ length: f.massAddress }, () => makeEdrpou(rng)).join(',') : '',
    isnoprofit: false,
    isriskbonds: f.riskBonds,
    n_mfounder: 0,
    mfounder_edrpou: '',
    isbilorussian: f.belarusian,
    isrussian: f.russian,
    n_contacts: 2,
    phone_edrpou: phone(rng),
    email_edrpou: `office${idrec}@sandbox.example.org`,
    www_edrpou: `https://company${idrec}.sandbox.example.org`,
    date_last_changed: lastChanged,
    ...ind,
    founders: c.founders.map((p, i) => founderItem(rng, p, shares[i], c.capital, f)),
    benefiaciars: c.founders.map((p, i) => beneficiaryItem(rng, p, shares[i], f)),
    manager_info: managerInfo(c.manager, 'Директор', appointed, f),
    signers: [
      { ...managerInfo(c.manager, 'Керівник', appointed, f), founder: c.founders.includes(c.manager) ? 'так' : 'ні' },
    ],
    structure: [
      {
        num_struct: String(rng.int(1, 9)),
        date_struct: dateBetween(rng, c.registrationDate, '2024-12-31'),
        struct_signed: true,
        name_sign: c.manager.name,
        type_sign: 'Керівник',
        struct_false: false,
        struct_opaque: false,
      },
    ],
    eps: [{ name: 'Загальні збори учасників', code: '', entity_type: 0 }],
    assignees: terminated ? [{ name: `ТОВ "${c.bare}-НОВА"`, code: makeEdrpou(rng), entity_type: 1 }] : [],
    predecs: rng.chance(0.1) ? [{ name: `ПП "${c.bare}"`, code: makeEdrpou(rng), entity_type: 1 }] : [],
    aks: [{ name: c.manager.name, code: '', prima: 'Відомості про особу, яка має право вчиняти дії без довіреності' }],
    bankrupts: o.bankrupt
      ? [
          {
            opDate: o.bankrupt.opDate,
            reason: o.bankrupt.reason,
            sbjState: 'порушено справу про банкрутство',
            justmentName: 'Господарський суд (вигаданий)',
          },
        ]
      : [],
    tsi: terminated
      ? [
          {
            opDate: dateBetween(rng, appointed, '2024-12-31'),
            reason: 'Рішення засновників',
            sbjState: 'в стані припинення',
            signerName: c.manager.name,
            creditorReqEndDate: '2025-03-01',
          },
        ]
      : [],
    exdatas: [exdata(rng, c.registrationDate)],
    branches: rng.chance(0.2)
      ? [
          {
            code: makeEdrpou(rng),
            name: `ФІЛІЯ ${c.shortName}`,
            entity_type: 1,
            address: c.address,
            signer: c.manager.name,
            createDate: dateBetween(rng, c.registrationDate, '2024-12-31'),
            contacts: phone(rng),
            ...indicators(noFlags()),
            aks: [{ name: c.manager.name, code: '', prima: 'Керівник філії' }],
            exdata: [exdata(rng, c.registrationDate)],
          },
        ]
      : [],
  };
  return {
    registry: 'edrfullinfo',
    subject: 'company',
    names: companyNames(c),
    codes: [c.edrpou],
    docs: [],
    bits: [22],
    actual: !o.superseded,
    item,
  };
}

const CHANGE_KINDS: readonly { changetype: number; bit: number; info: string; field: keyof ChangeCounts }[] = [
  { changetype: 1, bit: 23, info: 'Зміна найменування', field: 'n_name' },
  { changetype: 2, bit: 24, info: 'Зміна місцезнаходження', field: 'n_address' },
  { changetype: 3, bit: 25, info: 'Зміна керівника', field: 'n_manag' },
  { changetype: 4, bit: 26, info: 'Зміна видів діяльності', field: 'n_kved' },
  { changetype: 5, bit: 27, info: 'Зміна стану', field: 'n_state' },
  { changetype: 6, bit: 28, info: 'Зміна кінцевого бенефіціарного власника', field: 'n_kbv' },
  { changetype: 7, bit: 29, info: 'Зміна складу засновників', field: 'n_founder' },
];

interface ChangeCounts {
  n_name: number;
  n_address: number;
  n_manag: number;
  n_kved: number;
  n_state: number;
  n_kbv: number;
  n_founder: number;
}

/** changetype of an edrchanges detail ↔ listdata bit, so the engine can filter details by the bits asked. */
export function bitOfChangeType(changetype: number): number | undefined {
  return CHANGE_KINDS.find((k) => k.changetype === changetype)?.bit;
}

export function buildEdrChanges(rng: Rng, c: Company, other: Person, count: number): RecordSpec {
  const counts: ChangeCounts = { n_name: 0, n_address: 0, n_manag: 0, n_kved: 0, n_state: 0, n_kbv: 0, n_founder: 0 };
  const dates = Array.from({ length: count }, () =>
    dateBetween(rng, c.registrationDate < '2010-01-01' ? '2010-01-01' : c.registrationDate, '2025-01-31'),
  ).sort();
  let seq = 1;
  const changes: JsonObject[] = dates.map((date) => {
    const kinds = rng.sample(CHANGE_KINDS, rng.int(1, 2));
    return {
      datachange: date,
      changedetails: kinds.map((k) => {
        counts[k.field] += 1;
        const human = k.changetype === 3 || k.changetype === 6 || k.changetype === 7;
        const [oldv, newv] =
          k.changetype === 1
            ? [`${c.formFull} "${c.bare}-СТАРА"`, c.name]
            : k.changetype === 2
              ? ['м. Київ, вул. Попередня, буд. 1', c.address]
              : k.changetype === 4
                ? ['46.90 Неспеціалізована оптова торгівля', `${c.kved[0]} ${c.kved[1]}`]
                : k.changetype === 5
                  ? ['зареєстровано', c.state]
                  : [other.name, c.manager.name];
        return { id: String(seq++), changeinf: k.info, changetype: k.changetype, ishumanchanges: human, oldv, newv };
      }),
    };
  });
  const item: JsonObject = {
    edrpou: c.edrpou,
    lastname: c.name,
    lastsname: c.shortName,
    lastaddress: c.address,
    laststate: c.state,
    n_name: String(counts.n_name),
    n_address: String(counts.n_address),
    n_manag: String(counts.n_manag),
    n_kved: String(counts.n_kved),
    n_state: String(counts.n_state),
    n_kbv: String(counts.n_kbv),
    n_kbv_human: String(counts.n_kbv),
    n_founder: String(counts.n_founder),
    n_founder_human: String(counts.n_founder),
    changes,
  };
  return {
    registry: 'edrchanges',
    subject: 'company',
    names: companyNames(c),
    codes: [c.edrpou],
    docs: [],
    bits: CHANGE_KINDS.map((k) => k.bit),
    actual: true,
    item,
  };
}

export function buildLicenses(rng: Rng, c: Company): RecordSpec {
  const kind = rng.int(0, 2);
  const begin = randomDate(rng, 2012, 2022);
  const item: JsonObject = {
    edrpou: c.edrpou,
    build:
      kind === 0 || rng.chance(0.2)
        ? [
            {
              id: rng.int(10_000, 99_999),
              vud: "Будівництво об'єктів, що за класом наслідків належать до об'єктів з середніми та значними наслідками",
              lic: `ЛБ ${rng.digits(6)}`,
              name: c.name,
              address: c.address,
              datebegin: begin,
              dateend: '',
            },
          ]
        : [],
    gambling:
      kind === 1
        ? [
            {
              name: c.name,
              address: c.address,
              license: `${rng.digits(3)}`,
              datelicense: begin,
              brandname: `${c.bare} BET`,
              typelic: 'Ліцензія на провадження діяльності з організації та проведення азартних ігор у мережі Інтернет',
              description: 'Вигадана ліцензія пісочниці',
              ntypelic: rng.int(1, 6),
            },
          ]
        : [],
    bonds:
      kind === 2
        ? [
            {
              id: rng.int(10_000, 99_999),
              sertificates_nom: `${rng.int(10, 999)}/1/${begin.slice(0, 4)}`,
              edrpou: c.edrpou,
              entity_form: c.formFull,
              name: c.name,
              emis_type_name: 'Акції прості іменні',
              releases_form_code: 'бездокументарна',
              tp_name: 'Акція',
              reg_date: begin,
              report_reg_dt: dateBetween(rng, begin, '2024-12-31'),
              suspend_nom: '',
              suspend_dt: '',
              resume_nom: '',
              resume_dt: '',
              cancel_nom: '',
              series: '',
              qty: rng.int(1000, 100_000),
              nominal: rng.pick([0.25, 1, 10, 100]),
              emis_vol: rng.int(100_000, 5_000_000),
              stat_cap: c.capital,
            },
          ]
        : [],
  };
  return {
    registry: 'licenses',
    subject: 'company',
    names: companyNames(c),
    codes: [c.edrpou],
    docs: [],
    bits: [31],
    actual: true,
    item,
  };
}

export function buildTaxDebtor(rng: Rng, c: Company): RecordSpec {
  const item: JsonObject = {
    dname: c.name,
    dedrpou: c.edrpou,
    ddirname: c.manager.name,
    dfs: [
      {
        ddfsname: `ГУ ДПС у ${c.region === 'м. Київ' ? 'м. Києві' : regionDeclined(c.region, 'ій області')}`,
        debtdetails: [
          {
            dminperiod: Number(`${rng.int(2019, 2022)}${String(rng.int(1, 12)).padStart(2, '0')}`),
            dmaxperiod: Number(`${rng.int(2023, 2024)}${String(rng.int(1, 12)).padStart(2, '0')}`),
            dsumlocal: rng.int(0, 300_000),
            dsumgov: rng.int(10_000, 2_000_000),
            dsumesv: rng.int(0, 150_000),
            disactive: 1,
          },
        ],
      },
    ],
  };
  return {
    registry: 'taxdebtor',
    subject: 'company',
    names: companyNames(c),
    codes: [c.edrpou],
    docs: [],
    bits: [17],
    actual: true,
    item,
  };
}

export function buildBankrupt(rng: Rng, c: Company, opDate: string): RecordSpec {
  const caseNumber = `${rng.int(900, 930)}/${rng.int(1000, 9999)}/${opDate.slice(2, 4)}`;
  const item: JsonObject = {
    edrpou: c.edrpou,
    name: c.name,
    details: [
      {
        id: rng.int(100_000, 999_999),
        daterec: opDate,
        typerec: 'Оголошення про порушення справи про банкрутство',
        casenumber: caseNumber,
        startdateauc: '',
        enddateauc: '',
        courtname: `Господарський суд ${c.region === 'м. Київ' ? 'міста Києва' : 'області (вигаданий)'}`,
        endregistrdate: dateBetween(rng, opDate, '2025-06-30'),
      },
      {
        id: rng.int(100_000, 999_999),
        daterec: dateBetween(rng, opDate, '2025-01-31'),
        typerec: 'Оголошення про проведення аукціону',
        casenumber: caseNumber,
        startdateauc: '2025-02-10',
        enddateauc: '2025-02-20',
        courtname: 'Господарський суд (вигаданий)',
        endregistrdate: '',
      },
    ],
  };
  return {
    registry: 'bankrupt',
    subject: 'company',
    names: companyNames(c),
    codes: [c.edrpou],
    docs: [],
    bits: [19],
    actual: true,
    item,
  };
}

export interface ForeignCompany {
  name: string;
  code: string;
  country: string;
}

export function randomForeignCompany(rng: Rng): ForeignCompany {
  return {
    name: `${rng.pick(FOREIGN_NAMES)} ${rng.pick(FOREIGN_SUFFIXES)}`,
    code: `${rng.pick(['HE', 'BC', 'CH', 'RC'])}${rng.digits(6)}`,
    country: rng.pick(['CY', 'VG', 'GB', 'AE', 'SC', 'PA', 'EE']),
  };
}

export function buildNonResident(rng: Rng, fc: ForeignCompany): RecordSpec {
  const item: JsonObject = { code: fc.code, name: fc.name, date_reestr: randomDate(rng, 2015, 2024) };
  return {
    registry: 'nonrezedent',
    subject: 'company',
    names: [fc.name],
    codes: [fc.code],
    docs: [],
    bits: [14],
    actual: true,
    item,
  };
}

export type Party = { kind: 'company'; company: Company } | { kind: 'person'; person: Person };

function partyName(p: Party): string {
  return p.kind === 'company' ? p.company.name : p.person.name;
}

function partyNames(p: Party): string[] {
  return p.kind === 'company' ? companyNames(p.company) : [p.person.name, p.person.namelat];
}

export function buildJustice(rng: Rng, party: Party, opponent: Party): RecordSpec {
  const date = randomDate(rng, 2016, 2024);
  const causeNum = `${rng.int(900, 930)}/${rng.int(1000, 9999)}/${date.slice(2, 4)}`;
  const category =
    party.kind === 'company'
      ? rng.pick([
          'Господарські справи; стягнення заборгованості',
          'Адміністративні справи; оскарження податкових повідомлень-рішень',
        ])
      : rng.pick(['Цивільні справи; стягнення боргу', 'Кримінальні справи; шахрайство']);
  const court =
    party.kind === 'company'
      ? 'Господарський суд (вигаданий)'
      : `${rng.pick(['Печерський', 'Личаківський', 'Київський', 'Центральний'])} районний суд`;
  const role = rng.pick(['відповідач', 'позивач']);
  const item: JsonObject = {
    cause_num: causeNum,
    name: partyName(party),
    edrpou: party.kind === 'company' ? party.company.edrpou : '',
    typeperson: party.kind === 'company' ? 'юридична особа' : 'фізична особа',
    nameperson: partyName(party),
    case_description: `${category}: ${partyName(opponent)} проти ${partyName(party)}`,
    datails: `Роль сторони: ${role}`,
    documents: [
      {
        doc_id: String(rng.int(90_000_000, 129_999_999)),
        court,
        instance: 'Перша',
        judgment_form: rng.pick(['Рішення', 'Ухвала', 'Постанова', 'Вирок']),
        judge: `${rng.pick(['Житнюк', 'Соколюк', 'Ясенська'])} ${rng.pick(['О.', 'Т.', 'М.'])} ${rng.pick(['В.', 'І.', 'П.'])}`,
        cause_categorie: category,
        adjudication_date: date,
        doc_url: `https://sandbox.example.org/court/${causeNum.replace(/\//g, '-')}`,
      },
    ],
    persons: `${role === 'відповідач' ? 'Позивач' : 'Відповідач'}: ${partyName(opponent)}; ${role}: ${partyName(party)}`,
    personsList: [
      { type: role, name: partyName(party), court, date },
      { type: role === 'відповідач' ? 'позивач' : 'відповідач', name: partyName(opponent), court, date },
    ],
  };
  return {
    registry: 'justice',
    subject: party.kind === 'company' ? 'company' : 'person',
    names: partyNames(party),
    birthDate: party.kind === 'person' ? party.person.birthDate : undefined,
    codes: party.kind === 'company' ? [party.company.edrpou] : [],
    docs: [],
    bits: [30],
    actual: true,
    item,
  };
}

export function buildExecutive(rng: Rng, id: number, debtor: Party, creditor: Company): RecordSpec {
  const item: JsonObject = {
    order_vp: 70_000_000 + id,
    devtor_edrpou: debtor.kind === 'company' ? debtor.company.edrpou : debtor.person.rnokpp,
    debtor_name: partyName(debtor),
    debtor_birtdate: debtor.kind === 'person' ? debtor.person.birthDate : '',
    creditor_edrpou: creditor.edrpou,
    creditor_name: creditor.name,
    begindate_vp: randomDate(rng, 2017, 2024),
    state_vp: rng.pick(['Відкрито', 'Примусове виконання', 'Зупинено']),
    depname: `${rng.pick(['Печерський', 'Франківський', 'Київський', 'Центральний'])} відділ державної виконавчої служби`,
    typecl: rng.pick(['Стягнення коштів', 'Стягнення податкового боргу', 'Стягнення штрафу']),
    dvs: 'Державна виконавча служба',
    phone_num: phone(rng),
    email: `vp${id}@sandbox.example.org`,
    bank_account: iban(rng),
  };
  return {
    registry: 'executive',
    subject: debtor.kind === 'company' ? 'company' : 'person',
    names: partyNames(debtor),
    birthDate: debtor.kind === 'person' ? debtor.person.birthDate : undefined,
    codes: debtor.kind === 'company' ? [debtor.company.edrpou] : [debtor.person.rnokpp],
    docs: [],
    bits: [16],
    actual: true,
    item,
  };
}
