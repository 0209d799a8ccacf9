import {
  AttemptReport,
  CancelledError,
  InvalidInputError,
  ServiceUnreachableError,
  errorFromServiceBody,
} from '../protocol/errors';
import { listdataToString, listdataToWire } from '../protocol/listdata';
import { coreMessages } from '../text/messages';
import type { SearchQuery } from '../query';
import { answerSchema, warmAnswerSchema } from '../answer/answer-schema';
import type { ParsedEnvelope } from '../protocol/schema';
import { fetchTransport, type Transport, type TransportRequest } from './transport';
import { parseJson } from '../text/json';
import { DEFAULT_RETRY_POLICY, backoffDelay, isRetryableStatus, type RetryPolicy } from './retry';
import { deadlineSignal, delay } from './timing';
import { createSecretMask, maskDeep, type SecretMask } from '../text/secret-mask';

/** A request header: this search was asked again on purpose (SearchOptions.fresh). */
export const FRESH_HEADER = 'CheckLists-Fresh';

/** What one search sends, the same at every address it tries. */
interface WireQuery {
  method: HttpMethod;
  fields: Record<string, WireValue>;
  listdata: bigint | undefined;
  fresh: boolean | undefined;
}

export interface Credentials {
  tokken: string;
  idSubjectFM: string;
}

export type HttpMethod = 'GET' | 'POST';

export interface ClientConfig extends Partial<RetryPolicy> {
  /** Primary address first, then reserves: base URLs such as https://host:9443 (the client appends /api). */
  addresses: readonly string[];
  credentials: Credentials;
  transport?: Transport;
  /** POST keeps credentials out of URLs; GET is there because the interface offers it. */
  method?: HttpMethod;
  /** Injected for tests; defaults to Date.now. */
  now?: () => number;
  /**
   * How long one search may take over every address and retry together; unbounded when absent.
   * Without it a dead-slow service costs timeout x addresses x rounds before anyone hears of it.
   */
  giveUpMs?: number;
  /** Told before every attempt after the first, so a surface can say what it is waiting for. */
  onWait?: (notice: WaitNotice) => void;
  /** The addresses are the organisation's relay, the tokken an analyst's key: its refusals are read as its own. */
  viaRelay?: boolean;
}

export interface WaitNotice {
  /** 1-based number of the attempt about to start. */
  attempt: number;
  of: number;
  /** Origin of the address about to be tried. */
  next: string;
}

export interface SearchOptions {
  signal?: AbortSignal;
  method?: HttpMethod;
  /**
   * Told once, the moment a JSON answer with status 200 has arrived and before it is read, so a
   * caller that keeps C requests at the service can start the next one while this one is parsed.
   * The service is done with the request by then; only an answer that then proves malformed
   * (a service fault) is tried again after it, as always.
   */
  onAnswerArrived?: () => void;
  /**
   * Asked again on purpose: sent as the header FRESH_HEADER, which the organisation's relay takes
   * as "not from your shared cache" (docs/relay.md). The service ignores it. Not `Cache-Control:
   * no-cache`: fetch adds that to every request whose cache mode is no-store (Fetch standard,
   * HTTP-network-or-cache fetch), as the transport's are.
   */
  fresh?: boolean;
}

export interface SearchResult {
  envelope: ParsedEnvelope;
  /** The base address that answered (origin only: never a URL with a query). */
  servedBy: string;
  attempts: AttemptReport[];
  durationMs: number;
  method: HttpMethod;
  /** The envelope exactly as received, for caching and audit. */
  raw: unknown;
  /**
   * The answer's text as it came off the wire (a tokken echo masked, nothing else changed): what
   * the relay archives as evidence.
   */
  body?: string;
  /** Where the caller keeps its own copy of this answer (the relay's archive row), when it does. */
  receipt?: number;
  /** Set by a search function that found the answer in a shared cache instead of asking (the relay's). */
  source?: 'shared';
  /** With `source`: when the shared answer was received from the service (epoch ms). */
  receivedAt?: number;
  /** Set by a search function that has put the answer in the scheduler's cache itself: not written twice. */
  stored?: true;
}

