import type { ArchiveCut, ArchiveEntry, ArchiveRow } from './port';

/**
 * The answer archive's statements (schema and chain in migrations.ts). The chain is computed in
 * the database, under its lock, so an append is one statement inside the audit batch's one; a
 * relay that keeps a chain makes its rows itself instead (archiveInsert, ../archive-chain.ts).
 */

type Query = <R extends object>(sql: string, params?: unknown[]) => Promise<R[]>;

interface ArchiveRecord {
  id: string;
  audit_id: string;
  received_at: Date;
  analyst: string;
  request: string;
  answer: Buffer;
  answer_sha256: Buffer;
  chain: Buffer;
  chain_id: string | null;
}

interface CutRecord {
  cut_at: Date;
  removed_before: Date;
  first_kept: string;
  chain: Buffer;
  rows_removed: string;
  chain_id: string | null;
}

function archiveCut(r: CutRecord): ArchiveCut {
  return {
    cutAt: r.cut_at,
    removedBefore: r.removed_before,
    firstKept: Number(r.first_kept),
    chain: r.chain,
    rowsRemoved: Number(r.rows_removed),
    chainId: r.chain_id,
  };
}

function archiveRow(r: ArchiveRecord): ArchiveRow {
  return {
    id: Number(r.id),
    auditId: Number(r.audit_id),
    receivedAt: r.received_at,
    analyst: r.analyst,
    request: r.request,
    answer: r.answer,
    answerSha256: r.answer_sha256,
    chain: r.chain,
    chainId: r.chain_id,
  };
}

/**
 * Byte strings as one parameter: node-postgres sends a Buffer in binary, where an array of them
 * goes as text, each byte as two hex digits, escaped element by element, for PostgreSQL to parse
 * back. (The bench's sandbox answers are 446 bytes, too few for its figures to show the
 * difference; an answer with hits is many times that.) `bytes($n, off, len)` takes one out in SQL.
 */
function packed(buffers: readonly Buffer[]): { blob: Buffer; offsets: number[]; lengths: number[] } {
  const offsets: number[] = [];
  let at = 1;
  for (const b of buffers) {
    offsets.push(at);
    at += b.length;
  }
  return { blob: Buffer.concat(buffers), offsets, lengths: buffers.map((b) => b.length) };
}

const bytes = (param: string, offset: string, length: string) =>
  `substring(${param}::bytea FROM ${offset} FOR ${length})`;

/** A CTE part appending `entries` in order; its rows are (n, archive_id). Parameters from `offset` + 1 on. */
export function archiveAppend(entries: readonly ArchiveEntry[], offset: number): { sql: string; params: unknown[] } {
  const at = (i: number) => `$${offset + i}`;
  const answers = packed(entries.map((e) => e.answer));
  const answerArray = `ARRAY(SELECT ${bytes(at(5), 'x.o', 'x.l')} FROM unnest(${at(6)}::integer[], ${at(7)}::integer[]) WITH ORDINALITY AS x(o, l, n) ORDER BY x.n)`;
  return {
    sql: `SELECT n, archive_id FROM archive_append(${at(1)}::bigint[], ${at(2)}::timestamptz[], ${at(3)}::text[], ${at(4)}::text[], ${answerArray})`,
    params: [
      entries.map((e) => e.auditId),
      entries.map((e) => e.receivedAt.toISOString()),
      entries.map((e) => e.analyst),
      entries.map((e) => e.request),
      answers.blob,
      answers.offsets,
      answers.lengths,
    ],
  };
}

/**
 * A CTE part inserting rows whose id and chain the relay made (../archive-chain.ts); its rows are
 * their ids. Parameters from `offset` + 1 on.
 */
