/**
 * JSON for people and scripts: listdata and other masks are bigint inside the program, which
 * JSON.stringify refuses. They go out as decimal strings, the way the service itself echoes listdata.
 */
export function toJson(value: unknown, indent = 2): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), indent);
}
