import type { CellValue } from './columns';

/**
 * Excel's error values as a cell holding one reads. Range.values in the Excel JavaScript API:
 * "Cells that contain an error will return the error string"; a CSV saved by Excel writes the
 * same text, and the command line's xlsx reader gives it too. The list is the basicValue of each
 * ErrorCellValue type there (@types/office-js). A failed lookup in an analyst's list (#N/A) must
 * not be screened as the name "#N/A", nor a broken date read as no date.
 */
const EXCEL_ERROR_VALUES: ReadonlySet<string> = new Set([
  '#BLOCKED!',
  '#BUSY!',
  '#CALC!',
  '#CONNECT!',
  '#DIV/0!',
  '#EXTERNAL!',
  '#FIELD!',
  '#GETTING_DATA',
  '#N/A',
  '#NAME?',
  '#NULL!',
  '#NUM!',
  '#REF!',
  '#SPILL!',
  '#VALUE!',
]);

/** The Excel error a cell holds, or null. */
export function excelErrorOf(value: CellValue | undefined): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim().toUpperCase();
  return EXCEL_ERROR_VALUES.has(text) ? text : null;
}
