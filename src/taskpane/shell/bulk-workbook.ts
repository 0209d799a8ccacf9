import type { RunListing } from '../../bulk/state';
import type { SheetInput } from '../../excel/bulk/bulk-input';
import type { WorkbookRun, resumeWorkbookRun, startWorkbookRun } from '../../excel/bulk/bulk-run';

/**
 * The workbook as the bulk panel uses it: the selection read as a list, runs started, resumed
 * and discarded, the runs a workbook holds. Injected with the other services; the Office
 * implementation loads the Excel side with the bulk panel's chunk, not with the first render.
 */
export interface BulkWorkbook {
  readSelection(): Promise<SheetInput>;
  resumableRuns(): Promise<RunListing[]>;
  start(...args: Parameters<typeof startWorkbookRun>): Promise<WorkbookRun>;
  resume(...args: Parameters<typeof resumeWorkbookRun>): Promise<WorkbookRun | null>;
  discard(runId: string): Promise<void>;
}

export function officeBulkWorkbook(): BulkWorkbook {
  const runs = () => import(/* webpackChunkName: "bulk" */ '../../excel/bulk/bulk-run');
  return {
    readSelection: async () =>
      (await import(/* webpackChunkName: "bulk" */ '../../excel/bulk/bulk-input')).readSelectionInput(),
    resumableRuns: async () => (await runs()).resumableRuns(),
    start: async (...args) => (await runs()).startWorkbookRun(...args),
    resume: async (...args) => (await runs()).resumeWorkbookRun(...args),
    discard: async (runId) => {
      const { workbookRunStateStore } = await import(/* webpackChunkName: "bulk" */ '../../excel/bulk/bulk-state');
      await workbookRunStateStore().remove(runId);
    },
  };
}
