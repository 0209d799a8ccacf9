import { accept, isAbsent, localizedError, reject, shown, type FieldCheck } from './field';
import { zerosOnly } from './codes';

export type Doctype = 0 | 1 | 2;
export type DocumentKind = 'passport' | 'idcard' | 'foreign';

/** Which document types accept which kind of document; 0 (or no doctype) accepts all. */
const KINDS_OF_DOCTYPE: Readonly<Record<1 | 2, readonly DocumentKind[]>> = {
  1: ['passport', 'idcard'],
  2: ['foreign'],
};

/** Latin capitals drawn the same as a Cyrillic capital: keyboards in the wrong layout produce them. */
export const LATIN_TO_CYRILLIC: Readonly<Record<string, string>> = {
  A: 'А',
  B: 'В',
  C: 'С',
  E: 'Е',
  H: 'Н',
  I: 'І',
  K: 'К',
  M: 'М',
  O: 'О',
  P: 'Р',
  T: 'Т',
  X: 'Х',
  Y: 'У',
};
const CYRILLIC_TO_LATIN: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(LATIN_TO_CYRILLIC).map(([lat, cyr]) => [cyr, lat]),
);

const CYRILLIC_CAPITAL = /^\p{Script=Cyrillic}$/u;
const LATIN_CAPITAL = /^[A-Z]$/;
const ID_CARD_DIGITS = 9;

function inScript(series: string, script: 'cyrillic' | 'latin'): string | null {
  const own = script === 'cyrillic' ? CYRILLIC_CAPITAL : LATIN_CAPITAL;
  const lookAlike = script === 'cyrillic' ? LATIN_TO_CYRILLIC : CYRILLIC_TO_LATIN;
  let out = '';
  for (const ch of series) {
    if (own.test(ch)) out += ch;
    else if (ch in lookAlike) out += lookAlike[ch];
    else return null;
  }
  return out;
}

function fits(kind: DocumentKind, doctype: Doctype | undefined): boolean {
  return !doctype || KINDS_OF_DOCTYPE[doctype].includes(kind);
}

function mismatch(field: string, raw: string, kind: DocumentKind, doctype: 1 | 2) {
  return {
    ok: false as const,
    errors: [
      localizedError(
        field,
        'field.doc.doctypeMismatch',
        { value: raw, doctype },
        { kind: `field.doc.kind.${kind}`, allowedKind: `field.doctype.${doctype}` },
      ),
    ],
  };
}

/** Words a "passport data" cell puts before the document: "Паспорт серії КМ № 123456", "ID-картка 001234567". */
const DOCUMENT_LABEL =
  /^(?:(?:паспорт\S*|громадянина|україни|сері[яїі]|серия|серии|номер|id-картка|ід-картка|id|ід|картка|№)[\s:.]*)+/iu;
/** What follows the document there: "КМ 123456, виданий Шевченківським РУ … 12.03.1998". */
const AFTER_DOCUMENT = /(?:\s*[,;]|\s+(?:виданий|видана|видан|выдан|выданный|від|от|дата)(?=\s|$|[:.])).*$/isu;

/**
 * A bank export's "Паспортні дані" cell holds the document with its label and who issued it: the
 * document is taken from its start. Only the words around it go; what is left is checked as ever.
 */
function documentOfPassportData(value: string): string {
  return value.trim().replace(DOCUMENT_LABEL, '').replace(AFTER_DOCUMENT, '');
}

/**
 * National passport (2 Cyrillic letters + 6 digits), ID card (9 digits) or foreign-travel
 * passport (2 Latin letters + 6 digits), written without spaces or dashes, in capitals.
 * Look-alike letters are put into the script the document needs: Cyrillic when doctype is 1 or
 * the series already holds a Cyrillic letter, Latin when doctype is 2.
 */
export function normalizeDoc(value: unknown, options: { field?: string; doctype?: Doctype } = {}): FieldCheck<string> {
  const field = options.field ?? 'doc';
  const doctype = options.doctype;
  if (isAbsent(value)) return accept(undefined);

  if (typeof value === 'number') {
    // A General cell turns an ID-card number into a number and drops its leading zeros.
    if (!Number.isSafeInteger(value) || value < 0 || String(value).length > ID_CARD_DIGITS) {
      return reject(field, 'field.doc.format', { value: shown(value) });
    }
    const doc = String(value).padStart(ID_CARD_DIGITS, '0');
    return doctype === 2 ? mismatch(field, doc, 'idcard', doctype) : zerosOnly(field, doc);
  }
  if (typeof value !== 'string') return reject(field, 'field.type.text', { value: shown(value) });

  const raw = shown(value.trim());
  const compact = documentOfPassportData(value)
    .normalize('NFC')
    .toUpperCase()
    .replace(/[\s\-‐‑‒–—―№]+/g, '');

  if (new RegExp(`^\\d{${ID_CARD_DIGITS}}$`).test(compact)) {
    return fits('idcard', doctype) ? zerosOnly(field, compact) : mismatch(field, raw, 'idcard', 2);
  }

  const parts = /^(\p{L}{2})(\d{6})$/u.exec(compact);
  // A number column a spreadsheet or CSV kept as a number lost its leading zeros: say what it would be.
  const short = parts ? null : /^(\p{L}{2})(\d{1,5})$/u.exec(compact);
  if (short) return reject(field, 'field.doc.short', { value: raw, padded: short[1] + short[2].padStart(6, '0') });
  if (!parts) return reject(field, 'field.doc.format', { value: raw });
  const [, series, number] = parts;
  const hasCyrillic = Array.from(series).some((ch) => CYRILLIC_CAPITAL.test(ch));
  const asCyrillic = inScript(series, 'cyrillic');
  const asLatin = inScript(series, 'latin');

  if (doctype === 1) {
    if (asCyrillic) return accept(asCyrillic + number);
    return asLatin ? mismatch(field, raw, 'foreign', 1) : reject(field, 'field.doc.format', { value: raw });
  }
  if (doctype === 2) {
    if (asLatin) return accept(asLatin + number);
    return asCyrillic ? mismatch(field, raw, 'passport', 2) : reject(field, 'field.doc.format', { value: raw });
  }
  // No doctype: a Cyrillic letter says "national passport" unless the other letter cannot be Cyrillic.
  const chosen = hasCyrillic ? (asCyrillic ?? asLatin) : asLatin;
  return chosen ? accept(chosen + number) : reject(field, 'field.doc.format', { value: raw });
}
