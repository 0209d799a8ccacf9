import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createSandboxEngine, type SandboxEngine, type SandboxEngineOptions } from './engine';
import type { SandboxFaults } from './faults';
import { sandboxMessages } from './messages';

/**
 * The sandbox over HTTP: the only Node file of the sandbox. It moves bytes and applies the
 * engine's fault decisions (wait, drop the connection); everything else is the engine's.
 * It never logs a query string or a body, where the credentials travel.
 */
export interface SandboxServerOptions extends SandboxEngineOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Share an engine (data, accounts, quota counters) with other instances. */
  engine?: SandboxEngine;
  /** Faults of this instance; with `engine`, applied to a view of the shared engine. */
  faults?: SandboxFaults;
  /** One line per request: method, path, status, duration. Nothing when absent. */
  log?: (line: string) => void;
  maxBodyBytes?: number;
}

export interface SandboxServer {
  /** Base address, e.g. http://127.0.0.1:41234 (clients append /api). */
  url: string;
  port: number;
  host: string;
  engine: SandboxEngine;
  close(): Promise<void>;
}

/** A search request is well under 2 KB; 64 KB leaves room for long arrayedrpou lists and keeps one client from occupying the server. */
export const DEFAULT_MAX_BODY = 64 * 1024;

const MAX_TIMER_LEAD_MS = 3;

function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooBig = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooBig ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
    // A client that hangs up mid-body may end the stream with no 'end' and no 'error'.
    req.on('close', () => {
      if (!req.complete) reject(new Error('request aborted'));
    });
  });
}

export async function startSandboxServer(options: SandboxServerOptions = {}): Promise<SandboxServer> {
  const engine = options.engine
    ? options.faults
      ? options.engine.withFaults(options.faults)
      : options.engine
    : createSandboxEngine(options);
  const host = options.host ?? '127.0.0.1';
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const log = options.log;
  /**
   * How much earlier than its due time an answer's timer is set. Node's timers drop the fraction
   * of a millisecond and count whole ones of a clock read at the start of each loop turn, and
   * writing the answer takes a little more: an answer's last byte went out anywhere from a
   * millisecond early to a few late (measured under a bulk run: -2 to +4 ms), and its mean was
   * not L. Each answer's error corrects the next wait, so the last byte goes out L after arrival
   * on average; the bound keeps a stalled machine from teaching it much.
   */
  let timerLateness = 0;
  const learnLateness = (error: number) => {
    timerLateness = Math.min(MAX_TIMER_LEAD_MS, Math.max(-MAX_TIMER_LEAD_MS, timerLateness + error / 8));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    // The monotonic clock, to a fraction of a millisecond: Date.now() counts whole milliseconds,
    // and the sandbox's own work (often under one) then went uncounted and was added to L.
    const started = performance.now();
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const method = (req.method ?? 'GET').toUpperCase();
    const body = await readBody(req, maxBody);
    if (body === null) {
      res.writeHead(413, { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' });
      res.end(JSON.stringify({ error: 100, message: sandboxMessages.t('uk', 'service.413') }));
      return;
    }
    const query: Record<string, string> = {};
    url.searchParams.forEach((value, key) => {
      query[key] = value;
    });
    const answer = engine.handle({ method, path: url.pathname, query, body: method === 'POST' ? body : undefined });
    const finish = () => {
      if (answer.drop) {
        req.socket.destroy();
        log?.(`${method} ${url.pathname} dropped ${(performance.now() - started).toFixed(1)}ms`);
        return;
      }
      res.writeHead(answer.status, {
        'Content-Type': answer.contentType,
        'Content-Length': Buffer.byteLength(answer.body),
        'Cache-Control': 'no-store',
      });
      res.end(answer.body);
      const sent = performance.now();
      if (answer.delayMs > 0) learnLateness(sent - (started + answer.delayMs));
      log?.(`${method} ${url.pathname} ${answer.status} ${(sent - started).toFixed(1)}ms`);
    };
    // Latency is counted from the request's arrival, the sandbox's own work included: a service
    // with latency L answers L after it was asked, so a client's ideal time is exactly D·L/C.
    const due = started + answer.delayMs;
    const wait = answer.delayMs > 0 ? due - performance.now() - timerLateness : 0;
    if (wait > 0) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        finish();
      }, wait);
      timers.add(timer);
    } else finish();
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      // Only the fact, never the request: its query may hold credentials.
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ error: 500, message: sandboxMessages.t('uk', 'service.500') }));
      } else res.destroy();
      log?.(`${req.method ?? '?'} ${(req.url ?? '').split('?')[0]} 500 internal error`);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    port: address.port,
    host: address.address,
    engine,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface SandboxClusterOptions extends Omit<SandboxServerOptions, 'port' | 'engine' | 'faults'> {
  /** Primary plus reserves. */
  instances: number;
  /** Port of the primary; reserves take the next ones. 0 (the default) picks free ports. */
  port?: number;
  /** Faults per instance, by position (0 is the primary). */
  faultsFor?: (index: number) => SandboxFaults | undefined;
}

export interface SandboxCluster {
  servers: SandboxServer[];
  /** Base addresses, primary first: what a client's address list holds. */
  urls: string[];
  engine: SandboxEngine;
  close(): Promise<void>;
}

/** Several instances over one engine, as the live primary and reserves share one back end and one quota. */
export async function startSandboxCluster(options: SandboxClusterOptions): Promise<SandboxCluster> {
  if (!Number.isInteger(options.instances) || options.instances < 1) {
    throw new RangeError('instances must be a positive whole number');
  }
  const engine = createSandboxEngine(options);
  const servers: SandboxServer[] = [];
  try {
    for (let i = 0; i < options.instances; i++) {
      const port = options.port ? options.port + i : 0;
      servers.push(await startSandboxServer({ ...options, port, engine, faults: options.faultsFor?.(i) ?? {} }));
    }
  } catch (error) {
    await Promise.all(servers.map((s) => s.close()));
    throw error;
  }
  return {
    servers,
    urls: servers.map((s) => s.url),
    engine,
    close: async () => {
      await Promise.all(servers.map((s) => s.close()));
    },
  };
}
