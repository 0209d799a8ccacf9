import { ALL_LISTS, bitsOf, registriesOf } from '../core/protocol/listdata';
import { isJsonObject, parseJson } from '../core/text/json';
import type { RegistryKey } from '../core/protocol/registries';
import type { AnswerForm } from '../core/protocol/schema';
import { latinOf } from './text';
import { kyivTime } from '../core/text/kyiv-time';
import { itemForForm } from './answer-form';
import { DEFAULT_SEED, sandboxData, type SandboxData } from './data/generator';
import type { SandboxRecord } from './data/model';
import { MAX_DATA_REVISION, dataAtRevision } from './data/revisions';
import { edrChangesBlock, scoredItem } from './answer';
import { FaultInjector, errorPageHtml, maintenancePageHtml, registryErrorAnswer, type SandboxFaults } from './faults';
import { SandboxIndex, queryDoc, queryNameVariants, type Hit } from './matching';
import { sandboxMessages, type SandboxMessageKey } from './messages';
import { BadRequest, RequestFields, parseSandboxQuery, type SandboxQuery } from './request';

/** Fictional credentials every sandbox accepts; printed by `npm run sandbox` and listed in docs/sandbox.md. */
import { DEMO_CREDENTIALS, SANDBOX_TOKKENS } from './credentials';

export { DEMO_CREDENTIALS };

export interface SandboxAccount {
  tokken: string;
  idSubjectFM: string;
  /** Requests before error 11; overrides the faults' quota for this account. */
  quota?: number;
  /** Answer every request with this account error (2, 3, 6 to 10). */
  accountError?: number;
  /** Registries in the paid package; the others answer 9001. All when absent. */
  registries?: readonly RegistryKey[];
}

/** Fictional accounts for trying the account errors; documented in docs/sandbox.md. */
export const SANDBOX_ACCOUNTS: readonly SandboxAccount[] = [
  { tokken: DEMO_CREDENTIALS.tokken, idSubjectFM: DEMO_CREDENTIALS.idSubjectFM },
  { tokken: SANDBOX_TOKKENS.trial, idSubjectFM: 'trial-subject', quota: 10 },
  {
    tokken: SANDBOX_TOKKENS.basic,
    idSubjectFM: 'basic-subject',
    registries: ['peps', 'psanctions', 'lostdocs', 'edr'],
  },
  { tokken: SANDBOX_TOKKENS.blocked, idSubjectFM: 'blocked-subject', accountError: 9 },
  { tokken: SANDBOX_TOKKENS.expired, idSubjectFM: 'expired-subject', accountError: 8 },
];

export interface SandboxEngineOptions {
  /** Seed of the fictional data. */
  seed?: number;
  faults?: SandboxFaults;
  accounts?: readonly SandboxAccount[];
  /** Clock for dateResponse and the default end of the changes period. */
  now?: () => Date;
  /** The most records one registry returns (the live service caps answers too). */
  maxHitsPerRegistry?: number;
  /** The registers as they stand N months later (data/revisions.ts, docs/sandbox.md); 0 by default. */
  dataRevision?: number;
}

export interface SandboxRequest {
  method: string;
  /** Path of the request; anything but /api answers 404. Defaults to /api. */
  path?: string;
  query: Record<string, string>;
  body?: string;
}

export interface SandboxResponse {
  /** HTTP status; 0 when `drop` is set. */
  status: number;
  contentType: string;
  body: string;
  /** How long the carrier (server or transport) waits before answering. */
  delayMs: number;
  /** The carrier closes the connection without answering. */
  drop: boolean;
}

