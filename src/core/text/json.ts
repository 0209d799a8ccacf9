/**
 * JSON.parse for text that may not be JSON (stored state, a body from the network), written
 * once. Never throws, and never quotes the text: a parser's message shows the text around the
 * error, which may hold the tokken.
 */

/** The parsed value, or undefined (which JSON cannot produce) for no text or text that is not JSON. */
export function parseJson(text: string | null | undefined): unknown {
  if (text === null || text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A JSON object: not null, not an array, not a scalar. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
