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

/** An answer with its bytes as received, for the relay's certificates (a PDF is no UTF-8 text). */
export type NodeTransportResponse = TransportResponse & { bytes: Buffer };

/** A Transport whose answers also carry their bytes. */
export interface NodeTransport extends Transport {
  send(request: TransportRequest): Promise<NodeTransportResponse>;
}

/**
 * The command line's transport: node:http with kept-alive connections, one per request in
 * flight. Measured with `npm run bench` (bulk through the CLI, sandbox latency 50 ms): fetch
 * (undici) spent about 1 ms of the single thread per request, which at concurrency 16 delays the
 * next request's start enough to show in the wall time; node:http costs a fraction of that.
 * Same contract as fetchTransport: any HTTP status resolves, redirects are refused (a rejected
 * request, like fetch's redirect: 'error'), and only the absence of an answer rejects.
 */
export function nodeHttpTransport(options: { maxSockets?: number } = {}): NodeTransport {
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 16 };
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

  return {
    async send(request: TransportRequest): Promise<NodeTransportResponse> {
      const tls = request.url.startsWith('https:') ? await loadHttps() : null;
      return new Promise<NodeTransportResponse>((resolve, reject) => {
        const { signal } = request;
        if (signal.aborted) {
          reject(abortReason(signal));
          return;
        }
        const { body } = request;
        const length = body === undefined ? null : Buffer.byteLength(body, 'utf8');
        const req = open(
          targetOf(request.url),
          request.method,
          tls,
          length === null ? { ...request.headers } : { ...request.headers, 'Content-Length': length },
        );
        // node:http reports errors and answers in later ticks, so listening after the write misses
        // nothing. A string body goes out in one write with the headers (node:http joins them); a
        // Buffer would cost a second chunk, a writev, per request.
        if (body === undefined) req.end();
        else req.end(body, 'utf8');
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
            const bytes = Buffer.concat(chunks);
            const text = bytes.toString('utf8');
            // Read after the loop's other arrivals: answers come back in bunches (a bulk run sends
            // its first C requests at once), and parsing this one first would hold back the next
            // request of every answer behind it in the same turn.
            setImmediate(() => resolve({ status, contentType, text, bytes }));
          });
        });
      });
    },
  };
}
