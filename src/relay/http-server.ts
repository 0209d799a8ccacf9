import { errorFields } from './log-fields';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream';
import { handleRecord, isRecordPath } from './record-routes';
import { RELAY_ERRORS } from './refusal';
import type { RelayService } from './service';
import { FRESH_HEADER } from '../core/request/client';
import { requestFields } from './api-fields';
import { servePage, type PageContext } from './page-routes';
import {
  JSON_TYPE,
  answerClientError,
  errorBody,
  requestOrigin,
  securityHeaders,
  sendStream,
  sender,
  type RouteInfo,
} from './http-parts';

/**
 * The relay over HTTP(S): the add-in's files and /api on one origin. No CORS headers anywhere:
 * the pane is served from here, so it never makes a cross-origin call, and nothing else should.
 */

export interface RelayHttpOptions {
  port?: number;
  host?: string;
  /** Folder of the built add-in (dist/). */
  distDir: string;
  /** https://relay.bank.example: what /manifest.xml names; default the origin the request came to. */
  publicUrl?: string;
  tls?: { cert: Buffer; key: Buffer };
  /** Behind a reverse proxy that terminates TLS: believe X-Forwarded-Proto/Host/For. */
  trustProxy?: boolean;
  /** One JSON line per request. */
  log?: (line: string) => void;
  /** On close, how long requests in progress may take to finish before they are cut. Default 0. */
  shutdownGraceMs?: number;
  maxBodyBytes?: number;
  maxQueryParams?: number;
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** /api requests handled at once; more get 503 at once rather than queueing without bound. */
  maxOpenRequests?: number;
  /** How long a request body may take to arrive once its headers have. Default 10 s. */
  bodyTimeoutMs?: number;
  /**
   * Connections one client address may hold at once. Default 64; off behind a proxy (--trust-proxy),
   * where every connection comes from the proxy.
   */
  maxConnectionsPerAddress?: number;
  /** Under --cert: how long a connection may take from its first byte to a finished TLS handshake. Default 10 s. */
  handshakeTimeoutMs?: number;
}

