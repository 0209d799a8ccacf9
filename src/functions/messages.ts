import { defineCatalogue } from '../core/text/i18n';

/**
 * Texts the worksheet functions put in cells and error tooltips. Function and parameter
 * descriptions are not here: English comes from the JSDoc in functions.ts (functions.json is
 * generated from it), Ukrainian from metadata.uk-UA.json (functions.uk-UA.json is built from it).
 */
const en = {
  'cell.nothing': '—',
  'error.timeout': 'No answer within {seconds} s. Recalculate the cell to try again.',
  'error.registry': '{registry}: {reason}',
  'error.registryAbsent': '{registry}: not in the answer; the registry may not be in your package.',
  'error.registries': 'Registries that did not answer: {details}',
  'error.unexpected': 'Unexpected error: {message}',
  'error.initials':
    'No hits for “{name}”, but that clears no one: the service looks for whole words, and initials ({initials}) can miss the person. Write the full name, or give the tax number or document.',
} as const;

type Key = keyof typeof en;

const uk: Record<Key, string> = {
  'cell.nothing': '—',
  'error.timeout': 'Немає відповіді за {seconds} с. Перерахуйте клітинку, щоб спробувати ще раз.',
  'error.registry': '{registry}: {reason}',
  'error.registryAbsent': '{registry}: немає у відповіді; можливо, реєстру немає у вашому пакеті.',
  'error.registries': 'Реєстри, що не відповіли: {details}',
  'error.unexpected': 'Неочікувана помилка: {message}',
  'error.initials':
    'Для «{name}» збігів немає, але це нікого не очищує: сервіс шукає цілі слова, а ініціали ({initials}) можуть пропустити особу. Впишіть повне ім’я або вкажіть РНОКПП чи документ.',
};

export const functionsMessages = defineCatalogue<Key>(en, uk);
