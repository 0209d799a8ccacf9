import { normalizeIpn } from '../core/query';
import { failsCheckDigit } from '../core/query/check-digits';
import type { ColumnMapping } from './columns';
import { rowInput, type InputRow } from './plan';

/**
 * A row's code as it is asked, when its check digit shows it was mistyped; null for a valid code,
 * none, or one the row refuses anyway. Searched by a mistyped code, a client comes back with no
 * hits, or with another's: the row's status and the notes before the run say so.
 */
export function mistypedCodeOf(row: InputRow, mapping: ColumnMapping): string | null {
  const asked = normalizeIpn(rowInput(row, mapping).ipn);
  return asked.ok && asked.value !== undefined && failsCheckDigit(asked.value) ? asked.value : null;
}
