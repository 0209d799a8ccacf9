/** Tables: collections (workbook, sheet, range-scoped) and tables with their ranges and rows. */
import { intersectRects, parseAddress, type CellRect } from '../../../../src/excel/a1';
import { FakeOfficeError, propertyNotLoaded } from '../errors';
import type { SheetModel, TableModel } from '../model';
import { FakeClientObject, FakeClientResult, cellInputAt, collectionLoadOp, forEachCell, must } from './client-object';
import type { FakeRequestContext, OpResult } from './context';
import { FakeRange } from './range';
import { FakeWorksheet } from './workbook';

export class FakeTableCollection extends FakeClientObject {
  protected readonly scalarProps = ['items', 'count'] as const;
  private itemsList: FakeTable[] | undefined;

  constructor(
    context: FakeRequestContext,
    path: string,
    /** The sheet for sheet.tables; null for workbook.tables and range.getTables(). */
    private readonly sheet: FakeWorksheet | null,
    private readonly list: () => TableModel[],
  ) {
    super(context, path);
  }

  get items(): FakeTable[] {
    if (!this.itemsList) throw propertyNotLoaded('items');
    return this.itemsList;
  }

  get count(): number {
    return this.read('count');
  }

  protected snapshot(): Record<string, unknown> {
    return {};
  }

  override loadOp(props: readonly string[] | null): () => OpResult {
    return collectionLoadOp(
      props,
      () => this.list().map((t, i) => new FakeTable(this.context, `${this.path}.items[${i}]`, () => t)),
      (items, count) => {
        if (items) this.itemsList = items;
        if (count !== undefined) this.known.set('count', count);
        this.nullState = false;
      },
    );
  }

  add(address: FakeRange | string, hasHeaders: boolean): FakeTable {
    let created: TableModel | null = null;
    const table = new FakeTable(this.context, `${this.path}.add(...)`, () => must(created, 'the table was not added'));
    const shown = typeof address === 'string' ? address : address.path;
    this.queue({ a: 'add', v: [shown, hasHeaders] }, () => {
      const model = this.context.host.model;
      let sheet: SheetModel;
      let rect: CellRect;
      if (typeof address === 'string') {
        const parsed = parseAddress(address);
        if (!parsed) throw new FakeOfficeError('InvalidArgument', `address ${address}`);
        const { sheetName, ...r } = parsed;
        rect = r;
        if (this.sheet) {
          sheet = this.sheet.mustTarget();
          if (sheetName !== null && sheetName.toLowerCase() !== sheet.name.toLowerCase()) {
            throw new FakeOfficeError('InvalidArgument', 'table address on another sheet');
          }
        } else {
          sheet =
            sheetName === null ? model.activeSheet : must(model.findSheet(sheetName) ?? null, `no sheet ${sheetName}`);
        }
      } else {
        ({ sheet, rect } = address.mustTarget());
      }
      created = model.addTable(sheet, rect, hasHeaders);
    });
    return table;
  }

  getItem(name: string): FakeTable {
    return new FakeTable(this.context, `${this.path}.getItem(${JSON.stringify(name)})`, () =>
      must(this.find(name), `no table ${JSON.stringify(name)}`),
    );
  }

  getItemOrNullObject(name: string): FakeTable {
    const table = new FakeTable(this.context, `${this.path}.getItemOrNullObject(${JSON.stringify(name)})`, () =>
      this.find(name),
    );
    table.checkExists();
    return table;
  }

  getFirst(): FakeTable {
    return new FakeTable(this.context, `${this.path}.getFirst()`, () => must(this.list()[0] ?? null, 'no table'));
  }

  getItemAt(index: number): FakeTable {
    return new FakeTable(this.context, `${this.path}.getItemAt(${index})`, () =>
      must(this.list()[index] ?? null, `no table at ${index}`),
    );
  }

  getCount(): FakeClientResult<number> {
    const result = new FakeClientResult<number>();
    this.queue({ a: 'getCount' }, () => {
      const n = this.list().length;
      return { commit: () => result.resolve(n) };
    });
    return result;
  }

