import { rename, rm } from 'node:fs/promises';
import type ExcelJS from 'exceljs';
import { loadExcelJs } from './exceljs-lazy';
import type { HighlightRule } from '../../bulk/highlights';
import type { TableCell, TableColumn } from '../../bulk/result-table';
import type { Lang } from '../../core/text/i18n';
import { addDecisionValidation, type SheetWithValidations } from './decision-validation';
import { fitText, matchesRule } from './results-document';

const FILLS = {
  high: 'FFFFC7CE',
  low: 'FFFFF2CC',
  failure: 'FFFFEB9C',
  counted: 'FFFCE4D6',
  sandbox: 'FFFFC000',
} as const;

/**
 * Printed as an inspector reads it: landscape, every column within the page's width (as many pages
 * down as it takes), the table's header row on every page.
 */
function printSetup(headerRow: number): Partial<ExcelJS.PageSetup> {
  return {
    orientation: 'landscape',
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    printTitlesRow: `${headerRow}:${headerRow}`,
  };
}

export const MAX_WIDTH = 60;

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

export function displayWidth(value: TableCell | undefined): number {
  if (value === null || value === undefined) return 0;
  return Math.min(MAX_WIDTH, String(value).length);
}

function solid(argb: string): ExcelJS.Fill {
  return { type: 'pattern', pattern: 'solid', fgColor: { argb } };
}

/** A results workbook whose table rows are pulled one at a time, never all held at once. */
export interface StreamedWorkbook {
  resultsSheet: string;
  hitsSheet: string;
  runHeader: readonly (readonly TableCell[])[];
  columns: readonly TableColumn[];
  /** Widest cell per column, measured while the rows were produced. */
  widths: readonly number[];
  rowCount: number;
  rows: () => AsyncIterable<readonly TableCell[]>;
  hitsColumns: readonly TableColumn[];
  hitsWidths: readonly number[];
  hitsCount: number;
  hits: () => AsyncIterable<readonly TableCell[]>;
  highlight: readonly HighlightRule[];
  /** Output language: the Decision column's validation list is in it. */
  lang: Lang;
  /** A completed re-screen: hits of the previous run no longer found, in the hits columns, on a sheet of their own. */
  gone?: { sheet: string; rows: readonly (readonly TableCell[])[] };
  /** Column ids with nothing to show in any row (registries without a hit): grouped and folded. */
  quietColumns?: readonly string[];
}

function columnWidths(
  columns: readonly TableColumn[],
  measured: readonly number[],
  extra: readonly (readonly TableCell[])[] = [],
): Partial<ExcelJS.Column>[] {
  return columns.map((c, i) => {
    let w = Math.max(8, c.header.length, measured[i] ?? 0);
    for (const row of extra) w = Math.max(w, Math.min(30, displayWidth(row[i])));
    return { width: Math.min(MAX_WIDTH, w + 2) };
  });
}

async function addTable(
  ws: ExcelJS.Worksheet,
  columns: readonly TableColumn[],
  startRow: number,
  count: number,
  rows: AsyncIterable<readonly TableCell[]>,
  fill: (row: readonly TableCell[], r: ExcelJS.Row) => void,
): Promise<void> {
  if (columns.length > 0) {
    ws.autoFilter = { from: { row: startRow, column: 1 }, to: { row: startRow + count, column: columns.length } };
  }
  const header = ws.addRow(columns.map((c) => xlsxCell(c.header)));
  header.font = { bold: true };
  header.commit();
  for await (const values of rows) {
    const row = ws.addRow(values.map(xlsxCell));
    fill(values, row);
    row.commit();
  }
}

// The Gone list is read from the previous results, already in memory: only its rows are streamed out.
async function* fromArray(rows: readonly (readonly TableCell[])[]): AsyncGenerator<readonly TableCell[]> {
  yield* rows;
}

