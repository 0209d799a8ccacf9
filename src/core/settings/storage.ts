/**
 * The shape of OfficeRuntime.storage (and of a Map in tests): asynchronous string values by key.
 * Settings, the secret slot and the answer cache all sit on it, so each runs unchanged in Excel,
 * in the browser harness and in Node.
 */
export interface KeyValueStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
  /** Every key held; needed to evict cache entries. */
  keys(): Promise<string[]>;
}

export function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { readonly map: Map<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: async (key) => map.get(key) ?? null,
    setItem: async (key, value) => {
      map.set(key, value);
    },
    removeItem: async (key) => {
      map.delete(key);
    },
    keys: async () => [...map.keys()],
  };
}
