import type { IncomingMessage, ServerResponse } from 'node:http';
import { RELAY_ERRORS } from './refusal';
import { readStatic, rewriteManifest } from './static-files';
import { JSON_TYPE, errorBody, markAsRelayPage, type RouteInfo, type Send } from './http-parts';

export interface PageContext {
  /** Folder of the built add-in (dist/). */
  distDir: string;
  headers: Record<string, string>;
  send: Send;
  /** The built manifest, read once at start; null when the build has none. */
  manifest: Promise<string | null>;
  /** The origin /manifest.xml names for this request, or null when its Host cannot be trusted. */
  originOf(req: IncomingMessage): string | null;
  metrics(): Promise<{ type: string; text: string }>;
}

/**
 * Everything the relay serves but /api, /relay/check, the record routes and the health probes:
 * its metrics, the manifest naming this origin, and the add-in's own files.
 */
export async function servePage(req: IncomingMessage, res: ServerResponse, ctx: PageContext): Promise<RouteInfo> {
  const { send, headers } = ctx;
  const method = (req.method ?? 'GET').toUpperCase();
  const path = new URL(req.url ?? '/', 'http://relay.invalid').pathname;
  const known = path === '/metrics' || path === '/manifest.xml' || path === '/';
  // The root is the build's index page, when it has one; else the task pane.
  const file = known && path !== '/' ? null : await readStatic(ctx.distDir, path === '/' ? '/index.html' : path);
  // An address that serves nothing is "not found" whatever the method: a 405 would say it exists.
  if (!known && !file) {
    send(res, 404, JSON_TYPE, errorBody(404, 'not.found'));
    return { route: '(other)' };
  }
  if (method !== 'GET' && method !== 'HEAD') {
    send(res, 405, JSON_TYPE, errorBody(405, 'method', { allowed: 'GET, HEAD', path }), { Allow: 'GET, HEAD' });
    return { route: '(other)' };
  }
  if (path === '/metrics') {
    const { type, text } = await ctx.metrics();
    send(res, 200, type, text);
    return { route: path };
  }
  if (path === '/manifest.xml') {
    const xml = await ctx.manifest;
    if (xml === null) {
      send(res, 404, JSON_TYPE, errorBody(404, 'not.found'));
      return { route: path };
    }
    const origin = ctx.originOf(req);
    if (origin === null) {
      send(res, 400, JSON_TYPE, errorBody(RELAY_ERRORS.badRequest, 'host.bad'));
      return { route: path, code: RELAY_ERRORS.badRequest };
    }
    send(res, 200, 'application/xml; charset=utf-8', rewriteManifest(xml, origin), {
      'Content-Disposition': 'inline; filename="manifest.xml"',
    });
    return { route: path };
  }
  // Only the root reaches here without a file: it falls back to the task pane.
  if (!file) {
    res.writeHead(302, { ...headers, Location: '/taskpane.html', 'Content-Length': '0' });
    res.end();
    return { route: path };
  }
  // Bundles carry content hashes in their names; pages must be fetched fresh to pick them up.
  const cache = /\.[0-9a-f]{8,}\./.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
  const body = file.type.startsWith('text/html') ? markAsRelayPage(file.body) : file.body;
  res.writeHead(200, {
    ...headers,
    'Content-Type': file.type,
    'Content-Length': String(body.length),
    'Cache-Control': cache,
  });
  res.end(method === 'HEAD' ? undefined : body);
  return { route: path };
}
