/**
 * Worksheet.pageLayout, [Api set: ExcelApi 1.9]
 * (https://learn.microsoft.com/en-us/javascript/api/excel/excel.pagelayout; @types/office-js has the
 * same text). What the add-in sets: orientation, zoom (fit to pages), the rows printed on every page.
 */
import { EXCEL_MAX_COLUMNS } from '../../../../src/excel/a1';
import { FakeOfficeError } from '../errors';
import { compareVersions } from '../versions';
import type { SheetModel } from '../model';
import type { FakeRequestContext } from './context';
import type { FakeRange } from './range';
import type { FakeWorksheet } from './workbook';

type Zoom = { horizontalFitToPages?: number; verticalFitToPages?: number; scale?: number };

export class FakePageLayout {
  constructor(
    private readonly context: FakeRequestContext,
    private readonly path: string,
    private readonly sheet: FakeWorksheet,
  ) {}

  private queue(a: string, v: unknown, apply: (s: SheetModel) => void): void {
    this.context.enqueue({
      payload: { o: this.path, a, v },
      run: () => {
        // An older Excel answers ApiNotFound: https://learn.microsoft.com/en-us/javascript/api/excel/excel.errorcodes
        if (compareVersions(this.context.host.model.excelApi, '1.9') < 0) {
          throw new FakeOfficeError('ApiNotFound', 'Worksheet.pageLayout needs ExcelApi 1.9');
        }
        apply(this.sheet.mustTarget());
      },
    });
  }

  /** Excel.PageOrientation: "Portrait" | "Landscape". */
  set orientation(value: string) {
    this.queue('orientation', value, (s) => {
      if (value !== 'Portrait' && value !== 'Landscape') throw new FakeOfficeError('InvalidArgument', 'orientation');
      s.pageLayout.orientation = value;
    });
  }

  /**
   * PageLayoutZoomOptions: "scale … between 10 and 400"; fit-to-pages counts, where 0 is
   * "automatic" as in the file format's pageSetup fitToHeight (ECMA-376 Part 1, 18.3.1.63).
   */
  set zoom(value: Zoom) {
    this.queue('zoom', value, (s) => {
      if (value.scale !== undefined && (value.scale < 10 || value.scale > 400)) {
        throw new FakeOfficeError('InvalidArgument', 'zoom.scale');
      }
      for (const n of [value.horizontalFitToPages, value.verticalFitToPages]) {
        if (n !== undefined && (!Number.isInteger(n) || n < 0)) throw new FakeOfficeError('InvalidArgument', 'zoom');
      }
      s.pageLayout.zoom = { ...value };
    });
  }

  /** "The rows to be repeated at the top of each page. The range must span the entire row to be valid." */
  setPrintTitleRows(printTitleRows: FakeRange | string): void {
    const v = typeof printTitleRows === 'string' ? printTitleRows : printTitleRows.path;
    this.queue('setPrintTitleRows', v, (s) => {
      if (typeof printTitleRows === 'string') {
        const m = /^\$?(\d+):\$?(\d+)$/.exec(printTitleRows);
        if (!m) throw new FakeOfficeError('InvalidArgument', `print title rows ${printTitleRows}`);
        s.pageLayout.printTitleRows = `$${m[1]}:$${m[2]}`;
        return;
      }
      const { rect } = printTitleRows.mustTarget();
      if (rect.columnIndex !== 0 || rect.columnCount !== EXCEL_MAX_COLUMNS) {
        throw new FakeOfficeError('InvalidArgument', 'print title rows must span entire rows');
      }
      s.pageLayout.printTitleRows = `$${rect.rowIndex + 1}:$${rect.rowIndex + rect.rowCount}`;
    });
  }
}