/** Scheme, host and port: what may be shown or logged about an address. */
export function describeAddress(address: string): string {
  try {
    const url = new URL(address);
    return `${url.protocol}//${url.host}`;
  } catch {
    return '(invalid address)';
  }
}

function apiUrl(address: string): string {
  const trimmed = address.trim().replace(/\/+$/, '');
  return /\/api$/i.test(trimmed) ? trimmed : `${trimmed}/api`;
}

function validateAddresses(addresses: readonly string[]): string[] {
  const cleaned = addresses.map((a) => a.trim()).filter((a) => a.length > 0);
  const bad = cleaned.filter((a) => {
    try {
      const u = new URL(a);
      return (
        (u.protocol !== 'https:' && u.protocol !== 'http:') || u.username !== '' || u.password !== '' || u.search !== ''
      );
    } catch {
      return true;
    }
  });
  if (cleaned.length === 0 || bad.length > 0) {
    const value = bad[0] ?? '';
    throw new InvalidInputError([
      {
        field: 'addresses',
        code: 'field.address',
        message:
          cleaned.length === 0
            ? coreMessages.text('address.none')
            : coreMessages.text('address.bad', { address: describeAddress(value) }),
      },
    ]);
  }
  return cleaned;
}

type WireValue = string | number | boolean | readonly string[];

/** The request fields as the service names them, without credentials. */
export function queryToWire(query: SearchQuery): Record<string, WireValue> {
  const out: Record<string, WireValue> = {};
  for (const [key, value] of Object.entries(query) as [string, unknown][]) {
    if (value === undefined || value === null) continue;
    if (key === 'listdata' && typeof value === 'bigint') out.listdata = listdataToWire(value);
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
    else if (Array.isArray(value)) out[key] = value.map(String);
  }
  return out;
}

function toQueryString(fields: Record<string, WireValue>, listdata: bigint | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'listdata' && listdata !== undefined) params.set(key, listdataToString(listdata));
    else params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params.toString();
}

/**
 * Talks to the CheckLists service over a primary address and any number of reserves.
 * One place decides what is worth another address: no answer, a timeout, a 5xx or a 200 that
 * is not a CheckLists answer. A 4XX is the service's verdict on this request and would be the
 * same everywhere, so it is never retried; account and quota codes surface as AccountError.
 */
export class CheckListsClient {
  readonly addresses: readonly string[];
  private readonly credentials: Credentials;
  private readonly transport: Transport;
  private readonly method: HttpMethod;
  private readonly policy: RetryPolicy;
  private readonly now: () => number;
  /** Address → time until which it is tried after the others, so a dead primary does not cost a timeout per request. */
  private readonly coolingUntil = new Map<string, number>();
  private readonly mask: SecretMask;
  private readonly giveUpMs: number;
  private readonly onWait: ((notice: WaitNotice) => void) | undefined;
  /** Per address, worked out once: a bulk run asks thousands of times over the same one or two. */
  private readonly shownAddress = new Map<string, string>();
  private readonly apiUrlOf = new Map<string, string>();
  private readonly viaRelay: boolean;

  constructor(config: ClientConfig) {
    this.addresses = validateAddresses(config.addresses);
    for (const a of this.addresses) {
      this.shownAddress.set(a, describeAddress(a));
      this.apiUrlOf.set(a, apiUrl(a));
    }
    this.credentials = { tokken: config.credentials.tokken, idSubjectFM: config.credentials.idSubjectFM };
    this.mask = createSecretMask([config.credentials.tokken]);
    this.giveUpMs = config.giveUpMs ?? Number.POSITIVE_INFINITY;
    this.onWait = config.onWait;
    this.viaRelay = config.viaRelay ?? false;
    this.transport = config.transport ?? fetchTransport();
    this.method = config.method ?? 'POST';
    this.now = config.now ?? (() => Date.now());
    this.policy = {
      timeoutMs: config.timeoutMs ?? DEFAULT_RETRY_POLICY.timeoutMs,
      retries: config.retries ?? DEFAULT_RETRY_POLICY.retries,
      backoffMs: config.backoffMs ?? DEFAULT_RETRY_POLICY.backoffMs,
      cooldownMs: config.cooldownMs ?? DEFAULT_RETRY_POLICY.cooldownMs,
      retryStatuses: config.retryStatuses ?? DEFAULT_RETRY_POLICY.retryStatuses,
    };
  }

