import { bulkMessages } from '../../bulk/messages';
import { LANGS } from '../../core/text/i18n';
import { parseAddress } from '../a1';

/** Rows a run header may take, its notes included: where its Input line is looked for. */
const HEADER_ROWS = 24;
const TITLES: readonly string[] = LANGS.map((lang) => bulkMessages[lang]['header.title']);
const INPUT_LABELS: readonly string[] = LANGS.map((lang) => bulkMessages[lang]['header.source']);

/** The top of a sheet, as commandLineInput reads it, loaded with the caller's next sync. */
export function queueSheetTop(sheet: Excel.Worksheet): Excel.Range {
  return sheet.getRangeByIndexes(0, 0, HEADER_ROWS, 2).load('values');
}

/**
 * Results `checklists screen` wrote, opened in Excel, read from a sheet's top rows: the run
 * header's title on top, and an Input that is a file ("clients.xlsx [Клієнти]"), not an address
 * in this workbook. Their list is in that file, so they are screened again, and their decisions
 * saved, by the command line's --previous. Returns that Input, or null for any other sheet (a
 * results sheet of the pane's whose table was converted to a range included).
 */
export function commandLineInput(top: readonly (readonly unknown[])[]): string | null {
  if (!TITLES.includes(String(top[0]?.[0] ?? '').trim())) return null;
  const input = top.find((r) => typeof r[0] === 'string' && INPUT_LABELS.includes(r[0].trim()))?.[1];
  if (typeof input !== 'string' || input.trim() === '') return null;
  const parsed = parseAddress(input.trim());
  return parsed && parsed.sheetName !== null ? null : input.trim();
}
