import type { ClaimRead, ClaimToRead, RelayStore, StoredAnswer, SubjectClaim } from './port';

/**
 * The statements every relay instance on one database shares the paid answers by: subject claims
 * and the shared answer cache (schema in migrations.ts). Each takes many requests' rows at once
 * (store/batched-calls.ts batches them); none is evidence, so they run on the asynchronous-commit
 * pool.
 */

type Query = <R extends object>(sql: string, params?: unknown[]) => Promise<R[]>;

interface AnswerRecord {
  key: string;
  subject: string;
  listdata: string;
  served_by: string;
  stored_at: string;
  raw: string;
  archive_id: string | null;
}

/** The shared cache's upsert of `answers` (each key once), returning the keys kept. Parameters from `offset` + 1 on. */
export function answersUpsert(
  answers: readonly StoredAnswer[],
  ttlMs: number,
  offset: number,
): { sql: string; params: unknown[] } {
  const at = (i: number) => `$${offset + i}`;
  // Two requests for one subject can finish out of order: a narrower answer arriving last
  // must not replace a fresh one holding all of it and more ((old & new) = new: a superset).
  return {
    sql: `INSERT INTO answers (key, subject, listdata, served_by, stored_at, raw, archive_id)
         SELECT * FROM unnest(${at(1)}::text[], ${at(2)}::text[], ${at(3)}::bigint[], ${at(4)}::text[], ${at(5)}::bigint[], ${at(6)}::text[], ${at(7)}::bigint[])
           AS a (key, subject, listdata, served_by, stored_at, raw, archive_id)
         ORDER BY key
         ON CONFLICT (key) DO UPDATE SET subject = EXCLUDED.subject, listdata = EXCLUDED.listdata, served_by = EXCLUDED.served_by,
           stored_at = EXCLUDED.stored_at, raw = EXCLUDED.raw, archive_id = EXCLUDED.archive_id
         WHERE NOT (answers.subject = EXCLUDED.subject AND answers.stored_at >= EXCLUDED.stored_at - ${at(8)}
           AND answers.listdata <> EXCLUDED.listdata AND (answers.listdata & EXCLUDED.listdata) = EXCLUDED.listdata)
         RETURNING key`,
    params: [
      answers.map((a) => a.key),
      answers.map((a) => a.subject),
      answers.map((a) => a.listdata.toString()),
      answers.map((a) => a.servedBy),
      answers.map((a) => a.storedAt),
      answers.map((a) => a.raw),
      answers.map((a) => a.archiveId),
      ttlMs,
    ],
  };
}

/**
 * Gives claims back (only each owner's own), locking their rows in name order as claims take them
 * (claim_and_read), so that a release and another instance's claims queue rather than deadlock.
 * Its rows are the names given back. Parameters from `offset` + 1 on.
 */
export function claimsRelease(claims: readonly SubjectClaim[], offset: number): { sql: string; params: unknown[] } {
  return {
    sql: `DELETE FROM subject_claims AS s USING (
        SELECT l.name FROM subject_claims AS l
          JOIN unnest($${offset + 1}::text[], $${offset + 2}::text[]) AS c (name, owner) ON l.name = c.name AND l.owner = c.owner
        ORDER BY l.name FOR UPDATE OF l) AS o
      WHERE s.name = o.name RETURNING s.name`,
    params: [claims.map((c) => c.name), claims.map((c) => c.owner)],
  };
}

/**
 * Locks the existing rows of claims to take and claims to give back in one pass, in name order,
 * for a statement that carries both. Each part alone locks in name order, but not the two
 * together: when one instance gave back a subject the other was claiming while claiming one the
 * other gave back, each held a row the other waited for (relay-scale.test.ts). A subject nobody
 * holds has no row to lock; its claim inserts one. Its rows are the names locked. Parameters from
 * `offset` + 1 on.
 */
export function claimsLock(names: readonly string[], offset: number): { sql: string; params: unknown[] } {
  return {
    sql: `SELECT s.name FROM subject_claims AS s WHERE s.name = ANY($${offset + 1}::text[]) ORDER BY s.name FOR UPDATE`,
    params: [[...new Set(names)]],
  };
}

/** claim_and_read's rows (claims held, and cache rows) as each item's reading. */
export type ClaimRecord = AnswerRecord & { claim_name: string | null; claim_owner: string | null };

export function claimReads(items: readonly ClaimToRead[], rows: readonly ClaimRecord[]): ClaimRead[] {
  const held = new Map<string, string>();
  const found = new Map<string, StoredAnswer>();
  for (const r of rows) {
    if (r.claim_name !== null && r.claim_owner !== null) held.set(r.claim_name, r.claim_owner);
    else if (r.key !== null) found.set(r.key, storedAnswer(r));
  }
  return items.map((i) => ({ claimed: held.get(i.claim.name) === i.claim.owner, answer: found.get(i.key) ?? null }));
}

/** The claims' call of claim_and_read (migrations.ts). Parameters from `offset` + 1 on. */
export function claimsAndReads(
  items: readonly ClaimToRead[],
  holdMs: number,
  offset: number,
): { sql: string; params: unknown[] } {
  const at = (i: number) => `$${offset + i}`;
  return {
    sql: `SELECT * FROM claim_and_read(${at(1)}::text[], ${at(2)}::text[], ${at(3)}::integer, ${at(4)}::text[])`,
    params: [
      items.map((i) => i.claim.name),
      items.map((i) => i.claim.owner),
      Math.max(1, Math.round(holdMs)),
      items.map((i) => i.key),
    ],
  };
}

function storedAnswer(r: AnswerRecord): StoredAnswer {
  return {
    key: r.key,
    subject: r.subject,
    listdata: BigInt(r.listdata),
    servedBy: r.served_by,
    storedAt: Number(r.stored_at),
    raw: r.raw,
    archiveId: r.archive_id === null ? null : Number(r.archive_id),
  };
}

export function sharedAnswerQueries(
  qf: Query,
): Pick<RelayStore, 'releaseSubjects' | 'claimAndRead' | 'readAnswers' | 'answerKeys' | 'dropAnswers'> {
  return {
    async releaseSubjects(claims) {
      const release = claimsRelease(claims, 0);
      await qf(release.sql, release.params);
    },
    // Many rows in one statement lock them in the order inserted: by name (and by key below), so
    // that two instances' statements over the same subjects queue instead of deadlocking.
    async claimAndRead(items, holdMs) {
      const call = claimsAndReads(items, holdMs, 0);
      const rows = await qf<ClaimRecord>(call.sql, call.params);
      // Claims of holders that died stay until taken over; sweep them now and then.
      if (Math.random() < 0.01) void qf('DELETE FROM subject_claims WHERE expires_at < now()').catch(() => undefined);
      return claimReads(items, rows);
    },
    async readAnswers(keys) {
      const rows = await qf<AnswerRecord>('SELECT * FROM answers WHERE key = ANY($1::text[])', [keys]);
      const found = new Map(rows.map((r): [string, StoredAnswer] => [r.key, storedAnswer(r)]));
      return keys.map((key) => found.get(key) ?? null);
    },
    async answerKeys(since) {
      return (await qf<{ key: string }>('SELECT key FROM answers WHERE stored_at >= $1', [since])).map((r) => r.key);
    },
    async dropAnswers(before) {
      await qf('DELETE FROM answers WHERE stored_at < $1', [before]);
    },
  };
}