  /** Addresses in the order the next request will try them. */
  attemptOrder(): string[] {
    const t = this.now();
    const ready = this.addresses.filter((a) => (this.coolingUntil.get(a) ?? 0) <= t);
    const cooling = this.addresses.filter((a) => (this.coolingUntil.get(a) ?? 0) > t);
    return [...ready, ...cooling];
  }

  async search(query: SearchQuery, options: SearchOptions = {}): Promise<SearchResult> {
    const method = options.method ?? this.method;
    const signal = options.signal;
    const started = this.now();
    const attempts: AttemptReport[] = [];
    const fields = queryToWire(query);
    const wire: WireQuery = { method, fields, listdata: query.listdata, fresh: options.fresh };
    const onAnswerArrived = options.onAnswerArrived;
    let told = false;
    const arrived = onAnswerArrived
      ? (status: number, contentType: string | null) => {
          if (told || status !== 200 || !contentType || !/json/i.test(contentType)) return;
          told = true;
          onAnswerArrived();
        }
      : undefined;

    const total = (this.policy.retries + 1) * this.addresses.length;
    const left = () => this.giveUpMs - (this.now() - started);
    let n = 0;
    rounds: for (let round = 0; round <= this.policy.retries; round++) {
      if (round > 0) {
        if (left() <= 0) break;
        await delay(
          Math.min(backoffDelay(this.policy, round), Math.max(0, left())),
          signal,
          () => new CancelledError(),
        );
      }
      for (const address of this.attemptOrder()) {
        if (signal?.aborted) throw new CancelledError();
        const remaining = left();
        if (remaining <= 0) break rounds;
        n++;
        if (n > 1) this.onWait?.({ attempt: n, of: total, next: this.shown(address) });
        // With a give-up time, each attempt gets its share of what is left, so every address is tried before giving up.
        const share = Number.isFinite(remaining) ? remaining / (total - n + 1) : remaining;
        const outcome = await this.attempt(address, wire, signal, Math.min(this.policy.timeoutMs, share), arrived);
        attempts.push(outcome.report);
        if (outcome.kind === 'answer') {
          this.coolingUntil.delete(address);
          return {
            envelope: outcome.envelope,
            servedBy: this.shown(address),
            attempts,
            durationMs: this.now() - started,
            method,
            raw: outcome.raw,
            body: outcome.body,
          };
        }
        this.coolingUntil.set(address, this.now() + this.policy.cooldownMs);
      }
    }
    throw new ServiceUnreachableError(attempts);
  }

