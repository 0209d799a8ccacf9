/**
 * The workbook's state: what Excel holds after each sync. The proxies in proxies/ only ever
 * touch it from inside a sync, so "queued but not synced" is observable in tests.
 */
import { EXCEL_MAX_COLUMNS, EXCEL_MAX_ROWS, intersectRects, type CellRect } from '../../../src/excel/a1';
import { FakeOfficeError } from './errors';
import { displayText, parseCellInput, type CellContent, type FakeDateSystem } from './input';

export interface CellStyle {
  numberFormat: string;
  bold: boolean;
  italic: boolean;
  fontColor: string;
  /** null: no fill (Excel reads it back as "#FFFFFF"). */
  fillColor: string | null;
  wrapText: boolean;
  horizontalAlignment: string;
}

export const DEFAULT_STYLE: CellStyle = {
  numberFormat: 'General',
  bold: false,
  italic: false,
  fontColor: '#000000',
  fillColor: null,
  wrapText: false,
  horizontalAlignment: 'General',
};

/** Standard width of a column in points (8.43 characters of Calibri 11). */
export const DEFAULT_COLUMN_WIDTH = 48;

export interface ConditionalFormatRecord {
  id: string;
  rect: CellRect;
  type: string;
  /** Custom rules: the formula. */
  formula: string | null;
  /** ContainsText rules. */
  textRule: { operator: string; text: string } | null;
  fillColor: string | null;
  fontColor: string | null;
  bold: boolean | null;
  stopIfTrue: boolean;
  deleted: boolean;
}

/**
 * One data-validation rule and the cells it covers (Range.dataValidation, ExcelApi 1.8). Excel
 * checks it only when a person types or pastes values into a cell, never on values an add-in
 * writes: https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-data-validation
 * ("data validation is triggered only if the user directly enters a value into a cell"), so the
 * fake stores it and never applies it to API writes.
 */
export interface DataValidationRecord {
  rect: CellRect;
  rule: Record<string, unknown>;
  prompt: { showPrompt?: boolean; title?: string; message?: string } | null;
  errorAlert: { showAlert?: boolean; style?: string; title?: string; message?: string } | null;
  ignoreBlanks: boolean;
}

export type SheetVisibility = 'Visible' | 'Hidden' | 'VeryHidden';

export function sheetNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name.trim() === '') return 'blank';
  if (name.length > 31) return 'longer than 31 characters';
  if (/[:\\/?*[\]]/.test(name)) return 'contains one of : \\ / ? * [ ]';
  if (name.startsWith("'") || name.endsWith("'")) return 'starts or ends with an apostrophe';
  if (name.toLowerCase() === 'history') return '"History" is reserved';
  return null;
}

export function tableNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name === '') return 'blank';
  if (name.length > 255) return 'longer than 255 characters';
  if (!/^[\p{L}_\\][\p{L}\p{N}_.\\]*$/u.test(name)) {
    return 'must start with a letter, _ or \\ and hold only letters, digits, _ . \\';
  }
  if (/^([A-Za-z]{1,3}\d+|[RrCc]|[Rr]\d*[Cc]\d*)$/.test(name)) return 'looks like a cell reference';
  return null;
}

