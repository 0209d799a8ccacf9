import { AnswerCache } from '../core/cache/answer-cache';
import { hashKey } from '../core/cache/fnv';
import { langFromLocale, type Lang } from '../core/text/i18n';
import { DEFAULT_RETRY_POLICY } from '../core/request/retry';
import { RequestScheduler } from '../core/request/scheduler';
import { SettingsStore, type LoadedSettings } from '../core/settings/settings-store';
import { addressList, type ServiceMode, type Settings } from '../core/settings/settings';
import type { KeyValueStorage } from '../core/settings/storage';
import type { Transport } from '../core/request/transport';
import { MODE_NOTICES, connect, type Connection } from './connection';

/**
 * What the add-in's shared runtime runs on: the settings the task pane saved, a client for the
 * live service or the in-process sandbox, and one request scheduler with its persistent cache.
 * Worksheet functions and bulk runs ask through the same scheduler, so they share one
 * concurrency cap, one merge of identical questions and one cache. Built lazily and rebuilt when
 * the saved settings change, so saving credentials switches every later ask from the sandbox to
 * the service.
 */

export interface RuntimeEnvironment {
  /** OfficeRuntime.storage in Excel, memoryStorage in tests: settings and the answer cache live here. */
  storage: KeyValueStorage;
  /** Transport for the live service; default fetch. */
  transport?: Transport;
  /** How settings become a client; default connect() from ./connection. A task pane passes its own. */
  connect?: (loaded: LoadedSettings) => Connection;
  /** Office's display language ("uk-UA"); used when the settings say "auto". */
  displayLanguage?: () => string | null | undefined;
  /** Longest a cell waits for the service once its request has left (queueing not counted). Default 5 minutes. */
  maxEvaluationMs?: number;
  /** Merge window of the scheduler. Default 5 ms. */
  batchWindowMs?: number;
  /** Saved settings are re-read at most this often. Default 3 s. */
  settingsRefreshMs?: number;
}

export interface RuntimeContext {
  scheduler: RequestScheduler;
  cache: AnswerCache;
  connection: Connection;
  settings: Settings;
  mode: ServiceMode;
  lang: Lang;
  /** Bound on one evaluation, after which its cell shows #N/A. */
  evaluationTimeoutMs: number;
}

export const DEFAULT_MAX_EVALUATION_MS = 5 * 60 * 1000;
const DEFAULT_SETTINGS_REFRESH_MS = 3000;
/**
 * After an account or quota error the cells stop asking for this long: a filled-down column
 * must not spend a request per row on an answer known in advance, but a quota raised by the
 * operator is noticed at a later recalculation without restarting Excel.
 */
const ACCOUNT_HALT_MS = 60_000;

/** One request, every address and the client's retries included, plus room for backoff. */
export function requestBoundMs(settings: Settings): number {
  const attempts = Math.max(1, addressList(settings).length) * (DEFAULT_RETRY_POLICY.retries + 1);
  return (
    settings.timeoutSeconds * 1000 * attempts + DEFAULT_RETRY_POLICY.backoffMs * 2 * DEFAULT_RETRY_POLICY.retries + 2000
  );
}

/** Cached answers of one service and account never answer for another (nor demo data for real). */
export function cacheNamespace(loaded: LoadedSettings): string {
  if (loaded.mode === 'sandbox') return 'sandbox';
  return `live|${addressList(loaded.settings).join(',')}|${loaded.settings.idSubjectFM}`;
}

function fingerprint(loaded: LoadedSettings): string {
  // The tokken only as a hash: the fingerprint sits in memory next to things that get logged.
  return JSON.stringify([loaded.mode, loaded.settings, loaded.tokken ? hashKey(loaded.tokken) : '']);
}

export class ServiceRuntime {
  private readonly env: RuntimeEnvironment;
  private readonly store: SettingsStore;
  private current: { fingerprint: string; context: RuntimeContext } | null = null;
  private loadedAt = -Infinity;
  private loading: Promise<RuntimeContext> | null = null;
  private readonly retired: RequestScheduler[] = [];

  constructor(env: RuntimeEnvironment) {
    this.env = env;
    this.store = new SettingsStore(env.storage);
    everyRuntime.add(this);
  }

