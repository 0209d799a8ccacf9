import { mistypedCodeOf } from './code-notes';
import type { ColumnMapping } from './columns';
import { nameNotesOf, type InputRow } from './plan';
import type { RowResult } from './result-table';

/**
 * Whether a row's "no hits" proves less than it reads: its name has initials, or its code fails
 * its check digit, and the service looks for what was typed. Its Status says which; the run's
 * summary counts such rows, so a long list's few are not left to a filter nobody thinks of running.
 * A name mixing alphabets is not among them: it is asked in one alphabet (look-alikes.ts), so its
 * answer stands. A certificate's cautions (evidence/subject-cautions.ts) name the same two causes on
 * a validated query: a third belongs in both.
 */
export function noHitsInDoubt(result: RowResult, input: InputRow, mapping: ColumnMapping): boolean {
  if (result.kind !== 'outcome' || result.outcome.kind !== 'screened' || result.outcome.totalHits > 0) return false;
  return nameNotesOf(input, mapping).initials.length > 0 || mistypedCodeOf(input, mapping) !== null;
}
