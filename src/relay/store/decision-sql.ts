import { foldedText } from '../../core/query';
import type { DecisionEntry, DecisionRow } from './port';

/** The decision record's statements (schema in migrations.ts). */

type Query = <R extends object>(sql: string, params?: unknown[]) => Promise<R[]>;

interface DecisionRecord {
  id: string;
  at: Date;
  kind: DecisionEntry['kind'];
  analyst: string;
  subject_key: string;
  subject: Record<string, unknown>;
  registry: string;
  record: string;
  fingerprint: string;
  decision: string;
  reason: string | null;
  comment: string;
  suggested: string | null;
  why: DecisionEntry['why'];
  needs_approval: boolean;
  approves: string | null;
  returns: string | null;
  instance: string;
}

function decisionRow(r: DecisionRecord): DecisionRow {
  return {
    id: Number(r.id),
    at: r.at,
    kind: r.kind,
    analyst: r.analyst,
    subjectKey: r.subject_key,
    subject: r.subject,
    registry: r.registry,
    record: r.record,
    fingerprint: r.fingerprint,
    decision: r.decision,
    reason: r.reason,
    comment: r.comment,
    suggested: r.suggested,
    why: r.why,
    needsApproval: r.needs_approval,
    approves: r.approves === null ? null : Number(r.approves),
    returns: r.returns === null ? null : Number(r.returns),
    instance: r.instance,
  };
}

export function decisionQueries(q: Query) {
  return {
    async addDecision(e: DecisionEntry): Promise<DecisionRow> {
      const rows = await q<DecisionRecord>(
        `INSERT INTO decisions (kind, analyst, subject_key, subject, registry, record, fingerprint, decision, reason,
           comment, needs_approval, approves, instance, suggested, why, returns)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING *`,
        [
          e.kind,
          e.analyst,
          e.subjectKey,
          JSON.stringify(e.subject),
          e.registry,
          e.record,
          e.fingerprint,
          e.decision,
          e.reason,
          e.comment,
          e.needsApproval,
          e.approves,
          e.instance,
          e.suggested,
          e.why === null ? null : JSON.stringify(e.why),
          e.returns,
        ],
      );
      return decisionRow(rows[0]);
    },
    async addDecisions(entries: readonly DecisionEntry[]): Promise<DecisionRow[]> {
      if (entries.length === 0) return [];
      // One statement for a hits sheet's worth: one commit, not one per decision. Rows are made in
      // array order (WITH ORDINALITY), so their ids ascend in that order and map back by sorting.
      const rows = await q<DecisionRecord>(
        `INSERT INTO decisions (kind, analyst, subject_key, subject, registry, record, fingerprint, decision, reason,
           comment, needs_approval, approves, instance, suggested, why, returns)
         SELECT e->>'kind', e->>'analyst', e->>'subjectKey', e->'subject', e->>'registry', e->>'record',
           e->>'fingerprint', e->>'decision', e->>'reason', e->>'comment', (e->>'needsApproval')::boolean,
           (e->>'approves')::bigint, e->>'instance', e->>'suggested',
           CASE WHEN jsonb_typeof(e->'why') = 'array' THEN e->'why' END, (e->>'returns')::bigint
         FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS x(e, n) ORDER BY n
         RETURNING *`,
        [JSON.stringify(entries)],
      );
      return rows.map(decisionRow).sort((a, b) => a.id - b.id);
    },
    async decisionsForMany(subjectKeys: readonly string[]): Promise<DecisionRow[]> {
      if (subjectKeys.length === 0) return [];
      const rows = await q<DecisionRecord>('SELECT * FROM decisions WHERE subject_key = ANY($1) ORDER BY id', [
        [...subjectKeys],
      ]);
      return rows.map(decisionRow);
    },
    async decisionSubjectsNamed(name: string, exceptKey: string, limit: number) {
      // Folded as the subject key folds a name: the same subject's lines share one key.
      const wanted = foldedText(name);
      // PostgreSQL's lower() folds only ASCII in the C locale the embedded store runs in, so the
      // database narrows by length (which folding keeps) and the comparison is made here.
      const rows = await q<{ subject: Record<string, unknown>; lines: string }>(
        `SELECT (array_agg(subject ORDER BY id))[1] AS subject, count(*) AS lines FROM decisions
         WHERE char_length(regexp_replace(btrim(subject->>'name'), '\\s+', ' ', 'g')) = $1 AND subject_key <> $2
         GROUP BY subject_key ORDER BY min(id)`,
        [wanted.length, exceptKey],
      );
      return rows
        .filter((r) => typeof r.subject.name === 'string' && foldedText(r.subject.name) === wanted)
        .slice(0, Math.max(1, Math.floor(limit)))
        .map((r) => ({ subject: r.subject, lines: Number(r.lines) }));
    },
    async decisionById(id: number): Promise<DecisionRow | null> {
      const r = (await q<DecisionRecord>('SELECT * FROM decisions WHERE id = $1', [id]))[0];
      return r ? decisionRow(r) : null;
    },
    async decisionsFor(subjectKey: string): Promise<DecisionRow[]> {
      return (await q<DecisionRecord>('SELECT * FROM decisions WHERE subject_key = $1 ORDER BY id', [subjectKey])).map(
        decisionRow,
      );
    },
    async pendingDecisions(limit: number, analyst?: string): Promise<DecisionRow[]> {
      const rows = await q<DecisionRecord>(
        `SELECT d.* FROM decisions d
         WHERE d.kind = 'decision' AND d.needs_approval AND ($2::text IS NULL OR d.analyst = $2)
           AND NOT EXISTS (SELECT 1 FROM decisions a WHERE a.kind = 'approval' AND a.approves = d.id)
           AND NOT EXISTS (SELECT 1 FROM decisions n WHERE n.kind = 'decision' AND n.subject_key = d.subject_key
                           AND n.registry = d.registry AND n.record = d.record AND n.id > d.id)
         ORDER BY d.id LIMIT $1`,
        [Math.max(1, Math.floor(limit)), analyst ?? null],
      );
      return rows.map(decisionRow);
    },
    async returnedTo(analyst: string, limit: number): Promise<DecisionRow[]> {
      const rows = await q<DecisionRecord>(
        `SELECT r.* FROM decisions r JOIN decisions d ON d.id = r.returns
         WHERE r.returns IS NOT NULL AND d.analyst = $1
           AND NOT EXISTS (SELECT 1 FROM decisions n WHERE n.kind = 'decision' AND n.subject_key = r.subject_key
                           AND n.registry = r.registry AND n.record = r.record AND n.id > r.id)
         ORDER BY r.id LIMIT $2`,
        [analyst, Math.max(1, Math.floor(limit))],
      );
      return rows.map(decisionRow);
    },
    async *decisionPages(since?: Date, pageSize = 5_000): AsyncIterable<DecisionRow[]> {
      let after = 0;
      for (;;) {
        const page = (
          await q<DecisionRecord>(
            `SELECT * FROM decisions WHERE id > $1 AND ($2::timestamptz IS NULL OR at >= $2)
             ORDER BY id LIMIT ${Math.max(1, Math.floor(pageSize))}`,
            [after, since ?? null],
          )
        ).map(decisionRow);
        if (page.length === 0) return;
        yield page;
        after = page[page.length - 1].id;
      }
    },
  };
}
