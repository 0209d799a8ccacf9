import { open, readdir, stat } from 'node:fs/promises';
import { basename, dirname, extname } from 'node:path';
import { nearestWord } from '../../core/text/nearest';
import { parse as parseCsv } from 'csv-parse/sync';
import { loadExcelJs } from '../output/exceljs-lazy';
import type { BulkInput, RowRuns, StreamedInput } from '../../bulk';
import { rowsInRuns } from '../../bulk/input-rows';
import { filledRowsAbove, findHeaderRow, isBlankRow, type CellValue } from '../../bulk/columns';
import type { LocalizedText } from '../../core/text/i18n';
import { listSheet, plainCellValue } from './xlsx-cells';
import { cleanCell, csvRowSource, csvShape, NotUtf8, type CsvShape, type TextEncoding } from './csv-stream';
import { UsageError } from '../exit-codes';
import { usageError } from '../messages';
import { inputWarnings } from './input-warnings';

export interface InputTable {
  format: 'xlsx' | 'csv';
  sheetName: string;
  /** Every row of the sheet, header included; dates as ISO text, formulas as their results; ragged rows padded. */
  rows: CellValue[][];
  /** The separator a CSV used, so results go back in the same dialect. */
  delimiter?: ',' | ';' | '\t';
  warnings: LocalizedText[];
  /** A workbook's merged areas, each by the index of its last row in `rows`: said only when they reach the list. */
  mergedLastRows?: number[];
  /** A workbook's hidden rows (a filter, or by hand), by their index in `rows`: read and screened like the rest. */
  hiddenRows?: number[];
}

export type TableFormat = 'xlsx' | 'csv';

/**
 * Checked before the first request: a workbook that expands to a million rows once took 4 GB
 * and every request before failing. Both limits can be raised (--max-input-mb, --max-rows).
 */
export const DEFAULT_LIMITS = { maxInputMb: 50, maxRows: 200_000 } as const;

export interface ReadLimits {
  maxBytes: number;
  maxRows: number;
  /** The path as the person typed it, for messages. */
  shownPath?: string;
}

/** Drops control characters from every text cell; returns how many went. */
function dropControlChars(rows: CellValue[][]): number {
  let dropped = 0;
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      const v = row[i];
      if (typeof v !== 'string') continue;
      const clean = cleanCell(v);
      if (clean.length !== v.length) {
        dropped += v.length - clean.length;
        row[i] = clean;
      }
    }
  }
  return dropped;
}

export function formatOf(path: string): TableFormat | null {
  const ext = extname(path).toLowerCase();
  if (ext === '.xlsx' || ext === '.xlsm') return 'xlsx';
  if (ext === '.csv' || ext === '.txt') return 'csv';
  return null;
}

function pad(rows: CellValue[][]): CellValue[][] {
  const widest = rows.reduce((m, r) => Math.max(m, r.length), 0);
  return rows.map((r) => (r.length < widest ? [...r, ...Array<CellValue>(widest - r.length).fill(null)] : r));
}

export async function readXlsx(path: string, sheet?: string): Promise<InputTable> {
  const workbook = new (await loadExcelJs()).Workbook();
  try {
    await workbook.xlsx.readFile(path);
  } catch (error) {
    throw usageError(readFailureKey(error, 'input.xlsxUnreadable'), { path });
  }
  const worksheets = workbook.worksheets.filter((w) => w.state !== 'veryHidden');
  const ws =
    sheet === undefined
      ? listSheet(worksheets)
      : (worksheets.find((w) => w.name === sheet) ??
        worksheets.find((w) => w.name.toLowerCase() === sheet.toLowerCase()));
  if (!ws) {
    if (sheet === undefined) throw usageError('input.noSheets', { path });
    throw usageError('input.noSuchSheet', { sheet, sheets: worksheets.map((w) => `"${w.name}"`).join(', ') });
  }
  const warnings: LocalizedText[] = [];
  if (sheet === undefined && ws.state === 'hidden') {
    warnings.push(inputWarnings.text('input.hiddenSheet', { sheet: ws.name, path }));
  }
  if (sheet === undefined && ws !== worksheets[0]) {
    warnings.push(inputWarnings.text('input.sheetChosen', { sheet: ws.name, first: worksheets[0]!.name, path }));
  }
  const rows: CellValue[][] = [];
  const hiddenRows: number[] = [];
  const columnCount = ws.columnCount;
  ws.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    while (rows.length < rowNumber - 1) rows.push([]);
    if (row.hidden) hiddenRows.push(rowNumber - 1);
    const values: CellValue[] = [];
    for (let c = 1; c <= columnCount; c++) {
      const cell = row.getCell(c);
      // exceljs hands every cell of a merged area the first cell's value; Excel holds it only in
      // the first, and copying it would screen one client once per covered row.
      if (cell.isMerged && cell.master !== cell) {
        values.push(null);
        continue;
      }
      values.push(plainCellValue(cell.value));
    }
    rows.push(values);
  });
  const merges = (ws.model as { merges?: unknown[] }).merges;
  // "A1:D1"; one that cannot be read is taken to reach every row.
  const mergedLastRows = (Array.isArray(merges) ? merges : []).map((area) => {
    const last = /:[A-Z]+(\d+)$/.exec(String(area))?.[1];
    return last === undefined ? Number.MAX_SAFE_INTEGER : Number(last) - 1;
  });
  const kept = trimTrailingEmpty(pad(rows));
  return { format: 'xlsx', sheetName: ws.name, rows: kept, warnings, mergedLastRows, hiddenRows };
}

