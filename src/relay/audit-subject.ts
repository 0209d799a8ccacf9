import { foldedText } from '../core/query';
import type { StoredAuditRow } from './store/port';

/**
 * Which audit rows screened a given client (`checklists relay audit --name/--code`): an inspector
 * asks when a client was screened, by whom, and with what result.
 *
 * Compared here, not in SQL: PostgreSQL's lower() folds only ASCII in the C locale the embedded
 * store runs in, and a Cyrillic name must match whatever its case.
 */
export interface AuditSubjectFilter {
  /** Part of the name as screened: any case, any run of spaces, any apostrophe. */
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

/** A test for audit rows, or null when neither part is given (every row matches). */
export function auditSubjectMatcher(filter: AuditSubjectFilter): ((row: StoredAuditRow) => boolean) | null {
  const name = filter.name?.trim() ? foldName(filter.name) : null;
  const code = filter.code?.trim() ? foldCode(filter.code) : null;
  if (name === null && code === null) return null;
  return (row) => {
    if (name !== null) {
      const screened = row.query.name;
      if (typeof screened !== 'string' || !foldName(screened).includes(name)) return false;
    }
    return code === null || codesOf(row.query).includes(code);
  };
}
