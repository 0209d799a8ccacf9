import type { SearchQuery } from '../core/query';
import { failsCheckDigit } from '../core/query/check-digits';
import { initialWords } from '../core/query/initials';

/**
 * What in the subject as asked makes its "no hits" prove less than it seems. A bulk run counts rows
 * with the same two causes (bulk/no-hit-doubts.ts, on the row as read): a third belongs in both.
 */
export interface SubjectCautions {
  /** The code asked fails its check digit: most likely mistyped. */
  badCheckDigit: boolean;
  /** Initials in the name: the service looks for whole words. */
  initials: string[];
}

export function subjectCautions(query: SearchQuery): SubjectCautions {
  return {
    badCheckDigit: query.ipn !== undefined && failsCheckDigit(query.ipn),
    initials: query.name ? initialWords(query.name) : [],
  };
}

export function hasCautions(cautions: SubjectCautions): boolean {
  return cautions.badCheckDigit || cautions.initials.length > 0;
}