/** Hidden rows of the list below the header, as runs of data rows (0 the first row under the header). */
function hiddenRunsOf(table: InputTable, headerIndex: number): [number, number][] {
  const end = table.rows.length;
  const runs: [number, number][] = [];
  for (const row of table.hiddenRows ?? []) {
    if (row <= headerIndex || row >= end) continue;
    const r = row - headerIndex - 1;
    const last = runs.at(-1);
    if (last && last[0] + last[1] === r) last[1]++;
    else runs.push([r, 1]);
  }
  return runs;
}

/** Hidden rows of the list: screened too unless --shown-only leaves them out; the analyst is told which. */
function hiddenWarning(hidden: RowRuns, shownOnly: boolean, path: string): LocalizedText[] {
  const count = rowsInRuns(hidden);
  if (count === 0) return [];
  return [inputWarnings.text(shownOnly ? 'input.rowsHiddenLeftOut' : 'input.rowsHidden', { path, count })];
}

/**
 * Merged areas that reach the header row or the list below it: a title merged across the columns
 * above the list, as most titles are, changes nothing read.
 */
function mergedWarning(table: InputTable, headerIndex: number, path: string): LocalizedText[] {
  const count = (table.mergedLastRows ?? []).filter((last) => last >= headerIndex).length;
  return count > 0 ? [inputWarnings.text('input.merged', { path, count })] : [];
}

function trimTrailingEmpty(rows: CellValue[][]): CellValue[][] {
  let end = rows.length;
  while (end > 0 && isBlankRow(rows[end - 1])) end--;
  return rows.slice(0, end);
}

/**
 * Excel's "Unicode Text" (.txt, tab-separated) is UTF-16 with a byte-order mark, the one export of
 * older Excel that keeps Cyrillic whatever the system's code page; the mark is its only sure sign.
 */
export function unicodeTextEncoding(head: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return null;
}

/**
 * Excel on a Ukrainian Windows saves "CSV" in windows-1251 and "Unicode Text" in UTF-16; everything
 * else writes UTF-8. Strict UTF-8 after UTF-16's mark, since a 1251 file almost never decodes as
 * valid UTF-8 by accident.
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  const utf16 = unicodeTextEncoding(bytes);
  if (utf16) return { text: new TextDecoder(utf16).decode(bytes), encoding: utf16 };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1251').decode(bytes), encoding: 'windows-1251' };
  }
}

/** The delimiter that splits the first line into the most fields outside quotes: , ; or tab. */
export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts[ch]++;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[','] && counts['\t'] > counts[';']) return '\t';
  return ',';
}

export function parseCsvText(
  text: string,
  delimiter: ',' | ';' | '\t' = detectDelimiter(text.replace(/^\uFEFF/, '')),
): CellValue[][] {
  const body = text.replace(/^\uFEFF/, '');
  const records = parseCsv(body, {
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    // A blank line is a row in Excel too: dropping it would shift every later "Row" number
    // away from the line the analyst sees when opening the file.
    skip_empty_lines: false,
    bom: true,
  }) as string[][];
  return trimTrailingEmpty(pad(records.map((r) => r.map((v) => (v === '' ? null : v)))));
}

/**
 * Why a file could not be read, as the person can act on it: no permission is said as such, not
 * as a broken workbook. Anything else keeps the caller's words.
 */
export function readFailureKey<K extends 'input.xlsxUnreadable' | 'input.unreadable'>(
  error: unknown,
  otherwise: K,
): K | 'input.denied' {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'EACCES' || code === 'EPERM' ? 'input.denied' : otherwise;
}

/** The checks every input file passes before it is read: it exists, is a file, and is within --max-input-mb. */
export async function checkInputFile(path: string, limits: Pick<ReadLimits, 'maxBytes' | 'shownPath'>): Promise<void> {
  const info = await stat(path).catch(() => null);
  if (!info) {
    // A typo in the name is the usual cause: the nearest file beside it is suggested.
    const near = nearestWord(basename(path), await readdir(dirname(path)).catch(() => []));
    throw near ? usageError('input.notFoundNear', { path, near }) : usageError('input.notFound', { path });
  }
  if (info.isDirectory()) throw usageError('input.isFolder', { path });
  if (!info.isFile()) throw usageError('input.unreadable', { path });
  const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
  if (info.size > limits.maxBytes) {
    throw usageError('input.tooLarge', {
      path: limits.shownPath ?? path,
      size: mb(info.size),
      limit: mb(limits.maxBytes),
    });
  }
}

