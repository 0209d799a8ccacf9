import { Pool, type PoolClient } from 'pg';
import type { KeyValueStorage } from '../../core/storage';
import { delay } from '../../core/timing';
import type { AnalystKeyRow, AuditFilter, AuditRow, CounterHit, RelayStore, StoredAuditRow } from './port';

/**
 * The relay's store on PostgreSQL. The only file with SQL in it. Migrations are numbered and
 * append-only; each runs once, under an advisory lock so that instances starting together
 * cannot race.
 */

const MIGRATIONS: readonly string[] = [
  `CREATE TABLE analyst_keys (
     name text PRIMARY KEY,
     key_id text NOT NULL UNIQUE,
     salt bytea NOT NULL,
     hash bytea NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     revoked_at timestamptz
   );
   CREATE TABLE audit (
     id bigserial PRIMARY KEY,
     at timestamptz NOT NULL,
     analyst text NOT NULL,
     method text NOT NULL,
     query jsonb NOT NULL,
     listdata text,
     served_by text,
     idrequest text,
     verdict text,
     hits jsonb NOT NULL,
     duration_ms integer NOT NULL,
     from_cache boolean NOT NULL,
     error_code integer,
     status integer NOT NULL,
     instance text NOT NULL
   );
   CREATE INDEX audit_at ON audit (at);
   CREATE INDEX audit_analyst_at ON audit (analyst, at);
   CREATE TABLE cache_kv (
     key text PRIMARY KEY,
     value text NOT NULL,
     updated_at timestamptz NOT NULL DEFAULT now()
   );
   CREATE TABLE counters (
     name text PRIMARY KEY,
     n bigint NOT NULL,
     expires_at timestamptz NOT NULL
   );`,
];

/** Any number: the lock only has to be the same for every relay on this database. */
const MIGRATION_LOCK = 7_114_151_402;

interface KeyRecord {
  name: string;
  key_id: string;
  salt: Buffer;
  hash: Buffer;
  created_at: Date;
  revoked_at: Date | null;
}

interface AuditRecord {
  id: string;
  at: Date;
  analyst: string;
  method: 'GET' | 'POST';
  query: Record<string, unknown>;
  listdata: string | null;
  served_by: string | null;
  idrequest: string | null;
  verdict: string | null;
  hits: Record<string, number>;
  duration_ms: number;
  from_cache: boolean;
  error_code: number | null;
  status: number;
  instance: string;
}

function keyRow(r: KeyRecord): AnalystKeyRow {
  return { name: r.name, keyId: r.key_id, salt: r.salt, hash: r.hash, createdAt: r.created_at, revokedAt: r.revoked_at };
}

function auditRow(r: AuditRecord): StoredAuditRow {
  return {
    id: Number(r.id),
    at: r.at,
    analyst: r.analyst,
    method: r.method,
    query: r.query,
    listdata: r.listdata,
    servedBy: r.served_by,
    idrequest: r.idrequest,
    verdict: r.verdict,
    hits: r.hits,
    durationMs: r.duration_ms,
    fromCache: r.from_cache,
    errorCode: r.error_code,
    status: r.status,
    instance: r.instance,
  };
}