/**
 * exceljs's streaming WorkbookWriter: each row goes to the zip as it is committed; only the
 * shared-string table (distinct texts) stays in memory. Shared strings rather than the writer's
 * inline form, which it writes as t="str", the type of a formula's cached result. 100,000 rows
 * stay well under a gigabyte (bench/cli-large-output.ts). Written beside the target and renamed
 * over it: a crash never leaves half a workbook behind.
 */
export async function writeXlsxStream(path: string, doc: StreamedWorkbook, sandboxLabel: string | null): Promise<void> {
  const temp = `${path}.${process.pid}.tmp`;
  const Excel = await loadExcelJs();
  const wb = new Excel.stream.xlsx.WorkbookWriter({ filename: temp, useStyles: true, useSharedStrings: true });
  wb.creator = 'CheckLists';
  wb.created = new Date();
  try {
    const tableStart = doc.runHeader.length > 0 ? doc.runHeader.length + 2 : 1;
    // Frozen under the table's header, run header included: the columns stay named while scrolling.
    const ws = wb.addWorksheet(doc.resultsSheet, {
      views: [{ state: 'frozen', ySplit: tableStart }],
      pageSetup: printSetup(tableStart),
    });
    const quiet = new Set(doc.quietColumns ?? []);
    // A registry no client was found in is one outline group folded away: the "+" above the
    // columns brings it back, and the page holds the registries that matter.
    ws.columns = columnWidths(doc.columns, doc.widths, doc.runHeader).map((c, i) =>
      quiet.has(doc.columns[i].id) ? { ...c, outlineLevel: 1, hidden: true } : c,
    );
    if (quiet.size > 0) ws.properties.outlineLevelCol = 1;
    for (const line of doc.runHeader) {
      const row = ws.addRow(line.map(xlsxCell));
      row.getCell(1).font = { bold: true };
      if (sandboxLabel !== null && line.some((v) => v === sandboxLabel)) {
        row.eachCell((cell) => {
          cell.fill = solid(FILLS.sandbox);
          cell.font = { bold: true };
        });
      }
      row.commit();
    }
    if (doc.runHeader.length > 0) ws.addRow([]).commit();
    const rules = doc.highlight
      .map((rule) => ({ rule, col: doc.columns.findIndex((c) => c.id === rule.columnId) }))
      .filter((r) => r.col >= 0);
    await addTable(ws, doc.columns, tableStart, doc.rowCount, doc.rows(), (values, row) => {
      for (const { rule, col } of rules) {
        if (matchesRule(rule, values[col])) row.getCell(col + 1).fill = solid(FILLS[rule.style]);
      }
    });
    ws.commit();

    const hits = wb.addWorksheet(doc.hitsSheet, { views: [{ state: 'frozen', ySplit: 1 }], pageSetup: printSetup(1) });
    hits.columns = columnWidths(doc.hitsColumns, doc.hitsWidths);
    await addTable(hits, doc.hitsColumns, 1, doc.hitsCount, doc.hits(), () => undefined);
    // The drop-down over every hit row, as one range; the writer keeps it until the sheet is committed.
    addDecisionValidation(hits as unknown as SheetWithValidations, doc.hitsColumns, 2, 1 + doc.hitsCount, doc.lang);
    hits.commit();

    if (doc.gone) {
      const goneRows = doc.gone.rows;
      const gone = wb.addWorksheet(doc.gone.sheet, {
        views: [{ state: 'frozen', ySplit: 1 }],
        pageSetup: printSetup(1),
      });
      const widths = doc.hitsColumns.map((_, i) => goneRows.reduce((w, r) => Math.max(w, displayWidth(r[i])), 0));
      gone.columns = columnWidths(doc.hitsColumns, widths);
      await addTable(gone, doc.hitsColumns, 1, goneRows.length, fromArray(goneRows), () => undefined);
      gone.commit();
    }
    await wb.commit();
    await rename(temp, path);
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
}
