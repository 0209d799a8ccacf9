import { failsCheckDigit } from '../query/check-digits';
import { LATIN_TO_CYRILLIC } from '../query/documents';
import type { SearchQuery } from '../query';
import type { RegistryKey } from '../protocol/registries';
import type { Lang, LocalizedText } from '../text/i18n';
import { explainMessages, type ExplainMessageKey } from './explain-messages';
import { nameTokens, namesCompany, sameTokens, sharesTokens } from './name-tokens';
import { registryView, type PersonRole, type RecordPerson } from './registry-model';
import { andList } from '../text/quotes';
import { nearDates, parseRecordDate, type RecordDate } from './birth-dates';

/**
 * Why a record matched: the query and the record the service already returned, compared field by
 * field, locally (no request, no quota), and a suggested decision that the analyst confirms or
 * overrides. The rules are written for analysts in docs/why-this-hit.md; codes are never renamed
 * once released (tests, state files and other tools read them), new ones may be added.
 */

/** Raised whenever a rule changes, so a later run can tell a suggestion made under older rules. */
export const EXPLANATION_RULES_VERSION = 2;

export const FACT_CODES = [
  'name.exact',
  'name.alias',
  'name.partial',
  'name.differs',
  'name.linked',
  'birth.equal',
  'birth.differs',
  'birth.swapped',
  'birth.year-equal',
  'birth.year-differs',
  'birth.not-asked',
  'birth.not-in-record',
  'code.equal',
  'code.differs',
  'code.not-in-record',
  'doc.equal',
  'doc.differs',
  'status.inactive',
  // Added after release (codes are never renamed, only added): it changes no suggestion.
  'code.not-asked',
  'status.partly-ended',
  // Version 2: a birth date one keystroke or one day off the record's is no clear "differs", nor
  // is a code asked whose check digit shows it was mistyped.
  'birth.near',
  'code.bad-check-digit',
] as const;
export type FactCode = (typeof FACT_CODES)[number];

