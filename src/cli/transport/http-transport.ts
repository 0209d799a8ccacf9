import {
  Agent as HttpAgent,
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
  type RequestOptions,
} from 'node:http';
import type * as Https from 'node:https';
import { urlToHttpOptions } from 'node:url';
import { abortReason } from '../../core/request/timing';
import type { Transport, TransportRequest, TransportResponse } from '../../core/request/transport';

// A bulk run POSTs thousands of requests to the same one or two URLs: converting each once keeps
// WHATWG URL parsing off the per-request path. A URL with a query (the GET form, which carries
// credentials) is never kept.
const targets = new Map<string, RequestOptions>();
const MAX_TARGETS = 16;

function targetOf(url: string): RequestOptions {
  const known = targets.get(url);
  if (known) return known;
  // The same conversion node:http applies to a URL argument.
  const target = urlToHttpOptions(new URL(url));
  if (!url.includes('?') && targets.size < MAX_TARGETS) targets.set(url, target);
  return target;
}

/**
 * The answer's Content-Type from its raw header lines: `res.headers` builds an object of every
 * header on first use, and that was a tenth of the path from an answer to the next request.
 */
function contentTypeOf(rawHeaders: readonly string[]): string | null {
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i];
    if (name.length === 12 && name.toLowerCase() === 'content-type') return rawHeaders[i + 1];
  }
  return null;
}

function sameHeaders(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const names = Object.keys(a);
  if (names.length !== Object.keys(b).length) return false;
  for (const name of names) if (a[name] !== b[name]) return false;
  return true;
}

/** How long a request made ahead waits to be used before it gives its connection back. */
const SPARE_IDLE_MS = 250;

/**
 * A request object made ahead for the next POST to the same address: built and given a kept-alive
 * connection after a send, in the loop's check phase, so the next answer's arrival only sets its
 * length and writes. Built on demand, node:http spent about 0.25 ms per request between
 * http.request and the bytes leaving (the request object, the agent, a tick to get the socket),
 * and that was on the path from one answer to the next request of the same slot.
 */
interface Spare {
  url: string;
  /** Set when it was made, from the request before it: a POST with the same ones only adds its length. */
  headers: Readonly<Record<string, string>>;
  req: ClientRequest;
  failed: boolean;
  timer: ReturnType<typeof setTimeout>;
  onError: () => void;
}

/**
 * The command line's transport: node:http with kept-alive connections, one per request in
 * flight. Measured with `npm run bench` (bulk through the CLI, sandbox latency 50 ms): fetch
 * (undici) spent about 1 ms of the single thread per request, which at concurrency 16 delays the
 * next request's start enough to show in the wall time; node:http costs a fraction of that.
 * Same contract as fetchTransport: any HTTP status resolves, redirects are refused (a rejected
 * request, like fetch's redirect: 'error'), and only the absence of an answer rejects.
 */
