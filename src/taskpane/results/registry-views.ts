import type { RegistryKey } from '../../core/protocol/registries';
import { isRecord } from './field-format';

type Item = Record<string, unknown>;

/**
 * How a hit of each registry is introduced: which field names it, and which fields an analyst
 * needs first. Every other field still shows, after these, so nothing the service sends is hidden.
 */
export interface RegistryView {
  title(item: Item): string | null;
  keyFields: readonly string[];
}

function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function field(...names: string[]): (item: Item) => string | null {
  return (item) => {
    for (const n of names) {
      const t = text(item[n]);
      if (t) return t;
    }
    return null;
  };
}

export const REGISTRY_VIEWS: Record<RegistryKey, RegistryView> = {
  peps: {
    title: field('name', 'shortname'),
    keyFields: [
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
  },
  psanctions: {
    title: field('p_fullname'),
    keyFields: [
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
  },
  lostdocs: {
    title: (item) => [text(item.d_SERIES), text(item.d_NUMBER)].filter(Boolean).join(' ') || null,
    keyFields: ['d_TYPE', 'd_STATUS', 'theft_DATA', 'ovd', 'insert_DATE'],
  },
  edr: {
    title: field('name', 'shortname'),
    keyFields: ['edrpou', 'state', 'address', 'manager', 'kved', 'indicators_str', 'kbv', 'own'],
  },
  edrfullinfo: {
    title: field('name', 'shortName'),
    keyFields: [
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
  },
  edrchanges: {
    title: (item) => {
      const first = Array.isArray(item.edrchanges) ? item.edrchanges.find(isRecord) : undefined;
      const name = first ? text(first.lastname) : null;
      const period = [text(item.edrchangesfrom), text(item.edrchangesto)].filter(Boolean).join(' – ');
      return name ?? (period || null);
    },
    keyFields: ['edrchangesfrom', 'edrchangesto', 'edrchanges'],
  },
  justice: {
    title: (item) =>
      [text(item.cause_num), text(item.name) ?? text(item.nameperson)].filter(Boolean).join(' · ') || null,
    keyFields: ['typeperson', 'nameperson', 'case_description', 'documents', 'personsList'],
  },
  executive: {
    title: field('debtor_name'),
    keyFields: [
      'order_vp',
      'debtor_birtdate',
      'devtor_edrpou',
      'creditor_name',
      'begindate_vp',
      'state_vp',
      'depname',
      'typecl',
    ],
  },
  taxdebtor: {
    title: field('dname'),
    keyFields: ['dedrpou', 'ddirname', 'dfs'],
  },
  debtor: {
    title: field('name'),
    keyFields: ['birthdate', 'code', 'vd_cat', 'vporder', 'publisher', 'emp_org'],
  },
  bankrupt: {
    title: field('name'),
    keyFields: ['edrpou', 'details'],
  },
  corrupt: {
    title: field('name'),
    keyFields: ['offense_name', 'punishment_type', 'punishment', 'sentence_date', 'court_name', 'codex_articles'],
  },
  wanted: {
    title: field('name', 'forename'),
    keyFields: [
      'datebirth',
      'category',
      'region',
      'article_accusation',
      'precaution',
      'date_disappearance',
      'contacts',
      'links',
    ],
  },
  licenses: {
    title: field('edrpou'),
    keyFields: ['build', 'gambling', 'bonds'],
  },
  notarius: {
    title: field('name'),
    keyFields: ['license', 'nameobj', 'region', 'contacts', 'info'],
  },
  zrada: {
    title: field('name'),
    keyFields: ['birth', 'position', 'reason', 'source', 'url'],
  },
  okupant: {
    title: field('name'),
    keyFields: ['rank', 'birth', 'info', 'is_identified', 'is_accused', 'link'],
  },
  nonrezedent: {
    title: field('name'),
    keyFields: ['code', 'date_reestr'],
  },
};

/** Fields a hit card shows in its header, so the body does not repeat them. */
export const HEADER_FIELDS: ReadonlySet<string> = new Set(['percent', 'level', 'p_percent', 'p_level']);
