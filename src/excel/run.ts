/**
 * Excel.run for work that goes on while the person keeps using Excel (a bulk run writes for
 * minutes). Without RunOptions.delayForCellEdit, "if the user is in cell edit when the batch
 * request is processed by the host, the batch automatically fails"; with it the batch waits
 * until the edit ends (https://learn.microsoft.com/en-us/javascript/api/excel/excel.runoptions,
 * ExcelApi 1.11). On an older Excel the option is not sent: it would not know it.
 */
import { excelApiSupported } from './requirements';

export function runQueued<T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T> {
  if (!excelApiSupported('1.11')) return Excel.run(batch);
  return Excel.run({ delayForCellEdit: true }, batch);
}
