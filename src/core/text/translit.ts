/**
 * Official Ukrainian-to-Latin transliteration, Cabinet of Ministers resolution No. 55 (2010).
 * The service builds `namelat` from `name` this way when namelat is not sent, so the add-in must
 * produce the same spelling to predict and display what the service compares against.
 */

/** Letters whose Latin form never depends on position. */
const PLAIN: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'h',
  ґ: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'y',
  і: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ь: '',
};

/** Letters spelled one way at the start of a word and another way elsewhere. */
const POSITIONAL: Readonly<Record<string, readonly [atStart: string, inside: string]>> = {
  є: ['ye', 'ie'],
  ї: ['yi', 'i'],
  й: ['y', 'i'],
  ю: ['yu', 'iu'],
  я: ['ya', 'ia'],
};

const APOSTROPHES = new Set(["'", '’', 'ʼ', '`', '‘']);

const LETTER = /[\p{L}\p{M}]/u;
const UPPER = /\p{Lu}/u;

function isLetter(ch: string | undefined): boolean {
  return ch !== undefined && LETTER.test(ch);
}

function isUkrainian(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const lower = ch.toLowerCase();
  return lower in PLAIN || lower in POSITIONAL;
}

/** An apostrophe belongs to a word only between two Ukrainian letters (Знам'янка); elsewhere it is a quote. */
function isInWordApostrophe(chars: readonly string[], i: number): boolean {
  return APOSTROPHES.has(chars[i]) && isUkrainian(chars[i - 1]) && isUkrainian(chars[i + 1]);
}

function isWordStart(chars: readonly string[], i: number): boolean {
  const prev = i - 1;
  if (prev < 0) return true;
  if (isLetter(chars[prev])) return false;
  return !isInWordApostrophe(chars, prev);
}

/** Nearest letter of the same word in a direction, skipping in-word apostrophes. */
function neighbourLetter(chars: readonly string[], i: number, step: 1 | -1): string | undefined {
  for (let j = i + step; j >= 0 && j < chars.length; j += step) {
    if (isLetter(chars[j])) return chars[j];
    if (!isInWordApostrophe(chars, j)) return undefined;
  }
  return undefined;
}

/**
 * A capital that becomes several Latin letters is written in capitals inside a word in capitals
 * (ЩЕРБА → SHCHERBA) and as a capital plus small letters otherwise (Щерба → Shcherba). A word
 * is "in capitals" when the next letter is a capital, or when there is no next letter and the
 * previous one is.
 */
function applyCase(latin: string, chars: readonly string[], i: number): string {
  if (latin === '' || !UPPER.test(chars[i])) return latin;
  const next = neighbourLetter(chars, i, 1);
  const allCaps = next !== undefined ? UPPER.test(next) : UPPER.test(neighbourLetter(chars, i, -1) ?? '');
  return allCaps ? latin.toUpperCase() : latin[0].toUpperCase() + latin.slice(1);
}

export function transliterate(text: string): string {
  const chars = Array.from(text.normalize('NFC'));
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    const lower = ch.toLowerCase();
    let latin: string | undefined;
    if (lower === 'г' && chars[i - 1]?.toLowerCase() === 'з') {
      // "зг" is written zgh so that it cannot be read as ж (zh).
      latin = 'gh';
    } else if (lower in PLAIN) {
      latin = PLAIN[lower];
    } else if (lower in POSITIONAL) {
      const [atStart, inside] = POSITIONAL[lower];
      latin = isWordStart(chars, i) ? atStart : inside;
    } else if (isInWordApostrophe(chars, i)) {
      latin = '';
    }
    out += latin === undefined ? ch : applyCase(latin, chars, i);
  }
  return out;
}
