import type { SearchQuery } from '../core/query';
import { failsCheckDigit } from '../core/query/check-digits';
import { defineCatalogue, type Lang } from '../core/text/i18n';

/**
 * Why a cell shows #N/A, not "No hits", for a code asked alone whose check digit shows it was
 * mistyped. evaluate.ts loads this only for a code that found no one (webpack's "ipn" chunk): the
 * check and its words stay out of the runtime every workbook loads first, whose budget the pane's
 * first render shares (docs/PERFORMANCE.md).
 */
export const mistypedCodeMessages = defineCatalogue(
  {
    'error.badCheckDigit':
      'No hits for the code {code}, but that clears no one: its check digit is wrong, so it was most likely mistyped. Check it against the client’s documents, or give the name.',
  },
  {
    'error.badCheckDigit':
      'Збігів за кодом {code} немає, але це нікого не очищує: його контрольна цифра хибна, тож код, найімовірніше, введено з помилкою. Звірте його з документами клієнта або вкажіть ім’я.',
  },
);

/**
 * The reason for the cell's #N/A, or null: for a code whose check digit is right, or one asked
 * beside a name or document, which the service finds the client by as well.
 */
export function mistypedCodeText(query: SearchQuery, lang: Lang): string | null {
  const code = query.ipn;
  if (!code || query.name || query.namelat || query.doc || !failsCheckDigit(code)) return null;
  return mistypedCodeMessages.t(lang, 'error.badCheckDigit', { code });
}
