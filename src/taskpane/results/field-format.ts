import type { Lang } from '../../core/text/i18n';
import { isRecord } from '../../core/answer/field-blocks';

/** Service text is untrusted: only a well-formed http(s) URL may become a link. */
export function safeHref(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!/^https?:\/\//i.test(text) || /\s/.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Service dates ("1970-01-31", "2024-05-01 10:20:30", "2024-05-01T10:20:30.123") as people write
 * them. The wall-clock digits are kept as sent: the service reports Kyiv time and moving it to the
 * analyst's zone would misstate when a record was made. Anything else is returned as null.
 */
export function formatServiceDate(value: string, lang: Lang): string | null {
  const m = ISO_DATE.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = lang === 'uk' ? `${d}.${mo}.${y}` : `${d} ${EN_MONTHS[month - 1]} ${y}`;
  if (h === undefined) return date;
  if (h === '00' && mi === '00' && (s === undefined || s === '00')) return date;
  return `${date} ${h}:${mi}${s !== undefined ? `:${s}` : ''}`;
}

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Is there anything worth showing? Empty strings, nulls, empty lists and empty objects are not. */
export function hasContent(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.some(hasContent);
  if (isRecord(value)) return Object.values(value).some(hasContent);
  return true;
}

// One formatter per language: making one costs far more than formatting with it, and a full
// answer shows hundreds of numbers.
const numberFormats: Partial<Record<Lang, Intl.NumberFormat>> = {};

export function formatNumber(value: number, lang: Lang): string {
  const format = (numberFormats[lang] ??= new Intl.NumberFormat(lang === 'uk' ? 'uk-UA' : 'en-GB', {
    maximumFractionDigits: 2,
  }));
  return format.format(value);
}
