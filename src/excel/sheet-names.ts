import { CONTROL, everywhere } from '../core/text/control-chars';

/**
 * Names Excel accepts. Sheets: 1–31 characters, none of : \ / ? * [ ], no apostrophe at either
 * end, "History" reserved, unique ignoring case. Tables: start with a letter, "_" or "\", then
 * letters, digits, "_", "." or "\"; not a cell reference; unique in the workbook ignoring case.
 */

export const SHEET_NAME_MAX = 31;
const FORBIDDEN_SHEET_CHARS = /[:\\/?*[\]]/g;
const CONTROL_CHARS = everywhere(CONTROL);

/** Cuts to `max` UTF-16 units without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

function trimApostrophes(text: string): string {
  return text.replace(/^[\s']+|[\s']+$/g, '');
}

export function isValidSheetName(name: string): boolean {
  return (
    name.trim().length > 0 &&
    name.length <= SHEET_NAME_MAX &&
    !/[:\\/?*[\]]/.test(name) &&
    !name.startsWith("'") &&
    !name.endsWith("'") &&
    name.toLowerCase() !== 'history'
  );
}

/** Makes any text a valid sheet name: forbidden characters become "-", length cut to 31. */
export function sanitizeSheetName(text: string, fallback = 'CheckLists'): string {
  let name = trimApostrophes(text.replace(CONTROL_CHARS, ' ').replace(FORBIDDEN_SHEET_CHARS, '-').replace(/\s+/g, ' '));
  name = trimApostrophes(cut(name, SHEET_NAME_MAX));
  if (name === '') return fallback;
  if (name.toLowerCase() === 'history') return `${name}-1`;
  return name;
}

/** `base`, or `base (2)`, `base (3)`... shortened so the suffix still fits in 31 characters. */
export function uniqueSheetName(base: string, existing: readonly string[]): string {
  const clean = sanitizeSheetName(base);
  const taken = new Set(existing.map((n) => n.toLowerCase()));
  if (!taken.has(clean.toLowerCase())) return clean;
  for (let n = 2; ; n += 1) {
    const suffix = ` (${n})`;
    const candidate = `${trimApostrophes(cut(clean, SHEET_NAME_MAX - suffix.length))}${suffix}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** "2026-11-22 14-05" in local time: ":" is forbidden in sheet names. */
export function timestampLabel(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}-${pad(date.getMinutes())}`;
}

/** "CheckLists 2026-11-22 14-05", made unique among `existing`. */
export function resultSheetName(now: Date, existing: readonly string[], prefix = 'CheckLists'): string {
  return uniqueSheetName(`${prefix} ${timestampLabel(now)}`, existing);
}

export function isValidTableName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    /^[\p{L}_\\][\p{L}\p{N}_.\\]*$/u.test(name) &&
    !/^([A-Za-z]{1,3}\d+|[RrCc]|[Rr]\d*[Cc]\d*)$/.test(name)
  );
}

/** Any text as a valid table name: other characters become "_"; a leading digit gets "_". */
export function sanitizeTableName(text: string, fallback = 'CheckLists'): string {
  let name = text
    .replace(/[^\p{L}\p{N}_.\\]+/gu, '_')
    .replace(/_+/g, '_')
    .replace(/^_+(?=.)|_+$/g, '');
  if (name !== '' && !/^[\p{L}_\\]/u.test(name)) name = `_${name}`;
  name = cut(name, 200);
  if (name === '') return fallback;
  if (!isValidTableName(name)) name = isValidTableName(`_${name}`) ? `_${name}` : fallback;
  return name;
}

export function uniqueTableName(base: string, existing: readonly string[]): string {
  const clean = sanitizeTableName(base);
  const taken = new Set(existing.map((n) => n.toLowerCase()));
  if (!taken.has(clean.toLowerCase())) return clean;
  for (let n = 2; ; n += 1) {
    const candidate = `${clean}_${n}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/** A run's results table is named this and its run id; its hits table adds "_hits". */
export const RUN_TABLE_PREFIX = 'CheckLists_';

/** Whether a table is one a run made (its results or its hits), whatever the analyst did since to its sheet. */
export function isRunTable(name: string): boolean {
  return name.toLowerCase().startsWith(RUN_TABLE_PREFIX.toLowerCase());
}
