import { ServiceRuntime, hasSharedRuntime, sharedRuntime } from '../../shared-runtime/runtime';
import type { TaskpaneServices } from './services';

const ownRuntimes = new WeakMap<TaskpaneServices, ServiceRuntime>();

/**
 * The runtime every ask from the pane goes through. In Excel's shared runtime that is the one
 * the worksheet functions use, so a subject a cell just screened is answered from their cache
 * and counts against their concurrency cap. A pane running on its own (the browser harness,
 * tests) gets one runtime of the same make per services object, over its own settings store,
 * so its single search and its bulk runs still share one scheduler and one cache.
 */
export function runtimeFor(services: TaskpaneServices): ServiceRuntime {
  if (hasSharedRuntime()) return sharedRuntime();
  let own = ownRuntimes.get(services);
  if (!own) {
    own = new ServiceRuntime({
      storage: services.settings.storage,
      connect: (loaded) => services.connectWith(loaded),
      displayLanguage: () => services.host.displayLanguage,
    });
    ownRuntimes.set(services, own);
  }
  return own;
}