export function archiveInsert(rows: readonly ArchiveRow[], offset: number): { sql: string; params: unknown[] } {
  const at = (i: number) => `$${offset + i}`;
  const answers = packed(rows.map((r) => r.answer));
  const hashes = (param: string) => bytes(param, '(v.n * 32 - 31)::integer', '32');
  return {
    sql: `INSERT INTO answer_archive (id, audit_id, received_at, analyst, request, answer, answer_sha256, chain, chain_id)
      SELECT v.id, v.audit_id, v.received_at, v.analyst, v.request, ${bytes(at(6), 'v.o', 'v.l')}, ${hashes(at(7))}, ${hashes(at(8))}, v.chain_id
      FROM unnest(${at(1)}::bigint[], ${at(2)}::bigint[], ${at(3)}::timestamptz[], ${at(4)}::text[], ${at(5)}::text[], ${at(9)}::integer[], ${at(10)}::integer[], ${at(11)}::text[])
        WITH ORDINALITY AS v(id, audit_id, received_at, analyst, request, o, l, chain_id, n)
      RETURNING id`,
    params: [
      rows.map((r) => r.id),
      rows.map((r) => r.auditId),
      rows.map((r) => r.receivedAt.toISOString()),
      rows.map((r) => r.analyst),
      rows.map((r) => r.request),
      answers.blob,
      Buffer.concat(rows.map((r) => r.answerSha256)),
      Buffer.concat(rows.map((r) => r.chain)),
      answers.offsets,
      answers.lengths,
      rows.map((r) => r.chainId),
    ],
  };
}

export function archiveQueries(q: Query) {
  return {
    async archiveHead(chainId: string | null): Promise<{ id: number; chain: Buffer } | null> {
      // In the order of the index on (chain_id, id): the head at once, however long the archive.
      const [where, order, params] =
        chainId === null
          ? ['chain_id IS NULL', 'chain_id DESC NULLS FIRST, id DESC', []]
          : ['chain_id = $1', 'chain_id DESC, id DESC', [chainId]];
      const last = (
        await q<{ id: string; chain: Buffer }>(
          `SELECT id, chain FROM answer_archive WHERE ${where} ORDER BY ${order} LIMIT 1`,
          params,
        )
      )[0];
      if (last) return { id: Number(last.id), chain: last.chain };
      const cut = (
        await q<{ chain: Buffer }>(`SELECT chain FROM archive_cuts WHERE ${where} ORDER BY id DESC LIMIT 1`, params)
      )[0];
      return cut ? { id: 0, chain: cut.chain } : null;
    },
    async archiveIdsKnown(ids: readonly number[]): Promise<Set<number>> {
      const rows = await q<{ id: string }>('SELECT id FROM answer_archive WHERE id = ANY($1::bigint[])', [ids]);
      return new Set(rows.map((r) => Number(r.id)));
    },
    async advanceArchiveIds(id: number): Promise<void> {
      await q("SELECT setval('answer_archive_id_seq', $1) WHERE $1 > (SELECT last_value FROM answer_archive_id_seq)", [
        id,
      ]);
    },
    async *archivePages(afterId = 0, pageSize = 1_000): AsyncIterable<ArchiveRow[]> {
      let after = afterId;
      for (;;) {
        const page = (
          await q<ArchiveRecord>(
            `SELECT * FROM answer_archive WHERE id > $1 ORDER BY id LIMIT ${Math.max(1, Math.floor(pageSize))}`,
            [after],
          )
        ).map(archiveRow);
        if (page.length === 0) return;
        yield page;
        after = page[page.length - 1].id;
      }
    },
    async archiveRow(id: number): Promise<ArchiveRow | null> {
      const r = (await q<ArchiveRecord>('SELECT * FROM answer_archive WHERE id = $1', [id]))[0];
      return r ? archiveRow(r) : null;
    },
    async archiveCut(): Promise<ArchiveCut | null> {
      const r = (await q<CutRecord>('SELECT * FROM archive_cuts ORDER BY id DESC LIMIT 1'))[0];
      return r ? archiveCut(r) : null;
    },
    async archiveCuts(): Promise<ArchiveCut[]> {
      return (await q<CutRecord>('SELECT DISTINCT ON (chain_id) * FROM archive_cuts ORDER BY chain_id, id DESC')).map(
        archiveCut,
      );
    },
    async pruneArchive(before: Date): Promise<number> {
      return Number((await q<{ n: string }>('SELECT archive_prune($1) AS n', [before]))[0]?.n ?? 0);
    },
    async missingArchiveRows(fromId: number): Promise<number[]> {
      const rows = await q<{ archive_id: string }>(
        // Outcomes name their answer in audit_outcomes, those written before it in audit itself.
        `SELECT DISTINCT u.archive_id
           FROM (SELECT archive_id FROM audit_outcomes UNION ALL SELECT archive_id FROM audit) AS u
           LEFT JOIN answer_archive a ON a.id = u.archive_id
         WHERE u.archive_id >= $1 AND a.id IS NULL ORDER BY u.archive_id LIMIT 100`,
        [fromId],
      );
      return rows.map((r) => Number(r.archive_id));
    },
  };
}
