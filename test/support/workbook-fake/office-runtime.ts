/**
 * OfficeRuntime.storage in memory, with its documented surface (getItem, setItem, removeItem,
 * getItems, setItems, removeItems, getKeys) and its documented limits: string values only and
 * 10 MB per domain.
 */
export const OFFICE_RUNTIME_STORAGE_LIMIT_BYTES = 10 * 1024 * 1024;

export interface OfficeRuntimeStorageFake extends OfficeRuntime.Storage {
  readonly map: Map<string, string>;
  /** Makes every call reject, as storage does when unavailable. */
  failing: boolean;
}

export function officeRuntimeStorageFake(initial: Record<string, string> = {}): OfficeRuntimeStorageFake {
  const map = new Map(Object.entries(initial));
  const guard = (): void => {
    if (store.failing) throw new Error('Storage is unavailable.');
  };
  const size = (): number => [...map].reduce((n, [k, v]) => n + (k.length + v.length) * 2, 0);
  const put = (key: string, value: string): void => {
    if (typeof value !== 'string') throw new TypeError('OfficeRuntime.storage stores strings only');
    const before = map.get(key);
    map.set(key, value);
    if (size() > OFFICE_RUNTIME_STORAGE_LIMIT_BYTES) {
      if (before === undefined) map.delete(key);
      else map.set(key, before);
      throw new Error('Storage limit exceeded.');
    }
  };
  const store: OfficeRuntimeStorageFake = {
    map,
    failing: false,
    getItem: async (key) => {
      guard();
      return map.get(key) ?? null;
    },
    setItem: async (key, value) => {
      guard();
      put(key, value);
    },
    removeItem: async (key) => {
      guard();
      map.delete(key);
    },
    getItems: async (keys) => {
      guard();
      return Object.fromEntries(keys.map((k) => [k, map.get(k) ?? null]));
    },
    setItems: async (items) => {
      guard();
      for (const [k, v] of Object.entries(items)) put(k, v);
    },
    removeItems: async (keys) => {
      guard();
      for (const k of keys) map.delete(k);
    },
    getKeys: async () => {
      guard();
      return [...map.keys()];
    },
  };
  return store;
}

/** Sets globalThis.OfficeRuntime = { storage } (browser harness, jest); returns the restore function. */
export function installOfficeRuntimeStorage(
  storage: OfficeRuntime.Storage,
  target: Record<string, unknown> = globalThis as unknown as Record<string, unknown>,
): () => void {
  const previous = target.OfficeRuntime;
  target.OfficeRuntime = { storage };
  return () => {
    if (previous === undefined) delete target.OfficeRuntime;
    else target.OfficeRuntime = previous;
  };
}
