import type { z } from 'zod';
import type { RegistryKey } from '../registries';
import { formatPath } from './issues';
import { REGISTRY_ITEM_SCHEMAS, type RegistryItemMap } from './items';
import { isPlainObject, kindOf, setOwn } from './primitives';

/** A registry that answered with text instead of records (`9001.Реєстр не входить до оплаченого пакету`). */
export interface RegistryError {
  code: number | null;
  message: string;
}

export type RegistryOutcome<K extends RegistryKey> =
  | { status: 'ok'; items: RegistryItemMap[K][] }
  | { status: 'error'; error: RegistryError }
  /** Some records could not be read: `rawCount` says how many arrived, so hits are never lost silently. */
  | { status: 'malformed'; items: RegistryItemMap[K][]; rawCount: number; issues: string[] };

const ERROR_TEXT = /^\s*(\d{1,9})\s*(?:[.:\-–—]\s*([\s\S]*))?$/;

export function parseRegistryErrorText(text: string): RegistryError {
  const match = ERROR_TEXT.exec(text);
  if (!match) return { code: null, message: text.trim() };
  return { code: Number(match[1]), message: (match[2] ?? '').trim() };
}

/** Enough rounds for every bad field of one record; each round blanks at least one value. */
const MAX_REPAIR_ROUNDS = 25;

function cloneJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneJson);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) setOwn(out, k, cloneJson(v));
    return out;
  }
  return value;
}

/**
 * Sets the value a zod issue points at to null (which every lenient field reads as absent).
 * A lone object that the schema read as a list of one is first stored as that list, so that
 * only the bad field inside it is blanked, not the whole object (a sanction entry with one
 * odd field). When the path still runs past what the raw value holds, the deepest existing
 * value on the path is blanked instead. Returns false when nothing changed.
 */
function blankAt(root: Record<string, unknown>, path: readonly PropertyKey[]): boolean {
  let container: Record<PropertyKey, unknown> = root;
  let parent: Record<PropertyKey, unknown> | null = null;
  let parentKey: PropertyKey | null = null;
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    if (key === 0 && parent !== null && parentKey !== null && !Array.isArray(container)) {
      const wrapped: unknown[] = [container];
      parent[parentKey] = wrapped;
      container = wrapped as unknown as Record<PropertyKey, unknown>;
    }
    const next = container[key];
    if (next === undefined) {
      if (parent === null || parentKey === null) return false;
      parent[parentKey] = null;
      return true;
    }
    if (i === path.length - 1 || next === null || typeof next !== 'object') {
      if (next === null) return false;
      container[key] = null;
      return true;
    }
    parent = container;
    parentKey = key;
    container = next as Record<PropertyKey, unknown>;
  }
  return false;
}

interface ItemResult<T> {
  item?: T;
  issues: string[];
}

/**
 * Reads one record. A field that no lenient coercion can read is dropped with an issue, and
 * the rest of the record is kept: one odd field must not hide a sanctions hit.
 */
export function parseItemLenient<T>(schema: z.ZodType<T>, raw: unknown, where: readonly PropertyKey[]): ItemResult<T> {
  if (!isPlainObject(raw)) return { issues: [`${formatPath(where)}: expected object, got ${kindOf(raw)}`] };
  const issues: string[] = [];
  let current: Record<string, unknown> = raw;
  let copied = false;
  for (let round = 0; round < MAX_REPAIR_ROUNDS; round++) {
    const parsed = schema.safeParse(current);
    if (parsed.success) return { item: parsed.data, issues };
    if (!copied) {
      current = cloneJson(raw) as Record<string, unknown>;
      copied = true;
    }
    let changed = false;
    for (const issue of parsed.error.issues) {
      issues.push(`${formatPath([...where, ...issue.path])}: ${issue.message}`);
      if (blankAt(current, issue.path)) changed = true;
    }
    if (!changed) break;
  }
  issues.push(`${formatPath(where)}: record could not be read`);
  return { issues };
}

/** Reads one registry's value; undefined when the registry is absent (not asked, or null). */
export function parseRegistryValue<K extends RegistryKey>(key: K, value: unknown): RegistryOutcome<K> | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return { status: 'error', error: parseRegistryErrorText(value) };
  const schema = REGISTRY_ITEM_SCHEMAS[key] as unknown as z.ZodType<RegistryItemMap[K]>;
  if (!Array.isArray(value)) {
    const issues = [`${key}: expected array, got ${kindOf(value)}`];
    if (!isPlainObject(value)) return { status: 'malformed', items: [], rawCount: 0, issues };
    // A lone record where a list belongs is still a record: keep it.
    const one = parseItemLenient(schema, value, [key]);
    return { status: 'malformed', items: one.item ? [one.item] : [], rawCount: 1, issues: [...issues, ...one.issues] };
  }
  const items: RegistryItemMap[K][] = [];
  const issues: string[] = [];
  value.forEach((raw: unknown, index) => {
    if (raw === null || raw === undefined) return;
    const result = parseItemLenient(schema, raw, [key, index]);
    if (result.item) items.push(result.item);
    issues.push(...result.issues);
  });
  if (issues.length === 0) return { status: 'ok', items };
  return { status: 'malformed', items, rawCount: value.length, issues };
}
