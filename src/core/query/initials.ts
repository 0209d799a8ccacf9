/**
 * Names written with initials ("Кривоклен С.Б.", "Ivanenko I. P."). The registries hold whole
 * names, and a full-text search looks for every word it is given: the sandbox's sanctioned PEP,
 * asked as "Кривоклен С.Б." with the right birth date, comes back with no hits. The query is sent
 * as typed (nothing here can know the full name); the analyst is told, so that "no hits" is not
 * read as a client cleared.
 */

/**
 * A capital with a dot, one or more times ("С.", "С.Б.", "С.Б"). A lone capital without one is
 * left alone: capitals write "З", "І", "В" as words ("ТОВАРИСТВО З ОБМЕЖЕНОЮ …"), and "Клієнт А" is
 * a name.
 */
const INITIALS = /^(?:\p{Lu}\.)+\p{Lu}?$/u;

/** The words of a name that are initials, each once, in order. */
export function initialWords(name: string): string[] {
  // Every row of a bulk run's status asks; nearly no name has a dot.
  if (!name.includes('.')) return [];
  // "Іваненко І.І., 12.04.1967": the comma after the initials is no part of them.
  const words = name.split(/\s+/).map((word) => word.replace(/[,;:]+$/, ''));
  return [...new Set(words.filter((word) => INITIALS.test(word)))];
}
