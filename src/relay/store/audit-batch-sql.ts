import type { Pool } from 'pg';
import { LONE_SURROGATE } from '../../core/query/text';
import { archiveAppend, archiveInsert } from './archive-sql';
import {
  answersUpsert,
  claimReads,
  claimsAndReads,
  claimsLock,
  claimsRelease,
  type ClaimRecord,
} from './shared-answer-sql';
import { AUDIT_COLUMNS, AUDIT_OUTCOME_COLUMNS, type AuditBatch, type AuditBatchIds } from './port';

/**
 * The audit journal's one statement (../audit-journal.ts): new audit rows, outcomes, archived
 * answers, subject claims, shared-cache entries, claims given back and deliveries, each part a CTE
 * of one WITH, so that a commit of every request waiting is one round trip and one WAL flush.
 */

/** The audit INSERT's columns in AUDIT_COLUMNS order; ids are drawn from the table's sequence first. */
const AUDIT_INSERTED = AUDIT_COLUMNS.filter((c) => c.column !== 'id' && c.column !== 'delivered');

/** Each audit column's SQL type: rows go in as one array per column (unnest), so the statement does not grow with its rows. */
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

/** claim_and_read's columns (migrations.ts). */
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
/** writeAuditBatch's result columns: the archive's rows (n, archive_id), the claims', the cache's (key). */
const PART_COLUMNS = ['n', ...CLAIM_COLUMNS] as const;
/**
 * Each result column's type, for the parts that leave it empty: UNION ALL settles types pair by
 * pair, and two untyped NULLs (the claims given back after the claims) become text, which the
 * archive's integer `n` after them then cannot match.
 */
const PART_TYPES: Record<(typeof PART_COLUMNS)[number], string> = {
  n: 'integer',
  archive_id: 'bigint',
  claim_name: 'text',
  claim_owner: 'text',
  key: 'text',
  subject: 'text',
  listdata: 'bigint',
  served_by: 'text',
  stored_at: 'bigint',
  raw: 'text',
};

/** What a completion writes: each outcome column with the field that holds it. */
type AuditColumn = (typeof AUDIT_COLUMNS)[number];
type OutcomeColumn = Extract<AuditColumn, { column: (typeof AUDIT_OUTCOME_COLUMNS)[number] }>;
const isOutcome = (c: AuditColumn): c is OutcomeColumn =>
  (AUDIT_OUTCOME_COLUMNS as readonly string[]).includes(c.column);
const COMPLETED = AUDIT_COLUMNS.filter(isOutcome);

/**
 * The completions' INSERT into audit_outcomes. With archived answers in the same statement (the
 * CTE `a`), a row that paid for one names it: `archived` is the answer's place in the batch,
 * joined to its new id. A later outcome for the same row (a refusal after its answer was
 * archived) replaces the earlier one, as the UPDATE it replaces did.
 */
function auditComplete(offset: number, withArchive: boolean): string {
  const arrays = [
    `$${offset + 1}::bigint[]`,
    ...COMPLETED.map(({ column }, c) => `$${offset + c + 2}::${AUDIT_TYPES[column]}[]`),
    `$${offset + COMPLETED.length + 2}::integer[]`,
  ];
  const values = COMPLETED.map(({ column }) =>
    column === 'archive_id' && withArchive ? 'coalesce(p.archive_id, v.archive_id)' : `v.${column}`,
  );
  const columns = COMPLETED.map(({ column }) => column);
  return `INSERT INTO audit_outcomes (audit_id, ${columns.join(', ')})
    SELECT v.id, ${values.join(', ')}
    FROM unnest(${arrays.join(', ')}) AS v(id, ${columns.join(', ')}, archived)
    ${withArchive ? 'LEFT JOIN a AS p ON p.n = v.archived' : ''}
    ON CONFLICT (audit_id) DO UPDATE SET ${columns.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}`;
}

