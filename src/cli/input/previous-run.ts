import { existsSync } from 'node:fs';
import { extname } from 'node:path';
import type ExcelJS from 'exceljs';
import type { CellValue } from '../../bulk/columns';
import {
  HITS_HEADER_SEARCH_ROWS,
  isHitsHeader,
  readPreviousHits,
  refusalText,
  SERVICE_HEADER_LABELS,
  type HitsGrid,
  type PreviousRun,
} from '../../bulk/previous-hits';
import { bulkMessages } from '../../bulk/messages';
import { rescreenMessages } from '../../bulk/rescreen-messages';
import { LANGS } from '../../core/text/i18n';
import { loadExcelJs } from '../output/exceljs-lazy';
import { UsageError } from '../exit-codes';
import { usageError } from '../messages';
import { plainCellValue } from './xlsx-cells';
import { previousHitsCsv, readPreviousCsvGrid } from './previous-csv';
import { leftHiddenRowsOut } from '../../bulk/run-header';

function rowValues(ws: ExcelJS.Worksheet, row: number, width: number): CellValue[] {
  const r = ws.getRow(row);
  const out: CellValue[] = [];
  for (let c = 1; c <= width; c++) out.push(plainCellValue(r.getCell(c).value));
  return out;
}

/** `firstRowAnyway`: our hits sheet by name whose header lost its Hit ID column: read row 1, so the problem names its cells. */
function hitsGridOf(ws: ExcelJS.Worksheet, firstRowAnyway: boolean): HitsGrid | null {
  const width = ws.columnCount;
  const last = ws.rowCount;
  let headerRow = 0;
  for (let r = 1; r <= Math.min(last, HITS_HEADER_SEARCH_ROWS) && headerRow === 0; r++) {
    if (isHitsHeader(rowValues(ws, r, width))) headerRow = r;
  }
  if (headerRow === 0 && firstRowAnyway && last > 0) headerRow = 1;
  if (headerRow === 0) return null;
  const rows: CellValue[][] = [];
  for (let i = headerRow + 1; i <= last; i++) rows.push(rowValues(ws, i, width));
  while (rows.length > 0 && rows[rows.length - 1].every((v) => v === null || v === '')) rows.pop();
  return { sheet: ws.name, headerRow, firstColumn: 0, header: rowValues(ws, headerRow, width), rows };
}

/** The run header's "Service" line (the results sheet's, near its top), or null when none says it. */
function serviceLine(wb: ExcelJS.Workbook): string | null {
  for (const ws of wb.worksheets) {
    for (let r = 1; r <= Math.min(ws.rowCount, HITS_HEADER_SEARCH_ROWS); r++) {
      const [label, value] = rowValues(ws, r, 2);
      if (typeof label === 'string' && SERVICE_HEADER_LABELS.includes(label.trim()) && typeof value === 'string') {
        return value;
      }
    }
  }
  return null;
}

/** Whether the run header (the results sheet's, near its top) says its run left the hidden rows out. */
function leftHiddenOut(wb: ExcelJS.Workbook): boolean {
  return wb.worksheets.some((ws) => {
    const top = Array.from({ length: Math.min(ws.rowCount, HITS_HEADER_SEARCH_ROWS) }, (_, r) =>
      rowValues(ws, r + 1, 2),
    );
    return leftHiddenRowsOut(top);
  });
}

/** A hits sheet of ours whose decisions cannot all be read: each problem names its cell. */
export class PreviousRunProblems extends UsageError {}

const named = (name: string, key: 'sheet.hits') =>
  LANGS.some((lang) => bulkMessages.t(lang, key).toLowerCase() === name.toLowerCase());
const goneSheet = (name: string) =>
  LANGS.some((lang) => rescreenMessages.t(lang, 'sheet.gone').toLowerCase() === name.toLowerCase());

/**
 * The hits of an earlier results .xlsx with the analyst's decisions. Refuses (UsageError, exit 2)
 * rather than carry on without a decision: every problem names its sheet and cell.
 */
export async function readPreviousRun(path: string, displayPath: string): Promise<PreviousRun> {
  const kind = extname(path).toLowerCase();
  if (kind === '.csv') return readPreviousCsv(path, displayPath);
  if (kind !== '.xlsx') throw usageError('previous.notXlsx', { path: displayPath });
  // A mistyped name is said as such, not as a file without hits.
  if (!existsSync(path)) throw usageError('input.notFound', { path: displayPath });
  const wb = new (await loadExcelJs()).Workbook();
  try {
    await wb.xlsx.readFile(path);
  } catch {
    throw usageError('input.xlsxUnreadable', { path: displayPath });
  }
  // Our own hits sheet first; a "Gone" sheet has the same columns but lists what is no longer found.
  const sheets = [...wb.worksheets]
    .filter((ws) => !goneSheet(ws.name))
    .sort((a, b) => Number(named(b.name, 'sheet.hits')) - Number(named(a.name, 'sheet.hits')));
  for (const ws of sheets) {
    const grid = hitsGridOf(ws, named(ws.name, 'sheet.hits'));
    if (!grid) continue;
    const { hits, problems } = readPreviousHits(grid);
    if (problems.length > 0) throw new PreviousRunProblems(refusalText(problems));
    const service = serviceLine(wb);
    return {
      source: `${displayPath} [${ws.name}]`,
      hits,
      ...(service ? { service } : {}),
      ...(leftHiddenOut(wb) ? { leftHiddenOut: true as const } : {}),
    };
  }
  throw new UsageError(rescreenMessages.text('previous.noHitsSheet', { source: displayPath }));
}

/** The hits file of an earlier run written to CSV (previous-csv.ts), read as the hits sheet is. */
async function readPreviousCsv(path: string, displayPath: string): Promise<PreviousRun> {
  const hitsPath = previousHitsCsv(path);
  const shown = hitsPath === path ? displayPath : previousHitsCsv(displayPath);
  if (!existsSync(hitsPath)) throw usageError('previous.noHitsCsv', { path: displayPath, hits: shown });
  const { grid, service, top } = await readPreviousCsvGrid(hitsPath, shown);
  if (!grid) throw new UsageError(rescreenMessages.text('previous.noHitsSheet', { source: shown }));
  const { hits, problems } = readPreviousHits(grid);
  if (problems.length > 0) throw new PreviousRunProblems(refusalText(problems));
  return {
    source: shown,
    hits,
    ...(service ? { service } : {}),
    ...(leftHiddenRowsOut(top) ? { leftHiddenOut: true as const } : {}),
  };
}
