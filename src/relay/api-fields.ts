import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseJson } from '../core/text/json';
import { RELAY_ERRORS } from './refusal';
import { JSON_TYPE, errorBody, readBody, type RouteInfo, type Send } from './http-parts';

export interface FieldLimits {
  maxParams: number;
  maxBodyBytes: number;
  /** How long a body may take to arrive once the headers have. */
  bodyTimeoutMs: number;
}

/**
 * The fields of a request to /api, /relay/check or a record route: the query string's, and a
 * POST body's over them. Or, when the request cannot be read (too many parameters, a body too
 * large, too slow or not a JSON object, a client that hung up), the answer already sent and what
 * the log says of it.
 */
export async function requestFields(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  limits: FieldLimits,
  send: Send,
): Promise<{ fields: Record<string, unknown> } | { answered: RouteInfo }> {
  const route = url.pathname;
  const refused = { answered: { route, code: RELAY_ERRORS.badRequest } };
  let count = 0;
  const fields: Record<string, unknown> = {};
  for (const [k, v] of url.searchParams) {
    if (++count > limits.maxParams) {
      send(res, 400, JSON_TYPE, errorBody(RELAY_ERRORS.badRequest, 'params.many', { limit: limits.maxParams }));
      return refused;
    }
    fields[k] = v;
  }
  if ((req.method ?? 'GET').toUpperCase() !== 'POST') return { fields };
  const body = await readBody(req, limits.maxBodyBytes, limits.bodyTimeoutMs);
  if (body.kind === 'aborted') {
    res.destroy();
    return { answered: { route, code: 0 } };
  }
  if (body.kind === 'slow') {
    send(res, 408, JSON_TYPE, errorBody(RELAY_ERRORS.badRequest, 'body.slow'), { Connection: 'close' });
    setTimeout(() => req.socket.destroy(), 1_000).unref();
    return refused;
  }
  if (body.kind === 'large') {
    send(res, 413, JSON_TYPE, errorBody(RELAY_ERRORS.badRequest, 'body.large', { limit: limits.maxBodyBytes }), {
      Connection: 'close',
    });
    // Let the rest drain to nowhere, so the client reads the answer; then hang up.
    req.resume();
    setTimeout(() => req.socket.destroy(), 5_000).unref();
    return refused;
  }
  const parsed = body.text.trim() === '' ? {} : parseJson(body.text);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    send(res, 400, JSON_TYPE, errorBody(RELAY_ERRORS.badRequest, 'body.json'));
    return refused;
  }
  for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) if (k !== '__proto__') fields[k] = v;
  return { fields };
}
