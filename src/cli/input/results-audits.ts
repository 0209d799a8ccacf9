import { readFile } from 'node:fs/promises';
import type ExcelJS from 'exceljs';
import type { CellValue } from '../../bulk/columns';
import { AUDIT_HEADER_SEARCH_ROWS, auditHeaderAt, columnOf, wholeNumber } from '../../bulk/audit-columns';
import { usageError } from '../messages';
import { loadExcelJs } from '../output/exceljs-lazy';
import { checkInputFile, decodeText, DEFAULT_LIMITS, formatOf, parseCsvText, readFailureKey } from './input-file';
import { plainCellValue } from './xlsx-cells';

/**
 * The relay audit no. of each row of an earlier results file (`checklists certificate --from`): the
 * add-in's results saved as .xlsx or .csv, or `checklists screen`'s, found by the header naming "Row"
 * and "Relay audit no." in either language (bulk/audit-columns.ts), on the first sheet that has it.
 * Keyed by the results' Row (the client list's row number, what an inspector names); null where the
 * row has no number (screened directly, or not screened).
 */
export async function readResultsAudits(path: string, shown: string): Promise<Map<number, number | null> | null> {
  // As an input list is checked: a typo's nearest name suggested, a folder named, the size bounded.
  await checkInputFile(path, { maxBytes: DEFAULT_LIMITS.maxInputMb * 1024 * 1024, shownPath: shown });
  const grids = formatOf(path) === 'csv' ? [await csvGrid(path, shown)] : await xlsxGrids(path, shown);
  // Each sheet's grid is made only when the one before had no results header: a hits sheet is never copied.
  for (const grid of grids) {
    const at = auditHeaderAt(grid.slice(0, AUDIT_HEADER_SEARCH_ROWS));
    if (at < 0) continue;
    const rowColumn = columnOf(grid[at], 'col.row');
    const auditColumn = columnOf(grid[at], 'col.relayAudit');
    const audits = new Map<number, number | null>();
    for (const cells of grid.slice(at + 1)) {
      const row = wholeNumber(cells[rowColumn]);
      if (row !== null && !audits.has(row)) audits.set(row, wholeNumber(cells[auditColumn]));
    }
    return audits;
  }
  return null;
}

async function csvGrid(path: string, shown: string): Promise<CellValue[][]> {
  const bytes = await readFile(path).catch((error: unknown) => {
    throw usageError(readFailureKey(error, 'input.unreadable'), { path: shown });
  });
  return parseCsvText(decodeText(bytes).text);
}

async function xlsxGrids(path: string, shown: string): Promise<Iterable<CellValue[][]>> {
  const workbook = new (await loadExcelJs()).Workbook();
  await workbook.xlsx.readFile(path).catch((error: unknown) => {
    throw usageError(readFailureKey(error, 'input.xlsxUnreadable'), { path: shown });
  });
  return (function* () {
    for (const ws of workbook.worksheets.filter((w) => w.state !== 'veryHidden')) yield gridOf(ws);
  })();
}

function gridOf(ws: ExcelJS.Worksheet): CellValue[][] {
  const grid: CellValue[][] = [];
  ws.eachRow({ includeEmpty: false }, (row, n) => {
    const cells: CellValue[] = [];
    for (let c = 1; c <= ws.columnCount; c++) cells.push(plainCellValue(row.getCell(c).value));
    grid[n - 1] = cells;
  });
  // Rows left empty keep their places: the header search counts them as the sheet does.
  return Array.from(grid, (cells) => cells ?? []);
}
