import type { Lang } from './i18n';

/** Words quoted as each language prints them («…» in Ukrainian, “…” in English), comma-separated. */
export function quotedList(words: readonly string[], lang: Lang): string {
  const [open, close] = lang === 'uk' ? ['«', '»'] : ['“', '”'];
  return words.map((word) => `${open}${word}${close}`).join(', ');
}
