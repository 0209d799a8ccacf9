import type { CoreMessageKey } from '../text/messages';
import { accept, isAbsent, reject, shown, type FieldCheck } from './field';
import { CONTROL_BUT_WHITESPACE } from '../text/control-chars';
import { oneScriptPerWord } from './look-alikes';

export const TEXT_LIMITS = {
  name: 256,
  namelat: 256,
  IDinternal: 128,
  IDuserPC: 128,
  city: 128,
  nonrezedentcode: 64,
} as const;

/**
 * Invisible characters that copy-paste from web pages and PDFs leaves in names (zero-width
 * spaces, soft hyphens, direction marks, BOM). Nobody can see them to remove them, and they
 * would make one person look like two, so they are dropped rather than rejected.
 */
const INVISIBLE = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** Control characters other than whitespace; tabs and line breaks (Alt+Enter in a cell) collapse to a space instead. */
const CONTROL = CONTROL_BUT_WHITESPACE;

/**
 * Half of a UTF-16 surrogate pair: no character at all. JavaScript strings can hold one (a cut
 * paste, a bad export); UTF-8, JSON on the wire and PostgreSQL cannot, so it is refused here, for
 * every surface, before anything is paid for.
 */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

interface TextRules {
  field: string;
  max: number;
  tooLong: CoreMessageKey;
  control: CoreMessageKey;
}

function normalizeText(value: unknown, rules: TextRules): FieldCheck<string> {
  if (isAbsent(value)) return accept(undefined);
  let raw: string;
  if (typeof value === 'string') raw = value;
  else if (typeof value === 'number' && Number.isFinite(value)) raw = String(value);
  else return reject(rules.field, 'field.type.text', { value: shown(value) });

  const visible = raw.normalize('NFC').replace(INVISIBLE, '');
  const control = CONTROL.exec(visible);
  if (control) return reject(rules.field, rules.control, { position: control.index + 1 });
  const broken = LONE_SURROGATE.exec(visible);
  if (broken) return reject(rules.field, 'field.text.brokenCharacter', { position: broken.index + 1 });
  const text = visible.trim().replace(/\s+/g, ' ');
  if (text === '') return accept(undefined);
  if (Array.from(text).length > rules.max) return reject(rules.field, rules.tooLong, { max: rules.max });
  return accept(text);
}

/**
 * What lists write in a name's place when there is none: a dash, "н/д", "немає", "N/A", or the 0
 * a formula shows for an empty cell it refers to. Sent as a name, each is a paid request that
 * answers for no one, and its "nothing found" would read as a client screened.
 */
const PLACEHOLDER_WORDS: ReadonlySet<string> = new Set([
  'н/д',
  'н.д.',
  'н/а',
  'немає',
  'нема',
  'нет',
  'невідомо',
  'неизвестно',
  'відсутнє',
  'відсутній',
  'відсутня',
  'не вказано',
  'не указано',
  // In the tax-number field: one who refused a tax number (the passport is asked instead).
  'відмова',
  'n/a',
  'none',
  'null',
  'unknown',
]);
/** No letter and no digit but 0: "-", "—", "?", "0", "…". A company named by a number ("777") keeps its digits. */
const NO_NAME_CHARACTERS = /^[^\p{L}1-9]*$/u;

/** Is this cleaned name text a stand-in for "no name"? */
export function isPlaceholderName(name: string): boolean {
  return NO_NAME_CHARACTERS.test(name) || PLACEHOLDER_WORDS.has(name.toLowerCase());
}

/**
 * A code, date or document cell's stand-in for "not known": a placeholder word, or only dashes and
 * marks ("-", "—", "?"). Zeros are not among them: a formula's 0 has rules of its own (./field.ts).
 */
export function isPlaceholderValue(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const text = value.trim().replace(/\s+/g, ' ');
  return /^[^\p{L}\p{N}]+$/u.test(text) || PLACEHOLDER_WORDS.has(text.toLowerCase());
}

/**
 * "гр. Іваненко Іван Іванович", "ФОП Іваненко …", "Mr John Smith": a title before the name is no
 * word of any registry's name, and sent with it an exact hit came back Low. Left out only before
 * two words at least, so a name is never cut to a surname.
 */
const TITLE = /^(?:гр\.\s*|(?:гр-н|гр-ка|громадянин|громадянка|фоп|фо-п|спд|mrs?|ms)\.?\s+)(?=\S+\s+\S)/iu;

/** Surname, first name, patronymic or organisation name, each word in one script (./look-alikes.ts). */
export function normalizeName(value: unknown, field = 'name'): FieldCheck<string> {
  const checked = normalizeText(value, {
    field,
    max: TEXT_LIMITS.name,
    tooLong: 'field.name.tooLong',
    control: 'field.name.control',
  });
  return checked.ok && checked.value !== undefined
    ? accept(oneScriptPerWord(checked.value).replace(TITLE, ''))
    : checked;
}

const CYRILLIC = /\p{Script=Cyrillic}/u;
const NON_LATIN_LETTER = /(?!\p{Script=Latin})\p{L}/u;

/**
 * The name in Latin script: the same cleaning as name, then any non-Latin letter is an error. A
 * Latin-name column's "-" for a client with no Latin name asks nothing, so it is left out.
 */
export function normalizeNamelat(value: unknown, field = 'namelat'): FieldCheck<string> {
  const checked = normalizeText(value, {
    field,
    max: TEXT_LIMITS.namelat,
    tooLong: 'field.name.tooLong',
    control: 'field.name.control',
  });
  if (!checked.ok || checked.value === undefined) return checked;
  if (isPlaceholderName(checked.value)) return accept(undefined);
  // "Ivanenkо" with a Cyrillic о is Latin; a word of Cyrillic letters is still refused.
  const latin = oneScriptPerWord(checked.value).replace(TITLE, '');
  if (CYRILLIC.test(latin)) return reject(field, 'field.namelat.cyrillic');
  const other = NON_LATIN_LETTER.exec(latin);
  if (other) return reject(field, 'field.namelat.nonLatin', { char: other[0] });
  return accept(latin);
}

/** Free-text request fields other than the name: ids, town, non-resident code. */
export function normalizePlainText(value: unknown, field: keyof typeof TEXT_LIMITS): FieldCheck<string> {
  return normalizeText(value, {
    field,
    max: TEXT_LIMITS[field],
    tooLong: 'field.text.tooLong',
    control: 'field.text.control',
  });
}