export class SheetModel {
  readonly cells = new Map<number, CellContent>();
  readonly styles = new Map<number, Partial<CellStyle>>();
  selection: CellRect = { rowIndex: 0, columnIndex: 0, rowCount: 1, columnCount: 1 };
  /**
   * Every area of the selection; more than one after a Ctrl-click ("A1:A2,C1:C2"). `selection`
   * is the first area (where the active cell is).
   */
  selectionAreas: CellRect[] = [{ rowIndex: 0, columnIndex: 0, rowCount: 1, columnCount: 1 }];
  frozenRows = 0;
  frozenColumns = 0;
  /** Rows a filter hides (0-based). Hidden cells keep their values and are written like any other. */
  readonly hiddenRows = new Set<number>();
  visibility: SheetVisibility = 'Visible';
  readonly columnWidths = new Map<number, number>();
  /** Every autofitColumns() call, in order. */
  readonly autofitCalls: CellRect[] = [];
  readonly conditionalFormats: ConditionalFormatRecord[] = [];
  readonly dataValidations: DataValidationRecord[] = [];
  /** Column outline levels (Range.group ByColumns) and the columns whose group details are hidden. */
  readonly columnOutline = new Map<number, number>();
  readonly hiddenColumns = new Set<number>();
  /** Worksheet.pageLayout: what printing uses. */
  pageLayout: {
    orientation: 'Portrait' | 'Landscape';
    zoom: { horizontalFitToPages?: number; verticalFitToPages?: number; scale?: number };
    printTitleRows: string | null;
  } = { orientation: 'Portrait', zoom: { scale: 100 }, printTitleRows: null };
  deleted = false;
  /** Worksheet protection (WorksheetProtection.protect), with the options it was given. */
  protection: { options: Record<string, unknown>; password: string | null } | null = null;

  constructor(
    readonly id: string,
    public name: string,
    /** The workbook's date system, which decides what a typed date's serial is. */
    private readonly dateSystem: () => FakeDateSystem = () => 1900,
  ) {}

  static key(row: number, col: number): number {
    return row * EXCEL_MAX_COLUMNS + col;
  }

  get(row: number, col: number): CellContent | undefined {
    return this.cells.get(SheetModel.key(row, col));
  }

  setContent(row: number, col: number, content: CellContent | null): void {
    const k = SheetModel.key(row, col);
    if (content) this.cells.set(k, content);
    else this.cells.delete(k);
  }

  style(row: number, col: number): CellStyle {
    const s = this.styles.get(SheetModel.key(row, col));
    return s ? { ...DEFAULT_STYLE, ...s } : DEFAULT_STYLE;
  }

  patchStyle(row: number, col: number, patch: Partial<CellStyle>): void {
    const k = SheetModel.key(row, col);
    this.styles.set(k, { ...this.styles.get(k), ...patch });
  }

  clearStyle(row: number, col: number): void {
    this.styles.delete(SheetModel.key(row, col));
  }

  /** Applies one values/formulas element as Excel parses it. */
  writeInput(row: number, col: number, input: unknown): void {
    const outcome = parseCellInput(input, this.style(row, col).numberFormat, this.dateSystem());
    if (outcome.kind === 'skip') return;
    if (outcome.kind === 'clear') {
      this.setContent(row, col, null);
      return;
    }
    this.setContent(row, col, outcome.content);
    if (outcome.numberFormat) this.patchStyle(row, col, { numberFormat: outcome.numberFormat });
  }

  text(row: number, col: number): string {
    return displayText(this.get(row, col), this.style(row, col).numberFormat, this.dateSystem());
  }

  /** Bounding box of cells with content (and, unless valuesOnly, with formatting); null when none. */
  usedRect(valuesOnly: boolean): CellRect | null {
    let r0 = Infinity;
    let c0 = Infinity;
    let r1 = -1;
    let c1 = -1;
    const visit = (k: number): void => {
      const r = Math.floor(k / EXCEL_MAX_COLUMNS);
      const c = k % EXCEL_MAX_COLUMNS;
      if (r < r0) r0 = r;
      if (r > r1) r1 = r;
      if (c < c0) c0 = c;
      if (c > c1) c1 = c;
    };
    for (const k of this.cells.keys()) visit(k);
    if (!valuesOnly) for (const k of this.styles.keys()) visit(k);
    return r1 < 0 ? null : { rowIndex: r0, columnIndex: c0, rowCount: r1 - r0 + 1, columnCount: c1 - c0 + 1 };
  }

