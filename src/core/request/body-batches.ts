import { parseJson } from '../text/json';

/**
 * Items split into requests whose JSON bodies stay under the relay's body limit (64 KB by
 * default, src/relay/http-server.ts: a body is read before its key is checked, so the limit is
 * small for everyone) and under a count: how a hits sheet's decisions travel "in one go".
 */
export const BODY_BUDGET_BYTES = 48 * 1024;

/** UTF-8 length without TextEncoder (not in every host the pane and its tests run in). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A surrogate half counts 2: a pair is the 4 bytes of one astral character.
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdfff ? 2 : 3;
  }
  return bytes;
}

export function batchesBySize<T>(items: readonly T[], maxCount: number, maxBytes = BODY_BUDGET_BYTES): T[][] {
  const out: T[][] = [];
  let batch: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = utf8Length(JSON.stringify(item)) + 1;
    if (batch.length > 0 && (batch.length >= maxCount || bytes + size > maxBytes)) {
      out.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(item);
    bytes += size;
  }
  if (batch.length > 0) out.push(batch);
  return out;
}

/** What the relay answered for one decision of a batch. */
export type DecisionSent =
  { status: 'recorded' | 'pending' | 'unchanged'; id: number } | { status: 'refused'; reason: string };

/** A whole request the relay did not take (a revoked key, not a relay): its status and message. */
export class DecisionBatchRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The relay's own cap on decisions per request (relay/decisions.ts MAX_DECISIONS_PER_REQUEST). */
const MAX_DECISIONS_PER_REQUEST = 5_000;

/**
 * Decisions to the relay's POST /decisions, as many requests as the body limit needs, with an
 * outcome per decision in the order given: the pane and the command line send through this, each
 * with its own way to post (fetch, the CLI's transport). The key travels in the body, never the URL.
 */
export async function sendDecisionBatches(
  post: (body: string) => Promise<{ status: number; text: string }>,
  key: string,
  decisions: readonly object[],
): Promise<DecisionSent[]> {
  const out: DecisionSent[] = [];
  for (const part of batchesBySize(decisions, MAX_DECISIONS_PER_REQUEST)) {
    const response = await post(JSON.stringify({ tokken: key, decisions: part }));
    const body = parseJson(response.text) as {
      results?: { status: string; id?: number; reason?: string; message?: string; index: number }[];
      message?: string;
    } | null;
    if (response.status !== 200 || !Array.isArray(body?.results)) {
      throw new DecisionBatchRefused(response.status, body?.message ?? `HTTP ${response.status}`);
    }
    const byIndex = new Map(body.results.map((r) => [r.index, r]));
    part.forEach((_, i) => {
      const r = byIndex.get(i);
      if (r && (r.status === 'recorded' || r.status === 'pending' || r.status === 'unchanged') && r.id !== undefined) {
        out.push({ status: r.status, id: r.id });
      } else out.push({ status: 'refused', reason: r?.message ?? r?.reason ?? 'unknown' });
    });
  }
  return out;
}
