/**
 * WorkbookFake: an in-memory Excel for tests (jest in Node, and the browser harness — no Node
 * imports here). Code under test talks to it through the Office.js surface (Excel.run,
 * RequestContext, proxies); tests set it up and inspect it directly, without syncs.
 */
import { cellAddress, parseAddress, qualifiedAddress, rectAddress, type CellRect } from '../../../src/excel/a1';
import { EXCEL_WEB_PAYLOAD_LIMIT_BYTES, jsonByteLength } from '../../../src/excel/payload';
import { FakeOfficeError } from './errors';
import { compareVersions } from './versions';
import type { CellContent, CellType } from './input';
import { SheetModel, WorkbookModel, sheetNameProblem, type ConditionalFormatRecord } from './model';
import { FakeRequestContext, type BatchHost, type QueuedOp } from './proxies/context';

export interface WorkbookFakeOptions {
  /** Name of the sheet a new workbook starts with. */
  firstSheet?: string;
  /** Request limit per sync; Excel on the web refuses more than 5 MB. */
  payloadLimitBytes?: number;
  /** Response limit per sync (loaded data). */
  responseLimitBytes?: number;
  /**
   * The highest ExcelApi requirement set this Excel supports (default "1.20"). install()
   * answers Office.context.requirements.isSetSupported from it when no Office global exists,
   * and APIs above it fail with ApiNotFound, as in an older Excel.
   */
  excelApi?: string;
  /** The workbook's date system (Options, "Use 1904 date system"); 1900 by default. */
  dateSystem?: 1900 | 1904;
}

export interface SyncStats {
  /** Round trips: syncs that carried at least one operation (an empty sync sends nothing). */
  syncs: number;
  /** Request bytes of each round trip, in order. */
  bytesPerSync: number[];
  /** Operations in each round trip. */
  opsPerSync: number[];
  /** Response bytes (loaded data) of each round trip. */
  responseBytesPerSync: number[];
  /** Syncs called with nothing queued. */
  emptySyncs: number;
  /** Batches that waited for the user to leave cell-edit mode (RunOptions.delayForCellEdit). */
  delayedForCellEdit: number;
  /** Operations still queued when an Excel.run batch returned (never sent: a missing sync). */
  droppedOps: number;
  readonly maxSyncBytes: number;
}

export interface CellView {
  /** What Range.values reads: "" for an empty cell, the result for a formula. */
  value: string | number | boolean;
  /** "=..." for a formula cell, else null. */
  formula: string | null;
  type: CellType | 'Empty';
  text: string;
  numberFormat: string;
  /** Stored with Excel's quote prefix (written as 'text). */
  quotePrefix: boolean;
  bold: boolean;
  fontColor: string;
  fillColor: string | null;
}

export interface TableView {
  name: string;
  sheet: string;
  address: string;
  headers: string[];
  style: string;
  showHeaders: boolean;
  showBandedRows: boolean;
  showFilterButton: boolean;
  showTotals: boolean;
}

export interface ConditionalFormatView extends Omit<ConditionalFormatRecord, 'rect' | 'deleted'> {
  address: string;
}

export interface SyncFailure {
  code?: string;
  detail?: string;
  /** Operations of that batch applied before it fails (default 0: nothing applied). */
  afterOps?: number;
}

/** What an operation sends: o = object path, a = action ("add", "activate", "set", "load"...), p, v. */
export type OpPayload = Record<string, unknown>;

export type SetupCell = string | number | boolean | null | undefined;

type RunBatch<T> = (context: Excel.RequestContext) => Promise<T>;

export class WorkbookFake implements BatchHost {
  readonly model: WorkbookModel;
  payloadLimitBytes: number;
  responseLimitBytes: number;
  readonly excelApi: string;
  readonly stats: SyncStats;
  private readonly failures = new Map<number, SyncFailure>();
  private readonly editTriggers: { match: (payload: OpPayload) => boolean; forMs: number }[] = [];
  private readonly opFailures: { match: (payload: OpPayload) => boolean; failure: SyncFailure; times: number }[] = [];
  private cellEdit: { ended: Promise<void>; end: () => void } | null = null;