export function nodeHttpTransport(options: { maxSockets?: number; requestAhead?: boolean } = {}): Transport {
  // The request made ahead holds a connection of its own beside the (at most 16) in flight.
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? (options.requestAhead ? 17 : 16) };
  const httpAgent = new HttpAgent(agentOptions);
  // node:https (and TLS with it) loads with the first https address: a sandbox run never pays for it.
  let https: Promise<{ module: typeof Https; agent: Https.Agent }> | null = null;
  const loadHttps = () => {
    https ??= import('node:https').then((module) => ({ module, agent: new module.Agent(agentOptions) }));
    return https;
  };
  type Tls = Awaited<ReturnType<typeof loadHttps>> | null;
  const open = (
    target: RequestOptions,
    method: string,
    tls: Tls,
    headers?: Record<string, string | number>,
  ): ClientRequest => {
    const options = { ...target, method, ...(headers ? { headers } : {}) };
    return tls ? tls.module.request({ ...options, agent: tls.agent }) : httpRequest({ ...options, agent: httpAgent });
  };

  let spare: Spare | null = null;
  let spareWanted: { url: string; tls: Tls; headers: Readonly<Record<string, string>> } | null = null;
  const dropSpare = () => {
    const s = spare;
    spare = null;
    if (!s) return;
    clearTimeout(s.timer);
    s.req.destroy();
  };
  const makeSpare = () => {
    const wanted = spareWanted;
    spareWanted = null;
    if (!wanted || spare) return;
    const req = open(targetOf(wanted.url), 'POST', wanted.tls, { ...wanted.headers });
    // Its connection may be closed by the server while it waits (keep-alive timeout): it is then not used.
    const onError = () => {
      made.failed = true;
      if (spare === made) dropSpare();
    };
    const made: Spare = {
      url: wanted.url,
      headers: wanted.headers,
      req,
      failed: false,
      timer: setTimeout(dropSpare, SPARE_IDLE_MS),
      onError,
    };
    made.timer.unref();
    req.on('error', onError);
    spare = made;
  };
  /** The request made ahead for this POST, if there is a usable one; it is then no longer spare. */
  const takeSpare = (url: string, headers: Readonly<Record<string, string>>): ClientRequest | null => {
    const s = spare;
    if (!s || s.url !== url || !sameHeaders(s.headers, headers) || s.failed || s.req.destroyed) {
      dropSpare();
      return null;
    }
    spare = null;
    clearTimeout(s.timer);
    s.req.removeListener('error', s.onError);
    return s.req;
  };
  const wantSpare = (url: string, tls: Tls, headers: Readonly<Record<string, string>>) => {
    // Never for a URL with a query (the GET form carries credentials there) and once per loop turn.
    if (!options.requestAhead || url.includes('?')) return;
    if (spareWanted === null) setImmediate(makeSpare);
    spareWanted = { url, tls, headers };
  };

  return {
    async send(request: TransportRequest): Promise<TransportResponse> {
      const tls = request.url.startsWith('https:') ? await loadHttps() : null;
      return new Promise<TransportResponse>((resolve, reject) => {
        const { signal } = request;
        if (signal.aborted) {
          reject(abortReason(signal));
          return;
        }
        const { body } = request;
        const length = body === undefined ? null : Buffer.byteLength(body, 'utf8');
        const made = request.method === 'POST' ? takeSpare(request.url, request.headers) : null;
        let req: ClientRequest;
        if (made) {
          req = made;
          if (length !== null) req.setHeader('Content-Length', length);
        } else {
          req = open(
            targetOf(request.url),
            request.method,
            tls,
            length === null ? { ...request.headers } : { ...request.headers, 'Content-Length': length },
          );
        }
        // Written first, before the next spare is asked for and the listeners below are added:
        // with the attempt's timer also started after the hand-over (DeadlineSignal.start), an
        // answer's path to the next request's bytes went from 196 to 152 µs (p50). node:http
        // reports errors and answers in later ticks, so listening after the write misses nothing.
        // A string body goes out in one write with the headers (node:http joins them); a Buffer
        // would cost a second chunk, a writev, per request.
        if (body === undefined) req.end();
        else req.end(body, 'utf8');
        if (request.method === 'POST') wantSpare(request.url, tls, request.headers);
        const onAbort = () =>
          req.destroy(
            signal.reason instanceof Error
              ? signal.reason
              : new DOMException('The operation was aborted.', 'AbortError'),
          );
        signal.addEventListener('abort', onAbort, { once: true });
        const done = () => signal.removeEventListener('abort', onAbort);
        req.on('error', (error) => {
          done();
          reject(error);
        });
        req.on('response', (res: IncomingMessage) => {
          const status = res.statusCode ?? 0;
          if (status >= 300 && status < 400 && res.headers.location) {
            res.resume();
            done();
            // fetch's redirect: 'error' rejects with a TypeError that does not quote the URL.
            reject(new TypeError('redirect refused'));
            return;
          }
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', (error) => {
            done();
            reject(error);
          });
          res.on('end', () => {
            const contentType = contentTypeOf(res.rawHeaders);
            // Before resolving, and before letting go of the signal: a next request started here
            // goes out ahead of this answer's parsing.
            try {
              request.onArrived?.(status, contentType);
            } catch {
              // The listener's failure must not lose the answer.
            }
            done();
            const text = Buffer.concat(chunks).toString('utf8');
            // Read after the loop's other arrivals: answers come back in bunches (a bulk run sends
            // its first C requests at once), and parsing this one first would hold back the next
            // request of every answer behind it in the same turn.
            setImmediate(() => resolve({ status, contentType, text }));
          });
        });
      });
    },
  };
}
