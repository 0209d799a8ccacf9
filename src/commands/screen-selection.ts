import { notePendingScreenRequest } from '../taskpane/bulk/screen-request-note';

/**
 * The "Screen selection" ribbon button. It opens the task pane on the bulk panel with the
 * current selection read and its columns recognised; the run itself starts when the person
 * presses Start there. A bulk run spends quota on every distinct row, so the mapping, the
 * registries and the row count are shown for a look first: a click on the wrong range (one
 * cell of a notes column, a million empty rows) must cost nothing.
 *
 * The pane learns of the click by a window message (shared runtime: the pane's window) and,
 * for a pane still loading that would miss the message, by a short-lived note it reads on mount.
 */
export const SCREEN_SELECTION_MESSAGE = 'checklists:screen-selection';

export interface ScreenSelectionMessage {
  type: typeof SCREEN_SELECTION_MESSAGE;
}

export async function screenSelection(): Promise<void> {
  notePendingScreenRequest();
  await Office.addin.showAsTaskpane();
  const message: ScreenSelectionMessage = { type: SCREEN_SELECTION_MESSAGE };
  window.postMessage(message, window.location.origin);
}
