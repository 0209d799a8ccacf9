import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import type * as Https from 'node:https';
import { urlToHttpOptions } from 'node:url';
import { abortReason } from '../core/timing';
import type { Transport, TransportRequest, TransportResponse } from '../core/transport';

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
 * The command line's transport: node:http with kept-alive connections, one per request in
 * flight. Measured with `npm run bench` (bulk through the CLI, sandbox latency 50 ms): fetch
 * (undici) spent about 1 ms of the single thread per request, which at concurrency 16 delays the
 * next request's start enough to show in the wall time; node:http costs a fraction of that.
 * Same contract as fetchTransport: any HTTP status resolves, redirects are refused (a rejected
 * request, like fetch's redirect: 'error'), and only the absence of an answer rejects.
 */
export function nodeHttpTransport(options: { maxSockets?: number } = {}): Transport {
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 16 };
  const httpAgent = new HttpAgent(agentOptions);
  // node:https (and TLS with it) loads with the first https address: a sandbox run never pays for it.
  let https: Promise<{ module: typeof Https; agent: Https.Agent }> | null = null;
  const loadHttps = () => {
    https ??= import('node:https').then((module) => ({ module, agent: new module.Agent(agentOptions) }));
    return https;
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
        const target = targetOf(request.url);
        const { body } = request;
        const headers: Record<string, string | number> = { ...request.headers };
        if (body !== undefined) headers['Content-Length'] = Buffer.byteLength(body, 'utf8');
        const options = { ...target, method: request.method, headers };
        const req = tls ? tls.module.request({ ...options, agent: tls.agent }) : httpRequest({ ...options, agent: httpAgent });
        const onAbort = () => req.destroy(signal.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted.', 'AbortError'));
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
            done();
            const type = res.headers['content-type'];
            const contentType = typeof type === 'string' ? type : null;
            // Before resolving: a next request started here goes out ahead of this answer's parsing.
            try {
              request.onArrived?.(status, contentType);
            } catch {
              // The listener's failure must not lose the answer.
            }
            const text = Buffer.concat(chunks).toString('utf8');
            // Read after the loop's other arrivals: answers come back in bunches (a bulk run sends
            // its first C requests at once), and parsing this one first would hold back the next
            // request of every answer behind it in the same turn.
            setImmediate(() => resolve({ status, contentType, text }));
          });
        });
        // A string body goes out in one write with the headers (node:http joins them); a Buffer
        // would cost a second chunk, a writev, per request.
        if (body === undefined) req.end();
        else req.end(body, 'utf8');
      });
    },
  };
}
