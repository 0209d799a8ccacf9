import type { KeyValueStorage } from '../settings/storage';
import { withTimeout } from '../request/timing';

/**
 * A storage whose every call settles in bounded time: OfficeRuntime.storage and localStorage can
 * stall, and a cache that waits on them would hold a worksheet function's cell for ever.
 */
class StorageTimeoutError extends Error {
  constructor() {
    super('storage did not answer in time');
  }
}

/** Every call bounded: a call that does not settle in time rejects (and is left to finish on its own). */
export function boundedStorage(storage: KeyValueStorage, ms: number): KeyValueStorage {
  const bound = <T>(call: () => Promise<T>): Promise<T> => {
    let pending: Promise<T>;
    try {
      pending = call();
    } catch (error) {
      return Promise.reject(error);
    }
    return withTimeout(pending, ms, () => {
      throw new StorageTimeoutError();
    });
  };
  return {
    getItem: (key) => bound(() => storage.getItem(key)),
    setItem: (key, value) => bound(() => storage.setItem(key, value)),
    removeItem: (key) => bound(() => storage.removeItem(key)),
    keys: () => bound(() => storage.keys()),
  };
}