  private find(name: string): TableModel | null {
    const lower = name.toLowerCase();
    return this.list().find((t) => t.name.toLowerCase() === lower || t.id === name) ?? null;
  }
}

const TABLE_BOOLEANS = [
  'showHeaders',
  'showTotals',
  'showBandedRows',
  'showBandedColumns',
  'showFilterButton',
  'highlightFirstColumn',
  'highlightLastColumn',
] as const;
type TableBoolean = (typeof TABLE_BOOLEANS)[number];

export class FakeTable extends FakeClientObject {
  protected readonly scalarProps = ['name', 'id', 'style', ...TABLE_BOOLEANS] as const;
  private cached: TableModel | null | undefined;
  private worksheetProxy: FakeWorksheet | undefined;
  readonly rows: { add: (index?: number | null, values?: unknown[][]) => void };

  constructor(
    context: FakeRequestContext,
    path: string,
    private readonly resolveRaw: () => TableModel | null,
  ) {
    super(context, path);
    this.rows = {
      add: (index, values) => {
        this.queue({ a: 'rows.add', v: [index ?? null, values ?? null] }, () => {
          if (index !== undefined && index !== null) {
            throw new FakeOfficeError('NotImplemented', 'workbook fake: rows.add at an index');
          }
          const t = this.mustTarget();
          const n = Array.isArray(values) ? values.length : 1;
          const { rowIndex, columnIndex, rowCount, columnCount } = t.rect;
          const at = rowIndex + rowCount;
          const rect = { rowIndex: at, columnIndex, rowCount: n, columnCount };
          const input = values === undefined ? null : cellInputAt(values, rect, 'rows.add');
          t.sheet.shiftDown(at, columnIndex, columnIndex + columnCount - 1, n);
          t.rect = { ...t.rect, rowCount: rowCount + n };
          if (input) forEachCell(rect, (r, c, i, j) => t.sheet.writeInput(r, c, input(i, j)));
        });
      },
    };
  }

  target(): TableModel | null {
    if (this.cached === undefined) this.cached = this.resolveRaw();
    if (this.cached?.deleted) throw new FakeOfficeError('ItemNotFound', 'the table was deleted');
    return this.cached;
  }

  mustTarget(): TableModel {
    return must(this.target(), `${this.path} is a null object`);
  }

  checkExists(): void {
    this.queueNullCheck(() => this.target() !== null);
  }

  protected snapshot(props: readonly string[]): Record<string, unknown> | null {
    const t = this.target();
    if (!t) return null;
    const all: Record<string, unknown> = { name: t.name, id: t.id, style: t.style };
    for (const b of TABLE_BOOLEANS) all[b] = t[b];
    return Object.fromEntries(props.map((p) => [p, all[p]]));
  }

  protected override child(name: string): FakeClientObject | undefined {
    return name === 'worksheet' ? this.worksheet : undefined;
  }

  get name(): string {
    return this.read('name');
  }
  set name(v: string) {
    this.setProp('name', v, () => this.context.host.model.renameTable(this.mustTarget(), v));
  }

  get id(): string {
    return this.read('id');
  }

  get style(): string {
    return this.read('style');
  }
  set style(v: string) {
    this.setProp('style', v, () => {
      if (typeof v !== 'string' || !/^(TableStyle(Light|Medium|Dark)\d{1,2}|)$/.test(v)) {
        throw new FakeOfficeError('InvalidArgument', `table style ${String(v)}`);
      }
      this.mustTarget().style = v;
    });
  }

