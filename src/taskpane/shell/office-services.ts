import { SettingsStore } from '../../core/settings/settings-store';
import type { KeyValueStorage } from '../../core/settings/storage';
// The modules themselves, not the excel barrel: the barrel would pull the bulk writers into the pane's first chunk.
import { textCellFormats, toSafeRows } from '../../excel/safe-text';
import { runQueued } from '../../excel/run';
import { defaultStorage } from '../../excel/storage';
import { connect } from '../../shared-runtime/connection';
import type { CellValue } from '../../bulk/columns';
import type { ExcelFacade, HostInfo, HostTheme, InsertOutcome, TaskpaneServices } from './services';
import { officeBulkWorkbook } from './bulk-workbook';

/** Office.onReady's answer; host is null when the page is open outside Office (the browser harness). */
export interface ReadyInfo {
  host: Office.HostType | null;
}

function officeGlobal(): typeof Office | undefined {
  return typeof Office === 'undefined' ? undefined : Office;
}

/**
 * In Excel the store sits on OfficeRuntime.storage, shared with the custom functions and never
 * part of the workbook. Outside Office (the browser harness) the page's localStorage stands in,
 * and where even that is refused, memory for this page's life.
 */
export function pickStorage(inOffice: boolean): KeyValueStorage {
  // Outside Office a locally served office.js may still define OfficeRuntime: only Excel's is the add-in's store.
  return defaultStorage({ officeRuntime: inOffice });
}

function forcedColorsQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(forced-colors: active)')
    : null;
}

export function officeHost(info: ReadyInfo): HostInfo {
  const office = officeGlobal();
  const inOffice = info.host !== null && office !== undefined;
  const context = inOffice ? office?.context : undefined;
  return {
    inOffice,
    displayLanguage: context?.displayLanguage ?? (typeof navigator !== 'undefined' ? navigator.language : null),
    officeTheme: (): HostTheme | null => (context?.officeTheme as HostTheme | undefined) ?? null,
    forcedColors: () => forcedColorsQuery()?.matches ?? false,
    onThemeChanged(listener) {
      const media = forcedColorsQuery();
      media?.addEventListener('change', listener);
      let registered = false;
      const document = context?.document;
      // Not every host raises OfficeThemeChanged for a document; where it is refused the theme is read once.
      try {
        if (document && office?.EventType?.OfficeThemeChanged) {
          document.addHandlerAsync(
            office.EventType.OfficeThemeChanged,
            listener,
            (result: Office.AsyncResult<void>) => {
              registered = result.status === office.AsyncResultStatus.Succeeded;
            },
          );
        }
      } catch {
        registered = false;
      }
      return () => {
        media?.removeEventListener('change', listener);
        if (registered && document && office) {
          document.removeHandlerAsync(office.EventType.OfficeThemeChanged, { handler: listener });
        }
      };
    },
  };
}

/** The workbook through Excel.run; the browser harness installs its workbook fake as the global Excel. */
export function officeExcel(): ExcelFacade {
  return {
    async insertAtActiveCell(rows, options = {}): Promise<InsertOutcome> {
      if (typeof Excel === 'undefined') throw new Error('Excel is not available');
      const width = rows.reduce((max, r) => Math.max(max, r.length), 0);
      if (rows.length === 0 || width === 0) return { written: true, address: '' };
      return runQueued(async (context) => {
        const range = context.workbook.getActiveCell().getResizedRange(rows.length - 1, width - 1);
        range.load(['address', 'formulas']);
        await context.sync();
        // `formulas` holds a formula's text and a constant's value: one read sees both kinds of use.
        const inUse = range.formulas.flat().filter((cell) => cell !== '' && cell !== null).length;
        if (inUse > 0 && !options.overwrite) return { written: false, address: range.address, inUse };
        const values = toSafeRows(rows, width);
        // The active cell may sit in a column formatted as Text: see textCellFormats.
        range.numberFormat = textCellFormats(values);
        range.values = values;
        await context.sync();
        return { written: true, address: range.address };
      });
    },
    async writeEvidenceSheet(rows: readonly (readonly CellValue[])[]): Promise<string> {
      if (typeof Excel === 'undefined') throw new Error('Excel is not available');
      // Only a certificate written directly connected needs it: with the evidence part, not the first render.
      const { writeEvidenceSheet } = await import(/* webpackChunkName: "evidence" */ '../../excel/evidence-sheet');
      return writeEvidenceSheet(rows);
    },
  };
}

export function createTaskpaneServices(info: ReadyInfo): TaskpaneServices {
  const host = officeHost(info);
  const settings = new SettingsStore(pickStorage(host.inOffice));
  return {
    settings,
    connect: async () => connect(await settings.load()),
    connectWith: (loaded) => connect(loaded),
    excel: officeExcel(),
    bulk: officeBulkWorkbook(),
    host,
  };
}