  constructor(options: WorkbookFakeOptions = {}) {
    this.model = new WorkbookModel(options.firstSheet ?? 'Sheet1');
    this.payloadLimitBytes = options.payloadLimitBytes ?? EXCEL_WEB_PAYLOAD_LIMIT_BYTES;
    this.responseLimitBytes = options.responseLimitBytes ?? EXCEL_WEB_PAYLOAD_LIMIT_BYTES;
    this.excelApi = options.excelApi ?? '1.20';
    this.model.excelApi = this.excelApi;
    this.model.dateSystem = options.dateSystem ?? 1900;
    this.stats = WorkbookFake.emptyStats();
  }

  /**
   * Office.context.requirements.isSetSupported for this Excel: "ExcelApi" up to excelApi; the
   * other sets the add-in declares (SharedRuntime, CustomFunctionsRuntime) at the versions
   * current Excel has. https://learn.microsoft.com/en-us/javascript/api/office/office.requirementsetsupport
   */
  isSetSupported(name: string, minVersion = '1.1'): boolean {
    const have: Record<string, string> = {
      ExcelApi: this.excelApi,
      SharedRuntime: '1.1',
      CustomFunctionsRuntime: '1.4',
    };
    const version = have[name];
    return version !== undefined && compareVersions(version, minVersion) >= 0;
  }

  private static emptyStats(): SyncStats {
    return {
      syncs: 0,
      bytesPerSync: [],
      opsPerSync: [],
      responseBytesPerSync: [],
      emptySyncs: 0,
      droppedOps: 0,
      delayedForCellEdit: 0,
      get maxSyncBytes() {
        return this.bytesPerSync.reduce((m, b) => Math.max(m, b), 0);
      },
    };
  }

  resetStats(): void {
    const fresh = WorkbookFake.emptyStats();
    this.stats.syncs = fresh.syncs;
    this.stats.bytesPerSync = [];
    this.stats.opsPerSync = [];
    this.stats.responseBytesPerSync = [];
    this.stats.emptySyncs = 0;
    this.stats.droppedOps = 0;
    this.stats.delayedForCellEdit = 0;
  }

  // ------------------------------------------------------------ Office.js surface

  /** A RequestContext bound to this workbook, typed as Office.js's for code under test. */
  context(): Excel.RequestContext {
    return new FakeRequestContext(this) as unknown as Excel.RequestContext;
  }

  /**
   * Excel.run: runs the batch on a fresh context. Operations left queued when the batch
   * returns are dropped and counted in stats.droppedOps — code must sync what it queues.
   */
  async run<T>(...args: unknown[]): Promise<T> {
    const batch = args[args.length - 1];
    if (typeof batch !== 'function') throw new FakeOfficeError('InvalidArgument', 'Excel.run needs a batch function');
    // Excel.run(object, batch) continues on the context of a previous object or context.
    const first = args.length > 1 ? args[0] : undefined;
    const previous =
      first instanceof FakeRequestContext
        ? first
        : (first as { context?: unknown } | undefined)?.context instanceof FakeRequestContext
          ? (first as { context: FakeRequestContext }).context
          : undefined;
    // Excel.run(options, batch): RunOptions, https://learn.microsoft.com/en-us/javascript/api/excel/excel.runoptions
    const options =
      !previous && first && typeof first === 'object' ? (first as { delayForCellEdit?: unknown }) : undefined;
    const ctx = previous ?? new FakeRequestContext(this, options?.delayForCellEdit === true);
    const result = await (batch as RunBatch<T>)(ctx as unknown as Excel.RequestContext);
    if (!previous) {
      this.stats.droppedOps += ctx.queue.length;
      ctx.queue = [];
    }
    return result;
  }

