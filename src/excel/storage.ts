/**
 * KeyValueStorage (src/core/settings/storage.ts) over what each runtime offers, for SettingsStore and
 * the answer cache:
 * - OfficeRuntime.storage in Excel: per add-in and machine, never inside the workbook, so a
 *   shared workbook never carries the tokken. 10 MB per domain, string values.
 * - localStorage in the browser harness (prefixed, so keys() lists only ours).
 */
import { memoryStorage, type KeyValueStorage } from '../core/settings/storage';
import { ExcelLayerError } from './layer-error';
import { storageMessages } from './storage-messages';

type RuntimeStorage = Pick<OfficeRuntime.Storage, 'getItem' | 'setItem' | 'removeItem' | 'getKeys'>;

interface MaybeGlobals {
  OfficeRuntime?: { storage?: RuntimeStorage };
  localStorage?: Storage;
}

function globals(): MaybeGlobals {
  return globalThis as unknown as MaybeGlobals;
}

export function officeRuntimeStorage(storage?: RuntimeStorage): KeyValueStorage {
  const s = storage ?? globals().OfficeRuntime?.storage;
  if (!s) throw new ExcelLayerError('storage-unavailable', storageMessages.text('excel.storage.unavailable'));
  return {
    getItem: (key) => s.getItem(key),
    setItem: (key, value) => s.setItem(key, value),
    removeItem: (key) => s.removeItem(key),
    keys: () => s.getKeys(),
  };
}

export const BROWSER_STORAGE_PREFIX = 'checklists:';

/** Web Storage (localStorage by default) under a prefix; async to match KeyValueStorage. */
export function browserStorage(storage?: Storage, prefix = BROWSER_STORAGE_PREFIX): KeyValueStorage {
  const s = storage ?? globals().localStorage;
  if (!s) throw new ExcelLayerError('storage-unavailable', storageMessages.text('excel.storage.unavailable'));
  return {
    getItem: async (key) => s.getItem(prefix + key),
    setItem: async (key, value) => s.setItem(prefix + key, value),
    removeItem: async (key) => s.removeItem(prefix + key),
    keys: async () => {
      const out: string[] = [];
      for (let i = 0; i < s.length; i += 1) {
        const k = s.key(i);
        if (k !== null && k.startsWith(prefix)) out.push(k.slice(prefix.length));
      }
      return out;
    },
  };
}

/**
 * The best store this runtime has: OfficeRuntime.storage, else localStorage, else memory
 * (settings then last only for the session).
 */
export function defaultStorage({ officeRuntime = true }: { officeRuntime?: boolean } = {}): KeyValueStorage & {
  kind: 'office-runtime' | 'browser' | 'memory';
} {
  const g = globals();
  if (officeRuntime && g.OfficeRuntime?.storage) {
    return { ...officeRuntimeStorage(g.OfficeRuntime.storage), kind: 'office-runtime' };
  }
  try {
    if (g.localStorage) return { ...browserStorage(g.localStorage), kind: 'browser' };
  } catch {
    // Accessing localStorage throws where the browser blocks it; fall through to memory.
  }
  return { ...memoryStorage(), kind: 'memory' };
}
