import { EventEmitter, once } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import { rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type ExcelJS from 'exceljs';
import type { ReportCell, ReportColumn } from '../../relay/audit-report';
import { auditReportMessages } from '../../relay/audit-report-messages';
import { UsageError } from '../exit-codes';
import { loadExcelJs } from './exceljs-lazy';
import { writeFailed, type Sink } from './export-sink';
import { assertFolderWritable } from './output-paths';
import { fitText } from './results-document';
import { createExclusive } from './safe-file';

/**
 * A readable workbook of the relay's record (the audit trail, the decision record), written as the
 * export's JSON lines arrive: exceljs's streaming writer commits each row to the zip, so a quarter's
 * record never sits in memory. A sheet holds at most ROWS_PER_SHEET lines (Excel's limit is
 * 1,048,576 rows) and the record goes on on the next; the last says the export ended whole.
 * Owner-only (it holds client names), written beside its name and named only once whole, as the CSV
 * export is. What the columns hold is the view's (relay/audit-report.ts, relay/decision-report.ts).
 */

export const ROWS_PER_SHEET = 1_000_000;

/** The relay's `X-Audit-Scope` header: "own" when the key reads only its own requests. */
export type RecordScope = 'all' | 'own';

export interface RecordView {
  sheetName(n: number): string;
  title: string;
  /** Label and value lines under the title; `scope` is known once the relay's reply begins. */
  heading(scope: RecordScope): [string, string][];
  columns: readonly ReportColumn[];
  /** A JSON line of the export as the view's cells; null when it is not a line of this record. */
  row(line: string): ReportCell[] | null;
  notRow: string;
  end(rows: number): string;
  continues(sheet: string): string;
}

/** A file name that asks for the readable workbook rather than the raw CSV or JSON lines. */
export function wantsWorkbook(output: string | undefined): boolean {
  return output !== undefined && /\.xlsx$/i.test(output);
}

/** `--csv` or `--json` with a file named .xlsx: refused before anything is asked, never guessed. */
export function textAndWorkbook(option: '--csv' | '--json'): UsageError {
  const csv = option === '--csv';
  return new UsageError(
    auditReportMessages.text('usage.textWorkbook', {
      option,
      format: csv ? 'CSV' : 'JSON',
      ext: csv ? '.csv' : '.ndjson',
    }),
  );
}

export function scopeOf(headers: IncomingHttpHeaders): RecordScope {
  return headers['x-audit-scope'] === 'own' ? 'own' : 'all';
}

/**
 * exceljs hands a sheet's XML to the zip's deflate stream without waiting (its StreamBuf ignores
 * write()'s false), so rows that arrive faster than they compress pile up in that stream: a peak of
 * 387 MB rather than 154 MB for 600,000 rows (bench/relay-audit-export.ts). Waiting for it to drain,
 * once per chunk of the export, keeps memory flat. Read through exceljs's internals, so that if they
 * change this only stops waiting; the workbook is the same.
 */
async function compressed(ws: ExcelJS.Worksheet): Promise<void> {
  const buffered = (ws as unknown as { _stream?: { pipes?: unknown } })._stream;
  const pipes = Array.isArray(buffered?.pipes) ? (buffered.pipes as unknown[]) : [];
  for (const pipe of pipes) {
    // archiver's streams are readable-stream's, not node's: their state is read the way node's was.
    const state = (pipe as { _writableState?: { needDrain?: unknown } } | null)?._writableState;
    if (state?.needDrain === true && pipe instanceof EventEmitter) await once(pipe, 'drain');
  }
}

/**
 * Text stays text whatever its digits (an EDRPOU's leading zeros) and whatever its first character,
 * and is written in the cell itself (t="inlineStr", the form the standard gives inline text; exceljs
 * writes it for rich text) rather than in a shared-strings table: a record's names are mostly
 * distinct, and exceljs holds that table in memory to the end (400 MB for 600,000 names).
 */
function cellOf(value: ReportCell): ExcelJS.CellValue {
  return typeof value === 'string' ? { richText: [{ text: fitText(value) }] } : value;
}

export async function openRecordWorkbook(
  io: { cwd: string },
  output: string,
  view: RecordView,
  created: Date,
  rowsPerSheet = ROWS_PER_SHEET,
): Promise<Sink> {
  const path = resolve(io.cwd, output);
  await assertFolderWritable(path, output);
  const Excel = await loadExcelJs();
  const temporary = `${path}.${process.pid}.tmp`;
  const handle = await createExclusive(temporary);
  // flush: synced to disk before it closes, and so before the rename gives it its name.
  const stream = handle.createWriteStream({ flush: true });
  const closed = new Promise<void>((done) => stream.once('close', done));
  let failed: Error | null = null;
  stream.on('error', (error) => (failed ??= writeFailed(output, error)));
  const wb = new Excel.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  wb.creator = 'CheckLists';
  wb.created = created;

  const headingLines = view.heading('all');
  const tableStart = headingLines.length + 3;
  // The heading's labels sit in the first column, beside their values: wide enough to be read whole.
  const labelWidth = Math.max(...headingLines.map(([label]) => label.length + 2));
  const formats = view.columns.map((c) => c.format);
  let scope: RecordScope = 'all';
  let sheet: ExcelJS.Worksheet | null = null;
  let sheetNo = 0;
  let onSheet = 0;
  let rows = 0;
  const decoder = new StringDecoder('utf8');
  let partial = '';

  const openSheet = (): ExcelJS.Worksheet => {
    sheetNo++;
    onSheet = 0;
    // Frozen under the table's header, printed landscape one page wide with the header on every page.
    const ws = wb.addWorksheet(view.sheetName(sheetNo), {
      views: [{ state: 'frozen', ySplit: tableStart }],
      pageSetup: {
        orientation: 'landscape',
        fitToPage: true,
        fitToWidth: 1,
        fitToHeight: 0,
        printTitlesRow: `${tableStart}:${tableStart}`,
      },
    });
    ws.columns = view.columns.map((c, i) => ({ width: i === 0 ? Math.max(c.width, labelWidth) : c.width }));
    const title = ws.addRow([cellOf(view.title)]);
    title.font = { bold: true, size: 13 };
    title.commit();
    for (const [label, value] of view.heading(scope)) {
      const line = ws.addRow([cellOf(label), cellOf(value)]);
      line.getCell(1).font = { bold: true };
      line.commit();
    }
    ws.addRow([]).commit();
    const header = ws.addRow(view.columns.map((c) => cellOf(c.header)));
    header.font = { bold: true };
    header.commit();
    return ws;
  };

  /** Below the table: where the record goes on, or that it ended whole; then the sheet is done. */
  const closeSheet = (ws: ExcelJS.Worksheet, last: string) => {
    ws.autoFilter = {
      from: { row: tableStart, column: 1 },
      to: { row: tableStart + onSheet, column: view.columns.length },
    };
    ws.addRow([]).commit();
    const line = ws.addRow([cellOf(last)]);
    line.font = { italic: true };
    line.commit();
    ws.commit();
  };

  const addRow = (line: string) => {
    const cells = view.row(line);
    if (cells === null) throw new Error(view.notRow);
    if (sheet !== null && onSheet >= rowsPerSheet) {
      closeSheet(sheet, view.continues(view.sheetName(sheetNo + 1)));
      sheet = null;
    }
    sheet ??= openSheet();
    const added = sheet.addRow(cells.map(cellOf));
    formats.forEach((format, i) => {
      if (format) added.getCell(i + 1).numFmt = format;
    });
    added.commit();
    onSheet++;
    rows++;
  };

  const take = (text: string) => {
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') addRow(line);
    if (failed) throw failed;
  };

  return {
    begin: (headers) => {
      scope = scopeOf(headers);
    },
    write: async (chunk) => {
      take(typeof chunk === 'string' ? chunk : decoder.write(chunk));
      if (sheet !== null) await compressed(sheet);
    },
    finish: async () => {
      take(decoder.end());
      if (partial.trim() !== '') addRow(partial);
      closeSheet(sheet ?? openSheet(), view.end(rows));
      await wb.commit();
      await closed;
      if (failed) throw failed;
      await rename(temporary, path);
    },
    abandon: async () => {
      stream.destroy();
      await closed;
      await rm(temporary, { force: true });
    },
  };
}