  /**
   * Installs globals: Excel (run, RequestContext, the enums the add-in uses) and
   * OfficeExtension.Error. Returns a function restoring what was there.
   */
  install(target: Record<string, unknown> = globalThis as unknown as Record<string, unknown>): () => void {
    const previous = { Excel: target.Excel, OfficeExtension: target.OfficeExtension, Office: target.Office };
    // Excel.RequestContext must stay a `function` (callers `new` it), so it cannot close over an arrow's `this`.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const fake = this;
    // Only where no Office global exists: a test's own Office stand-in stays in charge.
    if (target.Office === undefined) {
      target.Office = {
        context: {
          requirements: { isSetSupported: (name: string, version?: string) => fake.isSetSupported(name, version) },
        },
      };
    }
    target.Excel = {
      run: (...args: unknown[]) => fake.run(...args),
      RequestContext: function RequestContext() {
        return new FakeRequestContext(fake);
      },
      ConditionalFormatType: {
        custom: 'Custom',
        containsText: 'ContainsText',
        cellValue: 'CellValue',
        dataBar: 'DataBar',
        colorScale: 'ColorScale',
        iconSet: 'IconSet',
        topBottom: 'TopBottom',
        presetCriteria: 'PresetCriteria',
      },
      ConditionalTextOperator: {
        contains: 'Contains',
        notContains: 'NotContains',
        beginsWith: 'BeginsWith',
        endsWith: 'EndsWith',
      },
      ClearApplyTo: { all: 'All', formats: 'Formats', contents: 'Contents' },
      ErrorCodes: {
        invalidArgument: 'InvalidArgument',
        invalidOperation: 'InvalidOperation',
        itemNotFound: 'ItemNotFound',
        itemAlreadyExists: 'ItemAlreadyExists',
        generalException: 'GeneralException',
        invalidSelection: 'InvalidSelection',
        invalidOperationInCellEditMode: 'InvalidOperationInCellEditMode',
        responsePayloadSizeLimitExceeded: 'ResponsePayloadSizeLimitExceeded',
      },
    };
    target.OfficeExtension = { Error: FakeOfficeError };
    return () => {
      target.Excel = previous.Excel;
      target.OfficeExtension = previous.OfficeExtension;
      target.Office = previous.Office;
    };
  }

  // ------------------------------------------------------------ batches

  // ------------------------------------------------------------ cell-edit mode

  /**
   * The user starts typing in a cell. Until cellEditEnds(), a batch fails with
   * InvalidOperationInCellEditMode unless its Excel.run asked for delayForCellEdit, in which
   * case it waits: "When false, if the user is in cell edit when the batch request is processed
   * by the host, the batch automatically fails. When true, ... the batch request is delayed until
   * the user exits cell edit mode." RunOptions.delayForCellEdit,
   * https://learn.microsoft.com/en-us/javascript/api/excel/excel.runoptions
   */
  cellEditStarts(): this {
    if (!this.cellEdit) {
      let end = (): void => undefined;
      const ended = new Promise<void>((resolve) => (end = resolve));
      this.cellEdit = { ended, end };
    }
    return this;
  }

  cellEditEnds(): this {
    const edit = this.cellEdit;
    this.cellEdit = null;
    edit?.end();
    return this;
  }

  get inCellEditMode(): boolean {
    return this.cellEdit !== null;
  }

  /**
   * The user starts typing just as the first batch holding an operation that `match`es arrives,
   * and stops `forMs` later: the moment a run's last batch can meet an analyst mid-edit.
   */
  cellEditStartsAt(match: (payload: OpPayload) => boolean, forMs: number): this {
    this.editTriggers.push({ match, forMs });
    return this;
  }

  async cellEditGate(delayForCellEdit: boolean, ops: readonly QueuedOp[] = []): Promise<void> {
    const trigger = this.editTriggers.findIndex((t) => ops.some((op) => t.match(op.payload)));
    if (trigger >= 0) {
      const [{ forMs }] = this.editTriggers.splice(trigger, 1);
      this.cellEditStarts();
      setTimeout(() => this.cellEditEnds(), forMs);
    }
    while (this.cellEdit) {
      if (!delayForCellEdit) {
        throw new FakeOfficeError('InvalidOperationInCellEditMode', 'a batch arrived while a cell is being edited');
      }
      this.stats.delayedForCellEdit += 1;
      await this.cellEdit.ended;
    }
  }

