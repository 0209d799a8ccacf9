import { excelApiSupported } from '../requirements';

/**
 * The hits table's id, kept beside its name. An analyst may rename the table ("Table Design",
 * "Table Name"); its id stays (Table.id: "a value that uniquely identifies the table in a given
 * workbook. The value of the identifier remains the same even when the table is renamed",
 * https://learn.microsoft.com/en-us/javascript/api/excel/excel.table#excel-excel-table-id-member),
 * and TableCollection.getItemOrNullObject takes a name or an id. Kept in Workbook.settings
 * (ExcelApi 1.4, saved in the file for this add-in,
 * https://learn.microsoft.com/en-us/javascript/api/excel/excel.settingcollection), so "Screen
 * again" finds a renamed table even on a renamed sheet.
 */
const SETTINGS_API = '1.4';

function settingKey(resultsTable: string): string {
  return `CheckLists.hitsTable.${resultsTable}`;
}

/** Queues the id's record; the caller's next sync writes it. False where the host has no settings. */
export function queueKeepHitsTableId(context: Excel.RequestContext, resultsTable: string, id: string): boolean {
  if (!excelApiSupported(SETTINGS_API)) return false;
  context.workbook.settings.add(settingKey(resultsTable), id);
  return true;
}

/** The hits table of `resultsTable` by its kept id, loaded; null when no id was kept or the table is gone. */
export async function hitsTableById(context: Excel.RequestContext, resultsTable: string): Promise<Excel.Table | null> {
  if (!excelApiSupported(SETTINGS_API)) return null;
  const setting = context.workbook.settings.getItemOrNullObject(settingKey(resultsTable));
  setting.load('value');
  await context.sync();
  if (setting.isNullObject || typeof setting.value !== 'string') return null;
  const table = context.workbook.tables.getItemOrNullObject(setting.value);
  table.load('name,id');
  await context.sync();
  return table.isNullObject ? null : table;
}
