import { foldedText } from '../core/query';
import { transliterate } from '../core/text/translit';
import type { StoredAuditRow } from './store/port';

/**
 * Which audit rows screened a given client (`checklists relay audit --name/--code`): an inspector
 * asks when a client was screened, by whom, and with what result.
 *
 * Compared here, not in SQL: PostgreSQL's lower() folds only ASCII in the C locale the embedded
 * store runs in, and a Cyrillic name must match whatever its case.
 */
export interface AuditSubjectFilter {
  /**
   * Part of the name as screened: any case, any run of spaces, any apostrophe. In Latin letters it
   * also finds the name screened in Cyrillic, by the official transliteration, and the `namelat`
   * screened; in Cyrillic, also a `namelat` that is its transliteration.
   */
  name?: string;
  /** A tax number, EDRPOU or document number, whole: spaces and case aside. */
  code?: string;
}

const APOSTROPHES = /[’ʼ'`‘]/g;

function foldName(value: string): string {
  return foldedText(value.normalize('NFC')).replace(APOSTROPHES, "'");
}

function foldCode(value: string): string {
  return value.normalize('NFC').replace(/\s+/g, '').toUpperCase();
}

const CODE_FIELDS = ['ipn', 'edrpou', 'doc', 'arrayedrpou'] as const;

function codesOf(query: Record<string, unknown>): string[] {
  return CODE_FIELDS.flatMap((field) => {
    const value = query[field];
    const values = Array.isArray(value) ? value : [value];
    return values.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map(String);
  }).map(foldCode);
}

const CYRILLIC = /[\u0400-\u04FF]/;

/**
 * Whether a row's name matches: an inspector may type the Latin spelling of a client screened in
 * Cyrillic (from a passport, an English letter), or the reverse. Only the official transliteration
 * (KMU 2010, which the service uses for `namelat`) bridges the two; any other spelling does not.
 */
function nameMatcher(typed: string): (query: Record<string, unknown>) => boolean {
  const folded = foldName(typed);
  const cyrillic = CYRILLIC.test(typed);
  const latin = cyrillic ? transliterate(folded) : folded;
  // Word by word, each word once: an export reads millions of rows, whose names are made of far
  // fewer words (0.38–0.91 s per 300,000 rows against 1.95–1.99 s, bench/audit-name-filter.ts). The
  // rules look only inside a word, and folded text is in small letters, so the words' forms joined
  // are the name's.
  const words = new Map<string, string>();
  const latinOf = (screened: string) =>
    screened
      .split(' ')
      .map((word) => {
        let form = words.get(word);
        if (form === undefined) {
          if (words.size >= 100_000) words.clear();
          form = transliterate(word);
          words.set(word, form);
        }
        return form;
      })
      .join(' ');
  return (query) => {
    const { name, namelat } = query;
    if (typeof name === 'string') {
      const screened = foldName(name);
      if (screened.includes(folded)) return true;
      if (!cyrillic && CYRILLIC.test(screened) && latinOf(screened).includes(latin)) return true;
    }
    return typeof namelat === 'string' && foldName(namelat).includes(latin);
  };
}

/** A test for audit rows, or null when neither part is given (every row matches). */
export function auditSubjectMatcher(filter: AuditSubjectFilter): ((row: StoredAuditRow) => boolean) | null {
  const name = filter.name?.trim() ? nameMatcher(filter.name) : null;
  const code = filter.code?.trim() ? foldCode(filter.code) : null;
  if (name === null && code === null) return null;
  return (row) => {
    if (name !== null && !name(row.query)) return false;
    return code === null || codesOf(row.query).includes(code);
  };
}
