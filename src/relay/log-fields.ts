/**
 * An error as fields of a log line: enough for IT to tell a refused password from a full disk or a
 * bug, one line, never a stack. The caller's log masks the tokken as it does every line.
 */
export function errorFields(error: unknown): { error: string; errorCode?: string } {
  const e = error as { name?: unknown; message?: unknown; code?: unknown } | null;
  const name = typeof e?.name === 'string' ? e.name : 'Error';
  const text = typeof e?.message === 'string' ? e.message : String(error);
  const code = typeof e?.code === 'string' || typeof e?.code === 'number' ? String(e.code) : '';
  return { error: `${name}: ${(text.split('\n')[0] ?? '').slice(0, 300)}`, ...(code ? { errorCode: code } : {}) };
}
