import type { TaskpaneServices } from '../shell/services';
import type { RelayTarget } from './decision-client';

/** The relay to record decisions on: only when the pane is connected to one, with a key saved. */
export async function relayTargetOf(services: TaskpaneServices): Promise<RelayTarget | null> {
  const loaded = await services.settings.load().catch(() => null);
  if (!loaded || loaded.settings.connection !== 'relay' || !loaded.tokken) return null;
  const url = loaded.settings.primaryUrl.trim();
  return url ? { url, key: loaded.tokken } : null;
}
