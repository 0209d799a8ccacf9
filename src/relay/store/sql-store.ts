import { Pool, type PoolClient } from 'pg';
import { LONE_SURROGATE } from '../../core/query/text';
import { archiveAppend, archiveQueries } from './archive-sql';
import {
  answersUpsert,
  claimReads,
  claimsAndReads,
  claimsRelease,
  sharedAnswerQueries,
  type ClaimRecord,
} from './shared-answer-sql';
import { backupLines, restoreLines } from './backup-sql';
import { decisionQueries } from './decision-sql';
import { MIGRATIONS } from './migrations';
import type { RelayRole } from '../roles';
import {
  AUDIT_COLUMNS,
  type AnalystKeyRow,
  type AuditBatch,
  type AuditBatchIds,
  type AuditFilter,
  type AuditOutcome,
  type CounterHit,
  type RelayStore,
  type StoredAuditRow,
} from './port';

/**
 * The relay's store on PostgreSQL. SQL lives here, in migrations.ts (the schema), archive-sql.ts
 * (the answer archive), decision-sql.ts and shared-answer-sql.ts (claims and the shared cache);
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

function auditRow(r: AuditRecord): StoredAuditRow {
  const row: Record<string, unknown> = {};
  for (const { column, field } of AUDIT_COLUMNS) row[field] = r[column];
  // bigint arrives as text.
  row.id = Number(r.id);
  row.archiveId = r.archive_id === null ? null : Number(r.archive_id);
  return row as unknown as StoredAuditRow;
}

/** The audit INSERT's columns in AUDIT_COLUMNS order; ids are drawn from the table's sequence first. */
const AUDIT_INSERTED = AUDIT_COLUMNS.filter((c) => c.column !== 'id' && c.column !== 'delivered');

/** Each audit column's SQL type: rows go in as one array per column (unnest), so the statement's text is the same for any number of rows. */
const AUDIT_TYPES: Record<(typeof AUDIT_COLUMNS)[number]['column'], string> = {
  id: 'bigint',
  at: 'timestamptz',
  analyst: 'text',
  method: 'text',
  query: 'jsonb',
  listdata: 'text',
  served_by: 'text',
  idrequest: 'text',
  verdict: 'text',
  hits: 'jsonb',
  duration_ms: 'integer',
  from_cache: 'boolean',
  error_code: 'integer',
  status: 'integer',
  instance: 'text',
  state: 'text',
  archive_id: 'bigint',
  delivered: 'boolean',
};

function auditInsert(offset: number): string {
  const arrays = ['id', ...AUDIT_INSERTED.map((c) => c.column)].map(
    (column, i) => `$${offset + i + 1}::${AUDIT_TYPES[column as keyof typeof AUDIT_TYPES]}[]`,
  );
  return `INSERT INTO audit (id, ${AUDIT_INSERTED.map((c) => c.column).join(', ')}) SELECT * FROM unnest(${arrays.join(', ')})`;
}

/** The columns of writeAuditBatch's result: the archive's rows (n, archive_id), the claims' (claim_and_read's), the cache's (key). */
const CLAIM_COLUMNS = [
  'archive_id',
  'claim_name',
  'claim_owner',
  'key',
  'subject',
  'listdata',
  'served_by',
  'stored_at',
  'raw',
] as const;
const PART_COLUMNS = ['n', ...CLAIM_COLUMNS] as const;

/** What a completion sets, with the SQL type of each value (a VALUES list needs them spelled). */
const COMPLETED = [
  ['state', 'state', 'text'],
  ['served_by', 'servedBy', 'text'],
  ['idrequest', 'idrequest', 'text'],
  ['verdict', 'verdict', 'text'],
  ['hits', 'hits', 'jsonb'],
  ['duration_ms', 'durationMs', 'integer'],
  ['from_cache', 'fromCache', 'boolean'],
  ['error_code', 'errorCode', 'integer'],
  ['status', 'status', 'integer'],
  ['archive_id', 'archiveId', 'bigint'],
] as const satisfies readonly (readonly [string, keyof AuditOutcome, string])[];

/**
 * The completions' UPDATE. With archived answers in the same statement (the CTE `a`), a row that
 * paid for one names it: `archived` is the answer's place in the batch, joined to its new id.
 */
