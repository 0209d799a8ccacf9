import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { bilingual, type RelayMessageKey } from './messages';
import { RELAY_ERRORS } from './refusal';

/**
 * The relay's HTTP parts that are not routing (http-server.ts routes, with api-fields.ts and
 * page-routes.ts): security headers and the content security policy, whole and streamed replies, the
 * interface's error bodies, answers to broken requests, and reading a request body within its size
 * and time limits.
 */

const OFFICE_CDN = 'https://appsforoffice.microsoft.com';
/**
 * office.js comes from Microsoft's CDN and loads its own helpers from there; Fluent UI (Griffel)
 * inserts style elements at run time. Office on the web frames the pane from Microsoft's sites.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${OFFICE_CDN} https://ajax.aspnetcdn.com`,
  `style-src 'self' 'unsafe-inline' ${OFFICE_CDN}`,
  `img-src 'self' data: ${OFFICE_CDN}`,
  `font-src 'self' data: https://res-1.cdn.office.net`,
  `connect-src 'self' ${OFFICE_CDN} https://*.firstpartyapps.oaspapps.com`,
  // office.js frames its own telemetry page from oaspapps.com.
  `frame-src 'self' ${OFFICE_CDN} https://*.firstpartyapps.oaspapps.com https://*.officeapps.live.com https://*.office.com`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self' https://*.office.com https://*.office365.com https://*.officeapps.live.com https://*.sharepoint.com https://*.microsoft.com https://*.cloud.microsoft",
].join('; ');

export function securityHeaders(https: boolean): Record<string, string> {
  return {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000' } : {}),
  };
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/** What a route tells the request log (http-server.ts): the route, and who asked with what outcome. */
export interface RouteInfo {
  route: string;
  analyst?: string | null;
  code?: number | null;
  cache?: boolean;
}

export type Send = (
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  extra?: Record<string, string>,
) => void;

/** A whole reply with the security headers, never cached. */
export function sender(headers: Record<string, string>): Send {
  return (res, status, type, body, extra = {}) => {
    res.writeHead(status, {
      ...headers,
      'Content-Type': type,
      'Content-Length': String(Buffer.byteLength(body)),
      'Cache-Control': 'no-store',
      ...extra,
    });
    res.end(body);
  };
}

/** Resolves once `res` may take more, or is gone: a client that hangs up must not leave a wait behind. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * A reply sent as it is read (an audit export of millions of rows), chunked, each chunk written once
 * the client has taken the one before. The first chunk is read before the status line goes out, so a
 * store down at once gets a whole error reply. A later failure is thrown with the status line sent,
 * and the server then cuts the connection without the last chunk: the client sees a broken reply,
 * never a complete-looking short file.
 */
export async function sendStream(
  res: ServerResponse,
  headers: Record<string, string>,
  status: number,
  type: string,
  chunks: AsyncIterable<string>,
  extra: Record<string, string> = {},
): Promise<void> {
  const iterator = chunks[Symbol.asyncIterator]();
  let next = await iterator.next();
  res.writeHead(status, { ...headers, 'Content-Type': type, 'Cache-Control': 'no-store', ...extra });
  while (!next.done) {
    if (res.destroyed) {
      await iterator.return?.();
      return;
    }
    if (!res.write(next.value)) await drained(res);
    next = await iterator.next();
  }
  res.end();
}

/** A DNS name, IPv4 or [IPv6] literal, and an optional port: nothing else may reach the manifest. */
export const PLAIN_HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export function errorBody(code: number, key: RelayMessageKey, params?: Record<string, string | number>): string {
  return JSON.stringify({ error: code, message: bilingual(key, params) });
}

/** The transport-level refusals (header overflow, timeouts, broken requests), in the interface's form. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A TLS connection whose handshake failed or never came (https forwards tlsClientError here):
  // nothing can be written to it, and an answer queued behind a handshake that never ends would
  // keep the connection open for good.
  const tlsFailure = (error.code ?? '').startsWith('ERR_TLS') || (error as { library?: unknown }).library !== undefined;
  if (tlsFailure || !socket.writable || (socket as Socket & { _httpMessage?: unknown })._httpMessage) {
    socket.destroy();
    return;
  }
  const code = error.code ?? '';
  const [status, reason, key]: [number, string, RelayMessageKey] =
    code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'headers.large']
      : code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ERR_HTTP_HEADERS_TIMEOUT'
        ? [408, 'Request Timeout', 'timeout']
        : [400, 'Bad Request', 'bad.request'];
  const body = errorBody(status === 408 ? 408 : RELAY_ERRORS.badRequest, key);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** The pages say they came from a relay, so the pane can propose this origin without asking the network. */
export const RELAY_PAGE_MARK = '<meta name="checklists-relay" content="1">';

export function markAsRelayPage(html: Buffer): Buffer {
  const text = html.toString('utf8');
  const head = /<head[^>]*>/i.exec(text);
  return head
    ? Buffer.from(
        text.slice(0, head.index + head[0].length) + RELAY_PAGE_MARK + text.slice(head.index + head[0].length),
        'utf8',
      )
    : html;
}

export type Body = { kind: 'ok'; text: string } | { kind: 'large' } | { kind: 'aborted' } | { kind: 'slow' };

export function readBody(req: IncomingMessage, limit: number, timeoutMs: number): Promise<Body> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const timer = setTimeout(() => settle({ kind: 'slow' }), timeoutMs);
    const settle = (body: Body) => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        resolve(body);
      }
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Stop keeping anything: memory stays bounded whatever the client sends.
        chunks.length = 0;
        settle({ kind: 'large' });
      } else if (!settled) chunks.push(chunk);
    });
    req.on('end', () => settle({ kind: 'ok', text: Buffer.concat(chunks).toString('utf8') }));
    req.on('error', () => settle({ kind: 'aborted' }));
    req.on('close', () => {
      if (!req.complete) settle({ kind: 'aborted' });
    });
  });
}

/**
 * The origin the manifest names. Without --public-url it comes from the request (Host, or the
 * proxy's X-Forwarded-* with --trust-proxy), so it is taken only when it is a plain host[:port]
 * and http(s): a crafted header can then name another host, but never write into the XML.
 * Central deployment should use --public-url (docs/relay.md).
 */
export function requestOrigin(
  req: IncomingMessage,
  options: { publicUrl?: string; trustProxy?: boolean; https: boolean },
): string | null {
  if (options.publicUrl) return new URL(options.publicUrl).origin;
  const forwardedProto = options.trustProxy
    ? String(req.headers['x-forwarded-proto'] ?? '')
        .split(',')[0]
        .trim()
        .toLowerCase()
    : '';
  const forwardedHost = options.trustProxy
    ? String(req.headers['x-forwarded-host'] ?? '')
        .split(',')[0]
        .trim()
    : '';
  const proto = forwardedProto || (options.https ? 'https' : 'http');
  const host = forwardedHost || req.headers.host || 'localhost';
  if (proto !== 'http' && proto !== 'https') return null;
  return PLAIN_HOST.test(host) ? `${proto}://${host.toLowerCase()}` : null;
}