  /**
   * Makes the first batch holding an operation that `match`es fail, with nothing of that batch
   * applied before it (for example `(p) => p.a === 'add'` for adding a sheet, as Excel may
   * fail with GeneralException while the user switches workbooks). `times` batches fail.
   */
  failOperation(match: (payload: OpPayload) => boolean, failure: SyncFailure = {}, times = 1): this {
    this.opFailures.push({ match, failure, times });
    return this;
  }

  /** Makes the n-th round trip (1-based, counted like stats.syncs) fail. */
  failAtSync(n: number, failure: SyncFailure = {}): void {
    this.failures.set(n, failure);
  }

  failNextSync(failure: SyncFailure = {}): void {
    this.failAtSync(this.stats.syncs + 1, failure);
  }

  executeBatch(ops: QueuedOp[]): void {
    if (ops.length === 0) {
      this.stats.emptySyncs += 1;
      return;
    }
    this.stats.syncs += 1;
    const n = this.stats.syncs;
    // Excel on the web: "Payload size for requests and responses: 5MB" (RequestPayloadSizeLimitExceeded
    // / ResponsePayloadSizeLimitExceeded), measured here on the JSON the batch carries each way.
    // https://learn.microsoft.com/en-us/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins
    const bytes = jsonByteLength({ n, ops: ops.map((o) => o.payload) });
    this.stats.bytesPerSync.push(bytes);
    this.stats.opsPerSync.push(ops.length);
    if (bytes > this.payloadLimitBytes) {
      this.stats.responseBytesPerSync.push(0);
      throw new FakeOfficeError('RequestPayloadSizeLimitExceeded', `${bytes} bytes`);
    }
    let failure = this.failures.get(n);
    this.failures.delete(n);
    if (!failure) {
      for (const f of this.opFailures) {
        const at = f.times > 0 ? ops.findIndex((o) => f.match(o.payload)) : -1;
        if (at === -1) continue;
        f.times -= 1;
        failure = { ...f.failure, afterOps: 0 };
        break;
      }
    }
    const commits: (() => void)[] = [];
    let response = 0;
    let applied = 0;
    try {
      for (const op of ops) {
        if (failure && applied >= (failure.afterOps ?? 0)) break;
        const result = op.run();
        applied += 1;
        if (result?.commit) commits.push(result.commit);
        response += result?.responseBytes ?? 0;
      }
    } finally {
      this.stats.responseBytesPerSync.push(response);
    }
    if (failure) {
      throw new FakeOfficeError(failure.code ?? 'GeneralException', failure.detail ?? `injected failure at sync ${n}`);
    }
    // The response side of the same 5 MB limit (see the request check above).
    if (response > this.responseLimitBytes) {
      throw new FakeOfficeError('ResponsePayloadSizeLimitExceeded', `${response} bytes`);
    }
    for (const commit of commits) commit();
  }

  // ------------------------------------------------------------ test set-up (no syncs)

  private sheet(name: string): SheetModel {
    const s = this.model.findSheet(name);
    if (!s) throw new Error(`workbook fake: no sheet ${JSON.stringify(name)}`);
    return s;
  }

  /**
   * Creates the sheet (or empties an existing one) and fills it from `at` (default A1).
   * By default values are stored as given (strings as text); `typed: true` parses them as
   * Excel parses typed input, so "=1+1" becomes a formula and "007" the number 7.
   */
  setSheet(
    name: string,
    rows: readonly (readonly SetupCell[])[],
    options: { at?: string; typed?: boolean; activate?: boolean } = {},
  ): this {
    let sheet = this.model.findSheet(name);
    if (!sheet) {
      const problem = sheetNameProblem(name);
      if (problem) throw new Error(`workbook fake: bad sheet name ${JSON.stringify(name)}: ${problem}`);
      sheet = this.model.addSheet(name);
    } else {
      sheet.cells.clear();
      sheet.styles.clear();
    }
    const origin = parseAddress(options.at ?? 'A1');
    if (!origin) throw new Error(`workbook fake: bad address ${options.at}`);
    rows.forEach((row, i) =>
      row.forEach((v, j) => {
        const r = origin.rowIndex + i;
        const c = origin.columnIndex + j;
        if (v === null || v === undefined || v === '') return;
        if (options.typed) sheet!.writeInput(r, c, v);
        else if (typeof v === 'string') {
          sheet!.setContent(r, c, { value: v, type: 'String', formula: null, quotePrefix: false });
        } else if (typeof v === 'number') {
          sheet!.setContent(r, c, { value: v, type: 'Double', formula: null, quotePrefix: false });
        } else sheet!.setContent(r, c, { value: v, type: 'Boolean', formula: null, quotePrefix: false });
      }),
    );
    if (options.activate) this.model.activeSheet = sheet;
    return this;
  }

