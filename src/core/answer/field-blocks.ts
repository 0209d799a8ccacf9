import type { Lang } from '../text/i18n';
import { RISK_FLAGS } from './field-labels';

/**
 * Blocks the service nests inside many registries' records (a country's risk block, a source
 * link), recognised by their field names here, beside the registry model, so that no surface
 * names service fields of its own.
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Shown as the country's name; the rest of the block is facts and flags. */
export const COUNTRY_NAME_FIELDS: ReadonlySet<string> = new Set([
  'countryname',
  'countrynamelat',
  'country_2dig',
  'country_3dig',
]);

const COUNTRY_MARKERS = [...COUNTRY_NAME_FIELDS, 'codecountr'];

/** The interface's country risk block, wherever it appears. */
export function isCountryBlock(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && COUNTRY_MARKERS.some((k) => k in value);
}

/** A source link in our own words: the page, a PDF copy, and what it is. */
export interface LinkParts {
  page: unknown;
  document: unknown;
  caption: unknown;
}

/** Link items of sources/links: site, pdf and a description, nothing else needed. */
export function linkParts(value: unknown): LinkParts | null {
  if (!isRecord(value)) return null;
  const keys = Object.keys(value);
  const only = keys.length > 0 && keys.every((k) => k === 'site' || k === 'pdf' || k === 'brief');
  if (!only || !('site' in value || 'pdf' in value)) return null;
  return { page: value.site, document: value.pdf, caption: value.brief };
}

/** Risk lists a country is on; a flag counts only when it is plainly true. */
export function riskFlagsOf(block: Record<string, unknown>): string[] {
  return Object.keys(RISK_FLAGS).filter((flag) => block[flag] === true || block[flag] === 'true' || block[flag] === 1);
}

export function countryName(block: Record<string, unknown>, lang: Lang): string {
  const pick = lang === 'uk' ? [block.countryname, block.countrynamelat] : [block.countrynamelat, block.countryname];
  const name = pick.find((v) => typeof v === 'string' && v.trim() !== '');
  const code = [block.country_2dig, block.country_3dig].find((v) => typeof v === 'string' && v.trim() !== '');
  if (typeof name === 'string') return typeof code === 'string' ? `${name} (${code})` : name;
  if (typeof code === 'string') return code;
  return typeof block.codecountr === 'number' || typeof block.codecountr === 'string' ? String(block.codecountr) : '—';
}
