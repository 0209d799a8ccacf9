/** RangeAreas and RangeCollection: every area of a Ctrl-click selection (ExcelApi 1.9). */
import type { CellRect } from '../../../../src/excel/a1';
import { FakeOfficeError, propertyNotLoaded } from '../errors';
import type { SheetModel } from '../model';
import { compareVersions } from '../versions';
import { FakeClientObject, collectionLoadOp } from './client-object';
import type { FakeRequestContext, OpResult } from './context';
import { FakeRange } from './range';
import { FakeWorksheet } from './workbook';

/** The areas and their sheet, read at the sync that loads them. */
type AreasResolver = () => { sheet: SheetModel; rects: CellRect[] };

/**
 * "RangeAreas represents a collection of one or more rectangular ranges in the same worksheet."
 * ExcelApi 1.9, https://learn.microsoft.com/en-us/javascript/api/excel/excel.rangeareas: its
 * `areas` (a RangeCollection of each block, in the order selected), `areaCount` and `worksheet`.
 * Below ExcelApi 1.9 the host has no such object: reading it fails with ApiNotFound, as Excel's
 * other newer APIs do here.
 */
export class FakeRangeAreas extends FakeClientObject {
  protected readonly scalarProps = ['areaCount'] as const;
  readonly areas: FakeRangeCollection;
  private worksheetProxy: FakeWorksheet | undefined;

  constructor(
    context: FakeRequestContext,
    path: string,
    private readonly resolve: AreasResolver,
  ) {
    super(context, path);
    this.areas = new FakeRangeCollection(context, `${path}.areas`, () => this.available());
  }

  private available(): { sheet: SheetModel; rects: CellRect[] } {
    if (compareVersions(this.context.host.model.excelApi, '1.9') < 0) {
      throw new FakeOfficeError('ApiNotFound', 'RangeAreas: ExcelApi 1.9');
    }
    return this.resolve();
  }

  protected override child(name: string): FakeClientObject | undefined {
    return name === 'areas' ? this.areas : undefined;
  }

  protected snapshot(props: readonly string[]): Record<string, unknown> {
    const { rects } = this.available();
    return Object.fromEntries(props.map((p) => [p, rects.length]));
  }

  get areaCount(): number {
    return this.read('areaCount');
  }

  get worksheet(): FakeWorksheet {
    this.worksheetProxy ??= new FakeWorksheet(this.context, `${this.path}.worksheet`, () => this.available().sheet);
    return this.worksheetProxy;
  }
}

/**
 * Excel.RangeCollection (ExcelApi 1.9, https://learn.microsoft.com/en-us/javascript/api/excel/excel.rangecollection):
 * `items` after loading them ("items/rowIndex,..."), and `count`.
 */
export class FakeRangeCollection extends FakeClientObject {
  protected readonly scalarProps = ['items', 'count'] as const;
  private itemsList: FakeRange[] | undefined;

  constructor(
    context: FakeRequestContext,
    path: string,
    private readonly resolve: AreasResolver,
  ) {
    super(context, path);
  }

  get items(): FakeRange[] {
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
      () => {
        const { sheet, rects } = this.resolve();
        return rects.map(
          (rect, i) => new FakeRange(this.context, `${this.path}.items[${i}]`, () => ({ sheet, rect: { ...rect } })),
        );
      },
      (items, count) => {
        if (items) this.itemsList = items;
        if (count !== undefined) this.known.set('count', count);
        this.nullState = false;
      },
    );
  }
}