  /**
   * Makes `sheet` active with `address` selected, as a user click would. Several areas
   * separated by commas ("A1:A2,C1:C2") are what a Ctrl-click selects.
   */
  select(sheetName: string, address: string): this {
    const sheet = this.sheet(sheetName);
    const areas = address.split(',').map((part) => {
      const parsed = parseAddress(part.trim());
      if (!parsed) throw new Error(`workbook fake: bad address ${address}`);
      const { sheetName: _s, ...rect } = parsed;
      return rect;
    });
    sheet.selection = areas[0];
    sheet.selectionAreas = areas;
    this.model.activeSheet = sheet;
    return this;
  }

  /** Sets number formats directly (e.g. a column the user formatted as Text "@"). */
  setNumberFormat(sheetName: string, address: string, format: string): this {
    const sheet = this.sheet(sheetName);
    const rect = this.rect(address);
    for (let r = rect.rowIndex; r < rect.rowIndex + rect.rowCount; r += 1) {
      for (let c = rect.columnIndex; c < rect.columnIndex + rect.columnCount; c += 1) {
        sheet.patchStyle(r, c, { numberFormat: format });
      }
    }
    return this;
  }

  /**
   * Values pasted by a person over `address` (top-left cell), without clearing the sheet. Pasting
   * skips data validation in Excel ("if the user simply copies and pastes a cell into a range with
   * data validation, data validation is not triggered":
   * https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-data-validation).
   */
  pasteValues(sheetName: string, address: string, rows: readonly (readonly SetupCell[])[]): this {
    const sheet = this.sheet(sheetName);
    const origin = this.rect(address);
    rows.forEach((row, i) =>
      row.forEach((v, j) => {
        const r = origin.rowIndex + i;
        const c = origin.columnIndex + j;
        if (v === null || v === undefined || v === '') sheet.setContent(r, c, null);
        else if (typeof v === 'string') {
          sheet.setContent(r, c, { value: v, type: 'String', formula: null, quotePrefix: false });
        } else if (typeof v === 'number') {
          sheet.setContent(r, c, { value: v, type: 'Double', formula: null, quotePrefix: false });
        } else sheet.setContent(r, c, { value: v, type: 'Boolean', formula: null, quotePrefix: false });
      }),
    );
    return this;
  }

  /**
   * A person typing one value into a cell. A list rule with a "stop" error alert (the default
   * alert) refuses a value not on the list, as Excel's UI does; returns whether it was accepted.
   * https://learn.microsoft.com/javascript/api/excel/excel.datavalidationerroralert
   */
  typeValue(sheetName: string, address: string, value: string): boolean {
    const sheet = this.sheet(sheetName);
    const { rowIndex: r, columnIndex: c } = this.rect(address);
    const rule = sheet.dataValidations.find(
      (v) =>
        r >= v.rect.rowIndex &&
        r < v.rect.rowIndex + v.rect.rowCount &&
        c >= v.rect.columnIndex &&
        c < v.rect.columnIndex + v.rect.columnCount,
    );
    const list = rule?.rule.list as { source?: string } | undefined;
    const stops = rule && (rule.errorAlert?.showAlert ?? true) && (rule.errorAlert?.style ?? 'Stop') === 'Stop';
    const blankOk = value === '' && (rule?.ignoreBlanks ?? true);
    if (
      list &&
      stops &&
      !blankOk &&
      !String(list.source ?? '')
        .split(',')
        .includes(value)
    ) {
      return false;
    }
    sheet.writeInput(r, c, value);
    return true;
  }

