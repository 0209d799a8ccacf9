/** Workbook, worksheet collection, worksheets and their freeze panes. */
import { EXCEL_MAX_COLUMNS, EXCEL_MAX_ROWS, parseAddress, type CellRect } from '../../../../src/excel/a1';
import { FakeOfficeError, propertyNotLoaded } from '../errors';
import type { SheetModel, WorkbookModel } from '../model';
import { FakeClientObject, FakeClientResult, checkIndexes, must } from './client-object';
import type { FakeRequestContext, OpResult } from './context';
import { FakeRange } from './range';
import { FakeRangeAreas } from './range-areas';
import { FakeTableCollection } from './table';
import { FakeWorksheetProtection } from './protection';
import { FakePageLayout } from './page-layout';
import { FakeSettingCollection } from './settings';
import { dateToSerial } from '../input';
import { compareVersions } from '../versions';

/**
 * Excel.FunctionResult: a worksheet function evaluated by the host, its `value` (and `error`)
 * readable after load and sync (https://learn.microsoft.com/en-us/javascript/api/excel/excel.functionresult).
 */
class FakeFunctionResult extends FakeClientObject {
  protected readonly scalarProps = ['value', 'error'] as const;

  constructor(
    context: FakeRequestContext,
    path: string,
    private readonly compute: () => { value: unknown; error: string | null },
  ) {
    super(context, path);
  }

  protected snapshot(props: readonly string[]): Record<string, unknown> {
    const result = this.compute();
    return Object.fromEntries(props.map((p) => [p, p === 'value' ? result.value : result.error]));
  }

  get value(): unknown {
    return this.read('value');
  }

  get error(): string | null {
    return this.read('error');
  }
}

/**
 * Workbook.functions (ExcelApi 1.2): only DATE, which the add-in calls to learn the workbook's
 * date system: DATE(1904,1,1) is 0 in the 1904 system and 1462 in the 1900 one
 * (https://learn.microsoft.com/en-us/javascript/api/excel/excel.functions#excel-excel-functions-date-member(1)).
 */
class FakeFunctions {
  constructor(private readonly context: FakeRequestContext) {}

  date(year: number, month: number, day: number): FakeFunctionResult {
    const host = this.context.host;
    return new FakeFunctionResult(this.context, `workbook.functions.date(${year},${month},${day})`, () => {
      if (compareVersions(host.model.excelApi, '1.2') < 0) {
        throw new FakeOfficeError('ApiNotFound', 'Functions: ExcelApi 1.2');
      }
      const serial = dateToSerial([year, month, day], undefined, host.model.dateSystem);
      return serial === null ? { value: null, error: '#NUM!' } : { value: serial, error: null };
    });
  }
}

export class FakeWorkbook {
  readonly worksheets: FakeWorksheetCollection;
  readonly functions: FakeFunctions;
  readonly tables: FakeTableCollection;
  readonly settings: FakeSettingCollection;
  readonly application: { suspendApiCalculationUntilNextSync: () => void };

  constructor(readonly context: FakeRequestContext) {
    this.worksheets = new FakeWorksheetCollection(context);
    this.functions = new FakeFunctions(context);
    this.tables = new FakeTableCollection(context, 'workbook.tables', null, () => this.model().liveTables());
    this.settings = new FakeSettingCollection(context);
    this.application = {
      suspendApiCalculationUntilNextSync: () =>
        context.enqueue({ payload: { a: 'suspendCalc' }, run: () => undefined }),
    };
  }

  private model(): WorkbookModel {
    return this.context.host.model;
  }

  getSelectedRange(): FakeRange {
    return new FakeRange(this.context, 'workbook.getSelectedRange()', () => {
      const sheet = this.model().activeSheet;
      // "Gets the currently selected single range from the workbook. If there are multiple ranges
      // selected, this method will throw an error." Workbook.getSelectedRange,
      // https://learn.microsoft.com/en-us/javascript/api/excel/excel.workbook#excel-excel-workbook-getselectedrange-member(1);
      // the code is Excel.ErrorCodes.invalidSelection, https://learn.microsoft.com/en-us/javascript/api/excel/excel.errorcodes
      if (sheet.selectionAreas.length > 1) throw new FakeOfficeError('InvalidSelection', 'several areas are selected');
      return { sheet, rect: { ...sheet.selection } };
    });
  }

