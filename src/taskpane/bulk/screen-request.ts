import { useEffect } from 'react';
import { SCREEN_SELECTION_MESSAGE } from '../../commands/screen-selection';
import { takePendingScreenRequest } from './screen-request-note';

export function isScreenSelectionMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SCREEN_SELECTION_MESSAGE;
}

/** Calls `onRequest` for a click made before the pane mounted and for every click after. */
export function useScreenSelectionRequests(onRequest: () => void): void {
  useEffect(() => {
    if (takePendingScreenRequest()) onRequest();
    const listener = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isScreenSelectionMessage(event.data)) return;
      takePendingScreenRequest();
      onRequest();
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [onRequest]);
}
