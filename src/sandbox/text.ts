import { transliterate } from '../core/text/translit';

/**
 * Text as the matcher sees it. Names arrive in Ukrainian, in Russian spelling and in several
 * Latin spellings; reducing all of them to lower-case KMU 55 Latin lets one index serve
 * Cyrillic and Latin queries alike, as the service does when it derives namelat from name.
 */

/** Russian letters the Ukrainian alphabet lacks, and Latin look-alikes typed in Cyrillic words. */
const FOLD: Readonly<Record<string, string>> = {
  ё: 'е',
  ы: 'и',
  э: 'е',
  ъ: '',
};

/** Legal-form words: a company is found by its own name, with or without them. */
const LEGAL_FORMS = new Set([
  'tov',
  'pp',
  'pat',
  'prat',
  'at',
  'vat',
  'zat',
  'tdv',
  'fg',
  'dp',
  'kp',
  'fop',
  'spd',
  'llc',
  'ltd',
  'limited',
  'inc',
  'gmbh',
  'sa',
  'ag',
  'corp',
  'tovarystvo',
  'obmezhenoiu',
  'vidpovidalnistiu',
  'pryvatne',
  'pidpryiemstvo',
  'aktsionerne',
  'fermerske',
  'hospodarstvo',
  'dodatkovoiu',
  'z',
]);

/** Queries add words too, so the caches are bounded; a reset only costs speed. */
const CACHE_LIMIT = 50_000;
const lowerCache = new Map<string, string>();
const exactCache = new Map<string, string>();

function cached(cache: Map<string, string>, key: string, make: () => string): string {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    value = make();
    cache.set(key, value);
  }
  return value;
}

/** Lower-case KMU 55 of one word: names repeat across thousands of records. */
function latinWord(word: string): string {
  return cached(lowerCache, word, () => transliterate(word).toLowerCase());
}

/**
 * KMU 55 of a text, word by word through a cache. The same as transliterate() on the whole
 * text, whose rules (word start, capitals, зг) never look past a space.
 */
export function latinOf(text: string): string {
  return text.replace(/\S+/g, (word) => cached(exactCache, word, () => transliterate(word)));
}

const FOLDABLE = /[ёыэъ]/g;
const IN_WORD_APOSTROPHE = /(\p{L})['’ʼ`‘](\p{L})/gu;
const WORD_SEPARATOR = /[^\p{L}\p{N}]+/u;

export function canonicalTokens(text: string): string[] {
  let folded = text.toLowerCase();
  if (FOLDABLE.test(folded)) folded = folded.replace(FOLDABLE, (ch) => FOLD[ch] ?? ch);
  FOLDABLE.lastIndex = 0;
  // Apostrophes inside a word are dropped by KMU 55 rather than splitting the word.
  if (/['’ʼ`‘]/.test(folded)) folded = folded.replace(IN_WORD_APOSTROPHE, '$1$2');
  const tokens: string[] = [];
  for (const word of folded.split(WORD_SEPARATOR)) {
    if (word.length === 0) continue;
    const latin = latinWord(word);
    if (latin.length > 0 && !LEGAL_FORMS.has(latin)) tokens.push(latin);
  }
  return tokens;
}

const SKELETON_RULES: readonly [RegExp, string][] = [
  [/shch|sch|szcz/g, 'S'],
  [/zh|zs/g, 'Z'],
  [/kh/g, 'h'],
  [/tsch|ch|cz/g, 'C'],
  [/sh|sz/g, 'S'],
  [/ck|q/g, 'k'],
  [/ts|tz|c/g, 'c'],
  [/g/g, 'h'],
  [/ph/g, 'f'],
  [/w/g, 'v'],
  [/x/g, 'ks'],
  [/ye|ie|je/g, 'e'],
  [/yu|iu|ju/g, 'u'],
  [/ya|ia|ja/g, 'a'],
  [/yo|io|jo/g, 'o'],
  [/yi|ji|iy|ij|y|j/g, 'i'],
  [/ou/g, 'u'],
  [/(.)\1+/g, '$1'],
];

/**
 * A spelling-insensitive key for one canonical token: the Latin spellings of one Cyrillic
 * name (Yurii, Iurii, Jurij, Yuriy) and Ukrainian/Russian pairs (Hryhorii, Grigoriy) fold to
 * one or near keys, leaving typos to the edit distance.
 */
export function skeleton(token: string): string {
  let s = token;
  for (const [pattern, replacement] of SKELETON_RULES) s = s.replace(pattern, replacement);
  return s;
}

/** Optimal string alignment distance, stopping early once `limit` is exceeded. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (a === b) return 0;
  const n = b.length;
  let prevPrev: number[] = new Array<number>(n + 1).fill(0);
  let prev: number[] = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row: number[] = [i];
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prevPrev[j - 2] + 1);
      row.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[n];
}

/** How many edits a token of this length may carry and still be the same name. */
export function allowedEdits(length: number): number {
  if (length <= 3) return 0;
  if (length <= 6) return 1;
  return 2;
}

/** Documents compare without spaces, dashes or case, and with Cyrillic series letters read as their Latin twins. */
const DOC_HOMOGLYPHS: Readonly<Record<string, string>> = {
  А: 'A',
  В: 'B',
  Е: 'E',
  І: 'I',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
};

export function normalizeDoc(text: string): string {
  let out = '';
  for (const ch of text.toUpperCase()) {
    if (/[\s\-–—.№#]/.test(ch)) continue;
    out += DOC_HOMOGLYPHS[ch] ?? ch;
  }
  return out;
}

/** Birth dates arrive as YYYY-MM-DD, DD.MM.YYYY or with a time; the comparison needs the day only. */
export function normalizeDate(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const t = text.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{2})\.(\d{2})\.(\d{4})/.exec(t);
  if (m) return `${m[3]}-${m[2]}-${m[1]}`;
  return undefined;
}
