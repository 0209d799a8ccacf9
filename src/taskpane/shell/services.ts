import type { CellValue } from '../../bulk/columns';
import type { LoadedSettings, SettingsStore } from '../../core/settings/settings-store';
import type { Connection } from '../../shared-runtime/connection';
import type { BulkWorkbook } from './bulk-workbook';

/** What "Insert into sheet" did: wrote, or found the cells in use and wrote nothing. */
export type InsertOutcome =
  | { written: true; address: string }
  | { written: false; address: string; /** Non-empty cells the rows would have replaced. */ inUse: number };

/**
 * Workbook access for the task pane and the bulk panel. The Office implementation writes
 * through src/excel's safe text writer; tests and the browser harness pass fakes.
 */
export interface ExcelFacade {
  /**
   * Writes a block of rows starting at the active cell, every text as literal text (a value
   * starting with "=" stays text), with the address written, e.g. "Sheet1!B2:C9". Unless told to
   * overwrite, a block that would replace any non-empty cell is not written: the outcome says how
   * many cells are in use, so the analyst decides.
   */
  insertAtActiveCell(
    rows: readonly (readonly CellValue[])[],
    options?: { overwrite?: boolean },
  ): Promise<InsertOutcome>;
  /** A protected sheet of its own holding these rows (the certificate, directly connected); its name. */
  writeEvidenceSheet(rows: readonly (readonly CellValue[])[]): Promise<string>;
}

/** The subset of Office.OfficeTheme the pane reads; null outside Office. */
export interface HostTheme {
  bodyBackgroundColor?: string;
  bodyForegroundColor?: string;
  isDarkTheme?: boolean;
}

/** Facts about the host the pane adapts to; outside Office every member has a harmless default. */
export interface HostInfo {
  /** Whether the pane runs inside an Office host (false in the browser harness and in tests). */
  inOffice: boolean;
  /** BCP 47 display language of Office ("uk-UA"), null when unknown. */
  displayLanguage: string | null;
  officeTheme(): HostTheme | null;
  /** Whether the system forces its own colours (Windows high contrast). */
  forcedColors(): boolean;
  /** Calls back when the Office theme changes; returns an unsubscribe function. */
  onThemeChanged(listener: () => void): () => void;
}

/**
 * Everything the task pane (and the bulk panel inside it) needs from outside React,
 * injected so that tests and the browser harness can pass fakes.
 */
export interface TaskpaneServices {
  /** The store the custom functions read too: settings plus the tokken's own slot. */
  settings: SettingsStore;
  /** A connection from the saved settings: live service, or the sandbox until credentials are saved. */
  connect(): Promise<Connection>;
  /** A connection from given (possibly unsaved) settings: "Test connection" uses the form's values. */
  connectWith(loaded: LoadedSettings): Connection;
  excel: ExcelFacade;
  /** The workbook's side of bulk runs: reading the selection, starting, resuming, discarding. */
  bulk: BulkWorkbook;
  host: HostInfo;
}

/** A host that is not Office: English unless told otherwise, light theme, no events. */
export function detachedHost(overrides: Partial<HostInfo> = {}): HostInfo {
  return {
    inOffice: false,
    displayLanguage: null,
    officeTheme: () => null,
    forcedColors: () => false,
    onThemeChanged: () => () => undefined,
    ...overrides,
  };
}
