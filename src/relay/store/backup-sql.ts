import type { Pool } from 'pg';

/**
 * `checklists relay backup` and `restore`: the relay's record (keys, audit trail, answer archive
 * with its cuts, decisions) as JSON lines through the relay's own connection, so a backup needs
 * no pg_dump (the embedded store ships none) and works beside a running relay. Counters, claims
 * and the answer cache are not evidence and are left out. Rows are read in key order a page at a
 * time (bounded memory) and restored as they were, ids, times and chain hashes included, into a
 * freshly migrated, empty database; `relay verify` then proves the archive came back intact.
 */

export const BACKUP_FORMAT = 'checklists-relay-backup';
export const BACKUP_VERSION = 1;

/** In restore order (an archive row names its audit row, an approval its decision). */
const TABLES = [
  { table: 'analyst_keys', key: 'key_id', sequence: null },
  { table: 'audit', key: 'id', sequence: 'audit_id_seq' },
  { table: 'audit_outcomes', key: 'audit_id', sequence: null },
  { table: 'audit_deliveries', key: 'audit_id', sequence: null },
  { table: 'answer_archive', key: 'id', sequence: 'answer_archive_id_seq' },
  { table: 'archive_cuts', key: 'id', sequence: 'archive_cuts_id_seq' },
  { table: 'decisions', key: 'id', sequence: 'decisions_id_seq' },
] as const;

type Value = string | number | boolean | null | { $b64: string } | Record<string, unknown> | unknown[];

function encode(value: unknown): Value {
  if (Buffer.isBuffer(value)) return { $b64: value.toString('base64') };
  if (value instanceof Date) return value.toISOString();
  return value as Value;
}

function decode(value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && '$b64' in value) {
    return Buffer.from(String((value as { $b64: unknown }).$b64), 'base64');
  }
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return value;
}

export async function* backupLines(pool: Pool, pageSize = 1_000): AsyncIterable<string> {
  const schema = await pool.query<{ v: number }>('SELECT max(version) AS v FROM relay_schema');
  yield `${JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_VERSION, schema: schema.rows[0]?.v ?? 0, at: new Date().toISOString() })}\n`;
  for (const { table, key } of TABLES) {
    let after: unknown = null;
    for (;;) {
      const page = await pool.query<Record<string, unknown>>(
        `SELECT * FROM ${table} WHERE $1::text IS NULL OR ${key}::text > $1::text ORDER BY ${key}::text LIMIT ${pageSize}`,
        [after],
      );
      if (page.rows.length === 0) break;
      let out = '';
      for (const row of page.rows) {
        const encoded: Record<string, Value> = {};
        for (const [column, value] of Object.entries(row)) encoded[column] = encode(value);
        out += `${JSON.stringify({ t: table, r: encoded })}\n`;
      }
      yield out;
      after = String(page.rows[page.rows.length - 1][key]);
    }
  }
}

export interface RestoreReport {
  rows: Record<string, number>;
}

/** Restores into an empty, migrated database, in one transaction: all of it or nothing. */
export async function restoreLines(pool: Pool, lines: AsyncIterable<string>): Promise<RestoreReport> {
  const client = await pool.connect();
  const rows: Record<string, number> = {};
  try {
    await client.query('BEGIN');
    const known = new Set<string>(TABLES.map((t) => t.table));
    for (const { table } of TABLES) {
      const n = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
      if (Number(n.rows[0]?.n ?? 0) > 0) throw new RestoreRefused(`the database already holds ${table} rows`);
    }
    let header = false;
    for await (const line of lines) {
      if (!line.trim()) continue;
      const parsed = JSON.parse(line) as { format?: string; version?: number; t?: string; r?: Record<string, unknown> };
      if (!header) {
        if (parsed.format !== BACKUP_FORMAT || parsed.version !== BACKUP_VERSION) {
          throw new RestoreRefused('not a relay backup of this format');
        }
        header = true;
        continue;
      }
      if (!parsed.t || !known.has(parsed.t) || !parsed.r) {
        throw new RestoreRefused(`unknown line: ${line.slice(0, 80)}`);
      }
      const columns = Object.keys(parsed.r);
      if (!columns.every((c) => /^[a-z_][a-z0-9_]*$/.test(c))) throw new RestoreRefused(`bad column in ${parsed.t}`);
      await client.query(
        `INSERT INTO ${parsed.t} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
        columns.map((c) => decode(parsed.r![c])),
      );
      rows[parsed.t] = (rows[parsed.t] ?? 0) + 1;
    }
    if (!header) throw new RestoreRefused('empty file');
    for (const { table, sequence } of TABLES) {
      if (sequence) {
        await client.query(`SELECT setval('${sequence}', greatest((SELECT max(id) FROM ${table}), 1))`);
      }
    }
    await client.query('COMMIT');
    return { rows };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export class RestoreRefused extends Error {}
