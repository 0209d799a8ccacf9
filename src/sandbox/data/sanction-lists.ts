import type { JsonObject } from './model';

/** The sanctions-side lists of the listdata table, with the list_info block each entry carries. */
export interface SanctionListDef {
  bit: number;
  list: string;
  name: string;
  altname: string;
  territory: string;
  cca2: string;
  publisher: string;
  source: string;
  listDate: string;
  /** 1 sanctions, 2 cautions, 3 related persons, 4 regulatory. */
  listType: number;
  /** Which array of the psanctions item holds entries of this list. */
  slot: 'sanction' | 'caution' | 'adm_sanction';
}

export const SANCTION_LISTS: readonly SanctionListDef[] = [
  {
    bit: 0,
    list: 'UA-SFMS',
    name: "Перелік осіб, пов'язаних з провадженням терористичної діяльності",
    altname: 'SFMS list',
    territory: 'Україна',
    cca2: 'UA',
    publisher: 'Державна служба фінансового моніторингу України',
    source: 'https://sandbox.example.org/lists/sfms',
    listDate: '2024-11-04',
    listType: 1,
    slot: 'sanction',
  },
  {
    bit: 1,
    list: 'UA-NSDC',
    name: 'Санкційний список РНБО',
    altname: 'NSDC sanctions',
    territory: 'Україна',
    cca2: 'UA',
    publisher: 'Рада національної безпеки і оборони України',
    source: 'https://sandbox.example.org/lists/nsdc',
    listDate: '2025-02-21',
    listType: 1,
    slot: 'sanction',
  },
  {
    bit: 2,
    list: 'UN-SC',
    name: 'Зведений санкційний список Ради Безпеки ООН',
    altname: 'UN Security Council Consolidated List',
    territory: 'ООН',
    cca2: 'UN',
    publisher: 'United Nations Security Council',
    source: 'https://sandbox.example.org/lists/un',
    listDate: '2025-01-15',
    listType: 1,
    slot: 'sanction',
  },
  {
    bit: 3,
    list: 'EU-FSF',
    name: 'Санкційний список Європейського Союзу',
    altname: 'Consolidated list of persons subject to EU financial sanctions',
    territory: 'Європейський Союз',
    cca2: 'EU',
    publisher: 'European Commission',
    source: 'https://sandbox.example.org/lists/eu',
    listDate: '2025-02-24',
    listType: 1,
    slot: 'sanction',
  },
  {
    bit: 4,
    list: 'UK-OFSI',
    name: 'Санкційний список Великої Британії',
    altname: 'UK Consolidated List of Financial Sanctions Targets',
    territory: 'Велика Британія',
    cca2: 'GB',
    publisher: 'HM Treasury OFSI',
    source: 'https://sandbox.example.org/lists/uk',
    listDate: '2025-02-24',
    listType: 1,
    slot: 'sanction',
  },
  {
    bit: 5,
    list: 'US-OFAC-SDN',
    name: 'Санкційний список США (SDN)',
    altname: 'Specially Designated Nationals and Blocked Persons List',
    territory: 'США',
    cca2: 'US',
    publisher: 'U.S. Department of the Treasury OFAC',
    source: 'https://sandbox.example.org/lists/ofac',
    listDate: '2025-01-10',
    listType: 1,
    slot: 'sanction',
  },
  {
    bit: 6,
    list: 'CA-SEMA',
    name: 'Санкційний список Канади',
    altname: 'Consolidated Canadian Autonomous Sanctions List',
    territory: 'Канада',
    cca2: 'CA',
    publisher: 'Global Affairs Canada',
    source: 'https://sandbox.example.org/lists/canada',
    listDate: '2024-12-12',
    listType: 1,
    slot: 'sanction',
  },
  {
    bit: 7,
    list: 'CH-SECO',
    name: 'Санкційний список Швейцарії',
    altname: 'SECO sanctions list',
    territory: 'Швейцарія',
    cca2: 'CH',
    publisher: 'State Secretariat for Economic Affairs',
    source: 'https://sandbox.example.org/lists/seco',
    listDate: '2024-10-30',
    listType: 1,
    slot: 'sanction',
  },
  {
    bit: 37,
    list: 'UA-CAUTION',
    name: 'Застереження щодо санкційних ризиків',
    altname: 'Cautions',
    territory: 'Україна',
    cca2: 'UA',
    publisher: 'CheckLists',
    source: 'https://sandbox.example.org/lists/cautions',
    listDate: '2025-01-20',
    listType: 2,
    slot: 'caution',
  },
  {
    bit: 38,
    list: 'UA-RELATED',
    name: "Особи, пов'язані з санкційними особами",
    altname: 'Persons related to sanctioned persons',
    territory: 'Україна',
    cca2: 'UA',
    publisher: 'CheckLists',
    source: 'https://sandbox.example.org/lists/related',
    listDate: '2025-01-20',
    listType: 3,
    slot: 'sanction',
  },
  {
    bit: 39,
    list: 'UA-NBU-ADM',
    name: 'Регуляторні санкції (заходи впливу)',
    altname: 'Regulatory sanctions',
    territory: 'Україна',
    cca2: 'UA',
    publisher: 'Національний банк України',
    source: 'https://sandbox.example.org/lists/regulatory',
    listDate: '2024-09-18',
    listType: 4,
    slot: 'adm_sanction',
  },
];

export function sanctionList(bit: number): SanctionListDef {
  const def = SANCTION_LISTS.find((l) => l.bit === bit);
  if (!def) throw new RangeError(`no sanctions list on bit ${bit}`);
  return def;
}

export function listInfo(def: SanctionListDef, counts: { individual: number; entity: number }): JsonObject {
  return {
    list: def.list,
    name: def.name,
    altname: def.altname,
    crypto_wallet: '',
    crypto_currency: '',
    territory: def.territory,
    cca2: def.cca2,
    publisher: def.publisher,
    individual: counts.individual,
    entity: counts.entity,
    all: counts.individual + counts.entity,
    loadDate: `${def.listDate} 06:00:00`,
    description: `${def.name} (вигадані дані пісочниці)`,
    source: def.source,
    listDate: def.listDate,
    list_type: def.listType,
  };
}
