import { createWriteStream } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { stringify, type Options as StringifyOptions } from 'csv-stringify/sync';
import type { TableCell } from '../../bulk/result-table';
import { CONTROL_BUT_TAB_AND_BREAKS, everywhere } from '../../core/text/control-chars';
import { protectFormula } from '../../core/text/csv-formula';

/**
 * Control characters other than tab and line breaks have no place in a cell, and an escape
 * sequence from the service would reach the terminal of whoever runs `cat` on the file.
 */
const CONTROL = everywhere(CONTROL_BUT_TAB_AND_BREAKS);

/**
 * A cell as CSV may hold it (core/text/csv-formula.ts). Numbers are written as numbers, so -3 stays
 * a number; text is always prefixed, even text that merely looks like a number ("+380...", the
 * listdata "-1"): one rule, no guessing.
 */
export function csvSafe(value: TableCell | undefined): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  return protectFormula(value.replace(CONTROL, '\uFFFD'));
}

export type CsvDelimiter = ',' | ';' | '\t';

function block(rows: readonly (readonly TableCell[])[]): (string | number)[][] {
  return rows.map((r) => r.map(csvSafe));
}

const RECORD_DELIMITER = '\r\n';

// With an explicit record delimiter csv-stringify stops quoting a lone LF or CR, which Excel
// still reads as a line break: one value would become two rows, and text after the break would
// start a line of its own, where a formula prefix check never looked.
function options(delimiter: CsvDelimiter): StringifyOptions {
  return { delimiter, bom: true, record_delimiter: RECORD_DELIMITER, quote_record_delimiter: true };
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
  const records: (string | number)[][] = [
    ...block(runHeader),
    ...(runHeader.length > 0 ? [[]] : []),
    ...block([header]),
    ...block(rows),
  ];
  return stringify(records, options(delimiter));
}

export function hitsPathFor(resultsPath: string): string {
  return resultsPath.replace(/(\.csv)?$/i, '.hits.csv');
}

/** A re-screen's hits no longer found (the xlsx "Gone" sheet), beside the results. */
export function gonePathFor(resultsPath: string): string {
  return resultsPath.replace(/(\.csv)?$/i, '.gone.csv');
}

/**
 * Records as CSV text, each ending in its record delimiter and with no BOM: what csvText writes
 * for them after its header row, so texts rendered chunk by chunk as the answers come in join into
 * the text one pass over all the records would give.
 */
export function csvRecords(rows: readonly (readonly TableCell[])[], delimiter: CsvDelimiter): string {
  return stringify(block(rows), { ...options(delimiter), bom: false });
}

/** Records held in memory, as against a stream of them. */
function isTextList(records: AsyncIterable<string | Uint8Array> | readonly string[]): records is readonly string[] {
  return Array.isArray(records);
}

/**
 * csvText's layout with the records already rendered (csvRecords), as text in memory or a stream
 * of text or bytes: the BOM, run header and header row are written first, then the records are
 * copied as they come, so a million rows cost the memory of one chunk. Written beside the
 * target and renamed over it, so a failure never leaves half a file where the old one was.
 */
export async function writeCsvFile(
  path: string,
  runHeader: readonly (readonly TableCell[])[],
  header: readonly string[],
  records: AsyncIterable<string | Uint8Array> | readonly string[],
  delimiter: CsvDelimiter,
): Promise<void> {
  const temp = `${path}.${process.pid}.tmp`;
  const head = csvText(runHeader, header, [], delimiter);
  async function* text(): AsyncGenerator<string | Uint8Array> {
    yield head;
    yield* records;
  }
  try {
    // Records in memory (most runs) go out in one write: a stream pipeline's first use cost about
    // 5 ms more, at the end of every run.
    if (isTextList(records)) await writeFile(temp, head + records.join(''), { flag: 'wx' });
    else await pipeline(text, createWriteStream(temp, { flags: 'wx' }));
    await rename(temp, path);
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
}
