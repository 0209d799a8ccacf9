import { CheckListsClient } from '../../../src/core/request/client';
import type { Transport } from '../../../src/core/request/transport';
import { SettingsStore, type LoadedSettings } from '../../../src/core/settings/settings-store';
import { DEMO_CREDENTIALS, createSandboxEngine, sandboxTransport, type SandboxEngine } from '../../../src/sandbox';
import { MODE_LABELS, SANDBOX_ADDRESS, connect, type Connection } from '../../../src/shared-runtime/connection';
import { officeExcel, officeHost, pickStorage, type ReadyInfo } from '../../../src/taskpane/shell/office-services';
import { officeBulkWorkbook } from '../../../src/taskpane/shell/bulk-workbook';
import type { HostInfo, HostTheme, TaskpaneServices } from '../../../src/taskpane/shell/services';

/** The Office themes the harness toolbar offers; colours as Excel reports its "Black" and "White"-ish themes. */
export const HARNESS_THEMES = {
  light: { bodyBackgroundColor: '#ffffff', bodyForegroundColor: '#201f1e', isDarkTheme: false },
  dark: { bodyBackgroundColor: '#292929', bodyForegroundColor: '#f3f2f1', isDarkTheme: true },
} as const satisfies Record<string, HostTheme>;
export type HarnessThemeName = keyof typeof HARNESS_THEMES;

/**
 * The host as the pane sees it in the harness: office.js's own answers outside Office (no
 * host, the browser's language), except the theme, which the harness toolbar switches and
 * announces the way Office raises OfficeThemeChanged.
 */
export class HarnessHost {
  private theme: HarnessThemeName = 'light';
  private readonly listeners = new Set<() => void>();
  readonly info: HostInfo;

  constructor(ready: ReadyInfo) {
    const base = officeHost(ready);
    this.info = {
      ...base,
      officeTheme: () => HARNESS_THEMES[this.theme],
      onThemeChanged: (listener) => {
        const off = base.onThemeChanged(listener);
        this.listeners.add(listener);
        return () => {
          off();
          this.listeners.delete(listener);
        };
      },
    };
  }

  get current(): HarnessThemeName {
    return this.theme;
  }

  setTheme(name: HarnessThemeName): void {
    this.theme = name;
    for (const listener of [...this.listeners]) listener();
  }
}

export interface HarnessServiceOptions {
  /** Delay of every sandbox answer, ms: long enough for a person (or a test) to watch a bulk run and cancel it. */
  latencyMs: number;
}

/** The harness's sandbox; its data revision can move on mid-session ("a month later", docs/sandbox.md). */
export class HarnessSandbox {
  private engine: SandboxEngine | null = null;
  private revision = 0;

  constructor(private readonly latencyMs: number) {}

  current(): SandboxEngine {
    this.engine ??= createSandboxEngine({
      dataRevision: this.revision,
      ...(this.latencyMs > 0 ? { faults: { latencyMs: this.latencyMs } } : {}),
    });
    return this.engine;
  }

  setDataRevision(revision: number): void {
    this.revision = revision;
    this.engine = null;
  }
}

/**
 * TaskpaneServices as src/taskpane/shell/office-services.ts builds them outside Office (localStorage,
 * Excel.run on the global Excel — here the workbook fake), with one difference: the sandbox
 * answers after `latencyMs`, as a real service would, instead of at once. Live settings connect
 * exactly as in the add-in (fetch to the saved addresses).
 */
export function harnessServices(
  host: HarnessHost,
  options: HarnessServiceOptions,
  sandbox = new HarnessSandbox(options.latencyMs),
): TaskpaneServices {
  const settings = new SettingsStore(pickStorage(false));
  // Asks the sandbox of the moment, so a connection made before a revision change sees the new data.
  const transport: Transport = { send: (request) => sandboxTransport(sandbox.current()).send(request) };
  const sandboxConnection = (loaded: LoadedSettings): Connection => {
    return {
      mode: 'sandbox',
      settings: loaded.settings,
      label: MODE_LABELS.sandbox,
      fictional: true,
      client: new CheckListsClient({
        addresses: [SANDBOX_ADDRESS],
        credentials: DEMO_CREDENTIALS,
        transport,
        timeoutMs: loaded.settings.timeoutSeconds * 1000,
      }),
    };
  };
  const connectWith = (loaded: LoadedSettings): Connection =>
    loaded.mode === 'live' && loaded.tokken ? connect(loaded) : sandboxConnection(loaded);
  return {
    settings,
    connect: async () => connectWith(await settings.load()),
    connectWith,
    excel: officeExcel(),
    bulk: officeBulkWorkbook(),
    host: host.info,
  };
}
