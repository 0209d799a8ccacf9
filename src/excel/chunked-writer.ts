/**
 * Cutting many rows into chunks sized by the bytes a batch will carry (bulk-batch.ts writes one
 * chunk per sync). Per-row or per-cell syncs make a 10 000-row run take minutes; a single giant
 * write trips Excel on the web's 5 MB request limit. Between the two: chunks of about 2 MB (or
 * fewer rows if asked), with a row too wide for one chunk split by columns.
 */
import { jsonByteLength } from './payload';
import { textCellFormats, toSafeCellValue, type CellInput, type CellWrite } from './safe-text';

export const DEFAULT_MAX_BYTES_PER_SYNC = 2 * 1024 * 1024;
/** Room left in each batch for what wraps the values (object paths, action ids). */
export const BATCH_OVERHEAD_BYTES = 2_048;

export interface Chunk {
  rowOffset: number;
  rowCount: number;
  columnOffset: number;
  columnCount: number;
  values: CellWrite[][];
  /** Estimated JSON bytes of `values`. */
  bytes: number;
}

function safeRow(row: readonly CellInput[], width: number): CellWrite[] {
  const out = new Array<CellWrite>(width);
  for (let c = 0; c < width; c += 1) out[c] = toSafeCellValue(c < row.length ? row[c] : null);
  return out;
}

/**
 * Cuts rows (already made safe) into chunks of at most `budgetBytes` of JSON and `maxRows`
 * rows. A row alone over budget is split into column segments, each its own chunk.
 */
export function* chunkRows(
  rows: readonly (readonly CellInput[])[],
  width: number,
  budgetBytes: number,
  maxRows: number,
  /** Count the number format textCellFormats() sends with each cell (bulk-batch.ts does). */
  withTextFormats = false,
): Generator<Chunk> {
  let pending: CellWrite[][] = [];
  let pendingStart = 0;
  let pendingBytes = 2;
  const flush = (): Chunk => {
    const chunk = {
      rowOffset: pendingStart,
      rowCount: pending.length,
      columnOffset: 0,
      columnCount: width,
      values: pending,
      bytes: pendingBytes,
    };
    pending = [];
    pendingBytes = 2;
    return chunk;
  };
  for (let i = 0; i < rows.length; i += 1) {
    const row = safeRow(rows[i], width);
    const rowBytes = jsonByteLength(row) + 1 + (withTextFormats ? jsonByteLength(textCellFormats([row])) : 0);
    if (rowBytes + 2 > budgetBytes) {
      if (pending.length > 0) yield flush();
      yield* splitRow(row, i, budgetBytes, withTextFormats);
      pendingStart = i + 1;
      continue;
    }
    if (pending.length > 0 && (pendingBytes + rowBytes > budgetBytes || pending.length >= maxRows)) yield flush();
    if (pending.length === 0) pendingStart = i;
    pending.push(row);
    pendingBytes += rowBytes;
  }
  if (pending.length > 0) yield flush();
}

function* splitRow(
  row: CellWrite[],
  rowOffset: number,
  budgetBytes: number,
  withTextFormats: boolean,
): Generator<Chunk> {
  let start = 0;
  let bytes = 4;
  for (let c = 0; c < row.length; c += 1) {
    const cellBytes =
      jsonByteLength(row[c]) + 1 + (withTextFormats ? jsonByteLength(textCellFormats([[row[c]]])[0][0]) + 1 : 0);
    if (c > start && bytes + cellBytes > budgetBytes) {
      yield {
        rowOffset,
        rowCount: 1,
        columnOffset: start,
        columnCount: c - start,
        values: [row.slice(start, c)],
        bytes,
      };
      start = c;
      bytes = 4;
    }
    bytes += cellBytes;
  }
  yield {
    rowOffset,
    rowCount: 1,
    columnOffset: start,
    columnCount: row.length - start,
    values: [row.slice(start)],
    bytes,
  };
}
