import { z } from 'zod';
import { REGISTRY_KEYS, type RegistryKey } from '../core/protocol/registries';
import { hitStrength, type MatchLevel } from '../core/answer/summary';

const MATCH_LEVELS = ['high', 'low'] as const satisfies readonly MatchLevel[];

/**
 * One registry record that matched, reduced to what a reviewer scans in a list: which record,
 * whose name, how strong the match, a birth date to tell namesakes apart, and a few words on
 * why the record matters. The full record stays one click away in the task pane; a bulk run
 * keeps only this, so fifty thousand rows never hold fifty thousand full answers.
 */
export const hitLineSchema = z.object({
  registry: z.enum(REGISTRY_KEYS),
  id: z.string(),
  name: z.string(),
  percent: z.number().nullable(),
  level: z.enum(MATCH_LEVELS).nullable(),
  birth: z.string(),
  details: z.string(),
});
export type HitLine = z.infer<typeof hitLineSchema>;

type Item = Record<string, unknown>;

const DETAILS_MAX = 300;

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    return value
      .map(text)
      .filter((s) => s.length > 0)
      .join('; ');
  }
  return '';
}

function first(item: Item, ...keys: string[]): string {
  for (const key of keys) {
    const t = text(item[key]);
    if (t) return t;
  }
  return '';
}

/** "label: value" pairs, empty values skipped, one line, bounded. */
function details(parts: readonly (readonly [string, unknown])[]): string {
  const out = parts
    .map(([label, value]) => [label, text(value)] as const)
    .filter(([, value]) => value.length > 0)
    .map(([label, value]) => (label ? `${label}: ${value}` : value))
    .join(' | ')
    .replace(/\s+/g, ' ');
  return out.length > DETAILS_MAX ? `${out.slice(0, DETAILS_MAX - 1)}…` : out;
}

function nested(item: Item, key: string): Item[] {
  const value = item[key];
  return Array.isArray(value) ? value.filter((v): v is Item => !!v && typeof v === 'object') : [];
}

interface Extract {
  id: string;
  name: string;
  birth: string;
  details: string;
}

