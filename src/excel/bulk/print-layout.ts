import type { RegistryKey } from '../../core/protocol/registries';
import { registryColumnId, type TableColumn } from '../../bulk/result-table';
import { excelApiSupported } from '../requirements';
import { adjacentRuns } from './table-rules';

/**
 * The results and hits sheets as an inspector prints them and an analyst scans them: landscape,
 * all columns on one page's width (as many pages down as it takes; 0 is "automatic", as in the
 * file format's fitToHeight), the table's header row on every page; and the registries no client
 * was found in folded into one outline group, a "+" away. Page layout is ExcelApi 1.9 and outline
 * groups 1.10 (https://learn.microsoft.com/en-us/javascript/api/excel/excel.pagelayout,
 * https://learn.microsoft.com/en-us/javascript/api/excel/excel.range#excel-excel-range-group-member(1)):
 * an older Excel prints and shows the sheets as they are. Returns whether anything was queued.
 */
export function queuePrintAndFold(
  sheets: { results: Excel.Worksheet; hits: Excel.Worksheet },
  table: { headerRow: number; columns: readonly TableColumn[]; quiet: readonly RegistryKey[] },
): boolean {
  let queued = false;
  if (excelApiSupported('1.9')) {
    for (const [sheet, titleRow] of [
      [sheets.results, table.headerRow],
      [sheets.hits, 1],
    ] as const) {
      sheet.pageLayout.orientation = 'Landscape';
      sheet.pageLayout.zoom = { horizontalFitToPages: 1, verticalFitToPages: 0 };
      sheet.pageLayout.setPrintTitleRows(`$${titleRow}:$${titleRow}`);
    }
    queued = true;
  }
  if (table.quiet.length > 0 && excelApiSupported('1.10')) {
    const quiet = new Set(table.quiet.map(registryColumnId));
    const indexes = table.columns.flatMap((c, i) => (quiet.has(c.id) ? [i] : []));
    for (const { firstColumn, columnCount } of adjacentRuns(indexes)) {
      // Group takes whole columns: a part of a column is not an outline.
      const columns = sheets.results.getRangeByIndexes(0, firstColumn, 1, columnCount).getEntireColumn();
      columns.group('ByColumns');
      columns.hideGroupDetails('ByColumns');
      queued = true;
    }
  }
  return queued;
}
