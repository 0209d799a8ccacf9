import type { AskFn } from '../../src/bulk';
import type { SearchResult } from '../../src/core/request/client';
import { AccountError, ServiceUnreachableError } from '../../src/core/protocol/errors';
import { ALL_LISTS, registriesOf } from '../../src/core/protocol/listdata';
import { subjectKey, type SearchQuery } from '../../src/core/query';
import type { RegistryKey } from '../../src/core/protocol/registries';
import type { SearchFn } from '../../src/core/request/scheduler';
import { parseEnvelope } from '../../src/core/protocol/schema';

/** The raw answer (before parsing) the fake gives for a query; `idrequest` counts from 1. */
export type AnswerScript = (query: SearchQuery, idrequest: number) => Record<string, unknown>;

export interface FakeServiceOptions {
  /** Seeds the pseudo-random delays: completion order differs from input order, the same way every run. */
  seed?: number;
  /** Each answer comes after a delay drawn from [0, delayMs) ms. */
  delayMs?: number;
  /** Requests wait until the test calls release(): the test, not a clock, decides when answers come. */
  gated?: boolean;
  /** What the service answers; bulkAnswer unless given. */
  answer?: AnswerScript;
  /** An error to throw instead of answering, when it returns one. */
  fail?: (query: SearchQuery, n: number) => unknown;
}

export interface FakeCall {
  query: SearchQuery;
  signal?: AbortSignal;
}

/**
 * The one service double of the unit tests, below the scheduler (`search`) and below the bulk
 * engine (`ask`, the same function): real answers parsed by the real schema, in-flight counting,
 * an AbortSignal honoured like the real client's, and account or network failures on demand.
 */
export interface FakeService {
  search: SearchFn;
  ask: AskFn;
  calls: FakeCall[];
  /** Subject keys in the order they were asked. */
  asked: string[];
  inFlight(): number;
  maxInFlight: number;
  /** Throw AccountError(11) for every request from this count on (1-based). */
  quotaAfter: number | null;
  /** Subjects whose requests fail as unreachable. */
  unreachable: (q: SearchQuery) => boolean;
  /** Resolves once `n` requests have reached the service (are on the wire). */
  reached(n: number): Promise<void>;
  /** With `gated`: lets every request waiting so far through, in arrival order. */
  release(): void;
}

export function fakeService(options: FakeServiceOptions = {}): FakeService {
  let state = options.seed ?? 7;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const delayMs = options.delayMs ?? 3;
  const answer = options.answer ?? bulkAnswer;
  let current = 0;
  let idr = 0;
  let gates: (() => void)[] = [];
  const reachedWaiters: { n: number; resolve: () => void }[] = [];

  const search: SearchFn = (query, { signal }) => {
    service.calls.push({ query, signal });
    service.asked.push(subjectKey(query));
    const n = service.calls.length;
    current++;
    service.maxInFlight = Math.max(service.maxInFlight, current);
    for (const w of reachedWaiters.filter((w) => n >= w.n)) {
      reachedWaiters.splice(reachedWaiters.indexOf(w), 1);
      w.resolve();
    }
    return new Promise<SearchResult>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let done = false;
      const onAbort = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        current--;
        // As with fetch, the rejection follows the abort instead of arriving inside abort() itself.
        queueMicrotask(() => reject(new Error('aborted')));
      };
      const settle = () => {
        if (done) return;
        done = true;
        signal?.removeEventListener('abort', onAbort);
        current--;
        if (service.quotaAfter !== null && n >= service.quotaAfter) return reject(new AccountError(11, 403, 'quota'));
        if (service.unreachable(query)) {
          return reject(
            new ServiceUnreachableError([
              { address: 'https://a.test', outcome: 'http-5xx', status: 503, durationMs: 1 },
            ]),
          );
        }
        const failure = options.fail?.(query, n);
        if (failure) return reject(failure);
        const raw = answer(query, ++idr);
        resolve({
          envelope: parseEnvelope(raw),
          servedBy: 'https://svc.test',
          attempts: [],
          durationMs: 1,
          method: 'POST',
          raw,
        });
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (options.gated) gates.push(settle);
      else timer = setTimeout(settle, Math.floor(random() * delayMs));
    });
  };

  const service: FakeService = {
    search,
    ask: search,
    calls: [],
    asked: [],
    maxInFlight: 0,
    quotaAfter: null,
    unreachable: () => false,
    inFlight: () => current,
    reached: (n) =>
      service.calls.length >= n
        ? Promise.resolve()
        : new Promise<void>((resolve) => reachedWaiters.push({ n, resolve })),
    release: () => {
      const open = gates;
      gates = [];
      for (const settle of open) settle();
    },
  };
  return service;
}

/**
 * The bulk tests' service: names containing "HIT" match a PEP at the high level, "LOW" a
 * sanctions entry at the low level, "ERR" get a registry error; the rest are clear.
 */
export function bulkAnswer(query: SearchQuery, idrequest: number): Record<string, unknown> {
  const name = query.name ?? '';
  const result: Record<string, unknown> = { peps: [], psanctions: [] };
  if (name.includes('HIT')) {
    result.peps = [
      { list: 'pep', idpep: 1000 + idrequest, name, percent: 100, level: 'Високий', job: '=HYPERLINK("x")' },
    ];
  }
  if (name.includes('LOW')) {
    result.psanctions = [{ pid: `S${idrequest}`, p_fullname: `+${name}`, p_percent: 71, p_level: 'Низький' }];
  }
  if (name.includes('ERR')) result.peps = "9000.Немає зв'язку з реєстром";
  return {
    idrequest: String(idrequest),
    dateResponse: '2026-11-22 10:00:00',
    listdata: String(query.listdata ?? -1),
    result,
  };
}

/**
 * The scheduler tests' service: every registry the listdata selects answers, with one high hit
 * for names starting with "Hit"; `registryErrors` answer a registry with an error text instead.
 */
export function everyListAnswer(registryErrors: Partial<Record<RegistryKey, string>> = {}): AnswerScript {
  return (query, idrequest) => {
    const result: Record<string, unknown> = {};
    for (const key of registriesOf(query.listdata ?? ALL_LISTS)) {
      const error = registryErrors[key];
      if (error) result[key] = error;
      else result[key] = query.name?.startsWith('Hit') ? [{ name: query.name, percent: 91, level: 'Високий' }] : [];
    }
    return { idrequest: String(idrequest), listdata: String(query.listdata ?? -1), result };
  };
}