  /**
   * Deletes a whole column as a person does (Delete → Entire column): cells to its right move
   * left, and a table that spans it loses that column. Formats, conditional formats and validation
   * rules stay where they were: the fake does not move them (no test reads them after a deletion).
   * https://support.microsoft.com/office/insert-or-delete-rows-and-columns-6f40e6e4-85af-45e0-b39d-65dd504a3246
   */
  deleteColumn(sheetName: string, column: string): this {
    const sheet = this.sheet(sheetName);
    const col = this.rect(`${column}1`).columnIndex;
    const moved: [number, number, CellContent][] = [];
    for (const [k, v] of sheet.cells) {
      const r = Math.floor(k / 16384);
      const c = k % 16384;
      if (c >= col) moved.push([r, c, v]);
    }
    for (const [r, c] of moved) sheet.setContent(r, c, null);
    for (const [r, c, v] of moved) if (c > col) sheet.setContent(r, c - 1, v);
    for (const t of this.model.liveTables()) {
      if (t.sheet !== sheet) continue;
      if (col >= t.rect.columnIndex && col < t.rect.columnIndex + t.rect.columnCount) {
        t.rect = { ...t.rect, columnCount: t.rect.columnCount - 1 };
      } else if (col < t.rect.columnIndex) t.rect = { ...t.rect, columnIndex: t.rect.columnIndex - 1 };
    }
    return this;
  }

  /** Adds a table directly (header row first), as if the user had made one. */
  addTable(sheetName: string, address: string, name?: string): this {
    const table = this.model.addTable(this.sheet(sheetName), this.rect(address), true);
    if (name) this.model.renameTable(table, name);
    return this;
  }

  /**
   * The analyst sorts a table by one of its columns (0-based within the table) from the ribbon
   * (Data > Sort) or a right-click, which work whether or not the table shows its filter buttons:
   * the data rows are reordered, each row's cells moving together; the header stays. Numbers come
   * before text, blanks last, as Excel sorts mixed columns ("Sort data in a range or table",
   * https://support.microsoft.com/office/sort-data-in-a-range-or-table-62d0b95d-2a90-4610-a6ae-2e545c4a4654).
   * Styles and conditional formats stay where they are.
   */
  userSortsTable(tableName: string, column: number, order: 'ascending' | 'descending'): this {
    const table = this.model.findTable(tableName);
    if (!table) throw new Error(`workbook fake: no table ${tableName}`);
    const body = table.bodyRect();
    const { sheet } = table;
    const rows = Array.from({ length: body.rowCount }, (_, i) =>
      Array.from({ length: body.columnCount }, (_, c) => sheet.get(body.rowIndex + i, body.columnIndex + c)),
    );
    const rank = (cell: CellContent | undefined): [number, number | string] => {
      if (!cell || cell.value === '' || cell.value === null) return [2, 0];
      return typeof cell.value === 'number' ? [0, cell.value] : [1, String(cell.value).toLowerCase()];
    };
    const sign = order === 'ascending' ? 1 : -1;
    rows.sort((a, b) => {
      const [ka, va] = rank(a[column]);
      const [kb, vb] = rank(b[column]);
      if (ka !== kb || ka === 2) return ka - kb;
      return (va < vb ? -1 : va > vb ? 1 : 0) * sign;
    });
    rows.forEach((cells, i) => {
      cells.forEach((cell, c) => sheet.setContent(body.rowIndex + i, body.columnIndex + c, cell ?? null));
    });
    return this;
  }

