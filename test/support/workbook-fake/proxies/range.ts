/** Ranges: values, formulas, formats and every method that derives another range. */
import {
  EXCEL_MAX_COLUMNS,
  EXCEL_MAX_ROWS,
  intersectRects,
  parseAddress,
  qualifiedAddress,
  type CellRect,
} from '../../../../src/excel/a1';
import { FakeOfficeError } from '../errors';
import { compareVersions } from '../versions';
import type { SheetModel } from '../model';
import { FakeClientObject, cellInputAt, checkIndexes, forEachCell, grid, must } from './client-object';
import type { FakeRequestContext } from './context';
import { FakeDataValidation } from './data-validation';
import { FakeConditionalFormatCollection, FakeRangeFormat } from './format';
import { FakeTableCollection } from './table';
import { FakeWorksheet } from './workbook';

export interface RangeTarget {
  sheet: SheetModel;
  rect: CellRect;
}

type RangeResolver = () => RangeTarget | null;

/**
 * Reads of more cells than this are refused without materialising them. Not a second rule: every
 * cell costs at least 3 bytes of JSON ("",), so such a read is always over the 5 MB response
 * limit the batch measures on the payload (fake.ts, executeBatch).
 */
const MAX_READ_CELLS = 5_000_000;

export class FakeRange extends FakeClientObject {
  protected readonly scalarProps = [
    'address',
    'addressLocal',
    'values',
    'formulas',
    'formulasLocal',
    'numberFormat',
    'text',
    'valueTypes',
    'rowCount',
    'columnCount',
    'rowIndex',
    'columnIndex',
    'cellCount',
    'isEntireColumn',
    'isEntireRow',
    'rowHidden',
  ] as const;
  private cached: RangeTarget | null | undefined;
  private readonly resolveRaw: RangeResolver;
  private worksheetProxy: FakeWorksheet | undefined;
  readonly format: FakeRangeFormat;
  readonly conditionalFormats: FakeConditionalFormatCollection;
  readonly dataValidation: FakeDataValidation;

  constructor(context: FakeRequestContext, path: string, resolver: RangeResolver) {
    super(context, path);
    this.resolveRaw = resolver;
    this.format = new FakeRangeFormat(context, `${path}.format`, this);
    this.conditionalFormats = new FakeConditionalFormatCollection(context, `${path}.conditionalFormats`, this);
    this.dataValidation = new FakeDataValidation(context, `${path}.dataValidation`, this);
  }

  target(): RangeTarget | null {
    if (this.cached === undefined) this.cached = this.resolveRaw();
    if (this.cached?.sheet.deleted) throw new FakeOfficeError('ItemNotFound', 'the sheet of this range was deleted');
    return this.cached;
  }

  mustTarget(): RangeTarget {
    return must(this.target(), `${this.path} is a null object`);
  }

  checkExists(): void {
    this.queueNullCheck(() => this.target() !== null);
  }

  protected snapshot(props: readonly string[]): Record<string, unknown> | null {
    const t = this.target();
    if (!t) return null;
    const { sheet, rect } = t;
    const cellsRead = ['values', 'formulas', 'formulasLocal', 'numberFormat', 'text', 'valueTypes'];
    if (props.some((p) => cellsRead.includes(p)) && rect.rowCount * rect.columnCount > MAX_READ_CELLS) {
      throw new FakeOfficeError(
        'ResponsePayloadSizeLimitExceeded',
        `reading ${rect.rowCount * rect.columnCount} cells`,
      );
    }
    const out: Record<string, unknown> = {};
    for (const p of props) {
      switch (p) {
        case 'address':
        case 'addressLocal':
          out[p] = qualifiedAddress(sheet.name, rect);
          break;
        case 'values':
          // An error cell's value is its text ("#N/A"): "Cells that contain an error will return
          // the error string" (Excel.Range.values, @types/office-js).
          out[p] = grid(rect, (r, c) => sheet.get(r, c)?.value ?? '');
          break;
        case 'formulas':
        case 'formulasLocal':
          out[p] = grid(rect, (r, c) => {
            const cell = sheet.get(r, c);
            return cell ? (cell.formula ?? cell.value) : '';
          });
          break;
        case 'numberFormat':
          out[p] = grid(rect, (r, c) => sheet.style(r, c).numberFormat);
          break;
        case 'text':
          out[p] = grid(rect, (r, c) => sheet.text(r, c));
          break;
        case 'valueTypes':
          out[p] = grid(rect, (r, c) => sheet.get(r, c)?.type ?? 'Empty');
          break;
        case 'rowCount':
          out[p] = rect.rowCount;
          break;
        case 'columnCount':
          out[p] = rect.columnCount;
          break;
        case 'rowIndex':
          out[p] = rect.rowIndex;
          break;
        case 'columnIndex':
          out[p] = rect.columnIndex;
          break;
        case 'cellCount':
          out[p] = rect.rowCount * rect.columnCount;
          break;
        case 'isEntireColumn':
          out[p] = rect.rowIndex === 0 && rect.rowCount === EXCEL_MAX_ROWS;
          break;
        case 'isEntireRow':
          out[p] = rect.columnIndex === 0 && rect.columnCount === EXCEL_MAX_COLUMNS;
          break;
        case 'rowHidden': {
          // "true when all rows in a range are hidden ... false when no rows in the range are hidden
          // ... null when some rows in a range are hidden and other rows in the same range aren't"
          // (ExcelApi 1.2, https://learn.microsoft.com/en-us/javascript/api/excel/excel.range#excel-excel-range-rowhidden-member).
          let hidden = 0;
          for (let r = rect.rowIndex; r < rect.rowIndex + rect.rowCount; r += 1) {
            if (sheet.hiddenRows.has(r)) hidden += 1;
          }
          out[p] = hidden === 0 ? false : hidden === rect.rowCount ? true : null;
          break;
        }
        default:
          break;
      }
    }
    return out;
  }

