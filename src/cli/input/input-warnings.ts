import { defineCatalogue } from '../../core/text/i18n';
import { SHOWN_ONLY_NOTE } from '../../bulk/run-header';

/**
 * What reading a client list tells the analyst before the run (a hidden first sheet, merged cells,
 * hidden rows, the encoding, dropped characters): said on screen and repeated in the results' header.
 */
const en = {
  'input.hiddenSheet':
    'Warning: the first sheet "{sheet}" of {path} is hidden, and it is the one screened. Use --sheet to choose another.',
  'input.sheetChosen':
    'Screening the sheet "{sheet}" of {path}: it reads as a client list, and the first sheet "{first}" does not. Use --sheet to choose another.',
  'input.merged':
    "Warning: {path} has {count} merged cell {count|area|areas}; Excel keeps a value only in each area's first cell, so the rows it covers are read as empty.",
  'input.rowsHidden':
    'Warning: rows of the list in {path} hidden by a filter or by hand: {count}. Every row is screened, hidden ones too; --shown-only leaves them out.',
  // Shared: the pane's Screen again reads it back from the header.
  'input.rowsHiddenLeftOut': SHOWN_ONLY_NOTE.en,
  'input.shownOnlyCsv': 'Note: --shown-only has nothing to leave out in {path}: a CSV file hides no rows.',
  'input.duplicateHeaders': 'Warning: the header has duplicate columns: {names}. The first of each is used.',
  'input.controlChars': 'Warning: {count} NUL or control {count|character was|characters were} dropped from the input.',
  'input.cp1251': 'Note: {path} is not UTF-8; read it as Windows-1251 (Cyrillic).',
  'input.headerBelow':
    'Note: the headers are in row {row}; the rows above them (filled: {count}) are not screened, a title it seems.',
} as const;

type Key = keyof typeof en;

const uk: Record<Key, string> = {
  'input.hiddenSheet':
    'Увага: перший аркуш «{sheet}» у {path} прихований, і перевіряється саме він. Інший аркуш можна обрати параметром --sheet.',
  'input.sheetChosen':
    'Перевіряю аркуш «{sheet}» у {path}: він схожий на список клієнтів, а перший аркуш «{first}» — ні. Інший аркуш можна обрати параметром --sheet.',
  'input.merged':
    'Увага: у {path} є об’єднані клітинки ({count} {count|область|області|областей}); Excel зберігає значення лише в першій клітинці області, тож покриті нею рядки прочитано порожніми.',
  'input.rowsHidden':
    'Увага: рядків списку в {path}, прихованих фільтром або вручну: {count}. Перевіряються всі рядки, приховані теж; --shown-only їх пропускає.',
  'input.rowsHiddenLeftOut': SHOWN_ONLY_NOTE.uk,
  'input.shownOnlyCsv': 'Примітка: --shown-only нічого не пропускає в {path}: у файлі CSV немає прихованих рядків.',
  'input.duplicateHeaders': 'Увага: у заголовку повторюються стовпці: {names}. Використано перший із кожних.',
  'input.controlChars': 'Увага: із вхідних даних вилучено символів NUL або керівних символів: {count}.',
  'input.cp1251': 'Примітка: {path} не в UTF-8; прочитано як Windows-1251 (кирилиця).',
  'input.headerBelow':
    'Примітка: заголовки — у рядку {row}; рядки над ними (заповнених: {count}) не перевіряються, схоже, це назва.',
};

export const inputWarnings = defineCatalogue<Key>(en, uk);