const EXTRACTORS: Record<RegistryKey, (item: Item) => Extract> = {
  peps: (i) => ({
    id: first(i, 'idpep'),
    name: first(i, 'name'),
    birth: first(i, 'dateb', 'yearb'),
    details: details([
      ['', i.job],
      ['K019', i.categoryPEP],
      ['typePEP', i.typePEP],
      ['active', i.active],
    ]),
  }),
  psanctions: (i) => ({
    id: first(i, 'pid'),
    name: first(i, 'p_fullname'),
    birth: first(i, 'p_birthdate', 'p_birthdates'),
    details: details([
      ['', i.p_lists],
      [
        '',
        nested(i, 'sanction')
          .map((s) => text(s.list))
          .filter(Boolean)
          .slice(0, 5),
      ],
      ['active', i.p_active ?? i.active],
    ]),
  }),
  lostdocs: (i) => ({
    id: first(i, 'id'),
    name: [text(i.d_SERIES), text(i.d_NUMBER)].filter(Boolean).join(' '),
    birth: '',
    details: details([
      ['', i.d_TYPE],
      ['', i.d_STATUS],
      ['', i.ovd],
      ['', i.theft_DATA],
    ]),
  }),
  edr: (i) => ({
    id: first(i, 'edrpou', 'idrec'),
    name: first(i, 'name', 'shortname'),
    birth: '',
    details: details([
      ['', i.state],
      ['', i.manager],
      ['', i.address],
      ['', i.indicators_str],
    ]),
  }),
  edrfullinfo: (i) => ({
    id: first(i, 'edrpou', 'idrec'),
    name: first(i, 'name', 'shortName'),
    birth: '',
    details: details([
      ['', i.stan],
      ['', i.opf],
      ['', i.address],
      ['', i.indicators_str],
    ]),
  }),
  edrchanges: (i) => {
    const changes = nested(i, 'edrchanges');
    const c = changes[0] ?? {};
    return {
      id: first(c, 'edrpou'),
      name: first(c, 'lastname'),
      birth: '',
      details: details([
        ['', c.laststate],
        ['changes', nested(c, 'changes').length || ''],
      ]),
    };
  },
  justice: (i) => ({
    id: first(i, 'cause_num'),
    name: first(i, 'name', 'nameperson'),
    birth: '',
    details: details([
      ['', i.case_description],
      ['', i.typeperson],
      [
        '',
        nested(i, 'documents')
          .map((d) => text(d.court))
          .filter(Boolean)
          .slice(0, 2),
      ],
    ]),
  }),
  executive: (i) => ({
    id: first(i, 'order_vp'),
    name: first(i, 'debtor_name'),
    birth: first(i, 'debtor_birtdate'),
    details: details([
      ['', i.state_vp],
      ['', i.creditor_name],
      ['', i.begindate_vp],
      ['', i.depname],
    ]),
  }),
  taxdebtor: (i) => ({
    id: first(i, 'dedrpou'),
    name: first(i, 'dname'),
    birth: '',
    details: details([
      ['', i.ddirname],
      [
        '',
        nested(i, 'dfs')
          .map((d) => text(d.ddfsname))
          .filter(Boolean)
          .slice(0, 2),
      ],
    ]),
  }),
  debtor: (i) => ({
    id: first(i, 'vporder'),
    name: first(i, 'name'),
    birth: first(i, 'birthdate'),
    details: details([
      ['', i.vd_cat],
      ['', i.publisher],
    ]),
  }),
  bankrupt: (i) => ({
    id: first(i, 'edrpou'),
    name: first(i, 'name'),
    birth: '',
    details: details([
      [
        '',
        nested(i, 'details')
          .map((d) => [text(d.typerec), text(d.casenumber)].filter(Boolean).join(' '))
          .slice(0, 2),
      ],
    ]),
  }),
  corrupt: (i) => ({
    id: first(i, 'id'),
    name: first(i, 'name'),
    birth: '',
    details: details([
      ['', i.offense_name],
      ['', i.punishment],
      ['', i.sentence_date],
      ['', i.court_name],
    ]),
  }),
  wanted: (i) => ({
    id: first(i, 'id'),
    name: first(i, 'name'),
    birth: first(i, 'datebirth'),
    details: details([
      ['', i.category],
      ['', i.article_accusation],
      ['', i.precaution],
      ['', i.list],
    ]),
  }),
  licenses: (i) => {
    const build = nested(i, 'build');
    const gambling = nested(i, 'gambling');
    const bonds = nested(i, 'bonds');
    const name = text(build[0]?.name) || text(gambling[0]?.name) || text(bonds[0]?.name);
    return {
      id: first(i, 'edrpou'),
      name,
      birth: '',
      details: details([
        ['build', build.length || ''],
        ['gambling', gambling.length || ''],
        ['bonds', bonds.length || ''],
      ]),
    };
  },
  notarius: (i) => ({
    id: first(i, 'license'),
    name: first(i, 'name'),
    birth: '',
    details: details([
      ['', i.nameobj],
      ['', i.region],
    ]),
  }),
  zrada: (i) => ({
    id: first(i, 'id'),
    name: first(i, 'name'),
    birth: first(i, 'birth'),
    details: details([
      ['', i.position],
      ['', i.reason],
    ]),
  }),
  okupant: (i) => ({
    id: first(i, 'id'),
    name: first(i, 'name'),
    birth: first(i, 'birth'),
    details: details([
      ['', i.rank],
      ['', i.base],
      ['', i.info],
    ]),
  }),
  nonrezedent: (i) => ({
    id: first(i, 'code'),
    name: first(i, 'name'),
    birth: '',
    details: details([['', i.date_reestr]]),
  }),
};

export function hitLine(registry: RegistryKey, item: Item): HitLine {
  const { percent, level } = hitStrength(registry, item);
  return { registry, ...EXTRACTORS[registry](item), percent, level };
}
