import type { RunListing } from '../../bulk/state';
import type { SheetInput } from '../../excel/bulk/bulk-input';
import type { WorkbookRun, resumeWorkbookRun, startWorkbookRun } from '../../excel/bulk/bulk-run';
import type { startWorkbookRescreen } from '../../excel/bulk/rescreen-run';
import type { SaveDecisionsReport } from '../../bulk/decisions-to-relay';
import type { saveWorkbookDecisions } from '../../excel/bulk/save-decisions';
import type { SelectedAudits } from '../../excel/bulk/selected-audits';
import type { ResultsInFront } from '../../excel/bulk/results-sheet-watch';

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
  /** The relay audit nos. of the results rows the selection is on (their certificates' keys). */
  selectedAudits(): Promise<SelectedAudits>;
  /** Calls `listener` with the results sheet in front (null on any other sheet), now and on each change. */
  watchResultsSheet(listener: (inFront: ResultsInFront | null) => void): () => void;
  /** Looks at the sheet in front again (after a run that may have made it a results sheet). */
  recheckResultsSheet(): Promise<void>;
}

export function officeBulkWorkbook(): BulkWorkbook {
  const excel = () => import(/* webpackChunkName: "bulk" */ '../../excel/bulk/pane-workbook');
  return {
    readSelection: async () => (await excel()).readSelectionInput(),
    resumableRuns: async () => (await excel()).resumableRuns(),
    start: async (...args) => (await excel()).startWorkbookRun(...args),
    resume: async (...args) => (await excel()).resumeWorkbookRun(...args),
    rescreen: async (...args) => (await excel()).startWorkbookRescreen(...args),
    discard: async (runId) => (await excel()).workbookRunStateStore().remove(runId),
    activeSheetName: async () => (await excel()).activeSheetName(),
    saveDecisions: async (...args) => (await excel()).saveWorkbookDecisions(...args),
    selectedAudits: async () => (await excel()).selectedAudits(),
    watchResultsSheet: (listener) => {
      let stop: (() => void) | null = null;
      let stopped = false;
      void excel().then((m) => {
        if (!stopped) stop = m.watchResultsSheet(listener);
      });
      return () => {
        stopped = true;
        stop?.();
      };
    },
    recheckResultsSheet: async () => (await excel()).recheckResultsSheet(),
  };
}
