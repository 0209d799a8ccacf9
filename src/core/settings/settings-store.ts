import { parseJson } from '../text/json';
import { readSettings, serviceMode, type ServiceMode, type Settings } from './settings';
import type { KeyValueStorage } from './storage';

const SETTINGS_KEY = 'checklists.settings.v1';
const TOKKEN_KEY = 'checklists.secret.tokken';

export interface LoadedSettings {
  settings: Settings;
  /** null when none is saved; surfaces must never display or log it. */
  tokken: string | null;
  mode: ServiceMode;
}

/**
 * One store for the task pane (writer) and the custom functions, commands and bulk runs (readers).
 * In Excel it sits on OfficeRuntime.storage, which belongs to the add-in on this machine and is
 * never part of the workbook, so a shared workbook never carries the tokken.
 */
export class SettingsStore {
  /** Exposed so the shared runtime keeps its answer cache beside the settings it reads. */
  constructor(readonly storage: KeyValueStorage) {}

  async load(): Promise<LoadedSettings> {
    const [rawSettings, tokken] = await Promise.all([
      this.storage.getItem(SETTINGS_KEY),
      this.storage.getItem(TOKKEN_KEY),
    ]);
    const settings = readSettings(parseJson(rawSettings) ?? null);
    return { settings, tokken: tokken || null, mode: serviceMode(settings, tokken) };
  }

  async save(settings: Settings): Promise<void> {
    await this.storage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  }

  async saveTokken(tokken: string): Promise<void> {
    await this.storage.setItem(TOKKEN_KEY, tokken);
  }

  async clearTokken(): Promise<void> {
    await this.storage.removeItem(TOKKEN_KEY);
  }
}
