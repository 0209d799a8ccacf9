import { notePendingScreenRequest, postScreenSelectionMessage } from '../shared-runtime/screen-selection-handshake';

/**
 * The "Screen selection" ribbon button. It opens the task pane on the bulk panel with the
 * current selection read and its columns recognised; the run itself starts when the person
 * presses Start there. A bulk run spends quota on every distinct row, so the mapping, the
 * registries and the row count are shown for a look first: a click on the wrong range (one
 * cell of a notes column, a million empty rows) must cost nothing.
 *
 * The pane learns of the click through shared-runtime/screen-selection-handshake.ts.
 */
export async function screenSelection(): Promise<void> {
  notePendingScreenRequest();
  await Office.addin.showAsTaskpane();
  postScreenSelectionMessage();
}
