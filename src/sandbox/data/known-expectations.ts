import type { RegistryKey } from '../../core/protocol/registries';
import { KNOWN } from './known-subjects';

/**
 * What docs/sandbox.md promises for each known subject; tests walk this table. `hits` names every
 * registry that finds the subject, no more and no fewer, so the documented table is the whole answer.
 */
export interface KnownExpectation {
  title: string;
  query: {
    name?: string;
    namelat?: string;
    date?: string;
    ipn?: string;
    doc?: string;
    doctype?: 0 | 1 | 2;
    search?: 1 | 2;
  };
  hits: readonly { registry: RegistryKey; level?: 'Високий' | 'Низький'; percent?: number }[];
  /** Registries that must answer with no hit for this query. */
  clear?: readonly RegistryKey[];
}

export const KNOWN_EXPECTATIONS: readonly KnownExpectation[] = [
  {
    title: 'PEP who is also sanctioned, full name and birth date',
    query: { name: KNOWN.pepSanctioned.name, date: KNOWN.pepSanctioned.date },
    hits: [
      { registry: 'peps', level: 'Високий', percent: 100 },
      { registry: 'psanctions', level: 'Високий', percent: 100 },
      { registry: 'edr', level: 'Низький' },
    ],
  },
  {
    title: 'The same person without a birth date',
    query: { name: KNOWN.pepSanctioned.name },
    hits: [
      { registry: 'peps', level: 'Низький', percent: 100 },
      { registry: 'psanctions', level: 'Низький', percent: 100 },
      { registry: 'edr', level: 'Низький' },
    ],
  },
  {
    title: 'The same person with a different birth date (a namesake)',
    query: { name: KNOWN.pepSanctioned.name, date: '1971-09-30' },
    hits: [
      { registry: 'peps', level: 'Низький', percent: 100 },
      { registry: 'psanctions', level: 'Низький', percent: 100 },
      { registry: 'edr', level: 'Низький' },
    ],
  },
  {
    // The service's level is as low as a namesake's; "why this hit" suggests a review, not a false positive.
    title: 'The same person with the birth date one digit off (a typing error?)',
    query: { name: KNOWN.pepSanctioned.name, date: '1967-04-13' },
    hits: [
      { registry: 'peps', level: 'Низький', percent: 100 },
      { registry: 'psanctions', level: 'Низький', percent: 100 },
      { registry: 'edr', level: 'Низький' },
    ],
  },
  {
    title: 'The same person by the KMU 55 Latin name (namelat) and birth date',
    query: { namelat: KNOWN.pepSanctioned.namelat, date: KNOWN.pepSanctioned.date },
    hits: [
      { registry: 'peps', level: 'Високий', percent: 100 },
      { registry: 'psanctions', level: 'Високий', percent: 100 },
      { registry: 'edr', level: 'Низький' },
    ],
  },
  {
    title: 'The same person by surname and first name only',
    query: { name: 'Кривоклен Северин', date: KNOWN.pepSanctioned.date },
    hits: [
      { registry: 'peps', level: 'Низький', percent: 67 },
      { registry: 'psanctions', level: 'Низький', percent: 67 },
      { registry: 'edr', level: 'Низький' },
    ],
  },
  {
    title: 'A typo, search=2 (error-tolerant)',
    query: { name: 'Кривоклин Северин Богданович', date: KNOWN.pepSanctioned.date, search: 2 },
    hits: [
      { registry: 'peps', level: 'Низький', percent: 93 },
      { registry: 'psanctions', level: 'Низький', percent: 93 },
      { registry: 'edr', level: 'Низький' },
    ],
  },
  {
    title: 'The same typo with search=1 (full text) finds nothing',
    query: { name: 'Кривоклин Северин Богданович', date: KNOWN.pepSanctioned.date, search: 1 },
    hits: [],
    clear: ['peps', 'psanctions'],
  },
  {
    title: 'Company code in edr, edrfullinfo, edrchanges, bankrupt, licenses and justice',
    query: { ipn: KNOWN.company.edrpou },
    hits: [
      { registry: 'edr', level: 'Високий' },
      { registry: 'edrfullinfo', level: 'Високий', percent: 100 },
      { registry: 'edrchanges' },
      { registry: 'bankrupt', level: 'Високий', percent: 100 },
      { registry: 'licenses' },
      { registry: 'justice', level: 'Високий', percent: 100 },
    ],
  },
  {
    title: 'The same company by name: low (a company is high only on its code)',
    query: { name: KNOWN.company.shortName },
    hits: [
      { registry: 'edr', level: 'Низький' },
      { registry: 'edrfullinfo', level: 'Низький', percent: 100 },
      { registry: 'edrchanges' },
      { registry: 'bankrupt', level: 'Низький', percent: 100 },
      { registry: 'licenses' },
      { registry: 'justice', level: 'Низький', percent: 100 },
    ],
  },
  {
    title: 'Tax debtor company',
    query: { ipn: KNOWN.taxDebtor.edrpou },
    hits: [
      { registry: 'taxdebtor' },
      { registry: 'executive', level: 'Високий', percent: 100 },
      { registry: 'edr', level: 'Високий' },
      { registry: 'edrfullinfo', level: 'Високий', percent: 100 },
    ],
  },
  {
    title: 'Sanctioned company by code',
    query: { ipn: KNOWN.sanctionedCompany.edrpou },
    hits: [
      { registry: 'psanctions', level: 'Високий', percent: 100 },
      { registry: 'edr', level: 'Високий' },
    ],
  },
  {
    title: 'Stolen internal passport (spaces and Latin look-alike letters do not matter)',
    query: { doc: KNOWN.stolenPassport.doc },
    hits: [{ registry: 'lostdocs' }],
  },
  {
    title: 'Lost foreign-travel passport, doctype 2',
    query: { doc: KNOWN.lostForeignPassport.doc, doctype: 2 },
    hits: [{ registry: 'lostdocs' }],
  },
  {
    title: 'The same foreign passport with doctype 1 (citizen passport) finds nothing',
    query: { doc: KNOWN.lostForeignPassport.doc, doctype: 1 },
    hits: [],
    clear: ['lostdocs'],
  },
  {
    title: 'Invalid ID card',
    query: { doc: KNOWN.invalidIdCard.doc },
    hits: [{ registry: 'lostdocs' }],
  },
  {
    title: 'Wanted person',
    query: { name: KNOWN.wanted.name, date: KNOWN.wanted.date },
    hits: [{ registry: 'wanted', level: 'Високий', percent: 100 }],
  },
  {
    title: 'Debtor (register of debtors and enforcement proceedings) by tax number',
    query: { ipn: KNOWN.debtor.rnokpp },
    hits: [
      { registry: 'debtor', level: 'Низький', percent: 100 },
      { registry: 'executive', level: 'Низький', percent: 100 },
    ],
  },
  {
    title: 'Corruption offence',
    query: { name: KNOWN.corrupt.name, date: KNOWN.corrupt.date },
    hits: [{ registry: 'corrupt', level: 'Високий', percent: 100 }],
  },
  {
    title: 'Notary',
    query: { name: KNOWN.notary.name },
    hits: [{ registry: 'notarius', level: 'Низький', percent: 100 }],
  },
  {
    title: 'Traitor',
    query: { name: KNOWN.traitor.name, date: KNOWN.traitor.date },
    hits: [{ registry: 'zrada', level: 'Високий', percent: 100 }],
  },
  {
    title: 'Occupier (Russian spelling in the register)',
    query: { name: KNOWN.occupier.name, date: KNOWN.occupier.date },
    hits: [{ registry: 'okupant', level: 'Високий', percent: 100 }],
  },
  {
    title: 'Tax non-resident',
    query: { name: KNOWN.nonResident.name },
    hits: [{ registry: 'nonrezedent', percent: 100 }],
  },
  {
    title: 'Clear person: no registry holds them',
    query: { name: KNOWN.clearPerson.name, date: KNOWN.clearPerson.date },
    hits: [],
    clear: [
      'peps',
      'psanctions',
      'wanted',
      'corrupt',
      'zrada',
      'okupant',
      'debtor',
      'notarius',
      'executive',
      'justice',
      'edr',
    ],
  },
  {
    title: 'Clear company code',
    query: { ipn: KNOWN.clearCompanyCode },
    hits: [],
    clear: ['edr', 'edrfullinfo', 'bankrupt', 'taxdebtor', 'psanctions', 'executive', 'justice', 'licenses'],
  },
];
