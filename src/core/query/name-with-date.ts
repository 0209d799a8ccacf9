import { BIRTH_YEAR_WORDS, YEAR_WORDS } from './dates';

/**
 * "Іваненко Іван Іванович, 12.04.1967 р.н.": a list kept in one column writes the birth date after
 * the name. Sent as the name, the date is words no registry name has, and a true hit comes back
 * Low, or not at all; split, the name is the name and the date is compared as a date.
 */
const NAME_THEN_DATE = new RegExp(
  String.raw`^(.*?\p{L}.*?)[\s,;(]+(?:д\.\s?н\.|р\.\s?н\.|дата народження:?|д\/н)?\s*(\d{1,2}\.\s?\d{1,2}\.\s?\d{4})\s*(?:${YEAR_WORDS})?\)?$`,
  'iu',
);
/**
 * A year of birth alone, said to be one ("1967 р.н."): the service compares full dates only, so
 * the year is left out and the name is asked alone, as with an empty date.
 */
const NAME_THEN_YEAR = new RegExp(String.raw`^(.*?\p{L}.*?)[\s,;(]+(\d{4})\s*(?:${BIRTH_YEAR_WORDS})\)?$`, 'iu');

/** The name and the date a name cell holds after it, or null when it holds neither a date nor a year of birth. */
export function splitNameAndDate(value: unknown): { name: string; date?: string } | null {
  if (typeof value !== 'string' || !value.includes('.')) return null;
  const text = value.trim();
  const dated = NAME_THEN_DATE.exec(text);
  if (dated) return { name: dated[1]!.trim(), date: dated[2]! };
  const year = NAME_THEN_YEAR.exec(text);
  return year ? { name: year[1]!.trim() } : null;
}