  /**
   * "Gets the currently selected one or more ranges from the workbook. Unlike getSelectedRange(),
   * this method returns a RangeAreas object that represents all the selected ranges."
   * Workbook.getSelectedRanges, ExcelApi 1.9,
   * https://learn.microsoft.com/en-us/javascript/api/excel/excel.workbook#excel-excel-workbook-getselectedranges-member(1).
   */
  getSelectedRanges(): FakeRangeAreas {
    return new FakeRangeAreas(this.context, 'workbook.getSelectedRanges()', () => {
      const sheet = this.model().activeSheet;
      return { sheet, rects: sheet.selectionAreas.map((rect) => ({ ...rect })) };
    });
  }

  /**
   * "Gets the currently active cell from the workbook." Workbook.getActiveCell, ExcelApi 1.7,
   * https://learn.microsoft.com/en-us/javascript/api/excel/excel.workbook#excel-excel-workbook-getactivecell-member(1).
   * One cell even when several areas are selected. Excel's active cell can be any cell of the
   * selection (where the drag started); the fake takes its first cell, which a test selects on purpose.
   */
  getActiveCell(): FakeRange {
    return new FakeRange(this.context, 'workbook.getActiveCell()', () => {
      const sheet = this.model().activeSheet;
      return { sheet, rect: { ...sheet.selection, rowCount: 1, columnCount: 1 } };
    });
  }
}

type SheetResolver = () => SheetModel | null;

/** Excel.EventHandlerResult: `remove` takes effect at the next sync of `context`. */
export interface FakeEventHandlerResult {
  context: FakeRequestContext;
  remove: () => void;
}

export class FakeWorksheetCollection extends FakeClientObject {
  protected readonly scalarProps = ['items'] as const;
  private itemsList: FakeWorksheet[] | undefined;

  constructor(context: FakeRequestContext) {
    super(context, 'workbook.worksheets');
  }

  /**
   * WorksheetCollection.onActivated (ExcelApi 1.7): `add` registers a handler at the next sync and
   * gives an EventHandlerResult whose `remove` unregisters it at the sync after; the handler gets
   * WorksheetActivatedEventArgs { type: "WorksheetActivated", worksheetId }
   * (https://learn.microsoft.com/en-us/javascript/api/excel/excel.worksheetcollection#excel-excel-worksheetcollection-onactivated-member).
   */
  get onActivated(): {
    add: (handler: (event: { type: string; worksheetId: string }) => Promise<unknown>) => FakeEventHandlerResult;
  } {
    return {
      add: (handler) => {
        const listener = (worksheetId: string) => void handler({ type: 'WorksheetActivated', worksheetId });
        this.queue({ a: 'onActivated.add' }, () => {
          if (compareVersions(this.model().excelApi, '1.7') < 0) {
            throw new FakeOfficeError('ApiNotFound', 'WorksheetCollection.onActivated: ExcelApi 1.7');
          }
          this.model().activationListeners.add(listener);
        });
        return {
          context: this.context,
          remove: () =>
            this.queue({ a: 'onActivated.remove' }, () => void this.model().activationListeners.delete(listener)),
        };
      },
    };
  }

  private model(): WorkbookModel {
    return this.context.host.model;
  }

  get items(): FakeWorksheet[] {
    if (!this.itemsList) throw propertyNotLoaded('items');
    return this.itemsList;
  }

  protected snapshot(): Record<string, unknown> {
    return {};
  }

  override loadOp(props: readonly string[] | null): () => OpResult {
    // Collections load their items; "name" and "items/name" both mean the items' names.
    const itemProps = (props ?? ['items']).flatMap((p) =>
      p === 'items' ? [] : [p.startsWith('items/') ? p.slice(6) : p],
    );
    return () => {
      const sheets = [...this.model().sheets];
      const items = sheets.map((s, i) => new FakeWorksheet(this.context, `${this.path}.items[${i}]`, () => s));
      const ops = items.map((it) => it.loadOp(itemProps.length ? itemProps : null));
      const results = ops.map((op) => op());
      return {
        responseBytes: results.reduce((n, r) => n + (r.responseBytes ?? 0), 2),
        commit: () => {
          for (const r of results) r.commit?.();
          this.itemsList = items;
          this.nullState = false;
        },
      };
    };
  }

  add(name?: string): FakeWorksheet {
    let created: SheetModel | null = null;
    const sheet = new FakeWorksheet(this.context, `${this.path}.add(${JSON.stringify(name ?? null)})`, () =>
      must(created, 'the sheet was not added'),
    );
    this.queue({ a: 'add', v: name ?? null }, () => {
      created = this.model().addSheet(name);
    });
    return sheet;
  }

  getItem(key: string): FakeWorksheet {
    return new FakeWorksheet(this.context, `${this.path}.getItem(${JSON.stringify(key)})`, () =>
      must(this.byKey(key), `no sheet named ${JSON.stringify(key)}`),
    );
  }