/** A workbook, read whole (a CSV is streamed by openInput instead). */
async function readWorkbookInput(path: string, sheet: string | undefined, limits: ReadLimits): Promise<InputTable> {
  if (formatOf(path) === null) throw usageError('input.format', { path });
  await checkInputFile(path, limits);
  const shown = limits.shownPath ?? path;
  const table = await readXlsx(path, sheet);
  // The header row is not screened; everything else is a request.
  if (table.rows.length - 1 > limits.maxRows) {
    throw usageError('input.tooManyRows', { path: shown, rows: table.rows.length - 1, limit: limits.maxRows });
  }
  if (table.rows.filter((r) => !isBlankRow(r)).length < 2) throw usageError('input.empty', { path });
  const dropped = dropControlChars(table.rows);
  if (dropped > 0) table.warnings.push(inputWarnings.text('input.controlChars', { count: dropped }));
  return table;
}

/** The input as the screen command hands it to the engine, and what it learnt reading it. */
export interface OpenedInput {
  input: BulkInput | StreamedInput;
  /** Rows the workbook hides (a filter, or by hand), as runs of data rows; none in a CSV file. */
  hiddenRows: RowRuns;
  format: TableFormat;
  delimiter?: ',' | ';' | '\t';
  warnings: LocalizedText[];
}

/** Said when filled rows above the header (findHeaderRow) are left out: a person should know. */
function headerBelow(headerIndex: number, above: number): LocalizedText[] {
  return above > 0 ? [inputWarnings.text('input.headerBelow', { row: headerIndex + 1, count: above })] : [];
}

/** Reads a workbook whole (exceljs); see openInput. */
export function bulkInputOf(table: InputTable, displayPath: string): BulkInput {
  const headerIndex = findHeaderRow(table.rows);
  return {
    headers: table.rows[headerIndex] ?? [],
    rows: table.rows.slice(headerIndex + 1),
    source: table.format === 'xlsx' ? `${displayPath} [${table.sheetName}]` : displayPath,
    firstSourceRow: headerIndex + 2,
  };
}

/**
 * The list to screen. A CSV file is streamed: a first pass checks its limits, encoding and shape,
 * and the engine reads it again pass by pass, so memory does not grow with its rows. A workbook
 * is read whole (exceljs), within --max-input-mb.
 */
export async function openInput(
  path: string,
  sheet: string | undefined,
  limits: ReadLimits,
  displayPath: string,
  shownOnly = false,
): Promise<OpenedInput> {
  if (formatOf(path) !== 'csv') {
    const table = await readWorkbookInput(path, sheet, limits);
    const input = bulkInputOf(table, displayPath);
    const headerIndex = input.firstSourceRow - 2;
    const above = filledRowsAbove(table.rows, headerIndex);
    const hiddenRows = hiddenRunsOf(table, headerIndex);
    const warnings = [
      ...mergedWarning(table, headerIndex, path),
      ...hiddenWarning(hiddenRows, shownOnly, path),
      ...headerBelow(headerIndex, above),
    ];
    return { input, hiddenRows, format: table.format, warnings: [...table.warnings, ...warnings] };
  }
  if (sheet !== undefined) throw usageError('input.sheetForCsv');
  await checkInputFile(path, limits);
  let head: Buffer;
  try {
    const handle = await open(path, 'r');
    try {
      const buffer = Buffer.alloc(1 << 16);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw usageError(readFailureKey(error, 'input.unreadable'), { path });
  }
  // The separators and quotes are ASCII in UTF-8 and Windows-1251 alike: the first line decides either way.
  const utf16 = unicodeTextEncoding(head);
  const delimiter = detectDelimiter(new TextDecoder(utf16 ?? 'utf-8').decode(head));
  const shapeIn = async (encoding: TextEncoding): Promise<CsvShape> => {
    try {
      return await csvShape(path, encoding, delimiter, limits);
    } catch (e) {
      if (e instanceof UsageError || e instanceof NotUtf8) throw e;
      throw usageError('input.csvUnreadable', { path });
    }
  };
  let shape: CsvShape;
  try {
    shape = await shapeIn(utf16 ?? 'utf-8');
  } catch (e) {
    if (!(e instanceof NotUtf8)) throw e;
    shape = await shapeIn('windows-1251');
  }
  const warnings = shape.encoding === 'windows-1251' ? [inputWarnings.text('input.cp1251', { path })] : [];
  if (shape.dropped > 0) warnings.push(inputWarnings.text('input.controlChars', { count: shape.dropped }));
  warnings.push(...headerBelow(shape.headerIndex, shape.above));
  if (shownOnly) warnings.push(inputWarnings.text('input.shownOnlyCsv', { path }));
  return {
    input: {
      headers: shape.headers,
      rows: csvRowSource(path, shape),
      source: displayPath,
      firstSourceRow: shape.headerIndex + 2,
    },
    hiddenRows: [],
    format: 'csv',
    delimiter,
    warnings,
  };
}
