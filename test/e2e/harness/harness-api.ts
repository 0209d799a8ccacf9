import type { SyncStats, TableView } from '../../support/workbook-fake';
import type { ReadyInfo } from '../../../src/taskpane/shell/office-services';
import type { HarnessHost, HarnessSandbox, HarnessThemeName } from './harness-services';
import type { HarnessWorkbook } from './harness-workbook';

export type SheetCell = string | number | boolean;

/** What the Node side reads and drives through page.evaluate: plain JSON in and out. */
export interface HarnessApi {
  ready: true;
  /** Office.onReady's host: null outside Office, as here. */
  officeHost: string | null;
  dropRow: number;
  sheetNames(): string[];
  visibleSheetNames(): string[];
  activeSheet(): string;
  selectedAddress(): string;
  select(sheet: string, address: string): void;
  sheetValues(sheet: string): SheetCell[][];
  sheetFormulas(sheet: string): SheetCell[][];
  formulaCells(sheet: string): string[];
  tables(sheet?: string): TableView[];
  stats(): Pick<SyncStats, 'syncs' | 'droppedOps'> & { maxSyncBytes: number };
  theme(): HarnessThemeName;
  setTheme(name: HarnessThemeName): void;
  /** A person typing into one cell (data validation applies). */
  typeValue(sheet: string, address: string, value: string): boolean;
  /** The sandbox's data as it stands N months later (docs/sandbox.md). */
  setDataRevision(revision: number): void;
}

export function harnessApi(
  workbook: HarnessWorkbook,
  host: HarnessHost,
  info: ReadyInfo,
  sandbox: HarnessSandbox,
): HarnessApi {
  return {
    ready: true,
    officeHost: info.host === null ? null : String(info.host),
    dropRow: workbook.dropRow,
    sheetNames: () => workbook.sheetNames(),
    visibleSheetNames: () => workbook.sheetNames().filter((n) => workbook.sheetVisibility(n) === 'Visible'),
    activeSheet: () => workbook.activeSheetName(),
    selectedAddress: () => workbook.selectedAddress(),
    select: (sheet, address) => {
      workbook.select(sheet, address);
      workbook.changed();
    },
    sheetValues: (sheet) => workbook.sheetValues(sheet),
    sheetFormulas: (sheet) => workbook.sheetFormulas(sheet),
    formulaCells: (sheet) => workbook.formulaCells(sheet),
    tables: (sheet) => workbook.tables(sheet),
    stats: () => ({
      syncs: workbook.stats.syncs,
      droppedOps: workbook.stats.droppedOps,
      maxSyncBytes: workbook.stats.maxSyncBytes,
    }),
    theme: () => host.current,
    setTheme: (name) => host.setTheme(name),
    typeValue: (sheet, address, value) => {
      const accepted = workbook.typeValue(sheet, address, value);
      workbook.changed();
      return accepted;
    },
    setDataRevision: (revision) => sandbox.setDataRevision(revision),
  };
}