  getItemOrNullObject(key: string): FakeWorksheet {
    const sheet = new FakeWorksheet(this.context, `${this.path}.getItemOrNullObject(${JSON.stringify(key)})`, () =>
      this.byKey(key),
    );
    sheet.checkExists();
    return sheet;
  }

  private byKey(key: string): SheetModel | null {
    return this.model().findSheet(key) ?? this.model().sheets.find((s) => s.id === key) ?? null;
  }

  getActiveWorksheet(): FakeWorksheet {
    return new FakeWorksheet(this.context, `${this.path}.getActiveWorksheet()`, () => this.model().activeSheet);
  }

  getCount(visibleOnly = false): FakeClientResult<number> {
    const result = new FakeClientResult<number>();
    this.queue({ a: 'getCount', v: visibleOnly }, () => {
      const n = this.model().sheets.filter((s) => !visibleOnly || s.visibility === 'Visible').length;
      return { responseBytes: 8, commit: () => result.resolve(n) };
    });
    return result;
  }
}

export class FakeWorksheet extends FakeClientObject {
  protected readonly scalarProps = ['name', 'id', 'position', 'visibility'] as const;
  private cached: SheetModel | null | undefined;
  readonly tables: FakeTableCollection;
  readonly freezePanes: FakeFreezePanes;
  readonly protection: FakeWorksheetProtection;
  readonly pageLayout: FakePageLayout;

  constructor(context: FakeRequestContext, path: string, resolver: SheetResolver) {
    super(context, path);
    this.resolveRaw = resolver;
    this.tables = new FakeTableCollection(context, `${path}.tables`, this, () => {
      const s = this.target();
      return s ? context.host.model.liveTables().filter((t) => t.sheet === s) : [];
    });
    this.freezePanes = new FakeFreezePanes(context, `${path}.freezePanes`, this);
    this.protection = new FakeWorksheetProtection(context, `${path}.protection`, this);
    this.pageLayout = new FakePageLayout(context, `${path}.pageLayout`, this);
  }

  private readonly resolveRaw: SheetResolver;

  /** The sheet this proxy points at, resolved once per proxy as Excel resolves object paths. */
  target(): SheetModel | null {
    if (this.cached === undefined) this.cached = this.resolveRaw();
    if (this.cached?.deleted) throw new FakeOfficeError('ItemNotFound', `sheet ${this.cached.name} was deleted`);
    return this.cached;
  }

  mustTarget(): SheetModel {
    return must(this.target(), `${this.path} is a null object`);
  }

  checkExists(): void {
    this.queueNullCheck(() => this.target() !== null);
  }

  protected snapshot(props: readonly string[]): Record<string, unknown> | null {
    const s = this.target();
    if (!s) return null;
    const model = this.context.host.model;
    const all: Record<string, unknown> = {
      name: s.name,
      id: s.id,
      position: model.sheets.indexOf(s),
      visibility: s.visibility,
    };
    return Object.fromEntries(props.map((p) => [p, all[p]]));
  }

  get name(): string {
    return this.read('name');
  }

  set name(value: string) {
    this.setProp('name', value, () => this.context.host.model.renameSheet(this.mustTarget(), value));
  }

  get id(): string {
    return this.read('id');
  }

  get position(): number {
    return this.read('position');
  }

  get visibility(): string {
    return this.read('visibility');
  }

  set visibility(value: string) {
    this.setProp('visibility', value, () => this.context.host.model.setVisibility(this.mustTarget(), value));
  }

  /** A range of a null sheet is a null object too (see FakeTable's `part` for the office.js reference). */
  private rangeOn(path: string, rect: () => CellRect): FakeRange {
    return new FakeRange(this.context, `${this.path}.${path}`, () => {
      const sheet = this.target();
      return sheet ? { sheet, rect: rect() } : null;
    });
  }

  getRange(address?: string): FakeRange {
    if (address === undefined || address === '') {
      return this.rangeOn('getRange()', () => ({
        rowIndex: 0,
        columnIndex: 0,
        rowCount: EXCEL_MAX_ROWS,
        columnCount: EXCEL_MAX_COLUMNS,
      }));
    }
    return new FakeRange(this.context, `${this.path}.getRange(${JSON.stringify(address)})`, () => {
      const sheet = this.target();
      if (!sheet) return null;
      const parsed = parseAddress(address);
      if (!parsed) throw new FakeOfficeError('InvalidArgument', `address ${JSON.stringify(address)}`);
      if (parsed.sheetName !== null && parsed.sheetName.toLowerCase() !== sheet.name.toLowerCase()) {
        throw new FakeOfficeError('InvalidArgument', `address ${address} names another sheet than ${sheet.name}`);
      }
      const { sheetName: _ignored, ...rect } = parsed;
      return { sheet, rect };
    });
  }