export interface SandboxEngine {
  handle(request: SandboxRequest): SandboxResponse;
  /** The same data, accounts and quota counters with different faults: a reserve next to a failing primary. */
  withFaults(faults: SandboxFaults): SandboxEngine;
  /** Requests counted against each account's quota so far. */
  usage(credentials: { tokken: string; idSubjectFM: string }): number;
  resetUsage(): void;
  readonly data: SandboxData;
  readonly faults: Readonly<SandboxFaults>;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';

interface SharedState {
  options: Required<Pick<SandboxEngineOptions, 'seed' | 'maxHitsPerRegistry' | 'dataRevision'>> & {
    now: () => Date;
    accounts: readonly SandboxAccount[];
  };
  used: Map<string, number>;
  requestCounter: number;
  data?: SandboxData;
  index?: SandboxIndex;
}

function json(status: number, body: unknown, delayMs: number): SandboxResponse {
  return { status, contentType: JSON_TYPE, body: JSON.stringify(body), delayMs, drop: false };
}

function serviceError(status: number, code: number, delayMs: number, params?: Record<string, string>): SandboxResponse {
  const key = `service.${code}` as SandboxMessageKey;
  return json(status, { error: code, message: sandboxMessages.t('uk', key, params) }, delayMs);
}

function accountKey(tokken: string, subject: string): string {
  return `${tokken}\u0000${subject}`;
}

const indexes = new WeakMap<SandboxData, SandboxIndex>();

/** One index per data set, shared like the data itself. */
function indexOf(data: SandboxData): SandboxIndex {
  let index = indexes.get(data);
  if (!index) {
    index = new SandboxIndex(data);
    indexes.set(data, index);
  }
  return index;
}

function buildEngine(shared: SharedState, injector: FaultInjector): SandboxEngine {
  const ensureIndex = (): SandboxIndex => {
    if (!shared.index) {
      shared.data = shared.data ?? dataAtRevision(sandboxData(shared.options.seed), shared.options.dataRevision);
      shared.index = indexOf(shared.data);
    }
    return shared.index;
  };

  const search = (q: SandboxQuery, account: SandboxAccount, form: AnswerForm): Record<string, unknown> => {
    const keys = registriesOf(q.listdata);
    const askedBits = new Set(bitsOf(q.listdata));
    const result: Record<string, unknown> = {};
    const searched = new Set<RegistryKey>();
    for (const key of keys) {
      const injected = injector.registryError(key);
      if (injected !== undefined) result[key] = injected;
      else if (account.registries && !account.registries.includes(key)) result[key] = registryErrorAnswer(9001);
      else searched.add(key);
    }
    const name = q.name;
    // The service derives namelat from name by KMU 55 when it is not sent.
    const namelat = q.namelat ?? (name ? latinOf(name) : undefined);
    const codes = [q.ipn, q.nonrezedentcode].filter((c): c is string => typeof c === 'string' && c !== '');
    const accept = (r: SandboxRecord) =>
      searched.has(r.registry) &&
      (q.listdata === ALL_LISTS || r.bits.some((b) => askedBits.has(b))) &&
      (r.actual || !q.onlyactual);
    const hits = ensureIndex().search(
      {
        nameVariants: queryNameVariants(name, namelat),
        date: q.date,
        codes,
        scopedCodes: [{ codes: q.arrayedrpou, registries: ['edrchanges'] }],
        doc: queryDoc(q.doc, q.doctype),
        search: q.search,
        lowranklimit: q.lowranklimit,
      },
      accept,
    );
    const grouped = new Map<RegistryKey, Hit[]>();
    const overrides = shared.data?.percentOverrides;
    for (const found of hits) {
      const percent = overrides?.get(found.record.id);
      const hit = percent === undefined ? found : { ...found, percent };
      const list = grouped.get(hit.record.registry) ?? [];
      if (list.length < shared.options.maxHitsPerRegistry) list.push(hit);
      grouped.set(hit.record.registry, list);
    }
    for (const key of keys) {
      if (!searched.has(key)) continue;
      const found = grouped.get(key) ?? [];
      if (key === 'edrchanges') {
        result[key] = edrChangesBlock(found, q, askedBits).map((i) => itemForForm(key, i, form));
      } else result[key] = found.map((hit) => itemForForm(key, scoredItem(key, hit), form));
    }
    return result;
  };

  const engine: SandboxEngine = {
    get data() {
      shared.data = shared.data ?? dataAtRevision(sandboxData(shared.options.seed), shared.options.dataRevision);
      return shared.data;
    },
    faults: injector.faults,

    handle(request) {
      const decision = injector.decide();
      const delayMs = decision.delayMs;
      if (decision.drop) return { status: 0, contentType: '', body: '', delayMs, drop: true };
      if (decision.failStatus !== undefined) {
        return {
          status: decision.failStatus,
          contentType: HTML_TYPE,
          body: errorPageHtml(decision.failStatus),
          delayMs,
          drop: false,
        };
      }
      if (decision.html) {
        return { status: 200, contentType: HTML_TYPE, body: maintenancePageHtml(), delayMs, drop: false };
      }

      const path = (request.path ?? '/api').replace(/\/+$/, '');
      if (!/(^|\/)api$/i.test(path)) return serviceError(404, 404, delayMs);
      const method = request.method.toUpperCase();
      if (method !== 'GET' && method !== 'POST') return serviceError(405, 405, delayMs);
      const form: AnswerForm = method === 'GET' ? 'get' : 'post';

      let body: Record<string, unknown> = {};
      if (form === 'post') {
        const text = request.body ?? '';
        if (text.trim() !== '') {
          const parsed = parseJson(text);
          if (parsed === undefined) return serviceError(400, 100, delayMs, { detail: 'body is not JSON' });
          if (!isJsonObject(parsed)) return serviceError(400, 100, delayMs, { detail: 'body is not a JSON object' });
          body = parsed;
        }
      }
      // The GET form has only the query string; POST may carry credentials in either place.
      const fields = form === 'get' ? new RequestFields(request.query) : new RequestFields(request.query, body);

      const tokken = fields.text('tokken');
      const subject = fields.text('IDsubjectFM');
      const account = shared.options.accounts.find((a) => a.tokken === tokken && a.idSubjectFM === subject);
      if (!tokken || !subject || !account) return serviceError(401, 1, delayMs);
      if (account.accountError !== undefined) return serviceError(403, account.accountError, delayMs);
      const quota = account.quota ?? injector.quota;
      const key = accountKey(account.tokken, account.idSubjectFM);
      const used = shared.used.get(key) ?? 0;
      if (quota !== undefined && used >= quota) return serviceError(403, 11, delayMs);

      const now = shared.options.now();
      let q: SandboxQuery;
      try {
        q = parseSandboxQuery(fields, now);
      } catch (error) {
        if (error instanceof BadRequest) return serviceError(400, error.code, delayMs, { detail: error.detail });
        throw error;
      }
      shared.used.set(key, used + 1);
      shared.requestCounter += 1;
      const envelope = {
        idinternal: q.idinternal,
        idsubjectFM: account.idSubjectFM,
        iduserPC: q.iduserPC,
        idrequest: String(shared.options.seed % 1000).padStart(3, '0') + String(shared.requestCounter).padStart(7, '0'),
        // The service's clock is Kyiv's, wherever the sandbox runs.
        dateResponse: kyivTime(now),
        listdata: q.listdataText,
        search: String(q.search),
        responsetype: '5',
        textformat: 'JSON',
        result: search(q, account, form),
      };
      return json(200, form === 'get' ? [envelope] : envelope, delayMs);
    },

    withFaults(faults) {
      return buildEngine(shared, new FaultInjector(faults));
    },

    usage(credentials) {
      return shared.used.get(accountKey(credentials.tokken, credentials.idSubjectFM)) ?? 0;
    },

    resetUsage() {
      shared.used.clear();
    },
  };
  return engine;
}

/**
 * The sandbox service: request fields in, the answer the live service would give out. Pure (no
 * Node APIs), so it runs in-process in the add-in's demo mode as well as behind server.ts.
 * Data is generated on first use and shared by every engine with the same seed.
 */
export function createSandboxEngine(options: SandboxEngineOptions = {}): SandboxEngine {
  const maxHits = options.maxHitsPerRegistry ?? 100;
  if (!Number.isInteger(maxHits) || maxHits < 1) {
    throw new RangeError('maxHitsPerRegistry must be a positive whole number');
  }
  const revision = options.dataRevision ?? 0;
  if (!Number.isInteger(revision) || revision < 0 || revision > MAX_DATA_REVISION) {
    throw new RangeError(`dataRevision must be a whole number from 0 to ${MAX_DATA_REVISION}`);
  }
  const shared: SharedState = {
    options: {
      seed: options.seed ?? DEFAULT_SEED,
      maxHitsPerRegistry: maxHits,
      dataRevision: options.dataRevision ?? 0,
      now: options.now ?? (() => new Date()),
      accounts: options.accounts ?? SANDBOX_ACCOUNTS,
    },
    used: new Map(),
    requestCounter: 0,
  };
  return buildEngine(shared, new FaultInjector(options.faults ?? {}));
}
