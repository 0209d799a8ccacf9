import { z } from 'zod';
import { issueLines } from './issues';
import { expectedMessage, isPlainObject, kindOf, toLenientNumber } from './primitives';

/** The 4XX body as documented: `{ "error": <number>, "message": <string> }`. */
export const serviceErrorSchema = z.looseObject({
  error: z.number(expectedMessage('number')),
  message: z.string(expectedMessage('string')),
});

export type ServiceErrorBody = { error: number | null; message: string };

const ENVELOPE_MARKERS = ['result', 'idrequest', 'dateresponse'];

function findKey(raw: Record<string, unknown>, name: string): string | undefined {
  return Object.keys(raw).find((k) => k.toLowerCase() === name);
}

/**
 * Reads an error body leniently (numeric strings, any key case); null when the value is not an
 * error body, so that a 200 envelope is never mistaken for one.
 */
export function parseServiceError(raw: unknown): ServiceErrorBody | null {
  if (!isPlainObject(raw)) return null;
  const keys = Object.keys(raw).map((k) => k.toLowerCase());
  if (ENVELOPE_MARKERS.some((m) => keys.includes(m))) return null;
  const errorKey = findKey(raw, 'error');
  const messageKey = findKey(raw, 'message');
  const rawMessage = messageKey === undefined ? undefined : raw[messageKey];
  if (errorKey === undefined && typeof rawMessage !== 'string') return null;
  const rawError = errorKey === undefined ? undefined : raw[errorKey];
  const code = toLenientNumber(rawError);
  const error = typeof code === 'number' && Number.isFinite(code) ? code : null;
  let message = '';
  if (typeof rawMessage === 'string') message = rawMessage;
  else if (typeof rawMessage === 'number' || typeof rawMessage === 'boolean') message = String(rawMessage);
  else if (error === null && typeof rawError === 'string') message = rawError;
  return { error, message };
}

/** Deviations of an error body from the documented types. */
export function checkServiceErrorStrict(raw: unknown): string[] {
  if (!isPlainObject(raw)) return [`expected object, got ${kindOf(raw)}`];
  const parsed = serviceErrorSchema.safeParse(raw);
  return parsed.success ? [] : issueLines(parsed.error.issues);
}