  /**
   * Range.getSurroundingRegion (VBA's CurrentRegion) of one cell: the smallest box holding the
   * cell such that no cell with content touches it from outside, diagonals included — so it is
   * bordered by blank rows and columns or the sheet's edge. Found by flood fill over cells with
   * content, re-seeded from the box's rim until the box stops growing.
   */
  surroundingRegion(row: number, col: number): CellRect {
    let r0 = row;
    let r1 = row;
    let c0 = col;
    let c1 = col;
    const visited = new Set<number>();
    for (;;) {
      const stack: number[] = [];
      const rr0 = Math.max(0, r0 - 1);
      const rr1 = Math.min(EXCEL_MAX_ROWS - 1, r1 + 1);
      const cc0 = Math.max(0, c0 - 1);
      const cc1 = Math.min(EXCEL_MAX_COLUMNS - 1, c1 + 1);
      for (let r = rr0; r <= rr1; r += 1) {
        for (let c = cc0; c <= cc1; c += 1) {
          const k = SheetModel.key(r, c);
          if (!visited.has(k) && this.cells.has(k)) {
            visited.add(k);
            stack.push(k);
          }
        }
      }
      if (stack.length === 0) break;
      while (stack.length > 0) {
        const k = stack.pop()!;
        const r = Math.floor(k / EXCEL_MAX_COLUMNS);
        const c = k % EXCEL_MAX_COLUMNS;
        if (r < r0) r0 = r;
        if (r > r1) r1 = r;
        if (c < c0) c0 = c;
        if (c > c1) c1 = c;
        for (let dr = -1; dr <= 1; dr += 1) {
          for (let dc = -1; dc <= 1; dc += 1) {
            const nr = r + dr;
            const nc = c + dc;
            if (nr < 0 || nc < 0 || nr >= EXCEL_MAX_ROWS || nc >= EXCEL_MAX_COLUMNS) continue;
            const nk = SheetModel.key(nr, nc);
            if (!visited.has(nk) && this.cells.has(nk)) {
              visited.add(nk);
              stack.push(nk);
            }
          }
        }
      }
    }
    return { rowIndex: r0, columnIndex: c0, rowCount: r1 - r0 + 1, columnCount: c1 - c0 + 1 };
  }

  /** Moves cells in columns [c0, c1] at or below `fromRow` down by n (table row insertion). */
  shiftDown(fromRow: number, c0: number, c1: number, n: number): void {
    const moved: [number, number, CellContent][] = [];
    for (const [k, v] of this.cells) {
      const r = Math.floor(k / EXCEL_MAX_COLUMNS);
      const c = k % EXCEL_MAX_COLUMNS;
      if (r >= fromRow && c >= c0 && c <= c1) moved.push([r, c, v]);
    }
    if (moved.some(([r]) => r + n >= EXCEL_MAX_ROWS)) {
      throw new FakeOfficeError('InvalidOperation', 'cells would move off the sheet');
    }
    for (const [r, c] of moved) this.setContent(r, c, null);
    for (const [r, c, v] of moved) this.setContent(r + n, c, v);
  }

  columnWidth(col: number): number {
    return this.columnWidths.get(col) ?? DEFAULT_COLUMN_WIDTH;
  }
}

export class TableModel {
  style = 'TableStyleMedium2';
  showHeaders = true;
  showTotals = false;
  showBandedRows = true;
  showBandedColumns = false;
  showFilterButton = true;
  highlightFirstColumn = false;
  highlightLastColumn = false;
  deleted = false;

  constructor(
    readonly id: string,
    public name: string,
    readonly sheet: SheetModel,
    /** Header row included. */
    public rect: CellRect,
  ) {}

  headerRect(): CellRect {
    return { ...this.rect, rowCount: 1 };
  }

  bodyRect(): CellRect {
    return { ...this.rect, rowIndex: this.rect.rowIndex + 1, rowCount: this.rect.rowCount - 1 };
  }

