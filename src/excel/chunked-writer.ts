/**
 * Writing many rows: one range write per chunk and one sync per chunk, chunks sized by the
 * bytes the batch will carry. Per-row or per-cell syncs make a 10 000-row run take minutes;
 * a single giant write trips Excel on the web's 5 MB request limit. Between the two: chunks of
 * about 2 MB (or fewer rows if asked), with a row too wide for one chunk split by columns.
 */
import { CancelledError } from '../core/errors';
import { EXCEL_MAX_COLUMNS, EXCEL_MAX_ROWS } from './a1';
import { isPayloadTooLarge } from './errors';
import { EXCEL_WEB_PAYLOAD_LIMIT_BYTES, jsonByteLength } from './payload';
import { textCellFormats, toSafeCellValue, type CellInput, type CellWrite } from './safe-text';

export const DEFAULT_MAX_BYTES_PER_SYNC = 2 * 1024 * 1024;
export const DEFAULT_MAX_ROWS_PER_CHUNK = 5_000;
/** Room left in each batch for what wraps the values (object paths, action ids). */
export const BATCH_OVERHEAD_BYTES = 2_048;

export interface WriteProgress {
  /** Rows fully written so far. */
  rowsWritten: number;
  totalRows: number;
  chunksWritten: number;
}

export interface WriteRowsOptions {
  /** Upper bound for one sync's request; capped below Excel on the web's 5 MB. */
  maxBytesPerSync?: number;
  maxRowsPerChunk?: number;
  /** Columns written per row; rows shorter than this are padded with empty cells. Default: widest row. */
  width?: number;
  onProgress?: (progress: WriteProgress) => void;
  /** Checked before each chunk; aborting throws CancelledError with the rows written so far reported. */
  signal?: AbortSignal;
}

export interface WriteRowsResult {
  rowsWritten: number;
  chunks: number;
  /** Largest estimated chunk payload, in bytes. */
  maxChunkBytes: number;
}

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
  /** Count the number format textCellFormats() sends with each cell (writeRowsInChunks does). */
  withTextFormats = false,
): Generator<Chunk> {
  let pending: CellWrite[][] = [];
  let pendingStart = 0;
  let pendingBytes = 2;
  const flush = (): Chunk => {
    const chunk = { rowOffset: pendingStart, rowCount: pending.length, columnOffset: 0, columnCount: width, values: pending, bytes: pendingBytes };
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

function* splitRow(row: CellWrite[], rowOffset: number, budgetBytes: number, withTextFormats: boolean): Generator<Chunk> {
  let start = 0;
  let bytes = 4;
  for (let c = 0; c < row.length; c += 1) {
    const cellBytes = jsonByteLength(row[c]) + 1 + (withTextFormats ? jsonByteLength(textCellFormats([[row[c]]])[0][0]) + 1 : 0);
    if (c > start && bytes + cellBytes > budgetBytes) {
      yield { rowOffset, rowCount: 1, columnOffset: start, columnCount: c - start, values: [row.slice(start, c)], bytes };
      start = c;
      bytes = 4;
    }
    bytes += cellBytes;
  }
  yield { rowOffset, rowCount: 1, columnOffset: start, columnCount: row.length - start, values: [row.slice(start)], bytes };
}

/**
 * One block of safe values at (row, col), text cells made General first (safe-text.ts: the
 * caller's cells may be formatted as Text). If Excel refuses the request as too large, nothing
 * was applied: the block is written again in two halves, by rows, then by columns.
 */
async function writeBlock(context: Excel.RequestContext, sheet: Excel.Worksheet, row: number, col: number, values: CellWrite[][]): Promise<number> {
  const range = sheet.getRangeByIndexes(row, col, values.length, values[0].length);
  range.numberFormat = textCellFormats(values);
  range.values = values;
  try {
    await context.sync();
    return 1;
  } catch (error) {
    if (!isPayloadTooLarge(error)) throw error;
    if (values.length > 1) {
      const half = Math.ceil(values.length / 2);
      return (await writeBlock(context, sheet, row, col, values.slice(0, half))) + (await writeBlock(context, sheet, row + half, col, values.slice(half)));
    }
    if (values[0].length > 1) {
      const half = Math.ceil(values[0].length / 2);
      return (await writeBlock(context, sheet, row, col, [values[0].slice(0, half)])) + (await writeBlock(context, sheet, row, col + half, [values[0].slice(half)]));
    }
    throw error;
  }
}

/**
 * Writes `rows` with their top-left cell at (startRow, startCol), zero-based, through
 * toSafeCellValue: text is never evaluated, null clears a cell. Syncs once per chunk (more only
 * when Excel refuses a chunk as too large and it is halved).
 */
export async function writeRowsInChunks(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  startRow: number,
  startCol: number,
  rows: readonly (readonly CellInput[])[],
  options: WriteRowsOptions = {},
): Promise<WriteRowsResult> {
  const width = options.width ?? rows.reduce((max, r) => Math.max(max, r.length), 0);
  const result: WriteRowsResult = { rowsWritten: 0, chunks: 0, maxChunkBytes: 0 };
  if (rows.length === 0 || width === 0) return result;
  if (!Number.isInteger(startRow) || !Number.isInteger(startCol) || startRow < 0 || startCol < 0) {
    throw new RangeError(`Bad start cell ${startRow},${startCol}`);
  }
  if (startRow + rows.length > EXCEL_MAX_ROWS || startCol + width > EXCEL_MAX_COLUMNS) {
    throw new RangeError(`${rows.length} rows x ${width} columns from ${startRow},${startCol} do not fit on a sheet`);
  }
  const cap = EXCEL_WEB_PAYLOAD_LIMIT_BYTES - BATCH_OVERHEAD_BYTES;
  const budget = Math.max(1_024, Math.min(options.maxBytesPerSync ?? DEFAULT_MAX_BYTES_PER_SYNC, EXCEL_WEB_PAYLOAD_LIMIT_BYTES) - BATCH_OVERHEAD_BYTES);
  const maxRows = Math.max(1, options.maxRowsPerChunk ?? DEFAULT_MAX_ROWS_PER_CHUNK);
  // The number formats of the text cells ride along and count against the same budget.
  for (const chunk of chunkRows(rows, width, Math.min(budget, cap), maxRows, true)) {
    if (options.signal?.aborted) throw new CancelledError();
    await writeBlock(context, sheet, startRow + chunk.rowOffset, startCol + chunk.columnOffset, chunk.values);
    result.chunks += 1;
    result.maxChunkBytes = Math.max(result.maxChunkBytes, chunk.bytes);
    if (chunk.columnOffset + chunk.columnCount === width) result.rowsWritten = chunk.rowOffset + chunk.rowCount;
    options.onProgress?.({ rowsWritten: result.rowsWritten, totalRows: rows.length, chunksWritten: result.chunks });
  }
  return result;
}
