import { mistypedCodeOf } from './code-notes';
import type { ColumnMapping } from './columns';
import { nameNotesOf, type InputRow } from './plan';
import type { RowResult } from './result-table';

/**
 * Whether a row's "no hits" proves less than it reads: its name has initials or mixes alphabets,
 * or its code fails its check digit, and the service looks for what was typed. Its Status says
 * which; the run's summary counts such rows, so a long list's few are not left to a filter nobody
 * thinks of running.
 */
export function noHitsInDoubt(result: RowResult, input: InputRow, mapping: ColumnMapping): boolean {
  if (result.kind !== 'outcome' || result.outcome.kind !== 'screened' || result.outcome.totalHits > 0) return false;
  const names = nameNotesOf(input, mapping);
  return names.initials.length > 0 || names.mixed.length > 0 || mistypedCodeOf(input, mapping) !== null;
}
