import type { TaskpaneServices } from '../shell/services';
import { relayTargetOf } from '../results/relay-target';

/**
 * Who the relay's key names (its /relay/check, which spends no request), for a run's header: null
 * off the relay, or when the relay does not say within a few seconds. Never throws: a run goes on.
 */
export async function relayAnalystOf(services: TaskpaneServices): Promise<string | null> {
  const relay = await relayTargetOf(services);
  if (!relay) return null;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 5_000);
  try {
    // Inside the try: a page without fetch makes this null, not a throw.
    const res = await fetch(`${new URL(relay.url).origin}/relay/check`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      // The key in the body, never in the URL.
      body: JSON.stringify({ tokken: relay.key }),
      signal: abort.signal,
    });
    const analyst = res.ok ? ((await res.json()) as { analyst?: unknown }).analyst : null;
    return typeof analyst === 'string' && analyst.trim() ? analyst.trim() : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
