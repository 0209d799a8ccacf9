import { Pool, type PoolClient } from 'pg';
import {
  AUDIT_COLUMNS,
  type AnalystKeyRow,
  type AuditFilter,
  type AuditRow,
  type CounterHit,
  type RelayStore,
  type StoredAnswer,
  type StoredAuditRow,
} from './port';

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
  // The answer cache as one row per subject (the key-value table held every entry and an index
  // of them all, rewritten by each write), and subject claims in place of advisory locks that
  // held a pooled connection for as long as the service took to answer. Claims live seconds:
  // unlogged, so taking one costs no WAL flush.
  `DROP TABLE cache_kv;
   CREATE TABLE answers (
     key text PRIMARY KEY,
     subject text NOT NULL,
     listdata bigint NOT NULL,
     served_by text NOT NULL,
     stored_at bigint NOT NULL,
     raw text NOT NULL
   );
   CREATE INDEX answers_stored_at ON answers (stored_at);
   CREATE UNLOGGED TABLE subject_claims (
     name text PRIMARY KEY,
     owner text NOT NULL,
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

type AuditRecord = Record<(typeof AUDIT_COLUMNS)[number]['column'], unknown>;

function keyRow(r: KeyRecord): AnalystKeyRow {
  return {
    name: r.name,
    keyId: r.key_id,
    salt: r.salt,
    hash: r.hash,
    createdAt: r.created_at,
    revokedAt: r.revoked_at,
  };
}

function auditRow(r: AuditRecord): StoredAuditRow {
  const row: Record<string, unknown> = {};
  for (const { column, field } of AUDIT_COLUMNS) row[field] = r[column];
  // bigserial arrives as text.
  row.id = Number(r.id);
  return row as unknown as StoredAuditRow;
}

/** The audit INSERT, its columns in AUDIT_COLUMNS order (the id is the table's). */
const AUDIT_INSERTED = AUDIT_COLUMNS.filter((c) => c.column !== 'id');
const AUDIT_INSERT = `INSERT INTO audit (${AUDIT_INSERTED.map((c) => c.column).join(', ')})
  VALUES (${AUDIT_INSERTED.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`;

function auditValue(row: AuditRow, field: (typeof AUDIT_INSERTED)[number]['field']): unknown {
  const value = row[field];
  if (field === 'durationMs') return Math.round(row.durationMs);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) return JSON.stringify(value);
  return value;
}

interface AnswerRecord {
  key: string;
  subject: string;
  listdata: string;
  served_by: string;
  stored_at: string;
  raw: string;
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
  /** Connections in the pool. Default 30. */
  poolSize?: number;
  /** Connection errors of idle clients (a restarted server); logged, never thrown. */
  onError?: (error: Error) => void;
}

export function openSqlStore(options: SqlStoreOptions): RelayStore {
  const pool = new Pool({
    connectionString: options.url,
    max: options.poolSize ?? 30,
    // Opening a connection forks a server process; on a busy host that alone has taken over 5 s,
    // which failed requests (503) while the database was merely slow. A server that is down
    // refuses at once, so this bound only matters for one that hangs.
    connectionTimeoutMillis: 15_000,
    idleTimeoutMillis: 30_000,
    // A database that stops answering must fail requests, not hold them forever.
    query_timeout: 15_000,
  });
  pool.on('error', (error) => options.onError?.(error));

  const q = async <R extends object>(sql: string, params: unknown[] = []) => (await pool.query<R>(sql, params)).rows;

  return {
    async migrate() {
      const client: PoolClient = await pool.connect();
      const onError = (error: Error) => options.onError?.(error);
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        await client.query(
          'CREATE TABLE IF NOT EXISTS relay_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
        );
        const done = new Set(
          (await client.query<{ version: number }>('SELECT version FROM relay_schema')).rows.map((r) => r.version),
        );
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
      const added = await q(
        'INSERT INTO analyst_keys (name, key_id, salt, hash) VALUES ($1, $2, $3, $4) ON CONFLICT (name) DO NOTHING RETURNING name',
        [row.name, row.keyId, row.salt, row.hash],
      );
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
      const rows = await q(
        'UPDATE analyst_keys SET revoked_at = now() WHERE name = $1 AND revoked_at IS NULL RETURNING name',
        [name],
      );
      return rows.length > 0;
    },
    async writeAudit(row: AuditRow) {
      const rows = await q<{ id: string }>(
        AUDIT_INSERT,
        AUDIT_INSERTED.map(({ field }) => auditValue(row, field)),
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
      return Number(
        (await q<{ n: string }>('SELECT n FROM counters WHERE name = $1 AND expires_at >= now()', [name]))[0]?.n ?? 0,
      );
    },
    async claimSubject(name, owner, holdMs) {
      const rows = await q(
        `INSERT INTO subject_claims (name, owner, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond')
         ON CONFLICT (name) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at WHERE subject_claims.expires_at < now()
         RETURNING owner`,
        [name, owner, Math.max(1, Math.round(holdMs))],
      );
      // Claims of holders that died stay until taken over; sweep them now and then.
      if (Math.random() < 0.01) void q('DELETE FROM subject_claims WHERE expires_at < now()').catch(() => undefined);
      return rows.length > 0;
    },
    async releaseSubject(name, owner) {
      await q('DELETE FROM subject_claims WHERE name = $1 AND owner = $2', [name, owner]);
    },
    async readAnswer(key) {
      const r = (await q<AnswerRecord>('SELECT * FROM answers WHERE key = $1', [key]))[0];
      return r
        ? {
            key: r.key,
            subject: r.subject,
            listdata: BigInt(r.listdata),
            servedBy: r.served_by,
            storedAt: Number(r.stored_at),
            raw: r.raw,
          }
        : null;
    },
    async writeAnswer(a: StoredAnswer, freshSince) {
      // Two requests for one subject can finish out of order: a narrower answer arriving last
      // must not replace a fresh one holding all of it and more ((old & new) = new: a superset).
      const rows = await q(
        `INSERT INTO answers (key, subject, listdata, served_by, stored_at, raw) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (key) DO UPDATE SET subject = EXCLUDED.subject, listdata = EXCLUDED.listdata, served_by = EXCLUDED.served_by,
           stored_at = EXCLUDED.stored_at, raw = EXCLUDED.raw
         WHERE NOT (answers.subject = EXCLUDED.subject AND answers.stored_at >= $7 AND answers.listdata <> EXCLUDED.listdata
           AND (answers.listdata & EXCLUDED.listdata) = EXCLUDED.listdata)
         RETURNING key`,
        [a.key, a.subject, a.listdata.toString(), a.servedBy, a.storedAt, a.raw, freshSince],
      );
      return rows.length > 0;
    },
    async dropAnswers(before) {
      await q('DELETE FROM answers WHERE stored_at < $1', [before]);
    },
    close: () => pool.end(),
  };
}
