import { useEffect } from 'react';
import { isScreenSelectionMessage, takePendingScreenRequest } from '../../shared-runtime/screen-selection-handshake';

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
