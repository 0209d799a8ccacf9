import { createReadStream } from 'node:fs';
import type { RowSource } from '../../bulk';
import { findHeaderRow, HEADER_SEARCH_ROWS, type CellValue } from '../../bulk/columns';
import { CONTROL_BUT_TAB_AND_BREAKS, everywhere } from '../../core/text/control-chars';
import { usageError } from '../messages';
import { csvRecordBatches, type CsvRoute } from './csv-records';

/**
 * A CSV file read as a stream, never held whole: a first pass learns its shape (csvShape), and
 * each pass after reads its rows anew (csvRowSource), so memory does not grow with its rows.
 */

/** NUL and control characters other than tab and line breaks: never meant, and dangerous on a terminal. */
const CONTROL = everywhere(CONTROL_BUT_TAB_AND_BREAKS);
export function cleanCell(value: string): string {
  return CONTROL_BUT_TAB_AND_BREAKS.test(value) ? value.replace(CONTROL, '') : value;
}

export type TextEncoding = 'utf-8' | 'windows-1251' | 'utf-16le' | 'utf-16be';

/** Thrown when a file meant to be strict UTF-8 is not: the file is then read as Windows-1251. */
export class NotUtf8 extends Error {}

async function* decodedChunks(path: string, encoding: TextEncoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8', ignoreBOM: false });
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 1 << 16 })) {
      const text = decoder.decode(chunk as Buffer, { stream: true });
      if (text) yield text;
    }
    const tail = decoder.decode();
    if (tail) yield tail;
  } catch (e) {
    // By its code too: a TypeError made in another realm (jest's sandbox) is no instance of this one's.
    const invalid =
      e instanceof TypeError || (e as { code?: unknown } | null)?.code === 'ERR_ENCODING_INVALID_ENCODED_DATA';
    if (invalid && encoding === 'utf-8') throw new NotUtf8();
    throw e;
  }
}

/**
 * A CSV file's records in batches, with the same options as parseCsvText: the file is never held
 * whole, so a pass costs the same memory at any size. See csvRecordBatches for the two readers.
 */
function csvRecords(
  path: string,
  encoding: TextEncoding,
  delimiter: ',' | ';' | '\t',
  route: CsvRoute,
): AsyncGenerator<string[][]> {
  return csvRecordBatches(() => decodedChunks(path, encoding), delimiter, route);
}

function cellsOf(record: readonly string[], width: number): CellValue[] {
  const out: CellValue[] = new Array<CellValue>(Math.max(width, record.length)).fill(null);
  for (let i = 0; i < record.length; i++) {
    const v = record[i];
    if (v !== '') out[i] = cleanCell(v);
  }
  return out;
}

function isEmptyRecord(record: readonly string[]): boolean {
  return record.every((v) => v.trim() === '');
}

/** What a first pass learns of a CSV file without keeping its rows. */
export interface CsvShape {
  encoding: TextEncoding;
  delimiter: ',' | ';' | '\t';
  /** Record index of the header (findHeaderRow among the first non-empty records). */
  headerIndex: number;
  /** Non-empty records above the header (a title): not screened. */
  above: number;
  headers: CellValue[];
  /** Data rows after the header, trailing empty ones left out. */
  rowCount: number;
  /** The widest record: every row is padded to it, as parseCsvText does. */
  width: number;
  dropped: number;
  /** Whether the first pass found the file usual enough for the fast splitter; every pass reads it the same way. */
  route: CsvRoute;
}

export async function csvShape(
  path: string,
  encoding: TextEncoding,
  delimiter: ',' | ';' | '\t',
  limits: { maxRows: number; shownPath?: string },
): Promise<CsvShape> {
  let index = 0;
  const candidates: { index: number; record: string[] }[] = [];
  let lastNonEmpty = -1;
  let nonEmpty = 0;
  let width = 0;
  let dropped = 0;
  let droppedKept = 0;
  const route: CsvRoute = { fast: true };
  for await (const batch of csvRecords(path, encoding, delimiter, route)) {
    for (const record of batch) {
      if (record.length > width) width = record.length;
      for (const v of record) if (v !== '') dropped += v.length - cleanCell(v).length;
      if (!isEmptyRecord(record)) {
        nonEmpty++;
        lastNonEmpty = index;
        // Trailing blank lines are dropped: what they held is not counted.
        droppedKept = dropped;
        if (candidates.length < HEADER_SEARCH_ROWS) candidates.push({ index, record });
      }
      index++;
    }
  }
  const shown = limits.shownPath ?? path;
  // The header row is not screened; everything else is a request (as readWorkbookInput counts).
  if (lastNonEmpty > limits.maxRows) {
    throw usageError('input.tooManyRows', { path: shown, rows: lastNonEmpty, limit: limits.maxRows });
  }
  const above = Math.max(0, findHeaderRow(candidates.map((c) => c.record)));
  if (nonEmpty - above < 2) throw usageError('input.empty', { path });
  const headerIndex = candidates[above].index;
  return {
    encoding,
    delimiter,
    headerIndex,
    above,
    headers: cellsOf(candidates[above].record, width),
    rowCount: lastNonEmpty - headerIndex,
    width,
    dropped: droppedKept,
    route,
  };
}

/**
 * Rows [skip, end) of a file's records, taken one by one from its batches. Each row is a promise
 * already settled, where an async generator costs several microtask round trips a row: on a
 * million rows that was about half of a pass once the records themselves came fast.
 */
class CsvRows implements AsyncIterableIterator<CellValue[]> {
  private batch: string[][] = [];
  private at = 0;
  private index = 0;
  private finished = false;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly batches: AsyncGenerator<string[][]>,
    private readonly skip: number,
    private readonly end: number,
    private readonly width: number,
    private readonly path: string,
  ) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<CellValue[]>> {
    // The engine asks for one row at a time, but a second request must wait for the batch the first awaits.
    if (this.loading) return this.loading.then(() => this.next());
    while (!this.finished && this.at < this.batch.length) {
      if (this.index >= this.end) return this.return();
      const record = this.batch[this.at++];
      if (this.index++ >= this.skip) return Promise.resolve({ value: cellsOf(record, this.width), done: false });
    }
    if (this.finished) return Promise.resolve({ value: undefined, done: true });
    if (this.index >= this.end) return this.return();
    this.loading = this.load();
    return this.loading.then(
      () => {
        this.loading = null;
        return this.next();
      },
      (error: unknown) => {
        this.loading = null;
        throw error;
      },
    );
  }

  async return(): Promise<IteratorResult<CellValue[]>> {
    this.finished = true;
    this.batch = [];
    await this.batches.return(undefined);
    return { value: undefined, done: true };
  }

  private async load(): Promise<void> {
    const next = await this.batches.next();
    if (!next.done) {
      this.batch = next.value;
      this.at = 0;
      return;
    }
    this.finished = true;
    if (this.index < this.end) throw usageError('input.csvUnreadable', { path: this.path });
  }
}

/** The data rows of a CSV file, read anew for each pass from the shape a first pass found. */
export function csvRowSource(path: string, shape: CsvShape): RowSource {
  return {
    count: shape.rowCount,
    read(from: number) {
      const skip = shape.headerIndex + 1 + from;
      const end = shape.headerIndex + 1 + shape.rowCount;
      // A copy of the route: a file changed since the first pass may turn unusual, and that pass alone then finishes with csv-parse.
      return new CsvRows(
        csvRecords(path, shape.encoding, shape.delimiter, { ...shape.route }),
        skip,
        end,
        shape.width,
        path,
      );
    },
  };
}