  private setBool(p: TableBoolean, v: boolean): void {
    this.setProp(p, v, () => {
      if (typeof v !== 'boolean') throw new FakeOfficeError('InvalidArgument', p);
      this.mustTarget()[p] = v;
    });
  }
  get showHeaders(): boolean {
    return this.read('showHeaders');
  }
  set showHeaders(v: boolean) {
    this.setBool('showHeaders', v);
  }
  get showTotals(): boolean {
    return this.read('showTotals');
  }
  set showTotals(v: boolean) {
    this.setBool('showTotals', v);
  }
  get showBandedRows(): boolean {
    return this.read('showBandedRows');
  }
  set showBandedRows(v: boolean) {
    this.setBool('showBandedRows', v);
  }
  get showBandedColumns(): boolean {
    return this.read('showBandedColumns');
  }
  set showBandedColumns(v: boolean) {
    this.setBool('showBandedColumns', v);
  }
  get showFilterButton(): boolean {
    return this.read('showFilterButton');
  }
  set showFilterButton(v: boolean) {
    this.setBool('showFilterButton', v);
  }
  get highlightFirstColumn(): boolean {
    return this.read('highlightFirstColumn');
  }
  set highlightFirstColumn(v: boolean) {
    this.setBool('highlightFirstColumn', v);
  }
  get highlightLastColumn(): boolean {
    return this.read('highlightLastColumn');
  }
  set highlightLastColumn(v: boolean) {
    this.setBool('highlightLastColumn', v);
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

  /**
   * A range of a null table is a null object too: loading it answers nothing and reading its
   * properties gives undefined, never PropertyNotLoaded, because office.js's
   * Utility.throwIfNotLoaded skips any object whose result came back null
   * (node_modules/@microsoft/office-js/dist/excel-web-16.00.debug.js, `throwIfNotLoaded`,
   * `ClientObject.prototype._handleResult`). So `values` of a missing table's range reads as
   * "no rows": code must check isNullObject in a sync of its own (issue 32, item 2). Writing
   * through one stays an ItemNotFound here, stricter than a host that may ignore it.
   */
  private part(path: string, rect: (t: TableModel) => CellRect): FakeRange {
    return new FakeRange(this.context, `${this.path}.${path}`, () => {
      const t = this.target();
      return t ? { sheet: t.sheet, rect: rect(t) } : null;
    });
  }

  getRange(): FakeRange {
    return this.part('getRange()', (t) => ({ ...t.rect }));
  }

  getHeaderRowRange(): FakeRange {
    return this.part('getHeaderRowRange()', (t) => t.headerRect());
  }

  getDataBodyRange(): FakeRange {
    return this.part('getDataBodyRange()', (t) => t.bodyRect());
  }

  /** ExcelApi 1.13: the header row must stay where it is. */
  resize(newRange: FakeRange | string): void {
    this.queue({ a: 'resize', v: typeof newRange === 'string' ? newRange : newRange.path }, () => {
      const t = this.mustTarget();
      let rect: CellRect;
      if (typeof newRange === 'string') {
        const parsed = parseAddress(newRange);
        if (!parsed) throw new FakeOfficeError('InvalidArgument', `address ${newRange}`);
        rect = parsed;
      } else rect = newRange.mustTarget().rect;
      if (rect.rowIndex !== t.rect.rowIndex || rect.rowCount < 2 || !intersectRects(rect, t.rect)) {
        throw new FakeOfficeError('InvalidArgument', 'resize must keep the header row and at least one body row');
      }
      for (const other of this.context.host.model.liveTables()) {
        if (other !== t && other.sheet === t.sheet && intersectRects(other.rect, rect)) {
          throw new FakeOfficeError('InvalidArgument', 'tables cannot overlap');
        }
      }
      t.rect = rect;
      t.normaliseHeaders();
    });
  }

  delete(): void {
    this.queue({ a: 'delete' }, () => {
      const t = this.mustTarget();
      t.deleted = true;
      const { sheet, rect } = t;
      forEachCell(rect, (r, c) => sheet.setContent(r, c, null));
    });
  }

  convertToRange(): FakeRange {
    let rect: CellRect | null = null;
    let sheet: SheetModel | null = null;
    this.queue({ a: 'convertToRange' }, () => {
      const t = this.mustTarget();
      t.deleted = true;
      rect = { ...t.rect };
      sheet = t.sheet;
    });
    return new FakeRange(this.context, `${this.path}.convertToRange()`, () => (sheet && rect ? { sheet, rect } : null));
  }
}
