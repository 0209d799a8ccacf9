import type { Lang } from './i18n';

/** Words quoted as each language prints them («…» in Ukrainian, “…” in English), comma-separated. */
export function quotedList(words: readonly string[], lang: Lang): string {
  const [open, close] = lang === 'uk' ? ['«', '»'] : ['“', '”'];
  return words.map((word) => `${open}${word}${close}`).join(', ');
}

/** "a, b and c": a chain of "and"s reads as a stammer past two. `and` is the language's, spaced (" і "). */
export function andList(items: readonly string[], and: string): string {
  return items.length <= 2 ? items.join(and) : `${items.slice(0, -1).join(', ')}${and}${items.at(-1)}`;
}
