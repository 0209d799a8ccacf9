import { Pool, type PoolClient } from 'pg';
import { archiveQueries } from './archive-sql';
import { sharedAnswerQueries } from './shared-answer-sql';
import { auditBatchWriter } from './audit-batch-sql';
import { backupLines, restoreLines } from './backup-sql';
import { decisionQueries } from './decision-sql';
import { MIGRATIONS } from './migrations';
import type { RelayRole } from '../roles';
import {
  AUDIT_COLUMNS,
  AUDIT_OUTCOME_COLUMNS,
  type AnalystKeyRow,
  type AuditFilter,
  type CounterHit,
  type RelayStore,
  type StoredAuditRow,
} from './port';

/**
 * The relay's store on PostgreSQL. SQL lives here, in migrations.ts (the schema), audit-batch-sql.ts
 * (the audit journal's statement), archive-sql.ts (the answer archive), decision-sql.ts and
 * shared-answer-sql.ts (claims and the shared cache);
 * nothing outside this folder builds SQL. Migrations run
 * once each, under an advisory lock so that instances starting together cannot race.
 */

/** Any number: the lock only has to be the same for every relay on this database. */
const MIGRATION_LOCK = 7_114_151_402;

interface KeyRecord {
  name: string;
  role: RelayRole;
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
    role: r.role,
    keyId: r.key_id,
    salt: r.salt,
    hash: r.hash,
    createdAt: r.created_at,
    revokedAt: r.revoked_at,
  };
}

/** The trail's columns as read: from the outcome's or the delivery's row when there is one, else the row's own. */
const AUDIT_READ_COLUMNS = AUDIT_COLUMNS.map(({ column }) => {
  if (column === 'delivered') return 'coalesce(d.delivered, audit.delivered) AS delivered';
  if ((AUDIT_OUTCOME_COLUMNS as readonly string[]).includes(column)) {
    return `CASE WHEN o.audit_id IS NULL THEN audit.${column} ELSE o.${column} END AS ${column}`;
  }
  return `audit.${column}`;
}).join(', ');

/**
 * The audit trail as read: each "asked" row that `rows` selects, with its outcome (audit_outcomes)
 * and its reply's delivery (audit_deliveries); a row written before those tables has both in its
 * own columns (migrations.ts). The rows are chosen (and a page cut) before the joins, so that a
 * page looks up its own outcomes rather than the planner hashing every outcome for each page
 * (an export of 1,000,000 rows took 48 s that way, 15–16 s this way, 13–14 s before the tables:
 * bench/results/2026-11-26-session16-relay-audit-export.txt).
 */
function auditRead(rows: string): string {
  return `SELECT ${AUDIT_READ_COLUMNS} FROM (${rows}) AS audit
    LEFT JOIN audit_outcomes AS o ON o.audit_id = audit.id
    LEFT JOIN audit_deliveries AS d ON d.audit_id = audit.id`;
}

function auditRow(r: AuditRecord): StoredAuditRow {
  const row: Record<string, unknown> = {};
  for (const { column, field } of AUDIT_COLUMNS) row[field] = r[column];
  // bigint arrives as text.
  row.id = Number(r.id);
  row.archiveId = r.archive_id === null ? null : Number(r.archive_id);
  return row as unknown as StoredAuditRow;
}

function where(filter: AuditFilter, afterId = 0): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (afterId > 0) {
    params.push(afterId);
    parts.push(`id > $${params.length}`);
  }
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

