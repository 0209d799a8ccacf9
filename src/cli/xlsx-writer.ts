import { rename, rm } from 'node:fs/promises';
import type ExcelJS from 'exceljs';
import { loadExcelJs } from './exceljs-lazy';
import type { TableCell, TableColumn } from '../bulk/result-table';
import { addDecisionValidation, type SheetWithValidations } from './decision-validation';
import { fitText, matchesRule, type ResultsDocument } from './results-document';

const FILLS = {
  high: 'FFFFC7CE',
  failure: 'FFFFEB9C',
  sandbox: 'FFFFC000',
} as const;

const MAX_WIDTH = 60;

/**
 * Strings go in as plain values and nothing else: exceljs stores a string as a shared-string
 * cell (t="s") whatever its first character, and builds a formula only from {formula: ...},
 * which this module never creates. So "=HYPERLINK(...)" from a registry stays text in Excel.
 */
export function xlsxCell(value: TableCell | undefined): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return fitText(value);
}

function displayWidth(value: TableCell | undefined): number {
  if (value === null || value === undefined) return 0;
  return Math.min(MAX_WIDTH, String(value).length);
}

function solid(argb: string): ExcelJS.Fill {
  return { type: 'pattern', pattern: 'solid', fgColor: { argb } };
}

function setWidths(ws: ExcelJS.Worksheet, columns: readonly TableColumn[], rows: readonly (readonly TableCell[])[], extra: readonly (readonly TableCell[])[] = []): void {
  columns.forEach((c, i) => {
    let w = Math.max(8, c.header.length);
    for (const row of rows) w = Math.max(w, displayWidth(row[i]));
    for (const row of extra) w = Math.max(w, Math.min(30, displayWidth(row[i])));
    ws.getColumn(i + 1).width = Math.min(MAX_WIDTH, w + 2);
  });
}

function addTable(ws: ExcelJS.Worksheet, columns: readonly TableColumn[], rows: readonly (readonly TableCell[])[]): number {
  const header = ws.addRow(columns.map((c) => xlsxCell(c.header)));
  header.font = { bold: true };
  for (const row of rows) ws.addRow(row.map(xlsxCell));
  const headerRow = header.number;
  if (columns.length > 0) {
    ws.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: headerRow + rows.length, column: columns.length } };
  }
  return headerRow;
}

export async function buildWorkbook(doc: ResultsDocument, sandboxLabel: string | null): Promise<ExcelJS.Workbook> {
  const wb = new (await loadExcelJs()).Workbook();
  wb.creator = 'CheckLists';
  wb.created = new Date();

  const ws = wb.addWorksheet(doc.resultsSheet);
  for (const line of doc.runHeader) {
    const row = ws.addRow(line.map(xlsxCell));
    row.getCell(1).font = { bold: true };
    if (sandboxLabel !== null && line.some((v) => v === sandboxLabel)) {
      row.eachCell((cell) => {
        cell.fill = solid(FILLS.sandbox);
        cell.font = { bold: true };
      });
    }
  }
  if (doc.runHeader.length > 0) ws.addRow([]);
  const headerRow = addTable(ws, doc.columns, doc.rows);
  for (const rule of doc.highlight) {
    const col = doc.columns.findIndex((c) => c.id === rule.columnId);
    if (col < 0) continue;
    doc.rows.forEach((row, i) => {
      if (matchesRule(rule, row[col])) ws.getRow(headerRow + 1 + i).getCell(col + 1).fill = solid(FILLS[rule.style]);
    });
  }
  setWidths(ws, doc.columns, doc.rows, doc.runHeader);
  if (doc.runHeader.length === 0) ws.views = [{ state: 'frozen', ySplit: headerRow }];

  const hits = wb.addWorksheet(doc.hitsSheet);
  const hitsHeader = addTable(hits, doc.hitsColumns, doc.hits);
  hits.views = [{ state: 'frozen', ySplit: hitsHeader }];
  setWidths(hits, doc.hitsColumns, doc.hits);
  if (doc.lang) addDecisionValidation(hits as unknown as SheetWithValidations, doc.hitsColumns, hitsHeader + 1, hitsHeader + doc.hits.length, doc.lang);
  if (doc.gone) {
    const gone = wb.addWorksheet(doc.gone.sheet);
    const goneHeader = addTable(gone, doc.hitsColumns, doc.gone.rows);
    gone.views = [{ state: 'frozen', ySplit: goneHeader }];
    setWidths(gone, doc.hitsColumns, doc.gone.rows);
  }
  return wb;
}

/** Written next to the target and renamed over it: a crash never leaves half a workbook behind. */
export async function writeXlsx(path: string, doc: ResultsDocument, sandboxLabel: string | null): Promise<void> {
  const temp = `${path}.${process.pid}.tmp`;
  try {
    await (await buildWorkbook(doc, sandboxLabel)).xlsx.writeFile(temp);
    await rename(temp, path);
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
}