function where(filter: AuditFilter): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (filter.from) {
    params.push(filter.from);
    parts.push(`at >= $${params.length}`);
  }
  if (filter.to) {
    params.push(filter.to);
    parts.push(`at < $${params.length}`);
  }
  if (filter.analyst) {
    params.push(filter.analyst);
    parts.push(`analyst = $${params.length}`);
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

export interface SqlStoreOptions {
  url: string;
  /** Connections in the pool; must exceed the relay's upstream concurrency (each request on the wire holds one for its lock). Default 30. */
  poolSize?: number;
  /** Connection errors of idle clients (a restarted server); logged, never thrown. */
  onError?: (error: Error) => void;
}

export function openSqlStore(options: SqlStoreOptions): RelayStore {
  const pool = new Pool({
    connectionString: options.url,
    max: options.poolSize ?? 30,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // A database that stops answering must fail requests, not hold them forever.
    query_timeout: 15_000,
  });
  pool.on('error', (error) => options.onError?.(error));

  const q = async <R extends object>(sql: string, params: unknown[] = []) => (await pool.query<R>(sql, params)).rows;

  const cacheStorage: KeyValueStorage = {
    getItem: async (key) => (await q<{ value: string }>('SELECT value FROM cache_kv WHERE key = $1', [key]))[0]?.value ?? null,
    setItem: async (key, value) => {
      await q('INSERT INTO cache_kv (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()', [key, value]);
    },
    removeItem: async (key) => {
      await q('DELETE FROM cache_kv WHERE key = $1', [key]);
    },
    keys: async () => (await q<{ key: string }>('SELECT key FROM cache_kv')).map((r) => r.key),
  };

  return {
    async migrate() {
      const client: PoolClient = await pool.connect();
      const onError = (error: Error) => options.onError?.(error);
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        await client.query('CREATE TABLE IF NOT EXISTS relay_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
        const done = new Set((await client.query<{ version: number }>('SELECT version FROM relay_schema')).rows.map((r) => r.version));
        for (let i = 0; i < MIGRATIONS.length; i++) {
          if (done.has(i + 1)) continue;
          await client.query(MIGRATIONS[i]);
          await client.query('INSERT INTO relay_schema (version) VALUES ($1)', [i + 1]);
        }
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.off('error', onError);
        client.release();
      }
    },
    async ping() {
      await q('SELECT 1');
    },
    async addKey(row) {
      const added = await q('INSERT INTO analyst_keys (name, key_id, salt, hash) VALUES ($1, $2, $3, $4) ON CONFLICT (name) DO NOTHING RETURNING name', [
        row.name,
        row.keyId,
        row.salt,
        row.hash,
      ]);
      return added.length > 0 ? 'added' : 'exists';
    },
    async keyById(keyId) {
      const rows = await q<KeyRecord>('SELECT * FROM analyst_keys WHERE key_id = $1', [keyId]);
      return rows[0] ? keyRow(rows[0]) : null;
    },
    async listKeys() {
      return (await q<KeyRecord>('SELECT * FROM analyst_keys ORDER BY name')).map(keyRow);
    },
    async revokeKey(name) {
      const rows = await q('UPDATE analyst_keys SET revoked_at = now() WHERE name = $1 AND revoked_at IS NULL RETURNING name', [name]);
      return rows.length > 0;
    },
    async writeAudit(row: AuditRow) {
      const rows = await q<{ id: string }>(
        `INSERT INTO audit (at, analyst, method, query, listdata, served_by, idrequest, verdict, hits, duration_ms, from_cache, error_code, status, instance)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
        [
          row.at,
          row.analyst,
          row.method,
          JSON.stringify(row.query),
          row.listdata,
          row.servedBy,
          row.idrequest,
          row.verdict,
          JSON.stringify(row.hits),
          Math.round(row.durationMs),
          row.fromCache,
          row.errorCode,
          row.status,
          row.instance,
        ],
      );
      return Number(rows[0]?.id ?? 0);
    },
    async readAudit(filter) {
      const w = where(filter);
      return (await q<AuditRecord>(`SELECT * FROM audit ${w.sql} ORDER BY at, id`, w.params)).map(auditRow);
    },
    async countAudit(filter = {}) {
      const w = where(filter);
      return Number((await q<{ n: string }>(`SELECT count(*) AS n FROM audit ${w.sql}`, w.params))[0]?.n ?? 0);
    },
    async hitCounter(name, expiresAt, by = 1): Promise<CounterHit> {
      const rows = await q<{ n: string }>(
        `INSERT INTO counters (name, n, expires_at) VALUES ($1, $3, $2)
         ON CONFLICT (name) DO UPDATE SET n = counters.n + EXCLUDED.n RETURNING n`,
        [name, expiresAt, by],
      );
      if (Math.random() < 0.01) void q('DELETE FROM counters WHERE expires_at < now()').catch(() => undefined);
      return { count: Number(rows[0]?.n ?? 0) };
    },
    async readCounter(name) {
      return Number((await q<{ n: string }>('SELECT n FROM counters WHERE name = $1 AND expires_at >= now()', [name]))[0]?.n ?? 0);
    },
    async withLock(name, work) {
      const client: PoolClient = await pool.connect();
      // A checked-out client is outside the pool's error handler: a server restart must not
      // become an unhandled 'error' event that ends the process.
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken = error;
        options.onError?.(error);
      };
      client.on('error', onError);
      let locked = false;
      try {
        // Polled rather than a blocking pg_advisory_lock: a wait as long as a slow service
        // answer must not run into the pool's query timeout. Past the deadline the work runs
        // unlocked: paying twice beats failing.
        const deadline = Date.now() + 120_000;
        while (!locked && Date.now() < deadline) {
          const got = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok', [name]);
          locked = got.rows[0]?.ok === true;
          if (!locked) await delay(20);
        }
        return await work();
      } finally {
        if (locked && !broken) await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]).catch((e: Error) => (broken = e));
        client.off('error', onError);
        // A broken connection is destroyed rather than handed to the next request.
        client.release(broken);
      }
    },
    cacheStorage: () => cacheStorage,
    close: () => pool.end(),
  };
}
