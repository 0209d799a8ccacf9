import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startRelayHttp, type RelayHttpOptions, type RelayHttpServer } from '../../src/relay/http-server';
import { createKey } from '../../src/relay/keys';
import { RelayService, type RelayServiceConfig } from '../../src/relay/service';
import { startEmbeddedCluster } from '../../src/relay/store/embedded-cluster';
import type { RelayStore } from '../../src/relay/store/port';
import { openSqlStore } from '../../src/relay/store/sql-store';
import { createSandboxEngine, DEMO_CREDENTIALS, type SandboxEngine } from '../../src/sandbox';

/**
 * A throwaway PostgreSQL for one test file: an embedded cluster in a temp folder on a free
 * port, or a fresh database on TEST_DATABASE_URL. Removed afterwards, and on process exit
 * should a test fail before its afterAll.
 */
export interface TestDatabase {
  url: string;
  /** The temp folder holding the cluster (null on an external server). */
  dir: string | null;
  /** Stops and starts the embedded cluster in place (database restart tests). */
  restart?: () => Promise<void>;
  stopServer?: () => Promise<void>;
  startServer?: () => Promise<void>;
  drop(): Promise<void>;
}

export async function startTestDatabase(): Promise<TestDatabase> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const name = `relay_test_${randomBytes(6).toString('hex')}`;
    const admin = new Client({ connectionString: external });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(external);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      dir: null,
      drop: async () => {
        const c = new Client({ connectionString: external });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'relay-pg-'));
  // As root PostgreSQL runs as `postgres`, which must pass through the temp folder.
  chmodSync(dir, 0o711);
  let cluster = await startEmbeddedCluster({ dir: join(dir, 'pg'), fsync: false });
  const pid = () => cluster.pid;
  const onExit = () => {
    try {
      process.kill(pid(), 'SIGKILL');
    } catch {
      // already gone
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  // Ctrl-C, or a runner stopping its workers: a signal ends node without 'exit' unless handled.
  const onSignal = (signal: NodeJS.Signals) => {
    onExit();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const port = cluster.port;
  return {
    get url() {
      return cluster.url;
    },
    dir,
    stopServer: async () => cluster.stop(),
    startServer: async () => {
      cluster = await startEmbeddedCluster({ dir: join(dir, 'pg'), fsync: false, port });
    },
    restart: async () => {
      await cluster.stop();
      cluster = await startEmbeddedCluster({ dir: join(dir, 'pg'), fsync: false, port });
    },
    drop: async () => {
      process.removeListener('exit', onExit);
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
      await cluster.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Empties every table between tests sharing one database. */
export async function resetStore(url: string): Promise<void> {
  const c = new Client({ connectionString: url });
  await c.connect();
  // The archive refuses TRUNCATE (append-only); a superuser's replica role skips its triggers.
  await c.query("SET session_replication_role = 'replica'");
  await c.query(
    'TRUNCATE audit, audit_outcomes, audit_deliveries, analyst_keys, answers, counters, subject_claims, answer_archive, archive_cuts, decisions',
  );
  await c.end();
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  query: string;
}

/** The sandbox engine behind a server that remembers every request it got, headers included. */
export interface RecordingSandbox {
  urls: string[];
  requests: RecordedRequest[];
  /** Each /api answer's body exactly as sent, in the order sent. */
  answers: string[];
  engine: SandboxEngine;
  /** Stops one instance (0 = primary) for failover tests. */
  stop(index: number): Promise<void>;
  close(): Promise<void>;
}

export async function startRecordingSandbox(instances = 2): Promise<RecordingSandbox> {
  const engine = createSandboxEngine({});
  const requests: RecordedRequest[] = [];
  const answers: string[] = [];
  const servers: Server[] = [];
  const urls: string[] = [];
  for (let i = 0; i < instances; i++) {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
        const body = Buffer.concat(chunks).toString('utf8');
        requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, body, query: url.search });
        const query: Record<string, string> = {};
        url.searchParams.forEach((v, k) => (query[k] = v));
        const answer = engine.handle({
          method: req.method ?? 'GET',
          path: url.pathname,
          query,
          body: req.method === 'POST' ? body : undefined,
        });
        if (url.pathname === '/api') answers.push(answer.body);
        res.writeHead(answer.status, { 'Content-Type': answer.contentType });
        res.end(answer.body);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    servers.push(server);
    urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }
  const stop = (s: Server) =>
    new Promise<void>((r) => {
      s.close(() => r());
      s.closeAllConnections();
    });
  return {
    urls,
    requests,
    answers,
    engine,
    stop: (i) => stop(servers[i]),
    close: async () => {
      await Promise.all(servers.map((s) => (s.listening ? stop(s) : Promise.resolve())));
    },
  };
}

export const TOKKEN = DEMO_CREDENTIALS.tokken;

export interface TestRelay {
  url: string;
  service: RelayService;
  http: RelayHttpServer;
  store: RelayStore;
  logs: string[];
  close(): Promise<void>;
}

export async function startTestRelay(
  dbUrl: string,
  upstream: string[],
  overrides: Partial<RelayServiceConfig> = {},
  http: Partial<RelayHttpOptions> = {},
): Promise<TestRelay> {
  const store = openSqlStore({ url: dbUrl });
  await store.migrate();
  const service = new RelayService(store, {
    upstream: {
      addresses: upstream,
      tokken: DEMO_CREDENTIALS.tokken,
      idSubjectFM: DEMO_CREDENTIALS.idSubjectFM,
      timeoutMs: 20_000,
      retries: 0,
    },
    instance: 'test',
    concurrency: 8,
    limits: { ratePerMinute: 0, dailyBudget: 0 },
    cacheTtlMs: 3_600_000,
    accountCooldownMs: 60_000,
    // Its upstream is the sandbox, as `checklists relay` finds from the demo credentials.
    sandboxUpstream: true,
    ...overrides,
  });
  const logs: string[] = [];
  const server = await startRelayHttp(service, {
    distDir: join(__dirname, '..', '..', 'dist'),
    log: (l) => logs.push(l),
    ...http,
  });
  return {
    url: server.url,
    service,
    http: server,
    store,
    logs,
    close: async () => {
      await server.close();
      await service.scheduler.idle().catch(() => undefined);
      await store.close();
    },
  };
}

export async function addKey(store: RelayStore, name: string): Promise<string> {
  const made = await createKey(store, name);
  if (made === 'exists') throw new Error(`key ${name} exists`);
  return made.key;
}

export async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown; headers: Headers; text: string }> {
  const res = await fetch(`${url}/api`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, json, headers: res.headers, text };
}

/** Every name the sandbox knows as subjects for load tests: distinct, all valid. */
export function subjects(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `Тестовий Суб'єкт ${i + 1}`);
}

export function quietExec(cmd: string, args: string[]): string {
  return execFileSync(cmd, args, { encoding: 'utf8' });
}