  /**
   * Excel keeps table headers as unique text: blanks become "ColumnN", numbers their text,
   * repeats get a number appended ("Name", "Name2").
   */
  normaliseHeaders(): void {
    const seen = new Set<string>();
    const { rowIndex: r, columnIndex: c0, columnCount } = this.rect;
    for (let i = 0; i < columnCount; i += 1) {
      const cell = this.sheet.get(r, c0 + i);
      let base = cell ? (cell.formula ? String(cell.value) : this.sheet.text(r, c0 + i)) : '';
      if (base === '') base = `Column${i + 1}`;
      let name = base;
      for (let n = 2; seen.has(name.toLowerCase()); n += 1) name = `${base}${n}`;
      seen.add(name.toLowerCase());
      if (!cell || cell.type !== 'String' || cell.formula || cell.value !== name) {
        this.sheet.setContent(r, c0 + i, { value: name, type: 'String', formula: null, quotePrefix: false });
      }
    }
  }
}

export class WorkbookModel {
  readonly sheets: SheetModel[] = [];
  readonly tables: TableModel[] = [];
  private active!: SheetModel;
  /** Worksheet activation handlers (WorksheetCollection.onActivated), told the id of each newly active sheet. */
  readonly activationListeners = new Set<(worksheetId: string) => void>();
  /** Highest ExcelApi set this Excel has (see WorkbookFakeOptions.excelApi). */
  excelApi = '1.20';
  /** Excel → Options → "Use 1904 date system"; the default of Excel for Mac before 2011. */
  dateSystem: FakeDateSystem = 1900;
  /** Workbook.settings, each value as the JSON Excel keeps. */
  readonly settings = new Map<string, string>();
  private sheetSeq = 0;
  private tableSeq = 0;
  private cfSeq = 0;

  constructor(firstSheetName = 'Sheet1') {
    this.activeSheet = this.addSheet(firstSheetName);
  }

  get activeSheet(): SheetModel {
    return this.active;
  }

  /**
   * Another sheet made active, by the analyst or the API: onActivated handlers run afterwards,
   * each on its own, as Excel raises events after the change
   * (https://learn.microsoft.com/en-us/office/dev/add-ins/excel/excel-add-ins-events).
   */
  set activeSheet(sheet: SheetModel) {
    const changed = this.active !== undefined && this.active !== sheet;
    this.active = sheet;
    if (!changed) return;
    for (const listener of this.activationListeners) setTimeout(() => listener(sheet.id), 0);
  }

  findSheet(name: string): SheetModel | undefined {
    const lower = name.toLowerCase();
    return this.sheets.find((s) => s.name.toLowerCase() === lower);
  }

  addSheet(name?: string): SheetModel {
    let finalName = name;
    if (finalName === undefined) {
      let n = this.sheets.length + 1;
      while (this.findSheet(`Sheet${n}`)) n += 1;
      finalName = `Sheet${n}`;
    }
    const problem = sheetNameProblem(finalName);
    if (problem) throw new FakeOfficeError('InvalidArgument', `sheet name ${JSON.stringify(finalName)}: ${problem}`);
    if (this.findSheet(finalName)) {
      throw new FakeOfficeError('ItemAlreadyExists', `sheet ${JSON.stringify(finalName)} exists`);
    }
    this.sheetSeq += 1;
    const sheet = new SheetModel(`{FAKE-SHEET-${this.sheetSeq}}`, finalName, () => this.dateSystem);
    this.sheets.push(sheet);
    return sheet;
  }

  renameSheet(sheet: SheetModel, name: unknown): void {
    const problem = sheetNameProblem(name);
    if (problem) throw new FakeOfficeError('InvalidArgument', `sheet name ${JSON.stringify(name)}: ${problem}`);
    const other = this.findSheet(name as string);
    if (other && other !== sheet) {
      throw new FakeOfficeError('ItemAlreadyExists', `sheet ${JSON.stringify(name)} exists`);
    }
    sheet.name = name as string;
  }

