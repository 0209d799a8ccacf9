import type { AskFn } from '../../bulk/engine';
import { AnswerCache } from '../../core/answer-cache';
import { RequestScheduler } from '../../core/scheduler';
import { defaultStorage } from '../../excel/storage';
import { cacheNamespace, functionsRuntime, requestBoundMs } from '../../functions/runtime';
import type { Connection } from '../../service/connection';
import type { TaskpaneServices } from '../services';

/**
 * Where a bulk run sends its requests: the scheduler the worksheet functions use, when the
 * task pane shares their runtime, so cells and the bulk run share one concurrency cap, one
 * merge of identical asks and one answer cache. Outside the shared runtime (the browser
 * harness, a pane loaded on its own) a scheduler of the same make over the saved settings.
 */
export interface BulkService {
  ask: AskFn;
  connection: Connection;
  concurrency: number;
  /** After an account or quota stop the scheduler sends nothing until told to: a resume tells it. */
  allowSending(): void;
}

/** One scheduler per pane and settings, so consecutive runs share its merge window and cache. */
const fallbacks = new WeakMap<TaskpaneServices, { fingerprint: string; service: BulkService }>();

export async function bulkService(services: TaskpaneServices): Promise<BulkService> {
  try {
    const context = await functionsRuntime().context();
    const scheduler = context.scheduler;
    return {
      ask: (query, options) => scheduler.ask(query, options),
      connection: context.connection,
      concurrency: context.settings.concurrency,
      allowSending: () => scheduler.resume(),
    };
  } catch {
    // No functions runtime in this JavaScript context: build our own below.
  }
  const loaded = await services.settings.load();
  const connection = await services.connect();
  const fingerprint = JSON.stringify([connection.mode, connection.settings]);
  const known = fallbacks.get(services);
  if (known && known.fingerprint === fingerprint) return known.service;
  const settings = connection.settings;
  const cache = new AnswerCache({ storage: defaultStorage(), ttlMs: settings.cacheHours * 3_600_000, namespace: cacheNamespace(loaded) });
  const scheduler = new RequestScheduler({
    search: (query, options) => connection.client.search(query, options),
    cache,
    concurrency: settings.concurrency,
    timeoutMs: requestBoundMs(settings),
  });
  const service: BulkService = {
    ask: (query, options) => scheduler.ask(query, options),
    connection,
    concurrency: settings.concurrency,
    allowSending: () => scheduler.resume(),
  };
  fallbacks.set(services, { fingerprint, service });
  return service;
}