const GENERIC_PLANS = '-c plan_cache_mode=force_generic_plan';

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
    // The audit batch's named statements keep one plan (audit-batch-sql.ts).
    options: GENERIC_PLANS,
  });
  pool.on('error', (error) => options.onError?.(error));
  // Counters, claims, the answer cache and key look-ups commit without waiting for the WAL flush
  // (synchronous_commit off): none is evidence, a crash loses at most the last fraction of a
  // second of them (a rate window, a budget count, a cached answer paid again), and each would
  // otherwise cost a request an fsync of its own. The audit trail, keys and migrations stay on
  // the durable pool: a request's audit row is on disk before its answer leaves.
  const fast = new Pool({
    connectionString: options.url,
    max: options.poolSize ?? 30,
    connectionTimeoutMillis: 15_000,
    idleTimeoutMillis: 30_000,
    query_timeout: 15_000,
    options: `-c synchronous_commit=off ${GENERIC_PLANS}`,
  });
  fast.on('error', (error) => options.onError?.(error));

  const q = async <R extends object>(sql: string, params: unknown[] = []) => (await pool.query<R>(sql, params)).rows;
  const qf = async <R extends object>(sql: string, params: unknown[] = []) => (await fast.query<R>(sql, params)).rows;

  const { writeAuditBatch, reserveAuditIds, reserveArchiveIds } = auditBatchWriter(pool, fast);

  return {
    async migrate() {
      const client: PoolClient = await pool.connect();
      const onError = (error: Error) => options.onError?.(error);
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        // Made only when missing: PostgreSQL asks CREATE on the schema even of CREATE TABLE IF NOT
        // EXISTS, which the everyday role docs/relay.md describes does not have.
        const made = await client.query<{ t: string | null }>("SELECT to_regclass('relay_schema') AS t");
        if (!made.rows[0]?.t) {
          await client.query(
            'CREATE TABLE relay_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
          );
        }
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
        `INSERT INTO analyst_keys (name, key_id, salt, hash, role) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (name) WHERE revoked_at IS NULL DO NOTHING RETURNING name`,
        [row.name, row.keyId, row.salt, row.hash, row.role],
      );
      return added.length > 0 ? 'added' : 'exists';
    },
    async keysByIds(keyIds) {
      return (await qf<KeyRecord>('SELECT * FROM analyst_keys WHERE key_id = ANY($1::text[])', [keyIds])).map(keyRow);
    },
    async listKeys() {
      return (await q<KeyRecord>('SELECT * FROM analyst_keys ORDER BY name, created_at')).map(keyRow);
    },
    async revokeKey(name) {
      const rows = await q(
        'UPDATE analyst_keys SET revoked_at = now() WHERE name = $1 AND revoked_at IS NULL RETURNING name',
        [name],
      );
      return rows.length > 0;
    },
    async writeAudit(row) {
      return (await writeAuditBatch({ inserts: [row], completions: [] })).audit[0];
    },
    writeAuditBatch,
    reserveAuditIds,
    reserveArchiveIds,
    async flushCommits() {
      // A commit that waits for the disk and writes to the log, so that it has something to wait for:
      // the log is flushed in order, so every commit before it, those that did not wait too, is then
      // on disk. (One expiring row among the counters, a logged table, rather than a table of its
      // own.) It waits whatever the server's own synchronous_commit says. A transaction of its own on
      // one connection, rolled back on failure: the pool must never get a connection back mid-transaction.
      const client: PoolClient = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SET LOCAL synchronous_commit = on');
        await client.query(
          `INSERT INTO counters (name, n, expires_at) VALUES ('log-flush', 1, now() + interval '1 minute')
           ON CONFLICT (name) DO UPDATE SET n = counters.n + 1, expires_at = EXCLUDED.expires_at`,
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async auditIdsKnown(ids) {
      const rows = await q<{ id: string }>('SELECT id FROM audit WHERE id = ANY($1::bigint[])', [ids]);
      return new Set(rows.map((r) => Number(r.id)));
    },
    async advanceAuditIds(id) {
      await q("SELECT setval('audit_id_seq', $1) WHERE $1 > (SELECT last_value FROM audit_id_seq)", [id]);
    },
    async *auditPages(filter, pageSize = 5_000) {
      let after = 0;
      for (;;) {
        const w = where(filter, after);
        const page = (
          await q<AuditRecord>(
            `${auditRead(`SELECT * FROM audit ${w.sql} ORDER BY id LIMIT ${Math.max(1, Math.floor(pageSize))}`)} ORDER BY id`,
            w.params,
          )
        ).map(auditRow);
        if (page.length === 0) return;
        yield page;
        after = page[page.length - 1].id;
      }
    },
    async readAudit(filter) {
      const w = where(filter);
      return (await q<AuditRecord>(`${auditRead(`SELECT * FROM audit ${w.sql}`)} ORDER BY at, id`, w.params)).map(
        auditRow,
      );
    },
    async auditById(id) {
      const r = (await q<AuditRecord>(auditRead('SELECT * FROM audit WHERE id = $1'), [id]))[0];
      return r ? auditRow(r) : null;
    },
    async countAudit(filter = {}) {
      const w = where(filter);
      return Number((await q<{ n: string }>(`SELECT count(*) AS n FROM audit ${w.sql}`, w.params))[0]?.n ?? 0);
    },
    async hitCounter(name, expiresAt, by = 1, previous): Promise<CounterHit> {
      const rows = await qf<{ n: string; previous: string | null }>(
        `WITH hit AS (
           INSERT INTO counters (name, n, expires_at) VALUES ($1, $3, $2)
           ON CONFLICT (name) DO UPDATE SET n = counters.n + EXCLUDED.n RETURNING n)
         SELECT hit.n, (SELECT c.n FROM counters c WHERE c.name = $4 AND c.expires_at >= now()) AS previous FROM hit`,
        [name, expiresAt, by, previous ?? null],
      );
      if (Math.random() < 0.01) void qf('DELETE FROM counters WHERE expires_at < now()').catch(() => undefined);
      const row = rows[0];
      return {
        count: Number(row?.n ?? 0),
        ...(previous !== undefined ? { previous: Number(row?.previous ?? 0) } : {}),
      };
    },
    async readCounter(name) {
      return Number(
        (await qf<{ n: string }>('SELECT n FROM counters WHERE name = $1 AND expires_at >= now()', [name]))[0]?.n ?? 0,
      );
    },
    ...sharedAnswerQueries(qf),
    ...archiveQueries(q),
    backup: () => backupLines(pool),
    restore: (lines) => restoreLines(pool, lines),
    ...decisionQueries(q),
    close: async () => {
      await Promise.all([pool.end(), fast.end()]);
    },
  };
}
