/**
 * Keeps `key` as the most recent entry of an insertion-ordered Map and drops the oldest past
 * `limit`: the small in-memory copy in front of a slower store (the answer cache's storage, the
 * relay's database).
 */
export function rememberRecent<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}