export const DECISIONS = ['true-match', 'false-positive', 'needs-review'] as const;
export type Decision = (typeof DECISIONS)[number];
export const REASON_CODES = [
  'confirmed-by-code',
  'confirmed-by-document',
  'name-and-birth-date',
  'different-code',
  'different-document',
  'different-birth-date',
  'incomplete-data',
  // Never suggested: the analyst's own reason when the record is plainly someone else.
  'other-person',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

/** How a fact reads on a chip: the two sides agree, differ, or one side has nothing to compare. */
export type FactTone = 'agree' | 'differ' | 'unknown';

export interface Fact {
  code: FactCode;
  /** The query's side, as the analyst typed it (normalised); '' when the query had none. */
  query: string;
  /** The record's side, as the record gives it; '' when it has none. */
  record: string;
  tone: FactTone;
  text: LocalizedText;
}

export interface Suggestion {
  decision: Decision;
  reason: ReasonCode;
  text: LocalizedText;
}

export interface Explanation {
  facts: Fact[];
  suggested: Suggestion;
  /** The record names a company: its name is a "назва", not a "ПІБ". */
  company: boolean;
}

/** What of a query the explainer compares. */
export type ExplainedQuery = Pick<SearchQuery, 'name' | 'namelat' | 'date' | 'ipn' | 'doc'>;

const TONE: Record<FactCode, FactTone> = {
  'name.exact': 'agree',
  'name.alias': 'agree',
  'name.partial': 'unknown',
  'name.differs': 'differ',
  'name.linked': 'unknown',
  'birth.equal': 'agree',
  'birth.differs': 'differ',
  'birth.swapped': 'unknown',
  'birth.near': 'unknown',
  'birth.year-equal': 'agree',
  'birth.year-differs': 'differ',
  'birth.not-asked': 'unknown',
  'birth.not-in-record': 'unknown',
  'code.equal': 'agree',
  'code.differs': 'differ',
  'code.not-in-record': 'unknown',
  'code.not-asked': 'unknown',
  'code.bad-check-digit': 'unknown',
  'doc.equal': 'agree',
  'doc.differs': 'differ',
  'status.inactive': 'unknown',
  'status.partly-ended': 'unknown',
};

const FACT_TEXT: Record<FactCode, ExplainMessageKey> = {
  'name.exact': 'fact.name.exact',
  'name.alias': 'fact.name.alias',
  'name.partial': 'fact.name.partial',
  'name.differs': 'fact.name.differs',
  'name.linked': 'fact.name.linked',
  'birth.equal': 'fact.birth.equal',
  'birth.differs': 'fact.birth.differs',
  'birth.swapped': 'fact.birth.swapped',
  'birth.near': 'fact.birth.near',
  'birth.year-equal': 'fact.birth.year-equal',
  'birth.year-differs': 'fact.birth.year-differs',
  'birth.not-asked': 'fact.birth.not-asked',
  'birth.not-in-record': 'fact.birth.not-in-record',
  'code.equal': 'fact.code.equal',
  'code.differs': 'fact.code.differs',
  'code.not-in-record': 'fact.code.not-in-record',
  'code.not-asked': 'fact.code.not-asked',
  'code.bad-check-digit': 'fact.code.bad-check-digit',
  'doc.equal': 'fact.doc.equal',
  'doc.differs': 'fact.doc.differs',
  'status.inactive': 'fact.status.inactive',
  'status.partly-ended': 'fact.status.partly-ended',
};

/**
 * A reason in the analyst's language. No text holds a comma: the hits sheet's Reason drop-down is
 * a comma-separated list.
 */
export function reasonLabel(reason: ReasonCode, lang: Lang): string {
  return explainMessages.t(lang, `reason.${reason}`);
}

function fact(code: FactCode, query: string, record: string): Fact {
  return { code, query, record, tone: TONE[code], text: explainMessages.text(FACT_TEXT[code], { query, record }) };
}

// ---------------------------------------------------------------- names

function nameFact(query: ExplainedQuery, name: string, aliases: readonly string[], company: boolean): Fact | null {
  const asked = [query.name, query.namelat].filter((s): s is string => !!s);
  if (asked.length === 0 || name === '') return null;
  const askedTokens = asked.map(nameTokens);
  // A company's name is a "назва", not a person's "ПІБ": the same fact, in the words that fit it.
  const said = (code: 'exact' | 'alias' | 'partial' | 'differs', record: string): Fact => {
    const made = fact(`name.${code}`, asked[0]!, record);
    return company
      ? { ...made, text: explainMessages.text(`fact.company.${code}`, { query: made.query, record }) }
      : made;
  };
  if (askedTokens.some((t) => sameTokens(t, nameTokens(name)))) return said('exact', name);
  const alias = aliases.find((a) => askedTokens.some((t) => sameTokens(t, nameTokens(a))));
  if (alias !== undefined) return said('alias', alias);
  const recordNames = [name, ...aliases].map(nameTokens);
  if (askedTokens.some((t) => recordNames.some((r) => sharesTokens(t, r)))) return said('partial', name);
  return said('differs', name);
}

const ROLE_ORDER: readonly PersonRole[] = ['beneficiary', 'owner', 'head', 'signatory'];

/**
 * A person's name that is not the company's own but one of its people's: every part of the name
 * asked (two parts at least, so a surname alone links nothing) is among the words of one entry,
 * whatever the record puts beside it ("…, Україна", "… - керівник", "…, 100%").
 */
function linkedFact(query: ExplainedQuery, people: readonly RecordPerson[]): Fact | null {
  const asked = [query.name, query.namelat].filter((s): s is string => !!s);
  const askedTokens = asked.map(nameTokens).filter((t) => t.length >= 2);
  if (askedTokens.length === 0) return null;
  const named = people.filter((p) => {
    const words = new Set(nameTokens(p.text));
    return askedTokens.some((t) => t.every((w) => words.has(w)));
  });
  if (named.length === 0) return null;
  const roles = ROLE_ORDER.filter((role) => named.some((p) => p.role === role));
  const record = named[0].text;
  const roleList = (lang: Lang) =>
    roles.map((role) => explainMessages.t(lang, `role.${role}`)).join(explainMessages.t(lang, 'why.and'));
  const params = (lang: Lang) => ({ query: asked[0], record, roles: roleList(lang) });
  return {
    code: 'name.linked',
    query: asked[0],
    record,
    tone: TONE['name.linked'],
    text: {
      uk: explainMessages.t('uk', 'fact.name.linked', params('uk')),
      en: explainMessages.t('en', 'fact.name.linked', params('en')),
    },
  };
}

// ---------------------------------------------------------------- birth dates

function birthFact(query: ExplainedQuery, births: readonly string[]): Fact {
  const dates = births.map(parseRecordDate).filter((d): d is RecordDate => d !== null);
  const recordShown = dates.map((d) => d.shown).join(', ');
  if (!query.date) return fact('birth.not-asked', '', recordShown || '—');
  if (dates.length === 0) return fact('birth.not-in-record', query.date, '');
  const [y, mo, d] = query.date.split('-').map(Number);
  const full = dates.filter((x) => x.day !== undefined);
  const equal = full.find((x) => x.year === y && x.month === mo && x.day === d);
  if (equal) return fact('birth.equal', query.date, equal.shown);
  const swapped = full.find((x) => x.year === y && x.month === d && x.day === mo && d !== mo);
  if (swapped) return fact('birth.swapped', query.date, swapped.shown);
  const near = full.find((x) => nearDates([y, mo, d], [x.year, x.month!, x.day!]));
  if (near) return fact('birth.near', query.date, near.shown);
  if (full.length > 0) return fact('birth.differs', query.date, full.map((x) => x.shown).join(', '));
  const year = dates.find((x) => x.year === y);
  if (year) return fact('birth.year-equal', query.date, year.shown);
  return fact('birth.year-differs', query.date, dates.map((x) => x.shown).join(', '));
}

// ---------------------------------------------------------------- codes and documents

/** Codes as digits only; leading zeros the service (or a number cell) may have dropped do not count. */
function codeDigits(text: string): string {
  return text.replace(/\D+/g, '').replace(/^0+(?=\d)/, '');
}

/** Every 8- or 10-digit run of a record's code field ("ІПН 1234 5678 90"), or the field itself. */
function recordCodes(values: readonly string[]): string[] {
  const out = new Set<string>();
  for (const v of values) {
    const compact = v.replace(/[\s-]+/g, '');
    const runs = compact.match(/\d{6,10}/g);
    for (const run of runs ?? []) out.add(run);
  }
  return [...out];
}

function codeFact(query: ExplainedQuery, ipns: readonly string[], edrpous: readonly string[]): Fact | null {
  if (!query.ipn) {
    // The one field that would settle the hit (rule 1 or 2), named so the analyst knows what to look up.
    const held = recordCodes([...ipns, ...edrpous]);
    return held.length > 0 ? fact('code.not-asked', '', held.join(', ')) : null;
  }
  // A 10-digit code is a person's РНОКПП, 8 digits a company's ЄДРПОУ.
  const codes = recordCodes(query.ipn.length === 10 ? ipns : edrpous);
  if (codes.length === 0) return fact('code.not-in-record', query.ipn, '');
  const asked = codeDigits(query.ipn);
  const equal = codes.find((c) => codeDigits(c) === asked);
  if (equal) return fact('code.equal', query.ipn, equal);
  // A code that fails its own check digit was mistyped: that it differs rules nobody out.
  if (failsCheckDigit(query.ipn)) return fact('code.bad-check-digit', query.ipn, codes.join(', '));
  return fact('code.differs', query.ipn, codes.join(', '));
}

/** A document number as compared: no spaces or dashes, capitals, look-alike Latin letters as Cyrillic. */
function docKey(text: string): string {
  return Array.from(text.toUpperCase().replace(/[\s\-№]+/g, ''), (ch) => LATIN_TO_CYRILLIC[ch] ?? ch).join('');
}

function docFact(query: ExplainedQuery, docs: readonly string[]): Fact | null {
  if (!query.doc || docs.length === 0) return null;
  const asked = docKey(query.doc);
  const equal = docs.find((d) => docKey(d) === asked);
  if (equal) return fact('doc.equal', query.doc, equal);
  return fact('doc.differs', query.doc, docs.join(', '));
}

// ---------------------------------------------------------------- the suggestion

function suggestion(facts: readonly Fact[]): Suggestion {
  const has = (code: FactCode) => facts.some((f) => f.code === code);
  const pick = (decision: Decision, reason: ReasonCode): Suggestion => ({
    decision,
    reason,
    text: { uk: suggestionLabel({ decision, reason }, 'uk'), en: suggestionLabel({ decision, reason }, 'en') },
  });
  if (has('code.equal')) return pick('true-match', 'confirmed-by-code');
  if (has('code.differs')) return pick('false-positive', 'different-code');
  if (has('doc.equal')) return pick('true-match', 'confirmed-by-document');
  // A person holds several documents over the years (a passport, an ID card, a foreign passport):
  // the record's may be an older one of the client's, which the name and birth date still point to.
  const nameAgrees = has('name.exact') || has('name.alias');
  const samePerson = nameAgrees && (has('birth.equal') || has('birth.swapped') || has('birth.near'));
  if (has('doc.differs')) {
    return samePerson ? pick('needs-review', 'incomplete-data') : pick('false-positive', 'different-document');
  }
  if (has('birth.differs')) return pick('false-positive', 'different-birth-date');
  if (nameAgrees && has('birth.equal')) return pick('true-match', 'name-and-birth-date');
  return pick('needs-review', 'incomplete-data');
}

/** Every fact about one record against the query, and the decision they suggest. */
export function explainHit(query: ExplainedQuery, registry: RegistryKey, item: object): Explanation {
  const view = registryView(registry);
  const facts: Fact[] = [];
  const company = view.kind === 'company' || (view.kind === 'mixed' && namesCompany(view.name(item)));
  const name = nameFact(query, view.name(item), view.aliases(item), company);
  // A company found by a person's name: say whose name it is in the record, not only that it differs.
  const linked = name?.code === 'name.differs' && view.people ? linkedFact(query, view.people(item)) : null;
  if (linked) facts.push(linked);
  else if (name) facts.push(name);
  if (view.kind === 'person' || view.kind === 'mixed') {
    const births = view.births(item);
    if (query.date || births.length > 0) facts.push(birthFact(query, births));
  }
  // A company found by a person's name holds its own code, which says nothing about the person.
  const code = codeFact(query, view.ipns(item), linked ? [] : view.edrpous(item));
  if (code) facts.push(code);
  const doc = docFact(query, view.docs(item));
  if (doc) facts.push(doc);
  const status = view.status(item);
  if (!status.active) facts.push(fact('status.inactive', '', status.ended.join('; ') || '—'));
  // A sanction lifted while others stay (US lifted, EU in force): the record's list of lists names
  // both alike, so the lifted one is said here.
  else if (status.ended.length > 0) facts.push(fact('status.partly-ended', '', status.ended.join('; ')));
  return { facts, suggested: suggestion(facts), company };
}

const SHORT: Partial<Record<FactCode, ExplainMessageKey>> = {
  'name.exact': 'short.name',
  'name.alias': 'short.alias',
  'name.partial': 'short.name.partial',
  'name.differs': 'short.name',
  'birth.equal': 'short.birth',
  'birth.differs': 'short.birth',
  'birth.year-equal': 'short.birth.year',
  'birth.year-differs': 'short.birth.year',
  'birth.not-asked': 'short.birth',
  'birth.not-in-record': 'short.birth',
  'code.equal': 'short.code',
  'code.differs': 'short.code',
  'code.not-in-record': 'short.code',
  'code.not-asked': 'short.code',
  'doc.equal': 'short.doc',
  'doc.differs': 'short.doc',
};

/** A company has a name ("назва"), not a person's full name ("ПІБ"). */
const COMPANY_SHORT: Partial<Record<ExplainMessageKey, ExplainMessageKey>> = {
  'short.name': 'short.company',
  'short.name.partial': 'short.company.partial',
  'short.alias': 'short.company.alias',
};

/** The explanation in one line: "full name and code agree; birth date differs → true match: confirmed by code". */
export function whyLine(explanation: Explanation, lang: Lang): string {
  const codes = explanation.facts.map((f) => f.code);
  return `${whyFacts(codes, lang, explanation.company)} → ${suggestionLabel(explanation.suggested, lang)}`;
}

/** The line's facts alone, where the suggestion has a line or column of its own (certificate, hits sheets). */
export function whyFacts(codes: readonly FactCode[], lang: Lang, company = false): string {
  const t = (key: ExplainMessageKey, params?: Record<string, string>) => explainMessages.t(lang, key, params);
  const label = (key: ExplainMessageKey) => t((company && COMPANY_SHORT[key]) || key);
  const fields = (chosen: (code: FactCode) => boolean) => [
    ...new Set(codes.filter((c) => chosen(c) && SHORT[c]).map((c) => label(SHORT[c]!))),
  ];
  const listed = (items: readonly string[]) => andList(items, t('why.and'));
  const parts: string[] = [];
  // A partial name is no clear agreement (its chip is grey), yet left out of the line it turned
  // "birth date agrees → needs review" into a riddle: the line must say what made the data incomplete.
  const agree = fields((c) => TONE[c] === 'agree' || c === 'name.partial');
  if (agree.length > 0) {
    parts.push(t(agree.length === 1 ? 'why.agree.one' : 'why.agree', { fields: listed(agree) }));
  }
  const differ = fields((c) => TONE[c] === 'differ');
  if (differ.length > 0) {
    parts.push(t(differ.length === 1 ? 'why.differ.one' : 'why.differ', { fields: listed(differ) }));
  }
  const missing = fields((c) => TONE[c] === 'unknown' && c !== 'name.partial');
  if (missing.length > 0) parts.push(t('why.missing', { fields: listed(missing) }));
  if (codes.includes('name.linked')) parts.push(t('why.linked'));
  if (codes.includes('birth.swapped')) parts.push(t('why.swapped'));
  if (codes.includes('birth.near')) parts.push(t('why.near'));
  if (codes.includes('code.bad-check-digit')) parts.push(t('why.badCheckDigit'));
  if (codes.includes('status.inactive')) parts.push(t('why.inactive'));
  if (codes.includes('status.partly-ended')) parts.push(t('why.partlyEnded'));
  return parts.join('; ');
}

/** "true match: confirmed by code", in the analyst's language. */
export function suggestionLabel(suggested: Pick<Suggestion, 'decision' | 'reason'>, lang: Lang): string {
  return `${explainMessages.t(lang, `suggest.${suggested.decision}`)}: ${reasonLabel(suggested.reason, lang)}`;
}
