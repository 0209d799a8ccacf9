import type { FieldError } from '../protocol/errors';
import { accept, fieldError, isAbsent, reject, shown, type FieldCheck } from './field';

const EDRPOU_LENGTH = 8;
const RNOKPP_LENGTH = 10;

/**
 * Excel stores a code typed into a General cell as a number, so "00123456" arrives as 123456.
 * Codes have fixed lengths, which makes the lost zeros recoverable.
 */
function digitsOfCellNumber(value: number): string | null {
  if (!Number.isSafeInteger(value) || value < 0) return null;
  return String(value);
}

/**
 * A code or document number of zeros only is no one's, and it is what a formula referring to an
 * empty cell shows (0) once padded: asked, it would be a paid request that answers for no one.
 */
export function zerosOnly(field: string, code: string): FieldCheck<string> {
  return /^0+$/.test(code) ? reject(field, 'field.code.zeros', { value: code }) : accept(code);
}

/** "РНОКПП: 2457304172", "код ЄДРПОУ 41703173": the code's name before it, as free-text exports write it. */
const CODE_LABEL = /^(?:код|за|іпн|інн|рнокпп|єдрпоу|ипн|инн|егрпоу|ipn|tin)+[:.№]*(?=\d)/iu;

/** Company code (EDRPOU, 8 digits) or individual tax number (RNOKPP, 10 digits). */
export function normalizeIpn(value: unknown, field = 'ipn'): FieldCheck<string> {
  if (isAbsent(value)) return accept(undefined);
  if (typeof value === 'number') {
    const digits = digitsOfCellNumber(value);
    if (digits === null) return reject(field, 'field.ipn.format', { value: shown(value) });
    if (digits.length > RNOKPP_LENGTH) return reject(field, 'field.ipn.tooLong', { value: digits });
    return zerosOnly(field, digits.padStart(digits.length <= EDRPOU_LENGTH ? EDRPOU_LENGTH : RNOKPP_LENGTH, '0'));
  }
  if (typeof value !== 'string') return reject(field, 'field.type.text', { value: shown(value) });
  // Excel's text mark typed out ("'0012345678"), as some exports write it, and a label before the code.
  const compact = value.replace(/\s+/g, '').replace(/^'/, '').replace(CODE_LABEL, '');
  // A number column saved as text by another program ("2457304172.0"): the number, read as a number cell.
  const decimal = /^(\d+)[.,]0+$/.exec(compact);
  if (decimal) return normalizeIpn(Number(decimal[1]), field);
  // Excel's scientific notation ("2,45730E+09"), saved into a CSV: the code's last digits are gone.
  if (/^\d([.,]\d+)?e\+?\d+$/i.test(compact)) return reject(field, 'field.ipn.scientific', { value: compact });
  if (!/^\d+$/.test(compact)) return reject(field, 'field.ipn.digits', { value: shown(value.trim()) });
  // Text is not padded as a number cell is (a typo would become another company's code), but a
  // code a spreadsheet saved as a number lost its zeros the same way: say what it would be.
  if (compact.length < EDRPOU_LENGTH) {
    return reject(field, 'field.ipn.short', { value: compact, padded: compact.padStart(EDRPOU_LENGTH, '0') });
  }
  if (compact.length !== EDRPOU_LENGTH && compact.length !== RNOKPP_LENGTH) {
    return reject(field, 'field.ipn.format', { value: compact });
  }
  return zerosOnly(field, compact);
}

function edrpouOf(item: string | number): string | null {
  if (typeof item === 'number') {
    const digits = digitsOfCellNumber(item);
    return digits !== null && digits.length <= EDRPOU_LENGTH ? digits.padStart(EDRPOU_LENGTH, '0') : null;
  }
  return /^\d{8}$/.test(item) ? item : null;
}

/**
 * Company codes whose register changes are wanted: a list (a range of cells) or text separated
 * by commas, semicolons or whitespace. Duplicates are dropped; every bad entry is reported.
 */
export function normalizeEdrpouList(value: unknown, field = 'arrayedrpou'): FieldCheck<string[]> {
  if (isAbsent(value)) return accept(undefined);
  const items: (string | number)[] = [];
  const errors: FieldError[] = [];
  const take = (item: unknown) => {
    if (isAbsent(item)) return;
    if (typeof item === 'string') items.push(...item.split(/[,;\s]+/).filter((s) => s.length > 0));
    else if (typeof item === 'number') items.push(item);
    else errors.push(fieldError(field, 'field.type.list', { value: shown(item) }));
  };
  if (Array.isArray(value)) value.forEach(take);
  else if (typeof value === 'string' || typeof value === 'number') take(value);
  else return reject(field, 'field.type.list', { value: shown(value) });

  const codes: string[] = [];
  for (const item of items) {
    const code = edrpouOf(item);
    if (code === null) errors.push(fieldError(field, 'field.edrpouList', { value: shown(item) }));
    else if (!codes.includes(code)) codes.push(code);
  }
  if (errors.length > 0) return { ok: false, errors };
  return accept(codes.length > 0 ? codes : undefined);
}
