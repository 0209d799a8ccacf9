import type { RegistryKey } from '../protocol/registries';
import type { RegistryItemMap } from '../protocol/schema';

/**
 * What a hit of each registry is, field by field, in one place: how its record is named, which
 * identifier it has, its birth date, its identifying codes and documents, whether it is still in
 * force, and the few values a reviewer scans. Typed against the item schemas, so a field name
 * that a registry does not have is a compile error. The hits sheet, the command line and the
 * explainer (explain.ts) read it; nothing else picks fields out of a record.
 */

/** Who a registry's records are about: decides which facts the explainer can compare. */
export type RecordKind = 'person' | 'company' | 'document' | 'mixed';

export interface RecordStatus {
  /** False for a former PEP, a closed case, a lifted sanction, a record no longer current. */
  active: boolean;
  /** What is no longer in force and since when, as the record says it ("OFAC SDN 2024-03-01"). */
  ended: string[];
}

/** How a company's record names a person. */
export type PersonRole = 'beneficiary' | 'owner' | 'head' | 'signatory';

export interface RecordPerson {
  role: PersonRole;
  /** As the record gives it, perhaps with more after the name ("…, Україна", "… - керівник", "…, 100%"). */
  text: string;
}

export interface RegistryView<I> {
  kind: RecordKind;
  /** The record's identifier in its registry. */
  id(item: I): string;
  /** The record's own name: a person's full name, a company's name, a document's series and number. */
  name(item: I): string;
  /** Other names the record goes by: aliases, former names, transliterations. */
  aliases(item: I): string[];
  /** Birth dates as the record gives them: full dates, dates with a time, or a year alone. */
  births(item: I): string[];
  /** Personal tax numbers (РНОКПП/ІПН), as the record gives them. */
  ipns(item: I): string[];
  /** Company codes (ЄДРПОУ), as the record gives them. */
  edrpous(item: I): string[];
  /** Identity documents, series and number. */
  docs(item: I): string[];
  status(item: I): RecordStatus;
  /** The few values that say why the record matters, most telling first. */
  details(item: I): unknown[];
  /**
   * The people a company's record names (beneficial owners, founders, managers): a person's name
   * finds the companies they own or run, and the explainer says so. Absent where a record names none.
   */
  people?(item: I): RecordPerson[];
}

/**
 * An item as its schema declares it, without the index signature loose objects carry (kept so
 * that fields a registry adds later survive parsing): a field the schema does not declare is a
 * compile error here, at every depth.
 */
export type DeclaredItem<T> = T extends readonly (infer E)[]
  ? DeclaredItem<E>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : number extends K ? never : K]: DeclaredItem<T[K]> }
    : T;

type Views = { [K in RegistryKey]: RegistryView<DeclaredItem<RegistryItemMap[K]>> };

const none = (): string[] => [];
const current = (): RecordStatus => ({ active: true, ended: [] });

function texts(...values: unknown[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    if (Array.isArray(value)) out.push(...texts(...value));
    else if (typeof value === 'string' && value.trim() !== '') out.push(value.trim());
    else if (typeof value === 'number' && Number.isFinite(value)) out.push(String(value));
  }
  return out;
}

function text(...values: unknown[]): string {
  return texts(...values)[0] ?? '';
}

/** "АА 123456" from a series and a number, either of which may be missing. */
function seriesAndNumber(series: unknown, number: unknown): string {
  return texts(series, number).join(' ');
}

function withForename(name: string, forename: string): string {
  const words = name.toLowerCase().split(/\s+/);
  return forename
    .toLowerCase()
    .split(/\s+/)
    .every((w) => words.includes(w))
    ? name
    : texts(name, forename).join(' ');
}

/** A sanction entry no longer in force, named by its list and, when known, the date it ended. */
function endedEntries(entries: readonly { list?: string; lastModifyDate?: string }[] | undefined): string[] {
  return (entries ?? []).map((e) => texts(e.list, e.lastModifyDate).join(' ')).filter((s) => s !== '');
}

