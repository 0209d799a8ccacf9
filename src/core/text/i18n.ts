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

export function fillTemplate(template: string, params: MessageParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.prototype.hasOwnProperty.call(params, key) ? String(params[key]) : whole,
  );
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
