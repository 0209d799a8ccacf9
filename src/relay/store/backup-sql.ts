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
/**
 * 2 ends with a line counting each table's rows: a backup cut short (a full disk, a killed
 * process, a closed pipe) is refused, where version 1's would restore a prefix as the whole.
 */
export const BACKUP_VERSION = 2;
const READABLE_VERSIONS = new Set([1, 2]);

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
  // One snapshot for every table: a relay serving meanwhile would otherwise add archive rows whose
  // audit rows were read before they existed, a backup no database would take back.
  const client = await pool.connect();
  let open = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    open = true;
    const schema = await client.query<{ v: number }>('SELECT max(version) AS v FROM relay_schema');
    yield `${JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_VERSION, schema: schema.rows[0]?.v ?? 0, at: new Date().toISOString() })}\n`;
    const counts: Record<string, number> = {};
    for (const { table, key } of TABLES) {
      counts[table] = 0;
      let after: unknown = null;
      for (;;) {
        const page = await client.query<Record<string, unknown>>(
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
        counts[table] += page.rows.length;
        after = String(page.rows[page.rows.length - 1][key]);
      }
    }
    await client.query('COMMIT');
    open = false;
    yield `${JSON.stringify({ end: counts })}\n`;
  } finally {
    // A backup stopped part-way (its reader gone) ends its snapshot too.
    if (open) await client.query('ROLLBACK').catch(() => undefined);
    client.release();
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
    let version = 0;
    let end: Record<string, unknown> | null = null;
    let n = 0;
    for await (const line of lines) {
      n++;
      if (!line.trim()) continue;
      if (end) throw new RestoreRefused(`line ${n} follows the backup's last line: the file was changed`);
      const parsed = parseLine(line, n);
      if (!version) {
        if (parsed.format !== BACKUP_FORMAT || !READABLE_VERSIONS.has(parsed.version ?? 0)) {
          throw new RestoreRefused('not a relay backup of this format');
        }
        version = parsed.version!;
        continue;
      }
      if (parsed.end && typeof parsed.end === 'object') {
        end = parsed.end;
        continue;
      }
      if (!parsed.t || !known.has(parsed.t) || !parsed.r) {
        throw new RestoreRefused(`unknown line: ${line.slice(0, 80)}`);
      }
      const columns = Object.keys(parsed.r);
      if (!columns.every((c) => /^[a-z_][a-z0-9_]*$/.test(c))) throw new RestoreRefused(`bad column in ${parsed.t}`);
      await client
        .query(
          `INSERT INTO ${parsed.t} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
          columns.map((c) => decode(parsed.r![c])),
        )
        .catch((error: Error) => {
          // A row the database refuses (one it names is missing): the file was edited or mixed.
          throw new RestoreRefused(`line ${n} (${parsed.t}): ${error.message}`);
        });
      rows[parsed.t] = (rows[parsed.t] ?? 0) + 1;
    }
    if (!version) throw new RestoreRefused('empty file');
    if (version >= 2) assertWhole(end, rows);
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

interface BackupLine {
  format?: string;
  version?: number;
  t?: string;
  r?: Record<string, unknown>;
  end?: Record<string, unknown>;
}

function parseLine(line: string, n: number): BackupLine {
  try {
    return JSON.parse(line) as BackupLine;
  } catch {
    throw new RestoreRefused(`line ${n} is not whole: the file was cut short or changed; take a new backup`);
  }
}

/** The last line's counts, table by table, against the rows read: every row came back, and no more. */
function assertWhole(end: Record<string, unknown> | null, rows: Record<string, number>): void {
  if (!end) throw new RestoreRefused('the backup has no last line: it was cut short; take a new backup');
  for (const { table } of TABLES) {
    if ((end[table] ?? 0) !== (rows[table] ?? 0)) {
      throw new RestoreRefused(
        `${table}: the backup's last line counts ${String(end[table])} rows, the file holds ${rows[table] ?? 0}`,
      );
    }
  }
}