  /** Excel keeps at least one sheet visible and never leaves a hidden sheet active. */
  setVisibility(sheet: SheetModel, value: unknown): void {
    if (value !== 'Visible' && value !== 'Hidden' && value !== 'VeryHidden') {
      throw new FakeOfficeError('InvalidArgument', `visibility ${String(value)}`);
    }
    if (value !== 'Visible' && !this.sheets.some((s) => s !== sheet && s.visibility === 'Visible')) {
      throw new FakeOfficeError('InvalidOperation', 'a workbook must keep one visible sheet');
    }
    sheet.visibility = value;
    if (value !== 'Visible' && this.activeSheet === sheet) {
      this.activeSheet = this.sheets.find((s) => s.visibility === 'Visible')!;
    }
  }

  deleteSheet(sheet: SheetModel): void {
    // "If the worksheet's visibility is set to VeryHidden, the delete operation will fail with an
    // InvalidOperation exception. You should first change its visibility to hidden or visible
    // before deleting it." Worksheet.delete,
    // https://learn.microsoft.com/en-us/javascript/api/excel/excel.worksheet#excel-excel-worksheet-delete-member(1)
    // and office-js issue 365 ("by design"), https://github.com/OfficeDev/office-js/issues/365
    if (sheet.visibility === 'VeryHidden') {
      throw new FakeOfficeError(
        'InvalidOperation',
        `sheet ${JSON.stringify(sheet.name)} is very hidden and cannot be deleted`,
      );
    }
    if (!this.sheets.some((s) => s !== sheet && s.visibility === 'Visible')) {
      throw new FakeOfficeError('InvalidOperation', 'a workbook must keep one visible sheet');
    }
    sheet.deleted = true;
    this.sheets.splice(this.sheets.indexOf(sheet), 1);
    for (const t of this.tables) if (t.sheet === sheet) t.deleted = true;
    if (this.activeSheet === sheet) this.activeSheet = this.sheets.find((s) => s.visibility === 'Visible')!;
  }

  liveTables(): TableModel[] {
    return this.tables.filter((t) => !t.deleted);
  }

  findTable(name: string): TableModel | undefined {
    const lower = name.toLowerCase();
    return this.liveTables().find((t) => t.name.toLowerCase() === lower);
  }

  addTable(sheet: SheetModel, rect: CellRect, hasHeaders: boolean): TableModel {
    if (!hasHeaders) {
      // Excel inserts generated headers for hasHeaders=false; how it shifts the data is not
      // something the fake guesses — the add-in always writes its own header row.
      throw new FakeOfficeError('NotImplemented', 'workbook fake: tables.add(address, false)');
    }
    for (const t of this.liveTables()) {
      if (t.sheet === sheet && intersectRects(t.rect, rect)) {
        throw new FakeOfficeError('InvalidArgument', 'tables cannot overlap');
      }
    }
    // A table always has at least one body row.
    const finalRect = rect.rowCount < 2 ? { ...rect, rowCount: 2 } : rect;
    let n = this.tableSeq + 1;
    while (this.findTable(`Table${n}`)) n += 1;
    this.tableSeq = n;
    const table = new TableModel(`{FAKE-TABLE-${n}}`, `Table${n}`, sheet, finalRect);
    table.normaliseHeaders();
    this.tables.push(table);
    return table;
  }

  renameTable(table: TableModel, name: unknown): void {
    const problem = tableNameProblem(name);
    if (problem) throw new FakeOfficeError('InvalidArgument', `table name ${JSON.stringify(name)}: ${problem}`);
    const other = this.findTable(name as string);
    if (other && other !== table) {
      throw new FakeOfficeError('ItemAlreadyExists', `table ${JSON.stringify(name)} exists`);
    }
    table.name = name as string;
  }

  nextConditionalFormatId(): string {
    this.cfSeq += 1;
    return `{FAKE-CF-${this.cfSeq}}`;
  }
}