  /**
   * The analyst filters a table from its header's filter button (Data → Filter shows the buttons
   * if they were hidden): body rows whose cell in `column` fails `keep` are hidden, nothing moves.
   * "Filtered data displays only the rows that meet criteria that you specify and hides rows that
   * you don't want displayed" ("Filter data in a range or table",
   * https://support.microsoft.com/office/filter-data-in-a-range-or-table-01832226-31b5-4568-8806-38c37dcc180e).
   * Values written by the API land in hidden rows as in any other (Range.values sets every cell
   * of the range; nothing in the Range reference excepts hidden ones).
   */
  userFiltersTable(tableName: string, column: number, keep: (value: unknown) => boolean): this {
    const table = this.model.findTable(tableName);
    if (!table) throw new Error(`workbook fake: no table ${tableName}`);
    table.showFilterButton = true;
    const body = table.bodyRect();
    for (let r = body.rowIndex; r < body.rowIndex + body.rowCount; r += 1) {
      const value = table.sheet.get(r, body.columnIndex + column)?.value ?? '';
      if (keep(value)) table.sheet.hiddenRows.delete(r);
      else table.sheet.hiddenRows.add(r);
    }
    return this;
  }

  /**
   * The analyst hides rows by hand (select them, then Home → Format → Hide & Unhide → Hide Rows:
   * "Hide or show rows or columns",
   * https://support.microsoft.com/office/hide-or-show-rows-or-columns-659c2cad-6830-45e8-95ba-9c84e0ea2eee).
   * `rows` are 1-based row numbers; the cells keep their values, as a filter's hidden rows do.
   */
  userHidesRows(sheetName: string, rows: readonly number[]): this {
    const sheet = this.sheet(sheetName);
    for (const row of rows) sheet.hiddenRows.add(row - 1);
    return this;
  }

  /** The analyst shows hidden rows again (Hide & Unhide → Unhide Rows, same page as userHidesRows). */
  userUnhidesRows(sheetName: string, rows: readonly number[]): this {
    const sheet = this.sheet(sheetName);
    for (const row of rows) sheet.hiddenRows.delete(row - 1);
    return this;
  }

  /** Rows a filter hides on a sheet, as 1-based row numbers. */
  hiddenRows(sheetName: string): number[] {
    return [...this.sheet(sheetName).hiddenRows].map((r) => r + 1).sort((a, b) => a - b);
  }

  private rect(address: string): CellRect {
    const parsed = parseAddress(address);
    if (!parsed) throw new Error(`workbook fake: bad address ${address}`);
    const { sheetName: _s, ...rect } = parsed;
    return rect;
  }

  // ------------------------------------------------------------ inspection (no syncs)

  sheetNames(): string[] {
    return this.model.sheets.map((s) => s.name);
  }

  sheetVisibility(sheetName: string): 'Visible' | 'Hidden' | 'VeryHidden' {
    return this.sheet(sheetName).visibility;
  }

  activeSheetName(): string {
    return this.model.activeSheet.name;
  }

  /** The active sheet's selection, sheet-qualified as Range.address reads. */
  selectedAddress(): string {
    const s = this.model.activeSheet;
    return qualifiedAddress(s.name, s.selection);
  }

  cell(sheetName: string, address: string): CellView {
    const sheet = this.sheet(sheetName);
    const { rowIndex: r, columnIndex: c } = this.rect(address);
    const content = sheet.get(r, c);
    const style = sheet.style(r, c);
    return {
      value: content?.value ?? '',
      formula: content?.formula ?? null,
      type: content?.type ?? 'Empty',
      text: sheet.text(r, c),
      numberFormat: style.numberFormat,
      quotePrefix: content?.quotePrefix ?? false,
      bold: style.bold,
      fontColor: style.fontColor,
      fillColor: style.fillColor,
    };
  }

  /** Values from A1 to the last used cell ([] for an empty sheet); empty cells read "". */
  sheetValues(sheetName: string): (string | number | boolean)[][] {
    return this.grid(sheetName, (sheet, r, c) => sheet.get(r, c)?.value ?? '');
  }

  /** Like sheetValues but formula cells read as their formula. */
  sheetFormulas(sheetName: string): (string | number | boolean)[][] {
    return this.grid(sheetName, (sheet, r, c) => {
      const cell = sheet.get(r, c);
      return cell ? (cell.formula ?? cell.value) : '';
    });
  }

