import { CheckListsClient, type WaitNotice } from '../core/request/client';
import type { LocalizedText } from '../core/text/i18n';
import type { LoadedSettings } from '../core/settings/settings-store';
import { addressList, type ServiceMode, type Settings } from '../core/settings/settings';
import type { Transport, TransportRequest, TransportResponse } from '../core/request/transport';
import { DEMO_CREDENTIALS, isSandboxTokken } from '../sandbox/credentials';
import type { SandboxEngine } from '../sandbox/engine';
import { SANDBOX_SERVER_LABEL, serviceMessages } from './messages';

/**
 * Settings in, a ready client out: live service or the in-process sandbox. Every surface
 * (functions, task pane, ribbon, bulk runs, CLI) connects through here, so "no credentials
 * means sandbox" is decided in one place.
 */
export interface Connection {
  client: CheckListsClient;
  mode: ServiceMode;
  settings: Settings;
  /** What to show next to any result: people must never mistake fictional data for a real answer. */
  label: LocalizedText;
  /**
   * The built-in sandbox, or a sandbox server (`checklists sandbox`) reached with one of its
   * accounts' tokkens: a result, and above all what proves a screening, must say it proves nothing.
   */
  fictional: boolean;
}

export const SANDBOX_ADDRESS = 'https://sandbox.checklists.invalid';

export const MODE_LABELS: Record<ServiceMode, LocalizedText> = {
  sandbox: serviceMessages.text('mode.sandbox.label'),
  live: serviceMessages.text('mode.live.label'),
};

/** Who answered: what results name it, and whether its answers are fictional. */
export interface AnsweredBy {
  label: LocalizedText;
  fictional: boolean;
}

/**
 * Who answered: the connection's service, unless the answers carry a relay's mark that its own
 * upstream is a sandbox (core/answer/relay-sandbox.ts), which the connection cannot know.
 */
export function answeredBy(connection: Pick<Connection, 'label' | 'fictional'>, relayMarked: boolean): AnsweredBy {
  if (!connection.fictional && relayMarked) return { label: SANDBOX_SERVER_LABEL, fictional: true };
  return { label: connection.label, fictional: connection.fictional };
}

/** Said once when the mode changes (console of the shared runtime, CLI start). */
export const MODE_NOTICES: Record<ServiceMode, LocalizedText> = {
  sandbox: serviceMessages.text('mode.sandbox.notice'),
  live: serviceMessages.text('mode.live.notice'),
};

let sharedEngine: Promise<SandboxEngine> | null = null;

/**
 * One in-process sandbox per runtime: its data is generated once and its quota counts across
 * surfaces. Its code and fictional data load on first use (a chunk of their own in the add-in),
 * so a workbook on the live service never downloads them.
 */
export function inProcessSandbox(): Promise<SandboxEngine> {
  sharedEngine ??= import(/* webpackChunkName: "sandbox" */ '../sandbox/engine').then((m) => m.createSandboxEngine());
  return sharedEngine;
}

/** The in-process sandbox (or a given engine) as a transport that loads it on its first request. */
function lazySandboxTransport(engine?: SandboxEngine): Transport {
  let transport: Promise<Transport> | null = null;
  return {
    async send(request: TransportRequest): Promise<TransportResponse> {
      transport ??= Promise.all([
        engine ?? inProcessSandbox(),
        import(/* webpackChunkName: "sandbox" */ '../sandbox/transport'),
      ]).then(([e, t]) => t.sandboxTransport(e));
      return (await transport).send(request);
    },
  };
}

export interface ConnectOptions {
  /** Live transport override (tests, relay); default fetch. */
  transport?: Transport;
  /** The sandbox to ask in sandbox mode instead of the shared one (e.g. another data revision). */
  sandbox?: SandboxEngine;
  /** One search's whole budget over every address and retry (live service). */
  giveUpMs?: number;
  onWait?: (notice: WaitNotice) => void;
}

export function connect(loaded: LoadedSettings, options: ConnectOptions = {}): Connection {
  const { settings, tokken, mode } = loaded;
  const policy = {
    timeoutMs: settings.timeoutSeconds * 1000,
    ...(options.giveUpMs !== undefined ? { giveUpMs: options.giveUpMs } : {}),
    ...(options.onWait ? { onWait: options.onWait } : {}),
  };
  if (mode === 'live' && tokken) {
    const fictional = isSandboxTokken(tokken);
    return {
      mode,
      settings,
      label: fictional ? SANDBOX_SERVER_LABEL : MODE_LABELS.live,
      fictional,
      client: new CheckListsClient({
        addresses: addressList(settings),
        credentials: { tokken, idSubjectFM: settings.idSubjectFM },
        viaRelay: settings.connection === 'relay',
        ...(options.transport ? { transport: options.transport } : {}),
        ...policy,
      }),
    };
  }
  return {
    mode: 'sandbox',
    settings,
    label: MODE_LABELS.sandbox,
    fictional: true,
    client: new CheckListsClient({
      addresses: [SANDBOX_ADDRESS],
      credentials: DEMO_CREDENTIALS,
      transport: lazySandboxTransport(options.sandbox),
      ...policy,
    }),
  };
}
