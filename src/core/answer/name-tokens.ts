import { LATIN_TO_CYRILLIC } from '../query/documents';
import { transliterate } from '../text/translit';

/** Names compared the way the service compares them, for "why this hit" (explain.ts). */

/** Russian letters the Ukrainian alphabet lacks, folded as the service folds them. */
const FOLD: Readonly<Record<string, string>> = { ё: 'е', ы: 'и', э: 'е', ъ: '' };
const LOOK_ALIKE_LOWER: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(LATIN_TO_CYRILLIC).map(([lat, cyr]) => [lat.toLowerCase(), cyr.toLowerCase()]),
);
/** Legal-form words: a company is the same company with or without them. */
const LEGAL_FORMS = new Set([
  'тов',
  'пп',
  'пат',
  'прат',
  'ат',
  'ват',
  'зат',
  'тдв',
  'фг',
  'дп',
  'кп',
  'фоп',
  'спд',
  'llc',
  'ltd',
  'inc',
  'gmbh',
  'corp',
  'ооо',
]);

/**
 * Legal forms written out, as the company register names a company ("ТОВАРИСТВО З ОБМЕЖЕНОЮ
 * ВІДПОВІДАЛЬНІСТЮ …") while a client list has "ТОВ …": dropped only as whole phrases, since
 * their words alone ("з", "приватне") can be part of a name. Longest first.
 */
const LEGAL_FORM_PHRASES: readonly (readonly string[])[] = [
  'приватне акціонерне товариство',
  'публічне акціонерне товариство',
  'товариство з обмеженою відповідальністю',
  'товариство з додатковою відповідальністю',
  'общество с ограниченной ответственностью',
  'фізична особа підприємець',
  'limited liability company',
  'акціонерне товариство',
  'приватне підприємство',
  'державне підприємство',
  'комунальне підприємство',
  'фермерське господарство',
].map((phrase) => phrase.split(' '));

/**
 * A name as comparable tokens, the way the service compares: case, apostrophes and spacing do
 * not matter, Latin look-alike letters inside a Cyrillic word are Cyrillic, and Cyrillic and
 * Latin spellings meet in the official transliteration (KMU 55).
 */
export function nameTokens(text: string): readonly string[] {
  const known = tokensOf.get(text);
  if (known) return known;
  const tokens = tokenize(text);
  if (tokensOf.size >= TOKENS_KEPT) tokensOf.clear();
  tokensOf.set(text, tokens);
  return tokens;
}

/**
 * Names recently tokenised: a row's query name is compared with each of its hits, and a record's
 * name more than once; tokenising (normalisation, transliteration) was a tenth of a 2,000-row bulk
 * run with 20 hits a row.
 */
const tokensOf = new Map<string, readonly string[]>();
const TOKENS_KEPT = 2_000;

function tokenize(text: string): readonly string[] {
  const tokens: string[] = [];
  const folded = text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[ёыэъ]/g, (ch) => FOLD[ch] ?? ch)
    .replace(/(\p{L})['’ʼ`‘](\p{L})/gu, '$1$2');
  const words = withoutLegalPhrases(folded.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== ''));
  for (const word of words) {
    if (LEGAL_FORMS.has(word)) continue;
    const cyrillicWord = /\p{Script=Cyrillic}/u.test(word)
      ? Array.from(word, (ch) => LOOK_ALIKE_LOWER[ch] ?? ch).join('')
      : word;
    const latin = transliterate(cyrillicWord).toLowerCase();
    if (!LEGAL_FORMS.has(latin)) tokens.push(latin);
  }
  return tokens;
}

function withoutLegalPhrases(words: readonly string[]): readonly string[] {
  const kept: string[] = [];
  for (let i = 0; i < words.length;) {
    const phrase = LEGAL_FORM_PHRASES.find((p) => p.every((word, k) => words[i + k] === word));
    if (phrase) i += phrase.length;
    else kept.push(words[i++]!);
  }
  return kept;
}

/** Sole traders' forms name a person, not a company. */
const PERSON_FORMS = new Set(['фоп', 'спд', 'фізична']);

/** A name carrying a company's legal form ("ТОВ …", "… LTD", "ПРИВАТНЕ ПІДПРИЄМСТВО …"). */
export function namesCompany(text: string): boolean {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  return (
    words.some((w) => LEGAL_FORMS.has(w) && !PERSON_FORMS.has(w)) ||
    LEGAL_FORM_PHRASES.some((p) => !PERSON_FORMS.has(p[0]!) && p.every((w) => words.includes(w)))
  );
}

export function sameTokens(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((t, i) => t === y[i]);
}

/** Some tokens agree, or a one-letter token is the other side's initial. */
export function sharesTokens(query: readonly string[], record: readonly string[]): boolean {
  return query.some((q) =>
    record.some((r) => r === q || (q.length === 1 && r.startsWith(q)) || (r.length === 1 && q.startsWith(r))),
  );
}