/** One completion per row in a statement (an upsert may not touch a row twice): the last one given. */
function lastPerRow<T extends { id: number }>(completions: readonly T[]): T[] {
  const last = new Map<number, T>();
  for (const c of completions) {
    last.delete(c.id);
    last.set(c.id, c);
  }
  return [...last.values()];
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

/**
 * The batch statement's texts, each named: PostgreSQL parses and plans a named statement once per
 * connection instead of at every commit (planning alone was 0.24 ms of a commit's 1–1.4 ms of
 * database CPU). The texts are few (one per combination of parts) and their plans generic: the
 * pools run with plan_cache_mode=force_generic_plan (sql-store.ts). Named alone, under the default
 * mode, it measured slower in session 14: PostgreSQL may keep a custom plan, made again at every
 * execution, for a statement whose arrays' lengths it cannot know. Gain with the 50 ms service:
 * PostgreSQL's CPU per paid request 0.74–0.84 → 0.53–0.61 ms
 * (bench/results/2026-11-26-session15-relay-named-statement-ab.txt).
 */
const statementNames = new Map<string, string>();

function prepared(text: string, values: unknown[]): { name: string; text: string; values: unknown[] } {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `audit_batch_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return { name, text, values };
}

function sqlValue(value: unknown, field: string): unknown {
  if (field === 'durationMs') return Math.round(value as number);
  // pg would format a Date field by field in local time; ISO 8601 in UTC is native and reads the same.
  if (value instanceof Date) return value.toISOString();
  const safe = storable(value);
  if (safe !== null && typeof safe === 'object' && !(safe instanceof Date)) return JSON.stringify(safe);
  return safe;
}

/**
 * The writer of audit batches on `durable` (commits wait for the disk) and `fast` (they do not:
 * a batch that carries no evidence).
 */
export function auditBatchWriter(
  durable: Pool,
  fast: Pool,
): {
  writeAuditBatch: (batch: AuditBatch) => Promise<AuditBatchIds>;
  reserveAuditIds: (n: number) => Promise<number[]>;
  reserveArchiveIds: (n: number) => Promise<number[]>;
} {
  /**
   * One statement, so one round trip, one transaction and one WAL flush for the whole batch: new
   * rows with ids drawn beforehand (reserveAuditIds), outcomes of earlier rows, and archived
   * answers, with the shared cache's entries and claims given back riding along. Every part only
   * adds rows (but the cache's upsert and the claims'); a completion (and an archived answer)
   * meets its row's insert in one batch only when the row was durable in the spool first. A batch
   * of cache entries and claims alone is no evidence: it commits on the pool that does not wait for
   * the disk, as does one whose evidence is durable in the relay's spool already (`spooled`).
   */
  async function writeAuditBatch(batch: AuditBatch): Promise<AuditBatchIds> {
    const drawn = batch.inserts.filter((row) => row.id === undefined).length;
    const fresh = drawn > 0 ? await reserveAuditIds(drawn) : [];
    const ids = batch.inserts.map((row) => row.id ?? (fresh.shift() as number));
    const parts: string[] = [];
    const params: unknown[] = [];
    const archives = batch.archives ?? [];
    const archiveRows = batch.archiveRows ?? [];
    if (archives.length > 0 && archiveRows.length > 0) throw new Error('archive rows from two chains in one batch');
    // A spooled row (../evidence-spool.ts) may reach the database with its own archived answer, whose
    // foreign key is checked as archive_append inserts it: the final SELECT then reads `i` first,
    // where otherwise an INSERT nobody reads runs after everything else.
    const insertsFirst = batch.inserts.length > 0 && archives.length > 0;
    if (batch.inserts.length > 0) {
      parts.push(`i AS (${auditInsert(0)}${insertsFirst ? ' RETURNING id' : ''})`);
      params.push(ids, ...AUDIT_INSERTED.map(({ field }) => batch.inserts.map((row) => sqlValue(row[field], field))));
    }
    // Before the completions: they may name the answers appended here.
    if (archives.length > 0) {
      const append = archiveAppend(archives, params.length);
      parts.push(`a AS (${append.sql})`);
      params.push(...append.params);
    }
    // Made whole by the relay: no lock and no function, and their foreign keys are checked at the
    // statement's end, so a spooled asked row in `i` meets its answer here in any order.
    if (archiveRows.length > 0) {
      const insert = archiveInsert(archiveRows, params.length);
      parts.push(`s AS (${insert.sql})`);
      params.push(...insert.params);
    }
    const completions = lastPerRow(batch.completions);
    if (completions.length > 0) {
      parts.push(`u AS (${auditComplete(params.length, archives.length > 0)})`);
      params.push(
        completions.map((c) => c.id),
        ...COMPLETED.map(({ field }) => completions.map((c) => sqlValue(c.outcome[field], field))),
        completions.map((c) => (c.archived === undefined ? null : c.archived + 1)),
      );
    }
    const deliveries = batch.deliveries ?? [];
    if (deliveries.length > 0) {
      parts.push(
        // One report per reply (http-server.ts); should one come twice, the first stands.
        `d AS (INSERT INTO audit_deliveries (audit_id, delivered)
          SELECT * FROM unnest($${params.length + 1}::bigint[], $${params.length + 2}::boolean[])
          ON CONFLICT (audit_id) DO NOTHING)`,
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
    const claims = batch.claims ?? [];
    // Both: their rows locked together first, in name order (claimsLock).
    const locking = releases.length > 0 && claims.length > 0;
    if (locking) {
      const lock = claimsLock([...releases.map((r) => r.name), ...claims.map((c) => c.claim.name)], params.length);
      parts.push(`l AS (${lock.sql})`);
      params.push(...lock.params);
    }
    if (releases.length > 0) {
      const release = claimsRelease(releases, params.length);
      parts.push(`r AS (${release.sql})`);
      params.push(...release.params);
    }
    if (claims.length > 0) {
      const call = claimsAndReads(claims, batch.claimHoldMs ?? 0, params.length);
      parts.push(`c AS (${call.sql})`);
      params.push(...call.params);
    }
    if (parts.length === 0) return { audit: ids, archive: [], answersKept: [], claims: [] };
    // A CTE that only reads runs only when referenced, and the final SELECT runs its parts in this
    // order: the claims' rows (locked together, then taken and given back) before the archive's
    // lock, the cache rows after it, as in every statement that takes them, so that two instances'
    // statements queue rather than deadlock. (A part the SELECT does not name runs after it: a
    // claim given back there waited, holding the archive's lock, for another instance's claim of
    // the same subject that waited for that lock.) One row shape for the parts, told apart by
    // `part`; named in each, as any may come first.
    const row = (part: string, values: Partial<Record<(typeof PART_COLUMNS)[number], string>>, from: string) =>
      `SELECT '${part}' AS part, ${PART_COLUMNS.map((c) => `${values[c] ?? `NULL::${PART_TYPES[c]}`} AS ${c}`).join(', ')} FROM ${from}`;
    const selects = [
      ...(locking ? [row('l', {}, 'l')] : []),
      ...(claims.length > 0 ? [row('c', Object.fromEntries(CLAIM_COLUMNS.map((c) => [c, `c.${c}`])), 'c')] : []),
      ...(releases.length > 0 ? [row('r', {}, 'r')] : []),
      ...(insertsFirst ? [row('i', { n: 'count(*)::integer' }, 'i')] : []),
      ...(archives.length > 0 ? [row('a', { n: 'a.n', archive_id: 'a.archive_id' }, 'a')] : []),
      ...(answers.length > 0 ? [row('k', { key: 'k.key' }, 'k')] : []),
    ];
    const { rows } = await (evidence && !batch.spooled ? durable : fast).query<
      ClaimRecord & { part: 'l' | 'c' | 'r' | 'i' | 'a' | 'k'; n: number | null }
    >(
      prepared(
        `WITH ${parts.join(', ')} ${selects.length > 0 ? selects.join(' UNION ALL ') : 'SELECT NULL AS part'}`,
        params,
      ),
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

  const reserveAuditIds = idBlocks(fast, 'audit_id_seq');
  return { writeAuditBatch, reserveAuditIds, reserveArchiveIds: idBlocks(fast, 'answer_archive_id_seq') };
}

/**
 * Ids for new rows, drawn from a sequence in blocks (a round trip per block, not per batch),
 * ascending for a caller that awaits each call before the next (ArchiveChain). Ids left unused when
 * the process ends are gaps, as a rolled-back insert leaves.
 */
function idBlocks(pool: Pool, sequence: 'audit_id_seq' | 'answer_archive_id_seq'): (n: number) => Promise<number[]> {
  const spare: number[] = [];
  return async (n) => {
    if (spare.length < n) {
      const { rows } = await pool.query<{ id: string }>(
        `SELECT nextval('${sequence}') AS id FROM generate_series(1, $1)`,
        [Math.max(n, 256)],
      );
      spare.push(...rows.map((r) => Number(r.id)));
    }
    return spare.splice(0, n);
  };
}