function auditComplete(offset: number, withArchive: boolean): string {
  const arrays = [
    `$${offset + 1}::bigint[]`,
    ...COMPLETED.map(([, , type], c) => `$${offset + c + 2}::${type}[]`),
    `$${offset + COMPLETED.length + 2}::integer[]`,
  ];
  const set = COMPLETED.map(([column]) =>
    column === 'archive_id' && withArchive
      ? 'archive_id = coalesce(p.archive_id, v.archive_id)'
      : `${column} = v.${column}`,
  );
  return `UPDATE audit AS t SET ${set.join(', ')}
    FROM unnest(${arrays.join(', ')}) AS v(id, ${COMPLETED.map(([column]) => column).join(', ')}, archived)
    ${withArchive ? 'LEFT JOIN a AS p ON p.n = v.archived' : ''}
    WHERE t.id = v.id`;
}

/**
 * Text PostgreSQL cannot hold (NUL, a lone UTF-16 surrogate), as visible \u{...} notation: what
 * the service sent is kept, readable, and never fails the audit insert.
 */
const UNSTORABLE = new RegExp(`\\u0000|${LONE_SURROGATE.source}`, 'g');

function storable<T>(value: T): T {
  if (typeof value === 'string') {
    return value.replace(UNSTORABLE, (c) => `\\u{${c.charCodeAt(0).toString(16)}}`) as T;
  }
  if (Array.isArray(value)) return value.map(storable) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), storable(v)])) as T;
  }
  return value;
}

