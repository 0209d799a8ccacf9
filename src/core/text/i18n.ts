// Every user-facing text exists in both languages; a missing translation is a type error,
// not a blank on screen.
export type Lang = 'uk' | 'en';

export const LANGS: readonly Lang[] = ['uk', 'en'];

export interface LocalizedText {
  uk: string;
  en: string;
}

export type MessageParams = Record<string, string | number>;

/** Office reports display languages as BCP 47 tags ("uk-UA", "en-US"); anything not Ukrainian falls back to English. */
export function langFromLocale(locale: string | null | undefined): Lang {
  return typeof locale === 'string' && /^uk(?:[-_.@]|$)/i.test(locale.trim()) ? 'uk' : 'en';
}

/**
 * The form of a word for a count: Ukrainian takes three forms (1 рядок, 2 рядки, 5 рядків; 11–14
 * take the third, 21 the first, 22 the second), English two (1 row, 2 rows). A fraction takes
 * the Ukrainian second form (1,5 рядка) and the English plural.
 */
export function pluralForm(count: number, forms: readonly string[]): string {
  if (forms.length === 2) return count === 1 ? forms[0] : forms[1];
  if (!Number.isInteger(count)) return forms[1];
  const n = Math.abs(count);
  const tens = n % 100;
  if (n % 10 === 1 && tens !== 11) return forms[0];
  if (n % 10 >= 2 && n % 10 <= 4 && (tens < 12 || tens > 14)) return forms[1];
  return forms[2];
}

/**
 * `{name}` is the parameter; `{name|рядок|рядки|рядків}` (or `{name|row|rows}`) is the word's form
 * for the parameter's count, so a catalogue never writes "рядок(ів)".
 */
export function fillTemplate(template: string, params: MessageParams = {}): string {
  return template.replace(/\{(\w+)((?:\|[^|{}]+)+)?\}/g, (whole, key: string, forms: string | undefined) => {
    if (!Object.prototype.hasOwnProperty.call(params, key)) return whole;
    if (!forms) return String(params[key]);
    return pluralForm(Number(params[key]), forms.slice(1).split('|'));
  });
}

/**
 * A message catalogue: English defines the keys, Ukrainian must provide every one of them.
 * Each area (core, taskpane, bulk, cli) declares its own pair so that parallel work never
 * edits one shared file, while lookups stay by key.
 */
export interface Catalogue<K extends string> {
  readonly en: Readonly<Record<K, string>>;
  readonly uk: Readonly<Record<K, string>>;
  t(lang: Lang, key: K, params?: MessageParams): string;
  text(key: K, params?: MessageParams): LocalizedText;
}

export function defineCatalogue<K extends string>(
  en: Readonly<Record<K, string>>,
  uk: Readonly<Record<K, string>>,
): Catalogue<K> {
  return {
    en,
    uk,
    t: (lang, key, params) => fillTemplate((lang === 'uk' ? uk : en)[key], params),
    text: (key, params) => ({ uk: fillTemplate(uk[key], params), en: fillTemplate(en[key], params) }),
  };
}