  protected override child(name: string): FakeClientObject | undefined {
    if (name === 'worksheet') return this.worksheet;
    if (name === 'format') return this.format;
    if (name === 'dataValidation') return this.dataValidation;
    return undefined;
  }

  get address(): string {
    return this.read('address');
  }
  get addressLocal(): string {
    return this.read('addressLocal');
  }
  get rowCount(): number {
    return this.read('rowCount');
  }
  get columnCount(): number {
    return this.read('columnCount');
  }
  get rowIndex(): number {
    return this.read('rowIndex');
  }
  get columnIndex(): number {
    return this.read('columnIndex');
  }
  get cellCount(): number {
    return this.read('cellCount');
  }
  get rowHidden(): boolean | null {
    return this.read('rowHidden');
  }
  get isEntireColumn(): boolean {
    return this.read('isEntireColumn');
  }
  get isEntireRow(): boolean {
    return this.read('isEntireRow');
  }
  get text(): string[][] {
    return this.read('text');
  }
  get valueTypes(): string[][] {
    return this.read('valueTypes');
  }

  get values(): unknown[][] {
    return this.read('values');
  }
  set values(input: unknown[][]) {
    this.setProp('values', input, () => this.writeCells(input, 'values'));
  }

  get formulas(): unknown[][] {
    return this.read('formulas');
  }
  set formulas(input: unknown[][]) {
    this.setProp('formulas', input, () => this.writeCells(input, 'formulas'));
  }

  get formulasLocal(): unknown[][] {
    return this.read('formulasLocal');
  }
  set formulasLocal(input: unknown[][]) {
    this.setProp('formulasLocal', input, () => this.writeCells(input, 'formulasLocal'));
  }

  get numberFormat(): unknown[][] {
    return this.read('numberFormat');
  }
  set numberFormat(input: unknown[][]) {
    this.setProp('numberFormat', input, () => {
      const { sheet, rect } = this.mustTarget();
      const at = cellInputAt(input, rect, 'numberFormat');
      forEachCell(rect, (r, c, i, j) => {
        const f = at(i, j);
        if (f === null || f === undefined) return;
        if (typeof f !== 'string') throw new FakeOfficeError('InvalidArgument', 'numberFormat must be text');
        sheet.patchStyle(r, c, { numberFormat: f === '' ? 'General' : f });
      });
    });
  }

  private writeCells(input: unknown, what: string): void {
    const { sheet, rect } = this.mustTarget();
    const at = cellInputAt(input, rect, what);
    forEachCell(rect, (r, c, i, j) => sheet.writeInput(r, c, at(i, j)));
  }

  get worksheet(): FakeWorksheet {
    if (!this.worksheetProxy) {
      this.worksheetProxy = new FakeWorksheet(
        this.context,
        `${this.path}.worksheet`,
        () => this.target()?.sheet ?? null,
      );
    }
    return this.worksheetProxy;
  }

  private derived(path: string, fn: (t: RangeTarget) => CellRect | null, orNull = false): FakeRange {
    const range = new FakeRange(this.context, `${this.path}.${path}`, () => {
      const t = this.target();
      if (!t) return null;
      const rect = fn(t);
      if (!rect) {
        if (orNull) return null;
        throw new FakeOfficeError('ItemNotFound', `${path}: no such range`);
      }
      return { sheet: t.sheet, rect };
    });
    if (orNull) range.checkExists();
    return range;
  }

