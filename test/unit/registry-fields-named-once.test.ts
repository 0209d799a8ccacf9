import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { z } from 'zod';
import { REGISTRY_ITEM_SCHEMAS } from '../../src/core/protocol/schema';
import { REGISTRY_KEYS } from '../../src/core/protocol/registries';
import { QUERY_FIELDS } from '../../src/core/query';

/**
 * Issue 27: the registry model is the only place a registry's fields are named. Every field name
 * the item schemas declare is looked for, as a string literal or a property access, in every
 * source file outside the model, the schemas and the sandbox (which must write the wire format it
 * emulates). A surface that picks a field out of a record itself, instead of asking the model,
 * fails here with the file and the field.
 */
const ROOT = join(__dirname, '..', '..');

/** Where fields may be named: the registry model, its labels and nested blocks, the schemas, the emulated service. */
const MODEL_FILES = [
  /^src\/core\/answer\/registry-model\.ts$/,
  /^src\/core\/answer\/registry-key-fields\.ts$/,
  /^src\/core\/answer\/registry-strength\.ts$/,
  /^src\/core\/answer\/registry-lists\.ts$/,
  /^src\/core\/answer\/field-labels\.ts$/,
  /^src\/core\/answer\/field-blocks\.ts$/,
  /^src\/core\/answer\/field-values\.ts$/,
  /^src\/core\/protocol\//,
  /^src\/sandbox\//,
];

/**
 * Words that name our own things too (a query's name and date, a run's source, a key's role, a
 * hit's percent and level), so a literal of them says nothing about a registry record. Registry
 * keys and query fields are left out for the same reason.
 */
const OUR_WORDS = new Set([
  'active',
  'address',
  'all',
  'base',
  'birth',
  'birthdate',
  'changes',
  'code',
  'color',
  'date',
  'description',
  'details',
  'doc',
  'edrpou',
  'global',
  'height',
  'id',
  'info',
  'instance',
  'ipn',
  'level',
  'links',
  'list',
  'name',
  'passport',
  'pdf',
  'percent',
  'pid',
  'position',
  'reason',
  'region',
  'role',
  'source',
  'state',
  'title',
  'type',
  'url',
  'work',
  'own',
  // Headers people write over their own client lists (bulk/columns.ts), not a record's fields.
  'lastname',
  'forename',
]);

function fieldNames(schema: z.ZodType, out: Set<string>): void {
  if (schema instanceof z.ZodObject) {
    for (const [key, value] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      out.add(key);
      fieldNames(value, out);
    }
    return;
  }
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  for (const inner of ['innerType', 'element', 'in', 'out', 'left', 'right']) {
    if (def[inner] instanceof z.ZodType) fieldNames(def[inner], out);
  }
  if (Array.isArray(def.options)) for (const o of def.options) if (o instanceof z.ZodType) fieldNames(o, out);
}

function registryFieldNames(): string[] {
  const all = new Set<string>();
  for (const schema of Object.values(REGISTRY_ITEM_SCHEMAS)) fieldNames(schema, all);
  const ours = new Set<string>([...OUR_WORDS, ...REGISTRY_KEYS, ...QUERY_FIELDS]);
  return [...all].filter((f) => !ours.has(f));
}

function sourceFiles(): string[] {
  return execFileSync('git', ['ls-files', 'src'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.tsx?$/.test(f) && !MODEL_FILES.some((m) => m.test(f)));
}

/** `'kved'`, `"kved"`, `` `kved` `` or `.kved` (not a method call). */
function mentions(source: string, field: string): boolean {
  const escaped = field.replace(/[$]/g, '\\$');
  return new RegExp(`(['"\`])${escaped}\\1|\\.${escaped}\\b(?!\\s*\\()`).test(source);
}

describe('registry fields are named only in the registry model', () => {
  const fields = registryFieldNames();

  it('knows the schemas’ distinctive field names (the check would pass vacuously otherwise)', () => {
    expect(fields.length).toBeGreaterThan(300);
    for (const f of ['p_fullname', 'dateb', 'd_SERIES', 'kved', 'cause_num', 'debtor_name', 'countrynamelat']) {
      expect(fields).toContain(f);
    }
  });

  it('finds a field named outside the model', () => {
    expect(mentions(`const t = item.p_fullname;`, 'p_fullname')).toBe(true);
    expect(mentions(`keyFields: ['kved']`, 'kved')).toBe(true);
    expect(mentions(`x.kvedLabel()`, 'kved')).toBe(false);
  });

  it('no source file outside the model names one', () => {
    const found: string[] = [];
    for (const file of sourceFiles()) {
      const source = readFileSync(join(ROOT, file), 'utf8');
      for (const field of fields) if (mentions(source, field)) found.push(`${file}: ${field}`);
    }
    expect(found).toEqual([]);
  });
});
