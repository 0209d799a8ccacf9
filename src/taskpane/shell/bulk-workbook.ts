import type { RunListing } from '../../bulk/state';
import type { SheetInput } from '../../excel/bulk/bulk-input';
import type { WorkbookRun, resumeWorkbookRun, startWorkbookRun } from '../../excel/bulk/bulk-run';
import type { startWorkbookRescreen } from '../../excel/bulk/rescreen-run';
import type { SaveDecisionsReport } from '../../bulk/decisions-to-relay';
import type { saveWorkbookDecisions } from '../../excel/bulk/save-decisions';
import type { SelectedAudit } from '../../excel/bulk/selected-audit';

/**
 * The workbook as the bulk panel uses it: the selection read as a list, runs started, resumed,
 * screened again and discarded, decisions read for the relay, and which results sheet is in
 * front. Injected with the other services; the Office implementation loads the Excel side with
 * the bulk panel's chunk, not with the first render.
 */
export interface BulkWorkbook {
  readSelection(): Promise<SheetInput>;
  resumableRuns(): Promise<RunListing[]>;
  start(...args: Parameters<typeof startWorkbookRun>): Promise<WorkbookRun>;
  resume(...args: Parameters<typeof resumeWorkbookRun>): Promise<WorkbookRun | null>;
  rescreen(...args: Parameters<typeof startWorkbookRescreen>): Promise<WorkbookRun>;
  discard(runId: string): Promise<void>;
  activeSheetName(): Promise<string>;
  saveDecisions(...args: Parameters<typeof saveWorkbookDecisions>): Promise<SaveDecisionsReport>;
  /** The relay audit no. of the results row the active cell is on (its certificate's key). */
  selectedAudit(): Promise<SelectedAudit>;
  /** Calls `listener` with the results sheet in front (null on any other sheet), now and on each change. */
  watchResultsSheet(listener: (sheet: string | null) => void): () => void;
  /** Looks at the sheet in front again (after a run that may have made it a results sheet). */
  recheckResultsSheet(): Promise<void>;
}

export function officeBulkWorkbook(): BulkWorkbook {
  const runs = () => import(/* webpackChunkName: "bulk" */ '../../excel/bulk/bulk-run');
  const rescreens = () => import(/* webpackChunkName: "bulk" */ '../../excel/bulk/rescreen-run');
  const watch = () => import(/* webpackChunkName: "bulk" */ '../../excel/bulk/results-sheet-watch');
  return {
    readSelection: async () =>
      (await import(/* webpackChunkName: "bulk" */ '../../excel/bulk/bulk-input')).readSelectionInput(),
    resumableRuns: async () => (await runs()).resumableRuns(),
    start: async (...args) => (await runs()).startWorkbookRun(...args),
    resume: async (...args) => (await runs()).resumeWorkbookRun(...args),
    rescreen: async (...args) => (await rescreens()).startWorkbookRescreen(...args),
    discard: async (runId) => {
      const { workbookRunStateStore } = await import(/* webpackChunkName: "bulk" */ '../../excel/bulk/bulk-state');
      await workbookRunStateStore().remove(runId);
    },
    activeSheetName: async () => (await rescreens()).activeSheetName(),
    saveDecisions: async (...args) =>
      (await import(/* webpackChunkName: "bulk" */ '../../excel/bulk/save-decisions')).saveWorkbookDecisions(...args),
    selectedAudit: async () =>
      (await import(/* webpackChunkName: "bulk" */ '../../excel/bulk/selected-audit')).selectedAudit(),
    watchResultsSheet: (listener) => {
      let stop: (() => void) | null = null;
      let stopped = false;
      void watch().then((m) => {
        if (!stopped) stop = m.watchResultsSheet(listener);
      });
      return () => {
        stopped = true;
        stop?.();
      };
    },
    recheckResultsSheet: async () => (await watch()).recheckResultsSheet(),
  };
}
