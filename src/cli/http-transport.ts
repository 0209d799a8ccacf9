import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import type * as Https from 'node:https';
import { abortReason } from '../core/timing';
import type { Transport, TransportRequest, TransportResponse } from '../core/transport';

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
        const url = new URL(request.url);
        const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
        const headers: Record<string, string | number> = { ...request.headers };
        if (body) headers['Content-Length'] = body.length;
        const req = tls ? tls.module.request(url, { method: request.method, headers, agent: tls.agent }) : httpRequest(url, { method: request.method, headers, agent: httpAgent });
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
            resolve({ status, contentType: typeof type === 'string' ? type : null, text: Buffer.concat(chunks).toString('utf8') });
          });
        });
        req.end(body);
      });
    },
  };
}
