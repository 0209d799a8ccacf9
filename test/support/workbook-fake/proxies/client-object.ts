/** The base every proxy shares (known values, isNullObject, load paths) and small helpers. */
import { EXCEL_MAX_COLUMNS, EXCEL_MAX_ROWS, type CellRect } from '../../../../src/excel/a1';
import { jsonByteLength } from '../../../../src/excel/payload';
import { FakeOfficeError, propertyNotLoaded } from '../errors';
import type { FakeRequestContext, OpResult } from './context';

export function parseLoadSpec(spec: unknown): string[] | null {
  if (spec === undefined || spec === null) return null;
  if (typeof spec === 'string') {
    return spec
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  }
  if (Array.isArray(spec)) return spec.flatMap((s) => (typeof s === 'string' ? (parseLoadSpec(s) ?? []) : []));
  if (typeof spec === 'object') {
    const o = spec as { select?: unknown; expand?: unknown };
    return [...(parseLoadSpec(o.select) ?? []), ...(parseLoadSpec(o.expand) ?? [])];
  }
  throw new FakeOfficeError('InvalidArgument', 'load() argument');
}

/** Shared machinery: known values, isNullObject, load with nested "child/prop" paths. */
export abstract class FakeClientObject {
  protected readonly known = new Map<string, unknown>();
  protected nullState: boolean | undefined;

  constructor(
    readonly context: FakeRequestContext,
    readonly path: string,
  ) {}

  protected abstract readonly scalarProps: readonly string[];
  /** Reads props from the model; null when this is a null object. Throws ItemNotFound like Excel. */
  protected abstract snapshot(props: readonly string[]): Record<string, unknown> | null;

  protected child(_name: string): FakeClientObject | undefined {
    return undefined;
  }

  protected read<T>(name: string): T {
    if (this.nullState === true) return undefined as T;
    if (!this.known.has(name)) throw propertyNotLoaded(name);
    return this.known.get(name) as T;
  }

  get isNullObject(): boolean {
    if (this.nullState === undefined) throw propertyNotLoaded('isNullObject');
    return this.nullState;
  }

  protected queue(payload: Record<string, unknown>, run: () => OpResult | void): void {
    this.context.enqueue({ payload: { o: this.path, ...payload }, run });
  }

  protected setProp(name: string, value: unknown, apply: () => void): void {
    this.known.set(name, value);
    this.queue({ a: 'set', p: name, v: value }, apply);
  }

  /** Builds the op that reads `props` (null = every scalar) at its place in the batch. */
  loadOp(props: readonly string[] | null): () => OpResult {
    const own: string[] = [];
    const nested = new Map<string, string[]>();
    for (const p of props ?? this.scalarProps) {
      const slash = p.indexOf('/');
      if (slash === -1) {
        if (!this.scalarProps.includes(p)) {
          throw new FakeOfficeError('InvalidArgument', `unknown property ${p} on ${this.path}`);
        }
        own.push(p);
      } else {
        const head = p.slice(0, slash);
        if (!this.child(head)) {
          throw new FakeOfficeError('InvalidArgument', `unknown navigation ${head} on ${this.path}`);
        }
        nested.set(head, [...(nested.get(head) ?? []), p.slice(slash + 1)]);
      }
    }
    const childOps = [...nested].map(([name, sub]) => this.child(name)!.loadOp(sub));
    return () => {
      const snap = this.snapshot(own);
      const results = childOps.map((op) => op());
      return {
        responseBytes: jsonByteLength(snap) + results.reduce((n, r) => n + (r.responseBytes ?? 0), 0),
        commit: () => {
          this.nullState = snap === null;
          if (snap) for (const [k, v] of Object.entries(snap)) this.known.set(k, v);
          for (const r of results) r.commit?.();
        },
      };
    };
  }

  load(spec?: unknown): this {
    const props = parseLoadSpec(spec);
    let build: (() => OpResult) | null = null;
    let buildError: unknown = null;
    try {
      build = this.loadOp(props);
    } catch (e) {
      buildError = e;
    }
    this.queue({ a: 'load', p: props ?? '*' }, () => {
      if (buildError) throw buildError;
      return build!();
    });
    return this;
  }