  /** Addresses (A1 form) of every formula cell on the sheet. */
  formulaCells(sheetName: string): string[] {
    const sheet = this.sheet(sheetName);
    const out: { r: number; c: number }[] = [];
    for (const [k, v] of sheet.cells) {
      if (v.formula) out.push({ r: Math.floor(k / 16384), c: k % 16384 });
    }
    return out.sort((a, b) => a.r - b.r || a.c - b.c).map(({ r, c }) => cellAddress(r, c));
  }

  private grid<T>(sheetName: string, read: (sheet: SheetModel, r: number, c: number) => T): T[][] {
    const sheet = this.sheet(sheetName);
    const used = sheet.usedRect(true);
    if (!used) return [];
    const rows = used.rowIndex + used.rowCount;
    const cols = used.columnIndex + used.columnCount;
    const out: T[][] = [];
    for (let r = 0; r < rows; r += 1) {
      const row: T[] = [];
      for (let c = 0; c < cols; c += 1) row.push(read(sheet, r, c));
      out.push(row);
    }
    return out;
  }

  tables(sheetName?: string): TableView[] {
    return this.model
      .liveTables()
      .filter((t) => sheetName === undefined || t.sheet.name.toLowerCase() === sheetName.toLowerCase())
      .map((t) => ({
        name: t.name,
        sheet: t.sheet.name,
        address: qualifiedAddress(t.sheet.name, t.rect),
        headers: Array.from({ length: t.rect.columnCount }, (_, i) =>
          String(t.sheet.get(t.rect.rowIndex, t.rect.columnIndex + i)?.value ?? ''),
        ),
        style: t.style,
        showHeaders: t.showHeaders,
        showBandedRows: t.showBandedRows,
        showFilterButton: t.showFilterButton,
        showTotals: t.showTotals,
      }));
  }

  conditionalFormats(sheetName: string): ConditionalFormatView[] {
    return this.sheet(sheetName)
      .conditionalFormats.filter((f) => !f.deleted)
      .map(({ rect, deleted: _d, ...rest }) => ({ ...rest, address: rectAddress(rect) }));
  }

  /** Data-validation rules of a sheet with the cells they cover. */
  dataValidations(
    sheetName: string,
  ): { address: string; rule: Record<string, unknown>; prompt: unknown; errorAlert: unknown }[] {
    return this.sheet(sheetName).dataValidations.map((v) => ({
      address: rectAddress(v.rect),
      rule: v.rule,
      prompt: v.prompt,
      errorAlert: v.errorAlert,
    }));
  }

  /** The sheet's protection, or null when it is not protected. */
  protection(sheetName: string): { options: Record<string, unknown>; password: string | null } | null {
    return this.sheet(sheetName).protection;
  }

  /** What the sheet prints with (Worksheet.pageLayout). */
  pageLayout(sheetName: string): SheetModel['pageLayout'] {
    return this.sheet(sheetName).pageLayout;
  }

  /** Columns (letters) in an outline group, and which of them the outline hides. */
  columnGroups(sheetName: string): { grouped: string[]; hidden: string[] } {
    const s = this.sheet(sheetName);
    const letters = (cols: Iterable<number>) =>
      [...cols].sort((a, b) => a - b).map((c) => cellAddress(0, c).replace(/\d+$/, ''));
    return { grouped: letters(s.columnOutline.keys()), hidden: letters(s.hiddenColumns) };
  }

  frozen(sheetName: string): { rows: number; columns: number } {
    const s = this.sheet(sheetName);
    return { rows: s.frozenRows, columns: s.frozenColumns };
  }

  /** Addresses of every autofitColumns() call on the sheet, in order. */
  autofitCalls(sheetName: string): string[] {
    return this.sheet(sheetName).autofitCalls.map((r) => rectAddress(r));
  }

  /** Column width in points ("A", "AB", ...). */
  columnWidth(sheetName: string, column: string): number {
    const rect = this.rect(`${column}1`);
    return this.sheet(sheetName).columnWidth(rect.columnIndex);
  }
}
