/**
 * How the ribbon's "Screen selection" reaches the bulk panel: both surfaces (src/commands sends,
 * src/taskpane listens) use this module and neither imports the other.
 *
 * Two ways, because the pane may or may not be open: a window message when the pane is already
 * open (shared runtime: same window), and a note in sessionStorage for a pane that is only now
 * loading and would miss the message. The note expires quickly so an old click never fires on a
 * later opening.
 */
export const SCREEN_SELECTION_MESSAGE = 'checklists:screen-selection';

export interface ScreenSelectionMessage {
  type: typeof SCREEN_SELECTION_MESSAGE;
}

const PENDING_KEY = 'checklists:screen-selection-pending';
const PENDING_TTL_MS = 60_000;

function session(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

export function notePendingScreenRequest(now: number = Date.now()): void {
  session()?.setItem(PENDING_KEY, String(now));
}

/** True once per click: reading the note removes it. */
export function takePendingScreenRequest(now: number = Date.now()): boolean {
  const s = session();
  const at = Number(s?.getItem(PENDING_KEY) ?? NaN);
  s?.removeItem(PENDING_KEY);
  return Number.isFinite(at) && now - at >= 0 && now - at < PENDING_TTL_MS;
}

/** Whether a ribbon click is waiting, without taking it: for the pane's tab switch, while the bulk panel takes it. */
export function peekPendingScreenRequest(now: number = Date.now()): boolean {
  const at = Number(session()?.getItem(PENDING_KEY) ?? NaN);
  return Number.isFinite(at) && now - at >= 0 && now - at < PENDING_TTL_MS;
}

/** The ribbon's side: leave the note, then (once the pane is shown) tell an open pane. */
export function postScreenSelectionMessage(): void {
  const message: ScreenSelectionMessage = { type: SCREEN_SELECTION_MESSAGE };
  window.postMessage(message, window.location.origin);
}

export function isScreenSelectionMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SCREEN_SELECTION_MESSAGE;
}
