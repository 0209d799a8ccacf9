import { rename, rm, writeFile } from 'node:fs/promises';
import { stringify } from 'csv-stringify/sync';
import type { TableCell } from '../bulk/result-table';
import type { ResultsDocument } from './results-document';

/**
 * A CSV file has no cell types: Excel and LibreOffice evaluate any field that starts like a
 * formula. OWASP's advice for CSV injection is to prefix such fields with a single quote; we
 * do it for = + - @ tab and CR, and for their full-width forms, which some spreadsheets also
 * accept. Numbers are written as numbers, so -3 stays a number; text is always prefixed, even
 * text that merely looks like a number ("+380...", the listdata "-1"): one rule, no guessing.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export function csvSafe(value: TableCell | undefined): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export type CsvDelimiter = ',' | ';' | '\t';

function block(rows: readonly (readonly TableCell[])[]): (string | number)[][] {
  return rows.map((r) => r.map(csvSafe));
}

/**
 * One CSV text: the run header lines, an empty line, then the table with its header row.
 * The BOM tells Excel the file is UTF-8; without it Cyrillic opens as mojibake.
 */
export function csvText(
  runHeader: readonly (readonly TableCell[])[],
  header: readonly string[],
  rows: readonly (readonly TableCell[])[],
  delimiter: CsvDelimiter,
): string {
  const records: (string | number)[][] = [...block(runHeader), ...(runHeader.length > 0 ? [[]] : []), ...block([header]), ...block(rows)];
  // With an explicit record delimiter csv-stringify stops quoting a lone LF or CR, which Excel
  // still reads as a line break: one value would become two rows, and text after the break would
  // start a line of its own, where a formula prefix check never looked.
  return stringify(records, { delimiter, bom: true, record_delimiter: '\r\n', quote_record_delimiter: true });
}

export function hitsPathFor(resultsPath: string): string {
  return resultsPath.replace(/(\.csv)?$/i, '.hits.csv');
}

async function writeAtomically(path: string, text: string): Promise<void> {
  const temp = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(temp, text, 'utf8');
    await rename(temp, path);
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
}

export function gonePathFor(resultsPath: string): string {
  return resultsPath.replace(/(\.csv)?$/i, '.gone.csv');
}

/** Results to `path`, hits to `<path without .csv>.hits.csv` (and a re-screen's gone hits to `.gone.csv`); returns the paths. */
export async function writeCsv(path: string, doc: ResultsDocument, delimiter: CsvDelimiter): Promise<string[]> {
  const hitsPath = hitsPathFor(path);
  await writeAtomically(path, csvText(doc.runHeader, doc.columns.map((c) => c.header), doc.rows, delimiter));
  await writeAtomically(hitsPath, csvText(doc.runHeader, doc.hitsColumns.map((c) => c.header), doc.hits, delimiter));
  if (!doc.gone) return [path, hitsPath];
  const gonePath = gonePathFor(path);
  await writeAtomically(gonePath, csvText(doc.runHeader, doc.hitsColumns.map((c) => c.header), doc.gone.rows, delimiter));
  return [path, hitsPath, gonePath];
}