export interface RelayHttpServer {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

/**
 * Whether the service accepts connections, asked at most every READY_PROBE_MS: /readyz answers
 * anyone, and each call would otherwise open a connection to the service on their behalf.
 */
const READY_PROBE_MS = 5_000;

export async function startRelayHttp(service: RelayService, options: RelayHttpOptions): Promise<RelayHttpServer> {
  let probe: { at: number; result: Promise<boolean> } | null = null;
  const upstreamProbe = (): Promise<boolean> => {
    const now = Date.now();
    if (!probe || now - probe.at >= READY_PROBE_MS) probe = { at: now, result: service.upstreamReachable() };
    return probe.result;
  };
  const https = options.tls !== undefined;
  const limits = {
    maxParams: options.maxQueryParams ?? 100,
    maxBodyBytes: options.maxBodyBytes ?? 64 * 1024,
    bodyTimeoutMs: options.bodyTimeoutMs ?? 10_000,
  };
  const maxOpen = options.maxOpenRequests ?? 512;
  const perAddress = options.trustProxy ? Infinity : (options.maxConnectionsPerAddress ?? 64);
  const connectionsOf = new Map<string, number>();
  const log = options.log;
  let open = 0;
  const headers = securityHeaders(https);
  const send = sender(headers);
  const pages: PageContext = {
    distDir: options.distDir,
    headers,
    send,
    manifest: readFile(join(options.distDir, 'manifest.xml'), 'utf8').catch(() => null),
    originOf: (req: IncomingMessage) => requestOrigin(req, { ...options, https }),
    metrics: async () => ({
      type: service.metrics.registry.contentType,
      text: await service.metrics.registry.metrics(),
    }),
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<RouteInfo> => {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://relay.invalid');
    const path = url.pathname;

    if (path === '/healthz') {
      try {
        await service.store.ping();
        send(res, 200, JSON_TYPE, JSON.stringify({ status: 'ok' }));
      } catch {
        send(res, 503, JSON_TYPE, errorBody(RELAY_ERRORS.storeDown, 'store.down'));
      }
      return { route: path };
    }
    if (path === '/readyz') {
      const [store, upstream] = await Promise.all([
        service.store.ping().then(
          () => true,
          () => false,
        ),
        upstreamProbe(),
      ]);
      send(
        res,
        store && upstream ? 200 : 503,
        JSON_TYPE,
        JSON.stringify({ store: store ? 'up' : 'down', upstream: upstream ? 'up' : 'down' }),
      );
      return { route: path };
    }
    const recordRoute = isRecordPath(path);
    if (recordRoute || path === '/api' || path === '/api/' || path === '/relay/check') {
      if (method !== 'GET' && method !== 'POST') {
        send(res, 405, JSON_TYPE, errorBody(405, 'method', { allowed: 'GET, POST', path }), { Allow: 'GET, POST' });
        return { route: path };
      }
      // A slot is taken only once the whole request has arrived: clients trickling bodies wait on
      // their own deadline (bodyTimeoutMs), never in a slot an analyst needs.
      let slot = false;
      try {
        const read = await requestFields(req, res, url, limits, send);
        if ('answered' in read) return read.answered;
        const { fields } = read;
        // /api keeps the service's GET with the tokken in its query; the relay's own routes never
        // asked for it there, and an address lands in proxies' logs and browsers' history.
        if (recordRoute && url.searchParams.has('tokken')) {
          send(res, 400, JSON_TYPE, errorBody(RELAY_ERRORS.badRequest, 'key.inUrl'));
          return { route: path, code: RELAY_ERRORS.badRequest };
        }
        if (open >= maxOpen) {
          send(res, 503, JSON_TYPE, errorBody(503, 'busy'), { 'Retry-After': '1' });
          return { route: path, code: 503 };
        }
        open++;
        slot = true;
        const auth = String(req.headers.authorization ?? '');
        const bearer = /^Bearer\s+(\S+)$/i.exec(auth)?.[1] ?? null;
        if (recordRoute) {
          const r = await handleRecord(service, service.decisions, {
            path,
            method: method as 'GET' | 'POST',
            fields,
            bearer,
          });
          if (r.stream) await sendStream(res, headers, r.status, r.type, r.stream, r.headers);
          else send(res, r.status, r.type, r.body, r.headers);
          return { route: path, analyst: r.analyst, code: r.code };
        }
        if (path === '/relay/check') {
          const checked = await service.check(fields, bearer);
          send(res, checked.status, JSON_TYPE, JSON.stringify(checked.body), checked.headers);
          return {
            route: path,
            code: checked.status === 200 ? null : ((checked.body as { error?: number }).error ?? null),
          };
        }
        const fresh = req.headers[FRESH_HEADER.toLowerCase()] === '1';
        const reply = await service.handle({ method: method as 'GET' | 'POST', fields, bearer, fresh });
        const auditId = reply.auditId;
        // "Handed to the connection" is as far as a server can know a reply arrived.
        if (auditId !== null) {
          // A connection already gone still lets end() "finish" into nothing.
          if (!res.socket || res.socket.destroyed) service.recordDelivery(auditId, false);
          else finished(res, (error) => service.recordDelivery(auditId, !error));
        }
        send(res, reply.status, JSON_TYPE, JSON.stringify(reply.body), reply.headers);
        return { route: '/api', analyst: reply.analyst, code: reply.errorCode, cache: reply.fromCache };
      } finally {
        if (slot) open--;
      }
    }
    return servePage(req, res, pages);
  };

  let inFlight = 0;
  let drained: (() => void) | null = null;
  /** Requests still being worked on, connection or not: a cut one still completes its audit row. */
  const working = new Set<Promise<unknown>>();
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    inFlight++;
    res.once('close', () => {
      inFlight--;
      if (inFlight === 0) drained?.();
    });
    const work = handle(req, res).then(
      (info) => {
        log?.(
          JSON.stringify({
            time: new Date().toISOString(),
            instance: service.config.instance,
            method: req.method,
            route: info.route,
            status: res.statusCode,
            ms: Math.round((performance.now() - started) * 10) / 10,
            ...(info.analyst ? { analyst: info.analyst } : {}),
            ...(info.code ? { code: info.code } : {}),
            ...(info.cache ? { cache: true } : {}),
          }),
        );
      },
      (error: unknown) => {
        if (!res.headersSent) send(res, 500, JSON_TYPE, errorBody(500, 'internal'));
        else res.destroy();
        log?.(
          JSON.stringify({
            time: new Date().toISOString(),
            instance: service.config.instance,
            method: req.method,
            route: '(error)',
            status: 500,
            ...errorFields(error),
          }),
        );
      },
    );
    working.add(work);
    void work.finally(() => working.delete(work));
  };

  const serverOptions = {
    headersTimeout: options.headersTimeoutMs ?? 10_000,
    requestTimeout: options.requestTimeoutMs ?? 30_000,
    keepAliveTimeout: 5_000,
    // Node checks the two timeouts above on this interval (default 30 s).
    connectionsCheckingInterval: Math.min(1_000, options.headersTimeoutMs ?? 1_000),
    maxHeaderSize: 16 * 1024,
  };
  const server: Server = https
    ? (createHttpsServer(
        {
          ...serverOptions,
          cert: options.tls!.cert,
          key: options.tls!.key,
          handshakeTimeout: options.handshakeTimeoutMs ?? 10_000,
        },
        onRequest,
      ) as unknown as Server)
    : createHttpServer(serverOptions, onRequest);
  server.maxHeadersCount = 100;
  server.on('clientError', answerClientError);
  // One client address cannot hold every connection: the rest of the organisation stays served.
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const held = (connectionsOf.get(address) ?? 0) + 1;
    if (held > perAddress) {
      socket.destroy();
      return;
    }
    connectionsOf.set(address, held);
    socket.once('close', () => {
      const left = (connectionsOf.get(address) ?? 1) - 1;
      if (left <= 0) connectionsOf.delete(address);
      else connectionsOf.set(address, left);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `${https ? 'https' : 'http'}://${host}:${address.port}`,
    port: address.port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        // Stop accepting; let requests already in progress finish (their answers are paid and
        // audited) for up to shutdownGraceMs, then cut whatever is left. Resolves once the cut
        // ones have recorded their outcome and that their answer was not delivered.
        service.stopBackground();
        server.close(() => void Promise.allSettled([...working]).then(() => resolve()));
        server.closeIdleConnections();
        const finish = () => {
          clearTimeout(deadline);
          drained = null;
          server.closeAllConnections();
        };
        const deadline = setTimeout(finish, options.shutdownGraceMs ?? 0);
        if (inFlight === 0) finish();
        else drained = finish;
      }),
  };
}
