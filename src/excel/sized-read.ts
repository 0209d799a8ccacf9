/**
 * Reading many rows under Excel on the web's 5 MB response limit (ResponsePayloadSizeLimitExceeded,
 * https://learn.microsoft.com/en-us/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins).
 *
 * A count of rows or cells says nothing of the bytes: 2,000 state rows of Cyrillic hit lines are
 * about 31 MB, 50,000 short cells a few hundred KB. So blocks are sized by bytes: a small first
 * block measures the bytes a row costs, each next block takes as many rows as fit the budget at
 * the largest cost seen so far, and if Excel still refuses a block as too large it is halved
 * and read again.
 */
import { officeErrorCode } from './errors';
import { jsonByteLength } from './payload';

/** Well under 5 MB: what Excel counts is its own response, a little larger than the values' JSON. */
export const DEFAULT_READ_BUDGET_BYTES = 2 * 1024 * 1024;

export interface SizedReadOptions {
  /** Response bytes one read aims at. */
  budgetBytes?: number;
  /** Rows of the first, measuring block. */
  firstRows?: number;
  /** Never more rows than this in one read (a cap on cells, for the host's own work). */
  maxRows?: number;
}

export function isResponseTooLarge(e: unknown): boolean {
  return officeErrorCode(e) === 'ResponsePayloadSizeLimitExceeded';
}

/**
 * Reads `rowCount` rows, `block(start, count)` giving the range of rows [start, start+count).
 * `onRows` receives each block's values in order.
 */
export async function readRowsSized(
  context: Excel.RequestContext,
  rowCount: number,
  block: (start: number, count: number) => Excel.Range,
  onRows: (values: unknown[][], start: number) => void,
  options: SizedReadOptions = {},
): Promise<void> {
  const budget = Math.max(1_024, options.budgetBytes ?? DEFAULT_READ_BUDGET_BYTES);
  const maxRows = Math.max(1, options.maxRows ?? 100_000);
  let rows = Math.max(1, Math.min(maxRows, options.firstRows ?? 50));
  let costPerRow = 0;
  for (let start = 0; start < rowCount;) {
    const count = Math.min(rows, rowCount - start);
    const range = block(start, count).load('values');
    try {
      await context.sync();
    } catch (e) {
      if (!isResponseTooLarge(e) || count === 1) throw e;
      rows = Math.max(1, Math.floor(count / 2));
      continue;
    }
    const values = range.values as unknown[][];
    onRows(values, start);
    start += count;
    costPerRow = Math.max(costPerRow, jsonByteLength(values) / count);
    rows = Math.max(1, Math.min(maxRows, Math.floor(budget / Math.max(1, costPerRow))));
  }
}
