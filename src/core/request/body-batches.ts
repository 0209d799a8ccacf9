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
