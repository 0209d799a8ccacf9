/**
 * What the task pane's bulk panel calls on the workbook, in one module: the pane's first render
 * holds one dynamic import of it (src/taskpane/shell/bulk-workbook.ts), not one per function.
 */
export { readSelectionInput } from './bulk-input';
export { resumableRuns, resumeWorkbookRun, startWorkbookRun } from './bulk-run';
export { workbookRunStateStore } from './bulk-state';
export { activeSheetName, startWorkbookRescreen } from './rescreen-run';
export { recheckResultsSheet, watchResultsSheet } from './results-sheet-watch';
export { saveWorkbookDecisions } from './save-decisions';
export { selectedAudits } from './selected-audits';
