import type { Lang, LocalizedText } from './i18n';

/** Both languages in one line, as the relay's `{error, message}` answers carry them: Ukrainian, then English. */
export const inBothLanguages = (text: LocalizedText): string => `${text.uk} / ${text.en}`;

const CYRILLIC = /[\u0400-\u04ff]/;

/**
 * The two halves of a line made by inBothLanguages, or null for a line in one language (the
 * service's own messages). Split where English begins: the last " / " with no Cyrillic after it,
 * so a slash inside the Ukrainian half stays there.
 */
export function fromBothLanguages(line: string): LocalizedText | null {
  for (let at = line.lastIndexOf(' / '); at > 0; at = line.lastIndexOf(' / ', at - 1)) {
    const uk = line.slice(0, at).trim();
    const en = line.slice(at + 3).trim();
    if (CYRILLIC.test(en)) return null;
    if (uk && en && CYRILLIC.test(uk)) return { uk, en };
  }
  return null;
}

/** A line of the relay's in one language: its half for `lang` when it holds both, else as it is. */
export function inLanguage(line: string, lang: Lang): string {
  return fromBothLanguages(line)?.[lang] ?? line;
}