  getRangeByIndexes(startRow: number, startColumn: number, rowCount: number, columnCount: number): FakeRange {
    return this.rangeOn(`getRangeByIndexes(${startRow},${startColumn},${rowCount},${columnCount})`, () =>
      checkIndexes(startRow, startColumn, rowCount, columnCount),
    );
  }

  getCell(row: number, column: number): FakeRange {
    return this.rangeOn(`getCell(${row},${column})`, () => checkIndexes(row, column, 1, 1));
  }

  /**
   * On an empty sheet Excel answers A1: "If the entire worksheet is blank, this function will return
   * the top left cell" (Worksheet.getUsedRange, ExcelApi 1.1,
   * https://learn.microsoft.com/en-us/javascript/api/excel/excel.worksheet#excel-excel-worksheet-getusedrange-member(1)).
   */
  getUsedRange(valuesOnly = false): FakeRange {
    return this.rangeOn(`getUsedRange(${valuesOnly})`, () => {
      const s = this.target()!;
      return s.usedRect(valuesOnly) ?? { rowIndex: 0, columnIndex: 0, rowCount: 1, columnCount: 1 };
    });
  }

  /**
   * A null object on a blank sheet (Worksheet.getUsedRangeOrNullObject, ExcelApi 1.4,
   * https://learn.microsoft.com/en-us/javascript/api/excel/excel.worksheet#excel-excel-worksheet-getusedrangeornullobject-member(1)).
   */
  getUsedRangeOrNullObject(valuesOnly = false): FakeRange {
    const range = new FakeRange(this.context, `${this.path}.getUsedRangeOrNullObject(${valuesOnly})`, () => {
      const s = this.target();
      if (!s) return null;
      const rect = s.usedRect(valuesOnly);
      return rect ? { sheet: s, rect } : null;
    });
    range.checkExists();
    return range;
  }

  activate(): void {
    this.queue({ a: 'activate' }, () => {
      const sheet = this.mustTarget();
      if (sheet.visibility !== 'Visible') {
        throw new FakeOfficeError('InvalidOperation', 'a hidden sheet cannot be activated');
      }
      this.context.host.model.activeSheet = sheet;
    });
  }

  delete(): void {
    this.queue({ a: 'delete' }, () => this.context.host.model.deleteSheet(this.mustTarget()));
  }

  protected override child(name: string): FakeClientObject | undefined {
    return name === 'tables' ? this.tables : undefined;
  }
}

export class FakeFreezePanes {
  constructor(
    private readonly context: FakeRequestContext,
    private readonly path: string,
    private readonly sheet: FakeWorksheet,
  ) {}

  private queue(a: string, v: unknown, apply: (s: SheetModel) => void): void {
    this.context.enqueue({ payload: { o: this.path, a, v }, run: () => apply(this.sheet.mustTarget()) });
  }

  freezeRows(count = 1): void {
    this.queue('freezeRows', count, (s) => {
      if (!Number.isInteger(count) || count < 0 || count >= EXCEL_MAX_ROWS) {
        throw new FakeOfficeError('InvalidArgument', 'freezeRows');
      }
      s.frozenRows = count;
      s.frozenColumns = 0;
    });
  }

  freezeColumns(count = 1): void {
    this.queue('freezeColumns', count, (s) => {
      if (!Number.isInteger(count) || count < 0 || count >= EXCEL_MAX_COLUMNS) {
        throw new FakeOfficeError('InvalidArgument', 'freezeColumns');
      }
      s.frozenColumns = count;
      s.frozenRows = 0;
    });
  }

  freezeAt(frozenRange: FakeRange | string): void {
    this.queue('freezeAt', typeof frozenRange === 'string' ? frozenRange : frozenRange.path, (s) => {
      let rect: CellRect;
      if (typeof frozenRange === 'string') {
        const parsed = parseAddress(frozenRange);
        if (!parsed) throw new FakeOfficeError('InvalidArgument', 'freezeAt address');
        rect = parsed;
      } else rect = frozenRange.mustTarget().rect;
      s.frozenRows = rect.rowIndex + rect.rowCount;
      s.frozenColumns = rect.columnIndex + rect.columnCount;
    });
  }

  unfreeze(): void {
    this.queue('unfreeze', null, (s) => {
      s.frozenRows = 0;
      s.frozenColumns = 0;
    });
  }
}
