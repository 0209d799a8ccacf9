import type { Lang, LocalizedText } from '../core/text/i18n';
import { DOC_PART_ROLES, headerText, NAME_PART_ROLES, type CellValue, type ColumnMapping } from './columns';
import { rowAccessOf, RowCursor, type RowSource } from './input-rows';
import { bulkMessages } from './messages';
import { quotedList } from '../core/text/quotes';
import { isPlaceholderName } from '../core/query/text';
import { normalizeDate } from '../core/query/dates';
import { splitNameAndDate } from '../core/query/name-with-date';
import { nameNotesOf, rowInput, type InputRow } from './plan';
import { mistypedCodeOf } from './code-notes';

/**
 * What the column mapping does to names and documents, said before anything is paid for: a name or
 * a passport joined from split columns ("ПІБ = Прізвище + Ім'я + По батькові"), a name column that
 * mostly holds one word (a surname alone finds every namesake: a sanctioned PEP with the right
 * birth date came out Low 33 % that way, silently), names with initials, and codes whose check
 * digit shows them mistyped (a row's "no hits" by such a code proves nothing).
 */

/** Rows looked at for the one-word check: enough to tell "most", cheap on a million-row list. */
const SAMPLE_ROWS = 500;
const MIN_NAMES = 5;
const ONE_WORD_SHARE = 0.5;

export interface NameNote {
  /**
   * joined, docJoined: how the name or document is made from split columns; oneWord, initials:
   * warnings of hits that can be missed; mixedScripts, dateDiffers: names to correct; badCheckDigit:
   * codes to correct, whose rows' "no hits" proves nothing.
   */
  kind: 'joined' | 'docJoined' | 'oneWord' | 'initials' | 'mixedScripts' | 'dateDiffers' | 'badCheckDigit';
  text: LocalizedText;
}

export function nameColumnNotes(
  headers: readonly CellValue[],
  sample: readonly InputRow[],
  mapping: ColumnMapping,
): NameNote[] {
  const notes: NameNote[] = [];
  const parts = NAME_PART_ROLES.filter((role) => mapping[role] !== undefined);
  if (parts.length > 0) {
    const joined = parts.map((role) => headerText(headers, mapping[role]!)).join(' + ');
    notes.push({
      kind: 'joined',
      text:
        mapping.name === undefined
          ? bulkMessages.text('names.joined', { parts: joined })
          : bulkMessages.text('names.joinedWhereEmpty', { name: headerText(headers, mapping.name), parts: joined }),
    });
  }
  const docParts = DOC_PART_ROLES.filter((role) => mapping[role] !== undefined);
  if (docParts.length > 0) {
    const joined = docParts.map((role) => headerText(headers, mapping[role]!)).join(' + ');
    notes.push({ kind: 'docJoined', text: bulkMessages.text('docs.joined', { parts: joined }) });
  }
  const names = sample
    .map((row) => rowInput(row, mapping).name)
    .map((name) => (name === undefined || name === null ? '' : String(name).trim()))
    // A dash or "н/д" is no name at all, refused row by row: not a surname asked alone.
    .filter((name) => name !== '' && !isPlaceholderName(name));
  const oneWord = names.filter((name) => !/\s/.test(name));
  if (names.length >= MIN_NAMES && oneWord.length / names.length >= ONE_WORD_SHARE) {
    notes.push({
      kind: 'oneWord',
      text: bulkMessages.text('names.oneWord', {
        share: Math.round((100 * oneWord.length) / names.length),
        example: oneWord[0],
      }),
    });
  }
  const named = sample.map((row) => ({ row, notes: nameNotesOf(row, mapping) }));
  const initialled = named.filter(({ notes }) => notes.initials.length > 0).map(({ row }) => row);
  if (initialled.length > 0) {
    notes.push({
      kind: 'initials',
      text: bulkMessages.text('names.initials', {
        rows: sample.length,
        count: initialled.length,
        example: String(rowInput(initialled[0], mapping).name),
      }),
    });
  }
  // Said before the run, not only row by row after it: the list itself needs correcting.
  const mixed = named.map(({ notes }) => notes.mixed).filter((words) => words.length > 0);
  if (mixed.length > 0) {
    const text = (lang: Lang) =>
      bulkMessages.t(lang, 'names.mixedScripts', {
        rows: sample.length,
        count: mixed.length,
        example: quotedList(mixed[0], lang),
      });
    notes.push({ kind: 'mixedScripts', text: { uk: text('uk'), en: text('en') } });
  }
  const differing = sample.filter((row) => dateInNameDiffers(rowInput(row, mapping)));
  if (differing.length > 0) {
    notes.push({
      kind: 'dateDiffers',
      text: bulkMessages.text('names.dateDiffers', {
        rows: sample.length,
        count: differing.length,
        example: String(rowInput(differing[0], mapping).name),
      }),
    });
  }
  const mistyped = sample.map((row) => mistypedCodeOf(row, mapping)).filter((code): code is string => code !== null);
  if (mistyped.length > 0) {
    notes.push({
      kind: 'badCheckDigit',
      text: bulkMessages.text('codes.badCheckDigit', {
        rows: sample.length,
        count: mistyped.length,
        example: mistyped[0],
      }),
    });
  }
  return notes;
}

/**
 * A birth date after the name ("…, 12.04.1967 р.н.") stands in for an empty date cell only (core's
 * validateQuery): where the date column holds another date, that one is asked, and one of the two
 * is wrong in the list.
 */
function dateInNameDiffers(input: Readonly<Record<string, unknown>>): boolean {
  const inName = splitNameAndDate(input.name);
  if (!inName?.date || input.date === undefined || input.date === null || input.date === '') return false;
  const [fromName, fromColumn] = [normalizeDate(inName.date), normalizeDate(input.date)];
  return fromName.ok && fromColumn.ok && fromName.value !== fromColumn.value;
}

/** The first rows of an input, held in memory or streamed from a file, for nameColumnNotes. */
export async function sampleRows(rows: readonly InputRow[] | RowSource): Promise<InputRow[]> {
  if (Array.isArray(rows)) return rows.slice(0, SAMPLE_ROWS);
  const source = rows as RowSource;
  const cursor = new RowCursor(rowAccessOf(source));
  try {
    return await cursor.take(0, Math.min(SAMPLE_ROWS, source.count));
  } finally {
    await cursor.close();
  }
}