  private async attempt(
    address: string,
    { method, fields, listdata, fresh }: WireQuery,
    callerSignal: AbortSignal | undefined,
    timeoutMs: number,
    onArrived: ((status: number, contentType: string | null) => void) | undefined,
  ): Promise<
    | { kind: 'answer'; envelope: ParsedEnvelope; raw: unknown; body: string; report: AttemptReport }
    | { kind: 'failed'; report: AttemptReport }
  > {
    const shown = this.shown(address);
    const started = this.now();
    const deadline = deadlineSignal(timeoutMs, callerSignal);

    const credentials = { tokken: this.credentials.tokken, IDsubjectFM: this.credentials.idSubjectFM };
    const headers: Record<string, string> = fresh
      ? { Accept: 'application/json', [FRESH_HEADER]: '1' }
      : { Accept: 'application/json' };
    const request: TransportRequest =
      method === 'POST'
        ? {
            url: this.apiUrlOf.get(address) ?? apiUrl(address),
            method,
            headers: { ...headers, 'Content-Type': 'application/json' },
            body: JSON.stringify({ ...credentials, ...fields }),
            signal: deadline.signal,
            ...(onArrived ? { onArrived } : {}),
          }
        : {
            // The GET form has no body: the interface puts the credentials in the query string.
            url: `${this.apiUrlOf.get(address) ?? apiUrl(address)}?${toQueryString({ ...credentials, ...fields }, listdata)}`,
            method,
            headers,
            signal: deadline.signal,
            ...(onArrived ? { onArrived } : {}),
          };

    const report = (outcome: AttemptReport['outcome'], status?: number, detail?: string): AttemptReport => ({
      address: shown,
      outcome,
      ...(status !== undefined ? { status } : {}),
      ...(detail ? { detail: this.redact(detail) } : {}),
      durationMs: this.now() - started,
    });

    try {
      let response;
      try {
        const sent = this.transport.send(request);
        deadline.start();
        warmAnswerSchema();
        response = await sent;
      } catch (error) {
        if (callerSignal?.aborted) throw new CancelledError();
        // Only the error's class: a transport's message may quote the URL, which in GET form carries credentials.
        const detail = error instanceof Error ? error.name : 'error';
        return { kind: 'failed', report: report(deadline.timedOut() ? 'timeout' : 'network', undefined, detail) };
      }
      const retryable = isRetryableStatus(this.policy, response.status);
      if (retryable && !this.viaRelay) return { kind: 'failed', report: report('http-5xx', response.status) };
      const schema = await answerSchema();
      let json = parseJson(response.text);
      if (retryable) {
        // The relay's 5xx says why it cannot serve (its upstream, its database): told, not just "HTTP 503".
        const said = schema.fromBothLanguages(this.redact(schema.parseServiceError(json)?.message ?? ''));
        return { kind: 'failed', report: { ...report('http-5xx', response.status), ...(said ? { said } : {}) } };
      }
      if (json === undefined) {
        if (response.status >= 400) throw errorFromServiceBody(response.status, null, `HTTP ${response.status}`);
        return { kind: 'failed', report: report('bad-answer', response.status, 'not JSON') };
      }
      // An answer that echoes the tokken in any form carries it into every cell, file and screen
      // downstream; masking here, once, means no surface can forget to.
      const body = this.mask(response.text);
      if (body !== response.text) json = maskDeep(json, this.mask);
      const serviceError = schema.parseServiceError(json);
      if (response.status >= 400 || serviceError) {
        const message = this.redact(serviceError?.message ?? `HTTP ${response.status}`);
        const relay = this.viaRelay ? { said: schema.fromBothLanguages(message) } : undefined;
        throw errorFromServiceBody(response.status, serviceError?.error ?? null, message, relay);
      }
      try {
        const envelopes = method === 'GET' ? schema.parseGetAnswer(json) : [schema.parsePostAnswer(json)];
        const envelope = envelopes[0];
        if (!envelope) return { kind: 'failed', report: report('bad-answer', response.status, 'empty answer') };
        // One query has one envelope; should the service ever send more, say so rather than drop them unseen.
        if (envelopes.length > 1) {
          schema.noteLostResult(envelope, `answer held ${envelopes.length} envelopes; only the first was read`);
        }
        const raw = Array.isArray(json) ? json[0] : json;
        return { kind: 'answer', envelope, raw, body, report: report('ok', response.status) };
      } catch (error) {
        if (error instanceof schema.AnswerShapeError) {
          return { kind: 'failed', report: report('bad-answer', response.status, error.message) };
        }
        throw error;
      }
    } finally {
      deadline.clear();
    }
  }

  private shown(address: string): string {
    return this.shownAddress.get(address) ?? describeAddress(address);
  }

  /** Whatever the service or a transport says goes through here before anyone can show or log it. */
  private redact(text: string): string {
    return this.mask(text);
  }
}