  /** The context for one evaluation; re-reads the settings when they may have changed. */
  context(): Promise<RuntimeContext> {
    const refresh = this.env.settingsRefreshMs ?? DEFAULT_SETTINGS_REFRESH_MS;
    if (this.current && Date.now() - this.loadedAt < refresh) {
      return Promise.resolve(this.withLanguage(this.current.context));
    }
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /**
   * For the task pane after it saves: the next evaluation reads the settings again, and an
   * account error no longer holds back requests (the account may have been fixed).
   */
  reload(): void {
    this.loadedAt = -Infinity;
    this.current?.context.scheduler.resume();
  }

  /** Waits until every scheduler this runtime made is idle (tests, and before a restart). */
  async idle(): Promise<void> {
    await Promise.all(
      [...this.retired, ...(this.current ? [this.current.context.scheduler] : [])].map((s) => s.idle()),
    );
  }

  /** Stops everything: pending cells get #N/A (cancelled). */
  dispose(): void {
    this.current?.context.scheduler.cancelAll();
    for (const s of this.retired) s.cancelAll();
  }

  private language(settings: Settings): Lang {
    if (settings.language !== 'auto') return settings.language;
    let locale: string | null | undefined;
    try {
      locale = this.env.displayLanguage?.();
    } catch {
      locale = null;
    }
    return langFromLocale(locale);
  }

  private withLanguage(context: RuntimeContext): RuntimeContext {
    const lang = this.language(context.settings);
    return lang === context.lang ? context : { ...context, lang };
  }

  private async load(): Promise<RuntimeContext> {
    const loaded = await this.store.load();
    this.loadedAt = Date.now();
    const print = fingerprint(loaded);
    if (this.current && this.current.fingerprint === print) return this.withLanguage(this.current.context);

    const connection = this.env.connect
      ? this.env.connect(loaded)
      : connect(loaded, this.env.transport ? { transport: this.env.transport } : {});
    const settings = connection.settings;
    const cache = new AnswerCache({
      storage: this.env.storage,
      ttlMs: settings.cacheHours * 60 * 60 * 1000,
      namespace: cacheNamespace(loaded),
    });
    const bound = requestBoundMs(settings);
    const scheduler = new RequestScheduler({
      search: (query, options) => connection.client.search(query, options),
      cache,
      concurrency: settings.concurrency,
      batchWindowMs: this.env.batchWindowMs,
      timeoutMs: bound,
      accountHaltMs: ACCOUNT_HALT_MS,
    });
    const context: RuntimeContext = {
      scheduler,
      cache,
      connection,
      settings,
      mode: connection.mode,
      lang: this.language(settings),
      evaluationTimeoutMs: Math.max(bound + 1000, this.env.maxEvaluationMs ?? DEFAULT_MAX_EVALUATION_MS),
    };
    // The old scheduler keeps its requests in flight: their answers still reach their cells.
    if (this.current) this.retired.push(this.current.context.scheduler);
    if (this.current?.context.mode !== context.mode) console.info(MODE_NOTICES[context.mode][context.lang]);
    this.current = { fingerprint: print, context };
    return context;
  }
}

/** Every runtime of this JavaScript context, so a settings save reaches them all. */
const everyRuntime = new Set<ServiceRuntime>();
let active: ServiceRuntime | null = null;
let defaultEnvironment: (() => RuntimeEnvironment) | null = null;

/** Set once by the Office bootstrap (functions.ts): how to build the runtime when first needed. */
export function setDefaultRuntimeEnvironment(factory: () => RuntimeEnvironment): void {
  defaultEnvironment = factory;
}

/**
 * Replaces the runtime: a test's "restart" (new scheduler, same storage) or a host that wants
 * its own storage. In-flight work of the old runtime is left to finish.
 */
export function startSharedRuntime(env: RuntimeEnvironment): ServiceRuntime {
  active = new ServiceRuntime(env);
  return active;
}

export function sharedRuntime(): ServiceRuntime {
  if (!active) {
    if (!defaultEnvironment) throw new Error('CheckLists: no storage configured for the shared runtime');
    active = new ServiceRuntime(defaultEnvironment());
  }
  return active;
}

/** In Excel's shared runtime the functions bundle sets the environment up; a pane loaded alone has none. */
export function hasSharedRuntime(): boolean {
  return active !== null || defaultEnvironment !== null;
}

/** For the task pane: call after saving settings so cells and bulk runs use them at their next ask. */
export function reloadSharedSettings(): void {
  for (const runtime of everyRuntime) runtime.reload();
}