  getCell(row: number, column: number): FakeRange {
    return this.derived(`getCell(${row},${column})`, ({ rect }) =>
      checkIndexes(rect.rowIndex + row, rect.columnIndex + column, 1, 1),
    );
  }

  getRow(row: number): FakeRange {
    return this.derived(`getRow(${row})`, ({ rect }) =>
      checkIndexes(rect.rowIndex + row, rect.columnIndex, 1, rect.columnCount),
    );
  }

  getColumn(column: number): FakeRange {
    return this.derived(`getColumn(${column})`, ({ rect }) =>
      checkIndexes(rect.rowIndex, rect.columnIndex + column, rect.rowCount, 1),
    );
  }

  getOffsetRange(rowOffset: number, columnOffset: number): FakeRange {
    return this.derived(`getOffsetRange(${rowOffset},${columnOffset})`, ({ rect }) =>
      checkIndexes(rect.rowIndex + rowOffset, rect.columnIndex + columnOffset, rect.rowCount, rect.columnCount),
    );
  }

  getResizedRange(deltaRows: number, deltaColumns: number): FakeRange {
    return this.derived(`getResizedRange(${deltaRows},${deltaColumns})`, ({ rect }) =>
      checkIndexes(rect.rowIndex, rect.columnIndex, rect.rowCount + deltaRows, rect.columnCount + deltaColumns),
    );
  }

  getAbsoluteResizedRange(numRows: number, numColumns: number): FakeRange {
    return this.derived(`getAbsoluteResizedRange(${numRows},${numColumns})`, ({ rect }) =>
      checkIndexes(rect.rowIndex, rect.columnIndex, numRows, numColumns),
    );
  }

  getEntireColumn(): FakeRange {
    return this.derived('getEntireColumn()', ({ rect }) => ({ ...rect, rowIndex: 0, rowCount: EXCEL_MAX_ROWS }));
  }

  getEntireRow(): FakeRange {
    return this.derived('getEntireRow()', ({ rect }) => ({ ...rect, columnIndex: 0, columnCount: EXCEL_MAX_COLUMNS }));
  }

  private otherRect(other: FakeRange | string, sheet: SheetModel): CellRect {
    if (typeof other === 'string') {
      const parsed = parseAddress(other);
      if (!parsed) throw new FakeOfficeError('InvalidArgument', `address ${other}`);
      const { sheetName: _s, ...rect } = parsed;
      return rect;
    }
    const t = other.mustTarget();
    if (t.sheet !== sheet) throw new FakeOfficeError('InvalidArgument', 'ranges on different sheets');
    return t.rect;
  }

  getIntersection(other: FakeRange | string): FakeRange {
    return this.derived('getIntersection()', ({ sheet, rect }) => intersectRects(rect, this.otherRect(other, sheet)));
  }

  getIntersectionOrNullObject(other: FakeRange | string): FakeRange {
    return this.derived(
      'getIntersectionOrNullObject()',
      ({ sheet, rect }) => intersectRects(rect, this.otherRect(other, sheet)),
      true,
    );
  }

  getBoundingRect(other: FakeRange | string): FakeRange {
    return this.derived('getBoundingRect()', ({ sheet, rect }) => {
      const o = this.otherRect(other, sheet);
      const r0 = Math.min(rect.rowIndex, o.rowIndex);
      const c0 = Math.min(rect.columnIndex, o.columnIndex);
      const r1 = Math.max(rect.rowIndex + rect.rowCount, o.rowIndex + o.rowCount);
      const c1 = Math.max(rect.columnIndex + rect.columnCount, o.columnIndex + o.columnCount);
      return { rowIndex: r0, columnIndex: c0, rowCount: r1 - r0, columnCount: c1 - c0 };
    });
  }

  getSurroundingRegion(): FakeRange {
    // [Api set: ExcelApi 1.7], https://learn.microsoft.com/en-us/javascript/api/excel/excel.range#excel-excel-range-getsurroundingregion-member(1)
    // and the ExcelApi 1.7 requirement-set listing (@types/office-js says the same);
    // an older Excel answers ApiNotFound, https://learn.microsoft.com/en-us/javascript/api/excel/excel.errorcodes
    const model = this.context.host.model;
    return this.derived('getSurroundingRegion()', ({ sheet, rect }) => {
      if (compareVersions(model.excelApi, '1.7') < 0) {
        throw new FakeOfficeError('ApiNotFound', 'Range.getSurroundingRegion needs ExcelApi 1.7');
      }
      return sheet.surroundingRegion(rect.rowIndex, rect.columnIndex);
    });
  }

