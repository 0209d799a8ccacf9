import type { z } from 'zod';
import type { RegistryKey } from '../core/protocol/registries';
import { REGISTRY_ITEM_SCHEMAS, describeField, type AnswerForm } from '../core/protocol/schema';
import type { Json, JsonObject } from './data/model';

/**
 * GET and POST answers differ: the GET form omits the fields the interface marks † and carries
 * edrfullinfo.address_mreg as a number. The differences are read from the core schemas' own
 * field descriptions, so the sandbox and the client share one statement of the interface.
 */
type Plan =
  | { kind: 'scalar' }
  | { kind: 'mreg' }
  | { kind: 'object'; fields: Map<string, { postOnly: boolean; plan: Plan }> }
  | { kind: 'list'; element: Plan };

const plans = new WeakMap<z.ZodType, Plan>();

function planOf(schema: z.ZodType): Plan {
  const cached = plans.get(schema);
  if (cached) return cached;
  const desc = describeField(schema);
  let plan: Plan;
  if (!desc) plan = { kind: 'scalar' };
  else if (desc.kind === 'object') {
    const fields = new Map<string, { postOnly: boolean; plan: Plan }>();
    for (const [key, field] of Object.entries(desc.shape)) {
      fields.set(key, { postOnly: describeField(field)?.postOnly ?? false, plan: planOf(field) });
    }
    plan = { kind: 'object', fields };
  } else if (desc.kind === 'list') plan = { kind: 'list', element: planOf(desc.element) };
  else if (desc.kind === 'mreg') plan = { kind: 'mreg' };
  else plan = { kind: 'scalar' };
  plans.set(schema, plan);
  return plan;
}

function hasPostOnly(plan: Plan, seen = new Set<Plan>()): boolean {
  if (seen.has(plan)) return false;
  seen.add(plan);
  if (plan.kind === 'mreg') return true;
  if (plan.kind === 'list') return hasPostOnly(plan.element, seen);
  if (plan.kind === 'object') {
    for (const f of plan.fields.values()) if (f.postOnly || hasPostOnly(f.plan, seen)) return true;
  }
  return false;
}

function toGet(value: Json, plan: Plan): Json {
  switch (plan.kind) {
    case 'scalar':
      return value;
    case 'mreg': {
      if (typeof value !== 'string') return value;
      const n = Number(value);
      return value.trim() !== '' && Number.isFinite(n) ? n : 0;
    }
    case 'list':
      return Array.isArray(value) ? value.map((v) => toGet(v, plan.element)) : value;
    case 'object': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
      const out: JsonObject = {};
      for (const [key, v] of Object.entries(value)) {
        const field = plan.fields.get(key);
        if (field?.postOnly) continue;
        out[key] = field ? toGet(v, field.plan) : v;
      }
      return out;
    }
  }
}

const needsWork = new Map<RegistryKey, boolean>();

/** A registry item in the form the method answers with; items are generated in the POST form. */
export function itemForForm(key: RegistryKey, item: JsonObject, form: AnswerForm): JsonObject {
  if (form === 'post') return item;
  const plan = planOf(REGISTRY_ITEM_SCHEMAS[key]);
  let work = needsWork.get(key);
  if (work === undefined) {
    work = hasPostOnly(plan);
    needsWork.set(key, work);
  }
  return work ? (toGet(item, plan) as JsonObject) : item;
}

/** Fields documented as objects of open shape (wanted.links): any keys may sit below them. */
export function openFields(key: RegistryKey): string[] {
  const out: string[] = [];
  const walk = (plan: Plan, prefix: string, seen: Set<Plan>) => {
    if (plan.kind === 'list') return walk(plan.element, prefix, seen);
    if (plan.kind !== 'object' || seen.has(plan)) return;
    if (plan.fields.size === 0 && prefix) out.push(prefix);
    const next = new Set(seen).add(plan);
    for (const [name, f] of plan.fields) walk(f.plan, prefix ? `${prefix}.${name}` : name, next);
  };
  walk(planOf(REGISTRY_ITEM_SCHEMAS[key]), '', new Set());
  return out;
}

/** Every documented field name of a registry item, nested ones as `a.b`, with their POST-only flag. */
export function documentedFields(key: RegistryKey): Map<string, boolean> {
  const out = new Map<string, boolean>();
  const walk = (plan: Plan, prefix: string, postOnly: boolean, seen: Set<Plan>) => {
    if (plan.kind === 'list') return walk(plan.element, prefix, postOnly, seen);
    if (plan.kind !== 'object' || seen.has(plan)) return;
    const next = new Set(seen).add(plan);
    for (const [name, f] of plan.fields) {
      const path = prefix ? `${prefix}.${name}` : name;
      out.set(path, postOnly || f.postOnly);
      walk(f.plan, path, postOnly || f.postOnly, next);
    }
  };
  walk(planOf(REGISTRY_ITEM_SCHEMAS[key]), '', false, new Set());
  return out;
}
