import { SettingsStore } from '../../src/core/settings/settings-store';
import { ExcelLayerError } from '../../src/excel/errors';
import { BROWSER_STORAGE_PREFIX, browserStorage, defaultStorage, officeRuntimeStorage } from '../../src/excel/storage';
import { installOfficeRuntimeStorage, officeRuntimeStorageFake } from '../support/workbook-fake';

/** Web Storage semantics (length/key(i), string values) over a Map. */
class MapStorage implements Storage {
  private readonly map = new Map<string, string>();
  get length(): number {
    return this.map.size;
  }
  clear(): void {
    this.map.clear();
  }
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  setItem(key: string, value: string): void {
    this.map.set(key, String(value));
  }
}

type Globals = { OfficeRuntime?: unknown; localStorage?: unknown };

function withGlobals<T>(values: Globals, fn: () => T): T {
  const g = globalThis as unknown as Globals;
  const before = { OfficeRuntime: g.OfficeRuntime, localStorage: g.localStorage };
  Object.assign(g, values);
  try {
    return fn();
  } finally {
    for (const k of ['OfficeRuntime', 'localStorage'] as const) {
      if (before[k] === undefined) delete g[k];
      else g[k] = before[k];
    }
  }
}

describe('officeRuntimeStorage', () => {
  it('maps KeyValueStorage onto OfficeRuntime.storage, keys() onto getKeys()', async () => {
    const runtime = officeRuntimeStorageFake({ existing: '1' });
    const store = officeRuntimeStorage(runtime);
    await store.setItem('a', 'x');
    expect(await store.getItem('a')).toBe('x');
    expect(await store.getItem('missing')).toBeNull();
    expect((await store.keys()).sort()).toEqual(['a', 'existing']);
    await store.removeItem('a');
    expect(runtime.map.has('a')).toBe(false);
  });

  it('passes failures through as rejections', async () => {
    const runtime = officeRuntimeStorageFake();
    runtime.failing = true;
    await expect(officeRuntimeStorage(runtime).getItem('a')).rejects.toThrow('unavailable');
  });

  it('carries SettingsStore: settings and the tokken in separate slots', async () => {
    const runtime = officeRuntimeStorageFake();
    const settings = new SettingsStore(officeRuntimeStorage(runtime));
    await settings.saveTokken('secret-tokken');
    const loaded = await settings.load();
    expect(loaded.tokken).toBe('secret-tokken');
    await settings.save(loaded.settings);
    const slots = [...runtime.map.keys()];
    expect(slots.length).toBe(2);
    expect([...runtime.map.entries()].filter(([, v]) => v.includes('secret-tokken')).length).toBe(1);
    await settings.clearTokken();
    expect((await settings.load()).tokken).toBeNull();
  });

  it('finds storage installed as the global OfficeRuntime.storage', async () => {
    const runtime = officeRuntimeStorageFake({ k: 'v' });
    const restore = installOfficeRuntimeStorage(runtime);
    try {
      expect(await officeRuntimeStorage().getItem('k')).toBe('v');
    } finally {
      restore();
    }
    expect((globalThis as Globals).OfficeRuntime).toBeUndefined();
  });

  it('uses the global OfficeRuntime.storage, and says so when there is none', () => {
    const runtime = officeRuntimeStorageFake();
    expect(() => withGlobals({ OfficeRuntime: { storage: runtime } }, () => officeRuntimeStorage())).not.toThrow();
    expect(() => withGlobals({ OfficeRuntime: undefined }, () => officeRuntimeStorage())).toThrow(ExcelLayerError);
  });
});

describe('browserStorage', () => {
  it('prefixes keys so keys() lists only ours', async () => {
    const local = new MapStorage();
    local.setItem('other-app', 'x');
    const store = browserStorage(local);
    await store.setItem('checklists.settings.v1', '{}');
    expect(local.getItem(`${BROWSER_STORAGE_PREFIX}checklists.settings.v1`)).toBe('{}');
    expect(await store.keys()).toEqual(['checklists.settings.v1']);
    await store.removeItem('checklists.settings.v1');
    expect(await store.keys()).toEqual([]);
    expect(local.getItem('other-app')).toBe('x');
  });

  it('carries SettingsStore', async () => {
    const settings = new SettingsStore(browserStorage(new MapStorage()));
    await settings.saveTokken('t');
    expect((await settings.load()).tokken).toBe('t');
  });
});

describe('defaultStorage', () => {
  it('prefers OfficeRuntime.storage, then localStorage, then memory', async () => {
    const runtime = officeRuntimeStorageFake();
    expect(
      withGlobals({ OfficeRuntime: { storage: runtime }, localStorage: new MapStorage() }, () => defaultStorage().kind),
    ).toBe('office-runtime');
    expect(withGlobals({ OfficeRuntime: undefined, localStorage: new MapStorage() }, () => defaultStorage().kind)).toBe(
      'browser',
    );
    const memory = withGlobals({ OfficeRuntime: undefined, localStorage: undefined }, () => defaultStorage());
    expect(memory.kind).toBe('memory');
    await memory.setItem('k', 'v');
    expect(await memory.getItem('k')).toBe('v');
  });
});