  /** Queues the identity check *OrNullObject methods make, so isNullObject answers after sync. */
  protected queueNullCheck(exists: () => boolean): void {
    this.queue({ a: 'instantiate' }, () => {
      const isNull = !exists();
      return { commit: () => (this.nullState = isNull) };
    });
  }

  toJSON(): Record<string, unknown> {
    return Object.fromEntries(this.known);
  }
}

/**
 * The load of a collection (TableCollection, RangeCollection): its `items`, each with the
 * "items/prop" paths asked, and its `count`. `make` builds the item proxies at the load's place in
 * the batch; `commit` takes them and the count, each undefined when not asked.
 */
export function collectionLoadOp<T extends FakeClientObject>(
  props: readonly string[] | null,
  make: () => T[],
  commit: (items: T[] | undefined, count: number | undefined) => void,
): () => OpResult {
  const wantCount = (props ?? []).includes('count');
  const itemProps = (props ?? ['items']).flatMap((p) =>
    p === 'items' || p === 'count' ? [] : [p.startsWith('items/') ? p.slice(6) : p],
  );
  const wantItems = props === null || props.some((p) => p !== 'count');
  return () => {
    const items = make();
    const results = wantItems ? items.map((it) => it.loadOp(itemProps.length ? itemProps : null)()) : [];
    return {
      responseBytes: results.reduce((n, r) => n + (r.responseBytes ?? 0), 2),
      commit: () => {
        for (const r of results) r.commit?.();
        commit(wantItems ? items : undefined, wantCount ? items.length : undefined);
      },
    };
  };
}

export function must<T>(value: T | null, what: string): T {
  if (value === null) throw new FakeOfficeError('ItemNotFound', what);
  return value;
}

export function checkIndexes(row: number, col: number, rows: number, cols: number): CellRect {
  const ok = [row, col, rows, cols].every((n) => Number.isInteger(n));
  if (
    !ok ||
    row < 0 ||
    col < 0 ||
    rows < 1 ||
    cols < 1 ||
    row + rows > EXCEL_MAX_ROWS ||
    col + cols > EXCEL_MAX_COLUMNS
  ) {
    throw new FakeOfficeError('InvalidArgument', `range indexes ${row},${col},${rows},${cols} outside the grid`);
  }
  return { rowIndex: row, columnIndex: col, rowCount: rows, columnCount: cols };
}

export class FakeClientResult<T> {
  private set = false;
  private v: T | undefined;

  resolve(v: T): void {
    this.v = v;
    this.set = true;
  }

  get value(): T {
    if (!this.set) throw propertyNotLoaded('value');
    return this.v as T;
  }
}

export function forEachCell(rect: CellRect, fn: (r: number, c: number, i: number, j: number) => void): void {
  for (let i = 0; i < rect.rowCount; i += 1) {
    for (let j = 0; j < rect.columnCount; j += 1) fn(rect.rowIndex + i, rect.columnIndex + j, i, j);
  }
}

export function grid<T>(rect: CellRect, fn: (r: number, c: number) => T): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rect.rowCount; i += 1) {
    const row: T[] = new Array<T>(rect.columnCount);
    for (let j = 0; j < rect.columnCount; j += 1) row[j] = fn(rect.rowIndex + i, rect.columnIndex + j);
    out.push(row);
  }
  return out;
}

/** Values arrays must match the range exactly; a single non-array value fills every cell. */
export function cellInputAt(input: unknown, rect: CellRect, what: string): (i: number, j: number) => unknown {
  if (!Array.isArray(input)) return () => input;
  const rows = input as unknown[];
  const ok =
    rows.length === rect.rowCount &&
    rows.every((row) => Array.isArray(row) && (row as unknown[]).length === rect.columnCount);
  if (!ok) {
    const got = `${rows.length}x${Array.isArray(rows[0]) ? (rows[0] as unknown[]).length : '?'}`;
    throw new FakeOfficeError(
      'InvalidArgument',
      `${what}: ${got} array for a ${rect.rowCount}x${rect.columnCount} range`,
    );
  }
  return (i, j) => (rows[i] as unknown[])[j];
}
