import { runQueued } from './run';
import { textCellFormats, toSafeRows, type CellInput } from './safe-text';
import { uniqueSheetName } from './sheet-names';

/**
 * Directly connected, the pane cannot save a file: the screening certificate goes into a sheet of
 * its own instead, written as text (nothing in it can run as a formula), then protected so that
 * it is not edited by accident. Protection without a password is a guard, not a seal: the proof
 * that cannot be altered is the relay's archive; the sheet says what was shown and when.
 */

export const EVIDENCE_SHEET_BASE = 'CheckLists evidence';

/** Writes `rows` (label, value) into a new protected sheet; its name. */
export async function writeEvidenceSheet(rows: readonly (readonly CellInput[])[]): Promise<string> {
  return runQueued(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load('items/name');
    await context.sync();
    const name = uniqueSheetName(
      EVIDENCE_SHEET_BASE,
      sheets.items.map((s) => s.name),
    );
    const sheet = sheets.add(name);
    const width = rows.reduce((max, r) => Math.max(max, r.length), 1);
    const values = toSafeRows(rows, width);
    const range = sheet.getRangeByIndexes(0, 0, Math.max(1, values.length), width);
    range.numberFormat = textCellFormats(values);
    range.values = values;
    range.format.autofitColumns();
    sheet.getRange('A1').format.font.bold = true;
    sheet.protection.protect({ allowFormatColumns: true, allowFormatRows: true });
    sheet.activate();
    await context.sync();
    return name;
  });
}