  getUsedRange(valuesOnly = false): FakeRange {
    return this.derived(`getUsedRange(${valuesOnly})`, ({ sheet, rect }) => {
      const used = sheet.usedRect(valuesOnly);
      return used ? intersectRects(rect, used) : null;
    });
  }

  getUsedRangeOrNullObject(valuesOnly = false): FakeRange {
    return this.derived(
      `getUsedRangeOrNullObject(${valuesOnly})`,
      ({ sheet, rect }) => {
        const used = sheet.usedRect(valuesOnly);
        return used ? intersectRects(rect, used) : null;
      },
      true,
    );
  }

  getTables(fullyContained = false): FakeTableCollection {
    return new FakeTableCollection(this.context, `${this.path}.getTables(${fullyContained})`, null, () => {
      const t = this.target();
      if (!t) return [];
      return this.context.host.model.liveTables().filter((table) => {
        if (table.sheet !== t.sheet) return false;
        const overlap = intersectRects(table.rect, t.rect);
        if (!overlap) return false;
        return (
          !fullyContained ||
          (overlap.rowCount === table.rect.rowCount && overlap.columnCount === table.rect.columnCount)
        );
      });
    });
  }

  /**
   * Range.group / hideGroupDetails, [Api set: ExcelApi 1.10]
   * (https://learn.microsoft.com/en-us/javascript/api/excel/excel.range#excel-excel-range-group-member(1),
   * @types/office-js says the same): "An InvalidArgument error is thrown when the group option
   * differs from the range's isEntireRow or isEntireColumn property". Rows are not modelled: the
   * add-in groups columns only, and ByRows fails loudly here rather than pass untested.
   */
  group(groupOption: string): void {
    this.queue({ a: 'group', v: groupOption }, () => {
      const { sheet, rect } = this.mustTarget();
      this.needsApi('1.10', 'Range.group');
      const entireRow = rect.columnIndex === 0 && rect.columnCount === EXCEL_MAX_COLUMNS;
      const entireColumn = rect.rowIndex === 0 && rect.rowCount === EXCEL_MAX_ROWS;
      if (groupOption !== 'ByColumns') throw new FakeOfficeError('InvalidArgument', 'the fake groups columns only');
      if (entireRow && !entireColumn) throw new FakeOfficeError('InvalidArgument', 'ByColumns on entire rows');
      for (let c = rect.columnIndex; c < rect.columnIndex + rect.columnCount; c++) {
        // Excel's outline has eight levels.
        sheet.columnOutline.set(c, Math.min(8, (sheet.columnOutline.get(c) ?? 0) + 1));
      }
    });
  }

  hideGroupDetails(groupOption: string): void {
    this.queue({ a: 'hideGroupDetails', v: groupOption }, () => {
      const { sheet, rect } = this.mustTarget();
      this.needsApi('1.10', 'Range.hideGroupDetails');
      if (groupOption !== 'ByColumns') throw new FakeOfficeError('InvalidArgument', 'the fake groups columns only');
      for (let c = rect.columnIndex; c < rect.columnIndex + rect.columnCount; c++) {
        if (sheet.columnOutline.has(c)) sheet.hiddenColumns.add(c);
      }
    });
  }

  /** An API above this Excel's ExcelApi answers ApiNotFound (https://learn.microsoft.com/en-us/javascript/api/excel/excel.errorcodes). */
  private needsApi(version: string, what: string): void {
    if (compareVersions(this.context.host.model.excelApi, version) < 0) {
      throw new FakeOfficeError('ApiNotFound', `${what} needs ExcelApi ${version}`);
    }
  }

  clear(applyTo: string = 'All'): void {
    this.queue({ a: 'clear', v: applyTo }, () => {
      const { sheet, rect } = this.mustTarget();
      forEachCell(rect, (r, c) => {
        if (applyTo === 'All' || applyTo === 'Contents') sheet.setContent(r, c, null);
        if (applyTo === 'All' || applyTo === 'Formats') sheet.clearStyle(r, c);
      });
    });
  }

  select(): void {
    this.queue({ a: 'select' }, () => {
      const { sheet, rect } = this.mustTarget();
      sheet.selection = { ...rect };
      sheet.selectionAreas = [{ ...rect }];
      this.context.host.model.activeSheet = sheet;
    });
  }
}