export const REGISTRY_VIEWS: Views = {
  peps: {
    kind: 'person',
    id: (i) => text(i.idpep),
    name: (i) => text(i.name),
    aliases: (i) => texts(i.aka?.split(/[;\n]/), i.shortname),
    births: (i) => texts(i.dateb, i.dateb ? undefined : i.yearb),
    ipns: (i) => texts(i.ipn),
    edrpous: none,
    docs: none,
    status: (i) => ({
      active: i.active !== false && !i.dateendpep,
      ended: i.active === false || i.dateendpep ? [texts('PEP', i.dateendpep).join(' ')] : [],
    }),
    details: (i) => [i.job, i.categoryPEP],
  },
  psanctions: {
    kind: 'mixed',
    id: (i) => text(i.pid),
    name: (i) => text(i.p_fullname),
    aliases: (i) => texts(i.p_akas),
    births: (i) => texts(i.p_birthdate, i.p_birthdates),
    ipns: (i) => texts(i.p_idcode),
    edrpous: (i) => texts(i.p_idcode),
    docs: (i) => texts(i.p_docs),
    status: (i) => {
      const ended = [...endedEntries(i.sanction_lost), ...endedEntries(i.caution_lost)];
      const inForce = (i.sanction?.length ?? 0) + (i.caution?.length ?? 0);
      return { active: i.active !== false && (inForce > 0 || ended.length === 0), ended };
    },
    details: (i) => [
      i.p_lists,
      (i.sanction ?? [])
        .map((s) => s.list)
        .filter(Boolean)
        .slice(0, 5),
    ],
  },
  lostdocs: {
    kind: 'document',
    id: (i) => text(i.id),
    name: (i) => seriesAndNumber(i.d_SERIES, i.d_NUMBER),
    aliases: none,
    births: none,
    ipns: none,
    edrpous: none,
    docs: (i) => texts(seriesAndNumber(i.d_SERIES, i.d_NUMBER)),
    status: current,
    details: (i) => [i.d_TYPE, i.d_STATUS, i.ovd, i.theft_DATA],
  },
  edr: {
    kind: 'company',
    id: (i) => text(i.edrpou, i.idrec),
    name: (i) => text(i.name, i.shortname),
    aliases: (i) => texts(i.shortname),
    births: none,
    ipns: none,
    edrpous: (i) => texts(i.edrpou),
    docs: none,
    status: (i) => companyStatus(i.state),
    details: (i) => [i.state, i.manager, i.address, i.indicators_str],
    // Lists in one string each, "; " between people (the service's own examples and the sandbox).
    people: (i) => [
      ...persons('beneficiary', i.kbv),
      ...persons('owner', i.txtf, i.own),
      ...persons('head', i.mng, i.manager),
    ],
  },
  edrfullinfo: {
    kind: 'company',
    id: (i) => text(i.edrpou, i.idrec),
    name: (i) => text(i.name, i.shortName),
    aliases: (i) => texts(i.shortName, i.altname),
    births: none,
    ipns: none,
    edrpous: (i) => texts(i.edrpou),
    docs: none,
    status: (i) => companyStatus(i.stan),
    details: (i) => [i.stan, i.opf, i.address, i.indicators_str],
    people: (i) => [
      ...persons('beneficiary', ...(i.benefiaciars ?? []).map((b) => b.pib_name || b.name)),
      ...persons('owner', ...(i.founders ?? []).map((f) => f.name || f.founder)),
      ...persons('head', i.manager_info?.name),
      ...persons('signatory', ...(i.signers ?? []).map((s) => s.name)),
    ],
  },
  edrchanges: {
    kind: 'company',
    id: (i) => text(i.edrchanges?.[0]?.edrpou),
    name: (i) => text(i.edrchanges?.[0]?.lastname),
    aliases: (i) => texts(i.edrchanges?.[0]?.lastsname),
    births: none,
    ipns: none,
    edrpous: (i) => texts(i.edrchanges?.map((c) => c.edrpou)),
    docs: none,
    status: (i) => companyStatus(i.edrchanges?.[0]?.laststate),
    details: (i) => [i.edrchanges?.[0]?.laststate],
  },
  justice: {
    kind: 'mixed',
    id: (i) => text(i.cause_num),
    name: (i) => text(i.name, i.nameperson),
    aliases: (i) => texts(i.nameperson),
    births: none,
    ipns: none,
    edrpous: (i) => texts(i.edrpou),
    docs: none,
    status: current,
    details: (i) => [
      i.case_description,
      i.typeperson,
      (i.documents ?? [])
        .map((d) => d.court)
        .filter(Boolean)
        .slice(0, 2),
    ],
  },
  executive: {
    kind: 'mixed',
    id: (i) => text(i.order_vp),
    name: (i) => text(i.debtor_name),
    aliases: none,
    births: (i) => texts(i.debtor_birtdate),
    ipns: (i) => texts(i.devtor_edrpou),
    edrpous: (i) => texts(i.devtor_edrpou),
    docs: none,
    status: (i) => ({
      active: !/заверш|закінч|finished|closed/i.test(i.state_vp ?? ''),
      ended: /заверш|закінч|finished|closed/i.test(i.state_vp ?? '') ? texts(i.state_vp) : [],
    }),
    details: (i) => [i.state_vp, i.creditor_name, i.begindate_vp, i.depname],
  },
  taxdebtor: {
    kind: 'company',
    id: (i) => text(i.dedrpou),
    name: (i) => text(i.dname),
    aliases: none,
    births: none,
    ipns: none,
    edrpous: (i) => texts(i.dedrpou),
    docs: none,
    status: current,
    details: (i) => [
      i.ddirname,
      (i.dfs ?? [])
        .map((d) => d.ddfsname)
        .filter(Boolean)
        .slice(0, 2),
    ],
  },
  debtor: {
    kind: 'person',
    id: (i) => text(i.vporder),
    name: (i) => text(i.name),
    aliases: none,
    births: (i) => texts(i.birthdate),
    ipns: (i) => texts(i.code),
    edrpous: (i) => texts(i.code),
    docs: none,
    status: current,
    details: (i) => [i.vd_cat, i.publisher],
  },
  bankrupt: {
    kind: 'company',
    id: (i) => text(i.edrpou),
    name: (i) => text(i.name),
    aliases: none,
    births: none,
    ipns: none,
    edrpous: (i) => texts(i.edrpou),
    docs: none,
    status: current,
    details: (i) => [(i.details ?? []).map((d) => texts(d.typerec, d.casenumber).join(' ')).slice(0, 2)],
  },
  corrupt: {
    kind: 'mixed',
    id: (i) => text(i.id),
    name: (i) => text(i.name),
    aliases: none,
    births: none,
    ipns: none,
    edrpous: none,
    docs: none,
    status: current,
    details: (i) => [i.offense_name, i.punishment, i.sentence_date, i.court_name],
  },
  wanted: {
    kind: 'person',
    id: (i) => text(i.id),
    // Interpol's notices put the surname in `name` and the first names in `forename`; the ministry's records
    // put the whole name in `name` and repeat the first name in `forename`, which must not be read twice.
    name: (i) => withForename(text(i.name), text(i.forename)),
    aliases: (i) => texts(i.aka, i.pseudonim),
    births: (i) => texts(i.datebirth),
    ipns: none,
    edrpous: none,
    docs: none,
    status: (i) => ({ active: i.actual !== false, ended: i.actual === false ? texts(i.last_actual_date) : [] }),
    details: (i) => [i.category, i.article_accusation, i.precaution, i.list],
  },
  licenses: {
    kind: 'company',
    id: (i) => text(i.edrpou),
    name: (i) => text(i.build?.[0]?.name, i.gambling?.[0]?.name, i.bonds?.[0]?.name),
    aliases: none,
    births: none,
    ipns: none,
    edrpous: (i) => texts(i.edrpou),
    docs: none,
    status: current,
    details: (i) => [i.build?.[0]?.vud, i.gambling?.[0]?.typelic, i.bonds?.[0]?.emis_type_name],
  },
  notarius: {
    kind: 'person',
    id: (i) => text(i.license),
    name: (i) => text(i.name),
    aliases: none,
    births: none,
    ipns: none,
    edrpous: none,
    docs: none,
    status: current,
    details: (i) => [i.nameobj, i.region],
  },
  zrada: {
    kind: 'person',
    id: (i) => text(i.id),
    name: (i) => text(i.name),
    aliases: none,
    births: (i) => texts(i.birth),
    ipns: none,
    edrpous: none,
    docs: none,
    status: current,
    details: (i) => [i.position, i.reason],
  },
  okupant: {
    kind: 'person',
    id: (i) => text(i.id),
    name: (i) => text(i.name),
    aliases: none,
    births: (i) => texts(i.birth),
    ipns: none,
    edrpous: none,
    docs: (i) => texts(i.passport),
    status: current,
    details: (i) => [i.rank, i.base, i.info],
  },
  nonrezedent: {
    kind: 'company',
    id: (i) => text(i.code),
    name: (i) => text(i.name),
    aliases: none,
    births: none,
    ipns: none,
    edrpous: none,
    docs: none,
    status: current,
    details: (i) => [i.date_reestr],
  },
};

/** A company register's state line: "припинено" (terminated) and the like are no longer current. */
function persons(role: PersonRole, ...values: unknown[]): RecordPerson[] {
  return texts(...values)
    .flatMap((v) => v.split(';'))
    .map((v) => v.trim())
    .filter((v) => v !== '')
    .map((v) => ({ role, text: v }));
}

function companyStatus(state: string | undefined): RecordStatus {
  const ended = /припинен|ліквідован|terminated|liquidated/i.test(state ?? '');
  return { active: !ended, ended: ended ? texts(state) : [] };
}

/** The view of one registry, for code that holds an item of a registry known only at run time. */
export function registryView(registry: RegistryKey): RegistryView<object> {
  return REGISTRY_VIEWS[registry] as unknown as RegistryView<object>;
}

/** A record's values in one reviewer's line: empty ones skipped, lists joined, bounded. */
export function detailsLine(values: readonly unknown[], max = 300): string {
  const out = values
    .map((v) => texts(v).join('; '))
    .filter((s) => s !== '')
    .join(' | ')
    .replace(/\s+/g, ' ');
  return out.length > max ? `${out.slice(0, max - 1)}…` : out;
}
