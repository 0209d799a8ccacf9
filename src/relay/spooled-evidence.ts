import { readFile } from 'node:fs/promises';
import type { ArchiveRow, AuditOutcome, AuditRow, RelayStore } from './store/port';

/**
 * What the evidence spool (./evidence-spool.ts) holds, one JSON line each, and how a start (or a
 * settling that finds rows missing) puts it into the store: asked rows first, since an answer's
 * row names its asked row.
 */

/** An asked row as the spool holds it: the id it will have in the audit trail, and the row. */
export interface SpooledRow {
  id: number;
  row: AuditRow;
}

/** An archived answer as the spool holds it: its whole archive row, and its paying request's outcome. */
export interface SpooledAnswer {
  row: ArchiveRow;
  outcome: AuditOutcome;
}

/** An answer's line: its bytes in base64, its hashes in hex. */
interface AnswerLine {
  answer: Omit<ArchiveRow, 'receivedAt' | 'answer' | 'answerSha256' | 'chain'> & {
    receivedAt: string;
    body: string;
    sha256: string;
    chain: string;
  };
  outcome: AuditOutcome;
}

/** An asked row's line. */
export function askedLine(spooled: SpooledRow): string {
  return `${JSON.stringify(spooled)}\n`;
}

/** An archived answer's line, with its paying request's outcome. */
export function answerLine({ row, outcome }: SpooledAnswer): string {
  const { answer, answerSha256, chain, receivedAt, ...fields } = row;
  const line: AnswerLine = {
    answer: {
      ...fields,
      receivedAt: receivedAt.toISOString(),
      body: answer.toString('base64'),
      sha256: answerSha256.toString('hex'),
      chain: chain.toString('hex'),
    },
    outcome,
  };
  return `${JSON.stringify(line)}\n`;
}

type Parsed = { asked: SpooledRow } | { answer: SpooledAnswer } | null;

function parseLine(line: string): Parsed {
  try {
    const parsed = JSON.parse(line) as { id?: number; row?: AuditRow & { at: string } } & Partial<AnswerLine>;
    if (parsed.answer && parsed.outcome) {
      const { body, sha256, chain, receivedAt, ...fields } = parsed.answer;
      if (!Number.isSafeInteger(fields.id) || !Number.isSafeInteger(fields.auditId)) return null;
      const row: ArchiveRow = {
        ...fields,
        chainId: fields.chainId ?? null,
        receivedAt: new Date(receivedAt),
        answer: Buffer.from(body, 'base64'),
        answerSha256: Buffer.from(sha256, 'hex'),
        chain: Buffer.from(chain, 'hex'),
      };
      return { answer: { row, outcome: parsed.outcome } };
    }
    const { id, row } = parsed;
    if (id === undefined || !Number.isSafeInteger(id) || typeof row !== 'object' || row === null) return null;
    return { asked: { id, row: { ...row, at: new Date(row.at) } } };
  } catch {
    // The last line of a write a crash cut short (its request was never told its row was durable),
    // or the zeros a segment is made with.
    return null;
  }
}

/** Puts into the store every row of these spool files it lacks, asked rows first (an answer's names its asked row). */
export async function storeMissingFrom(
  store: RelayStore,
  files: readonly string[],
): Promise<{ recovered: number; recoveredAnswers: number }> {
  const rows: SpooledRow[] = [];
  const answers: SpooledAnswer[] = [];
  for (const file of files) {
    for (const line of (await readFile(file, 'utf8')).split('\n')) {
      const spooled = line ? parseLine(line) : null;
      if (spooled && 'asked' in spooled) rows.push(spooled.asked);
      else if (spooled) answers.push(spooled.answer);
    }
  }
  const recovered = await storeMissing(store, rows);
  return { recovered, recoveredAnswers: await storeMissingAnswers(store, answers) };
}

/** Puts each row the store lacks into it, in batches; how many it put. */
export async function storeMissing(store: RelayStore, rows: readonly SpooledRow[]): Promise<number> {
  let put = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const known = await store.auditIdsKnown(chunk.map((r) => r.id));
    const missing = chunk.filter((r) => !known.has(r.id));
    if (missing.length === 0) continue;
    await store.writeAuditBatch({ inserts: missing.map((r) => ({ ...r.row, id: r.id })), completions: [] });
    // Their ids came from the sequence; should the database be another since (a restore), it must
    // not give them again. A role that may not read or set the sequence (docs/relay.md grants only
    // what it needs) still starts: after a crash on the same database the ids are below it anyway.
    await store.advanceAuditIds(Math.max(...missing.map((r) => r.id))).catch(() => undefined);
    put += missing.length;
  }
  return put;
}

/**
 * Puts each archived answer the store lacks into it, with its paying request's outcome naming it
 * (their asked rows must be in already); how many it put.
 */
export async function storeMissingAnswers(store: RelayStore, answers: readonly SpooledAnswer[]): Promise<number> {
  let put = 0;
  for (let i = 0; i < answers.length; i += 100) {
    const chunk = answers.slice(i, i + 100);
    const known = await store.archiveIdsKnown(chunk.map((a) => a.row.id));
    const missing = chunk.filter((a) => !known.has(a.row.id));
    if (missing.length === 0) continue;
    await store.writeAuditBatch({
      inserts: [],
      completions: missing.map((a) => ({ id: a.row.auditId, outcome: { ...a.outcome, archiveId: a.row.id } })),
      archiveRows: missing.map((a) => a.row),
    });
    // As storeMissing's: new ids from above them on.
    await store.advanceArchiveIds(Math.max(...missing.map((a) => a.row.id))).catch(() => undefined);
    put += missing.length;
  }
  return put;
}
