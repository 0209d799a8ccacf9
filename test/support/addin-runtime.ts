import { DEFAULT_SETTINGS, type Settings } from '../../src/core/settings/settings';
import { SettingsStore } from '../../src/core/settings/settings-store';
import { memoryStorage, type KeyValueStorage } from '../../src/core/settings/storage';

/**
 * The add-in's functions runtime as Excel runs it, for tests: Office globals stubbed
 * (CustomFunctions, OfficeRuntime.storage over memory, Office.context.displayLanguage) on import,
 * and the functions module loaded the way the add-in loads it, in a fresh module registry.
 */

export type FunctionsModule = typeof import('../../src/functions/functions');
export type RuntimeModule = typeof import('../../src/shared-runtime/runtime');

export class StubCellError {
  constructor(
    readonly code: string,
    readonly message?: string,
  ) {}
}

export const officeGlobals = {
  CustomFunctions: {
    Error: StubCellError,
    ErrorCode: { invalidValue: '#VALUE!', notAvailable: '#N/A' },
    associate: () => undefined,
  },
  OfficeRuntime: { storage: officeStorageOver(memoryStorage()) },
  Office: { context: { displayLanguage: 'en-US' } },
};
Object.assign(globalThis, officeGlobals);

function officeStorageOver(storage: KeyValueStorage) {
  return {
    getItem: (k: string) => storage.getItem(k),
    setItem: (k: string, v: string) => storage.setItem(k, v),
    removeItem: (k: string) => storage.removeItem(k),
    getKeys: () => storage.keys(),
  };
}

/** A fresh add-in runtime (module registry) over the given persistent store: what reopening Excel does. */
export function startAddinRuntime(storage: KeyValueStorage): { fns: FunctionsModule; runtime: RuntimeModule } {
  officeGlobals.OfficeRuntime.storage = officeStorageOver(storage);
  let loaded: { fns: FunctionsModule; runtime: RuntimeModule } | null = null;
  jest.isolateModules(() => {
    // A fresh module registry is what jest.isolateModules gives, and only require() loads into it.
    loaded = {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      fns: require('../../src/functions/functions') as FunctionsModule,
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      runtime: require('../../src/shared-runtime/runtime') as RuntimeModule,
    };
  });
  if (!loaded) throw new Error('runtime not loaded');
  return loaded;
}

export async function saveSettings(
  storage: KeyValueStorage,
  settings: Partial<Settings>,
  tokken?: string,
): Promise<void> {
  const store = new SettingsStore(storage);
  await store.save({ ...DEFAULT_SETTINGS, ...settings });
  if (tokken) await store.saveTokken(tokken);
}

export const invocation = (): CustomFunctions.CancelableInvocation => ({});