function sqlValue(value: unknown, field: string): unknown {
  if (field === 'durationMs') return Math.round(value as number);
  // pg would format a Date field by field in local time; ISO 8601 in UTC is native and reads the same.
  if (value instanceof Date) return value.toISOString();
  const safe = storable(value);
  if (safe !== null && typeof safe === 'object' && !(safe instanceof Date)) return JSON.stringify(safe);
  return safe;
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
    options: '-c synchronous_commit=off',
  });
  fast.on('error', (error) => options.onError?.(error));

  const q = async <R extends object>(sql: string, params: unknown[] = []) => (await pool.query<R>(sql, params)).rows;
  /**
   * A statement PostgreSQL parses and plans once per connection: the audit batch's text depends
   * only on which of its parts it has (a hundred or so forms), never on how many rows each holds.
   */
  const statementNames = new Map<string, string>();
  const prepared = async <R extends object>(on: Pool, text: string, values: unknown[]) => {
    let name = statementNames.get(text);
    if (!name) statementNames.set(text, (name = `relay_batch_${statementNames.size + 1}`));
    return (await on.query<R>({ name, text, values })).rows;
  };
  const qf = async <R extends object>(sql: string, params: unknown[] = []) => (await fast.query<R>(sql, params)).rows;

  /**
   * One statement, so one round trip, one transaction and one WAL flush for the whole batch: new
   * rows with ids drawn beforehand (reserveAuditIds), outcomes of earlier rows, and archived
   * answers, with the shared cache's entries and claims given back riding along. Within one
   * statement the UPDATE cannot see this statement's INSERT; a completion (and an archived answer)
   * always follows its row's own durable insert, so they never meet in one batch. A batch of cache
   * entries and claims alone is no evidence: it commits on the pool that does not wait for the disk.
   */
  async function writeAuditBatch(batch: AuditBatch): Promise<AuditBatchIds> {
    const ids = batch.inserts.length > 0 ? await reserveAuditIds(batch.inserts.length) : [];
    const parts: string[] = [];
    const params: unknown[] = [];
    if (batch.inserts.length > 0) {
      parts.push(`i AS (${auditInsert(0)})`);
      params.push(ids, ...AUDIT_INSERTED.map(({ field }) => batch.inserts.map((row) => sqlValue(row[field], field))));
    }
    // Before the completions: they may name the answers appended here.
    const archives = batch.archives ?? [];
    if (archives.length > 0) {
      const append = archiveAppend(archives, params.length);
      parts.push(`a AS (${append.sql})`);
      params.push(...append.params);
    }
    if (batch.completions.length > 0) {
      parts.push(`u AS (${auditComplete(params.length, archives.length > 0)})`);
      params.push(
        batch.completions.map((c) => c.id),
        ...COMPLETED.map(([, field]) => batch.completions.map((c) => sqlValue(c.outcome[field], field))),
        batch.completions.map((c) => (c.archived === undefined ? null : c.archived + 1)),
      );
    }
    const deliveries = batch.deliveries ?? [];
    if (deliveries.length > 0) {
      parts.push(
        `d AS (UPDATE audit AS t SET delivered = v.delivered
          FROM unnest($${params.length + 1}::bigint[], $${params.length + 2}::boolean[]) AS v(id, delivered)
          WHERE t.id = v.id)`,
      );
      params.push(
        deliveries.map((d) => d.id),
        deliveries.map((d) => d.delivered),
      );
    }
    // Claims and cache rows are no evidence: a batch of nothing else commits without waiting for the disk.
    const evidence = parts.length > 0;
    const answers = batch.answers ?? [];
    if (answers.length > 0) {
      const upsert = answersUpsert(answers, batch.answersTtlMs ?? 0, params.length);
      parts.push(`k AS (${upsert.sql})`);
      params.push(...upsert.params);
    }
    const releases = batch.releases ?? [];
    if (releases.length > 0) {
      const release = claimsRelease(releases, params.length);
      parts.push(`r AS (${release.sql})`);
      params.push(...release.params);
    }
    const claims = batch.claims ?? [];
    if (claims.length > 0) {
      const call = claimsAndReads(claims, batch.claimHoldMs ?? 0, params.length);
      parts.push(`c AS (${call.sql})`);
      params.push(...call.params);
    }
    if (parts.length === 0) return { audit: ids, archive: [], answersKept: [], claims: [] };
    // A CTE that only reads runs only when referenced, and the final SELECT runs its parts in this
    // order: claims before the archive's lock, the cache rows after it, as in every statement
    // that takes them, so that two instances' statements queue rather than deadlock.
    // One row shape for the three parts, told apart by `part`; named in each, as any may come first.
    const row = (part: string, values: Partial<Record<(typeof PART_COLUMNS)[number], string>>, from: string) =>
      `SELECT '${part}' AS part, ${PART_COLUMNS.map((c) => `${values[c] ?? 'NULL'} AS ${c}`).join(', ')} FROM ${from}`;
    const selects = [
      ...(claims.length > 0 ? [row('c', Object.fromEntries(CLAIM_COLUMNS.map((c) => [c, `c.${c}`])), 'c')] : []),
      ...(archives.length > 0 ? [row('a', { n: 'a.n', archive_id: 'a.archive_id' }, 'a')] : []),
      ...(answers.length > 0 ? [row('k', { key: 'k.key' }, 'k')] : []),
    ];
    const rows = await prepared<ClaimRecord & { part: 'c' | 'a' | 'k'; n: number | null }>(
      evidence ? pool : fast,
      `WITH ${parts.join(', ')} ${selects.length > 0 ? selects.join(' UNION ALL ') : 'SELECT NULL AS part'}`,
      params,
    );
    const appended = rows.filter((r) => r.part === 'a').sort((x, y) => Number(x.n) - Number(y.n));
    const kept = new Set(rows.filter((r) => r.part === 'k').map((r) => r.key));
    return {
      audit: ids,
      archive: appended.map((r) => Number(r.archive_id)),
      answersKept: answers.map((a) => kept.has(a.key)),
      claims: claimReads(
        claims,
        rows.filter((r) => r.part === 'c'),
      ),
    };
  }

  /**
   * Ids for new audit rows, drawn from the table's sequence in blocks (a round trip per block, not
   * per batch). Ids left unused when the process ends are gaps, as a rolled-back insert leaves.
   */
  const spareIds: number[] = [];
  async function reserveAuditIds(n: number): Promise<number[]> {
    if (spareIds.length < n) {
      const rows = await qf<{ id: string }>("SELECT nextval('audit_id_seq') AS id FROM generate_series(1, $1)", [
        Math.max(n, 256),
      ]);
      spareIds.push(...rows.map((r) => Number(r.id)));
    }
    return spareIds.splice(0, n);
  }

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
    async *auditPages(filter, pageSize = 5_000) {
      let after = 0;
      for (;;) {
        const w = where(filter, after);
        const page = (
          await q<AuditRecord>(
            `SELECT * FROM audit ${w.sql} ORDER BY id LIMIT ${Math.max(1, Math.floor(pageSize))}`,
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
      return (await q<AuditRecord>(`SELECT * FROM audit ${w.sql} ORDER BY at, id`, w.params)).map(auditRow);
    },
    async auditById(id) {
      const r = (await q<AuditRecord>('SELECT * FROM audit WHERE id = $1', [id]))[0];
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
