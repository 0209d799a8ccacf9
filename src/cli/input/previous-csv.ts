import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import type { CellValue } from '../../bulk/columns';
import { HITS_HEADER_SEARCH_ROWS, isHitsHeader, SERVICE_HEADER_LABELS, type HitsGrid } from '../../bulk/previous-hits';
import { unprotectFormula } from '../../core/text/csv-formula';
import { usageError } from '../messages';
import { hitsPathFor } from '../output/csv-writer';
import { decodeText, detectDelimiter } from './input-file';

/**
 * A CSV run's hits file: `screen -o results.csv` writes its hits beside it as results.hits.csv,
 * with the same Decision, Reason and Comment columns as the hits sheet. --previous takes either
 * name.
 */
export function previousHitsCsv(path: string): string {
  return /\.hits\.csv$/i.test(path) ? path : hitsPathFor(path);
}

/**
 * The hits table of a CSV hits file, as opened in Excel and perhaps saved again there (`;`,
 * Windows-1251, UTF-16): its rows are numbered as Excel numbers them, one per record, the empty
 * line under the run header included, so a problem's cell is the one the analyst sees.
 */
export async function readPreviousCsvGrid(
  path: string,
  displayPath: string,
): Promise<{ grid: HitsGrid | null; service: string | null; top: CellValue[][] }> {
  const bytes = await readFile(path).catch(() => {
    throw usageError('input.notFound', { path: displayPath });
  });
  const text = decodeText(bytes).text.replace(/^\uFEFF/, '');
  let records: string[][];
  try {
    records = parseCsv(text, { delimiter: detectDelimiter(text), relax_column_count: true, relax_quotes: true });
  } catch {
    throw usageError('input.csvUnreadable', { path: displayPath });
  }
  const rows: CellValue[][] = records.map((r) => r.map((cell) => unprotectFormula(cell)));
  const top = rows.slice(0, HITS_HEADER_SEARCH_ROWS);
  const serviceRow = top.find(([label]) => typeof label === 'string' && SERVICE_HEADER_LABELS.includes(label.trim()));
  const service = typeof serviceRow?.[1] === 'string' ? serviceRow[1] : null;
  const at = top.findIndex((r) => isHitsHeader(r));
  if (at < 0) return { grid: null, service, top };
  const body = rows.slice(at + 1);
  while (body.length > 0 && body[body.length - 1].every((v) => v === null || v === '')) body.pop();
  const grid: HitsGrid = {
    sheet: basename(displayPath),
    file: true,
    headerRow: at + 1,
    firstColumn: 0,
    header: rows[at],
    rows: body,
  };
  return { grid, service, top };
}
