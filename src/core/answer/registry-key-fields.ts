import type { RegistryKey } from '../protocol/registries';
import type { RegistryItemMap } from '../protocol/schema';
import type { DeclaredItem } from './registry-model';

/**
 * The fields a reviewer reads first on a hit's card, per registry, most telling first; every other
 * field of the record still shows after them, so nothing the service sends is hidden. Typed
 * against the item schemas like the registry model beside it: a field a registry does not have
 * is a compile error.
 */
type FieldOf<I> = Extract<keyof I, string>;
type KeyFields = { [K in RegistryKey]: readonly FieldOf<DeclaredItem<RegistryItemMap[K]>>[] };

export const REGISTRY_KEY_FIELDS: KeyFields = {
  peps: [
    'dateb',
    'yearb',
    'typePEP',
    'categoryPEP',
    'job',
    'active',
    'dateendpep',
    'country',
    'aka',
    'sources',
    'relatedPersons',
    'relatedPeps',
  ],
  psanctions: [
    'p_birthdate',
    'p_birthdates',
    'p_lists',
    'p_active',
    'active',
    'p_countries',
    'country',
    'p_idcode',
    'p_docs',
    'p_akas',
    'sanction',
    'caution',
    'adm_sanction',
  ],
  lostdocs: ['d_TYPE', 'd_STATUS', 'theft_DATA', 'ovd', 'insert_DATE'],
  edr: ['edrpou', 'state', 'address', 'manager', 'kved', 'indicators_str', 'kbv', 'own'],
  edrfullinfo: [
    'edrpou',
    'stan',
    'opf',
    'address',
    'country_risk',
    'manager_info',
    'founders',
    'benefiaciars',
    'indicators_str',
  ],
  edrchanges: ['edrchangesfrom', 'edrchangesto', 'edrchanges'],
  justice: ['cause_num', 'typeperson', 'nameperson', 'case_description', 'documents', 'personsList'],
  executive: [
    'order_vp',
    'debtor_birtdate',
    'devtor_edrpou',
    'creditor_name',
    'begindate_vp',
    'state_vp',
    'depname',
    'typecl',
  ],
  taxdebtor: ['dedrpou', 'ddirname', 'dfs'],
  debtor: ['birthdate', 'code', 'vd_cat', 'vporder', 'publisher', 'emp_org'],
  bankrupt: ['edrpou', 'details'],
  corrupt: ['offense_name', 'punishment_type', 'punishment', 'sentence_date', 'court_name', 'codex_articles'],
  wanted: [
    'datebirth',
    'category',
    'region',
    'article_accusation',
    'precaution',
    'date_disappearance',
    'contacts',
    'links',
  ],
  licenses: ['edrpou', 'build', 'gambling', 'bonds'],
  notarius: ['license', 'nameobj', 'region', 'contacts', 'info'],
  zrada: ['birth', 'position', 'reason', 'source', 'url'],
  okupant: ['rank', 'birth', 'info', 'is_identified', 'is_accused', 'link'],
  nonrezedent: ['code', 'date_reestr'],
};

/** Where the match strength sits: a card shows it in its header, so the body does not repeat it. */
export const STRENGTH_FIELDS: ReadonlySet<string> = new Set(['percent', 'level', 'p_percent', 'p_level']);

/** The key fields of a registry known only at run time. */
export function keyFieldsOf(registry: RegistryKey): readonly string[] {
  return REGISTRY_KEY_FIELDS[registry];
}
