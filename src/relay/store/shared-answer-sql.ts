import type { RelayStore, StoredAnswer } from './port';

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

export function sharedAnswerQueries(
  qf: Query,
): Pick<RelayStore, 'claimSubjects' | 'releaseSubjects' | 'readAnswers' | 'writeAnswers' | 'dropAnswers'> {
  return {
    // Many rows in one statement lock them in the order inserted: by name (and by key below), so
    // that two instances' statements over the same subjects queue instead of deadlocking.
    async claimSubjects(claims, holdMs) {
      const rows = await qf<{ name: string; owner: string }>(
        `INSERT INTO subject_claims (name, owner, expires_at)
         SELECT name, owner, now() + $3 * interval '1 millisecond' FROM unnest($1::text[], $2::text[]) AS c (name, owner)
         ORDER BY name
         ON CONFLICT (name) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at WHERE subject_claims.expires_at < now()
         RETURNING name, owner`,
        [claims.map((c) => c.name), claims.map((c) => c.owner), Math.max(1, Math.round(holdMs))],
      );
      // Claims of holders that died stay until taken over; sweep them now and then.
      if (Math.random() < 0.01) void qf('DELETE FROM subject_claims WHERE expires_at < now()').catch(() => undefined);
      const held = new Map(rows.map((r) => [r.name, r.owner]));
      return claims.map((c) => held.get(c.name) === c.owner);
    },
    async releaseSubjects(claims) {
      await qf(
        'DELETE FROM subject_claims AS s USING unnest($1::text[], $2::text[]) AS c (name, owner) WHERE s.name = c.name AND s.owner = c.owner',
        [claims.map((c) => c.name), claims.map((c) => c.owner)],
      );
    },
    async readAnswers(keys) {
      const rows = await qf<AnswerRecord>('SELECT * FROM answers WHERE key = ANY($1::text[])', [keys]);
      const found = new Map(
        rows.map((r): [string, StoredAnswer] => [
          r.key,
          {
            key: r.key,
            subject: r.subject,
            listdata: BigInt(r.listdata),
            servedBy: r.served_by,
            storedAt: Number(r.stored_at),
            raw: r.raw,
            archiveId: r.archive_id === null ? null : Number(r.archive_id),
          },
        ]),
      );
      return keys.map((key) => found.get(key) ?? null);
    },
    async writeAnswers(answers, ttlMs) {
      // Two requests for one subject can finish out of order: a narrower answer arriving last
      // must not replace a fresh one holding all of it and more ((old & new) = new: a superset).
      const rows = await qf<{ key: string }>(
        `INSERT INTO answers (key, subject, listdata, served_by, stored_at, raw, archive_id)
         SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::bigint[], $6::text[], $7::bigint[])
           AS a (key, subject, listdata, served_by, stored_at, raw, archive_id)
         ORDER BY key
         ON CONFLICT (key) DO UPDATE SET subject = EXCLUDED.subject, listdata = EXCLUDED.listdata, served_by = EXCLUDED.served_by,
           stored_at = EXCLUDED.stored_at, raw = EXCLUDED.raw, archive_id = EXCLUDED.archive_id
         WHERE NOT (answers.subject = EXCLUDED.subject AND answers.stored_at >= EXCLUDED.stored_at - $8
           AND answers.listdata <> EXCLUDED.listdata AND (answers.listdata & EXCLUDED.listdata) = EXCLUDED.listdata)
         RETURNING key`,
        [
          answers.map((a) => a.key),
          answers.map((a) => a.subject),
          answers.map((a) => a.listdata.toString()),
          answers.map((a) => a.servedBy),
          answers.map((a) => a.storedAt),
          answers.map((a) => a.raw),
          answers.map((a) => a.archiveId),
          ttlMs,
        ],
      );
      const kept = new Set(rows.map((r) => r.key));
      return answers.map((a) => kept.has(a.key));
    },
    async dropAnswers(before) {
      await qf('DELETE FROM answers WHERE stored_at < $1', [before]);
    },
  };
}
