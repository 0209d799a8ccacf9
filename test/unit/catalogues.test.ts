import fs from 'node:fs';
import path from 'node:path';
import type { Catalogue } from '../../src/core/text/i18n';

// Every user-facing text is a catalogue entry (defineCatalogue, English then Ukrainian). These checks
// keep the catalogues honest: a key nobody looks up is a text nobody maintains, and one English text
// under two keys of one catalogue is one thing with two homes, of which only one gets fixed.
//
// Duplicates are looked for within each catalogue, not across all: each layer owns its catalogue
// (core cannot import the task pane's), so the same word in two layers ("Name" as an input column
// and as a service field) is two concepts that may part ways, while within one catalogue it is not.

const SRC = path.join(__dirname, '..', '..', 'src');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

const sources = filesUnder(SRC).map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));
const rel = (file: string) => path.relative(SRC, file);

function isCatalogue(value: unknown): value is Catalogue<string> {
  return (
    typeof value === 'object' && value !== null && 'en' in value && 'uk' in value && 't' in value && 'text' in value
  );
}

interface Found {
  name: string;
  file: string;
  catalogue: Catalogue<string>;
}

function cataloguesOf(file: string): Found[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- discovered at run time, so a new catalogue cannot escape the checks
  const exported = require(file) as Record<string, unknown>;
  return Object.entries(exported).flatMap(([name, value]) =>
    isCatalogue(value) ? [{ name, file, catalogue: value }] : [],
  );
}

const defining = sources.filter(
  (s) => rel(s.file) !== path.join('core', 'text', 'i18n.ts') && /=\s*defineCatalogue\b/.test(s.text),
);
const catalogues = defining.flatMap((s) => cataloguesOf(s.file));

/** Template literals such as `registry.error.${code}` or `mode.${mode}.label`, as patterns of the keys they build. */
const dynamicKeys: RegExp[] = sources.flatMap(({ text }) =>
  [...text.matchAll(/`([^`]*\$\{[^`]*)`/g)].flatMap((m) => {
    const parts = m[1].split(/\$\{[^}]*\}/);
    // A template must name some of its key itself (`help.${topic}`); `${a}` alone could be anything.
    if (!parts.some((p) => /[A-Za-z]{2,}\./.test(p) || /\.[A-Za-z]{2,}/.test(p))) return [];
    return [new RegExp(`^${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\w-]+')}$`)];
  }),
);

function countAll(pattern: RegExp): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { text } of sources) for (const m of text.matchAll(pattern)) counts.set(m[2], (counts.get(m[2]) ?? 0) + 1);
  return counts;
}

const quoted = countAll(/(['"`])([^'"`\n]{0,120})\1/g);
// `'key': text` at the start of a line is the entry itself, not a use of it.
const definitions = countAll(/^\s*(['"])([^'"\n]{1,120})\1\s*:/gm);
// relayMessages[lang].cooldown, relayMessages.uk.usage: a catalogue read as a record.
const properties = countAll(/(\]|\.(?:en|uk))(?:\.)([A-Za-z_]\w*)\b/g);

function isUsed(key: string): boolean {
  return (
    (quoted.get(key) ?? 0) > (definitions.get(key) ?? 0) ||
    properties.has(key) ||
    dynamicKeys.some((re) => re.test(key))
  );
}

/**
 * Catalogues keyed by data rather than by code: the service's field names (core/answer/field-labels.ts)
 * are looked up with whatever field an answer carries. A key there is used when the service can send
 * that field, i.e. when the answer schemas or the sandbox's data name it.
 */
const DATA_KEYED: Record<string, string[]> = {
  fieldLabels: [path.join(SRC, 'core', 'protocol', 'schema'), path.join(SRC, 'sandbox', 'data')],
};

function fieldNamesUnder(dirs: string[]): Set<string> {
  const words = new Set<string>();
  for (const dir of dirs) {
    for (const file of filesUnder(dir)) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) words.add(m[0]);
    }
  }
  return words;
}

/**
 * English texts that two keys of one catalogue may share because the Ukrainian tells them apart
 * (the test checks that it does): registries write "ПІБ" where others write "Назва / ПІБ", and so on.
 */
const SAME_ENGLISH_DIFFERENT_UKRAINIAN: Record<string, string[]> = {
  fieldLabels: ['Name', 'Short name', 'From', 'To', 'Relation', 'Status', 'Last modified', 'Registered'],
  // The registry's short name (column headers) equals its long name in English only: Зрада / Зрадники.
  registryNames: ['Traitors'],
  // The tab and the button: Пошук / Шукати.
  taskpaneMessages: ['Search'],
};

/** Keys that are also FieldError codes, which callers and tests tell apart (a name versus other text). */
const KEYS_THAT_ARE_CODES: Record<string, string[][]> = {
  coreMessages: [
    ['field.name.tooLong', 'field.text.tooLong'],
    ['field.name.control', 'field.text.control'],
  ],
};

describe('message catalogues', () => {
  it('finds every catalogue, each exported so these checks reach it', () => {
    const calls = defining.reduce((n, s) => n + (s.text.match(/=\s*defineCatalogue\b/g)?.length ?? 0), 0);
    expect(catalogues.length).toBe(calls);
    expect(catalogues.length).toBeGreaterThan(15);
  });

  it('has no unused key', () => {
    const unused: string[] = [];
    for (const { name, catalogue } of catalogues) {
      const fieldNames = DATA_KEYED[name] ? fieldNamesUnder(DATA_KEYED[name]) : null;
      for (const key of Object.keys(catalogue.en)) {
        const used = fieldNames ? fieldNames.has(key) : isUsed(key);
        if (!used) unused.push(`${name}: ${key}`);
      }
    }
    expect(unused).toEqual([]);
  });

  it('has no English text under two keys of one catalogue', () => {
    const duplicates: string[] = [];
    for (const { name, catalogue } of catalogues) {
      const byText = new Map<string, string[]>();
      for (const [key, text] of Object.entries(catalogue.en)) byText.set(text, [...(byText.get(text) ?? []), key]);
      const allowed = new Set(SAME_ENGLISH_DIFFERENT_UKRAINIAN[name] ?? []);
      for (const [text, keys] of byText) {
        if (keys.length < 2) continue;
        const ukrainian = new Set(keys.map((k) => catalogue.uk[k]));
        const codes = (KEYS_THAT_ARE_CODES[name] ?? []).some(
          (group) => group.length === keys.length && group.every((k) => keys.includes(k)),
        );
        if (codes) continue;
        if (!allowed.has(text) || ukrainian.size < keys.length) {
          duplicates.push(`${name}: "${text}" under ${keys.join(', ')}`);
        }
      }
    }
    expect(duplicates).toEqual([]);
  });

  it('writes Ukrainian as a Ukrainian reader expects: «quotes», decimal commas, no "tokken" (issue 31, item 11)', () => {
    const offences: string[] = [];
    for (const { name, catalogue } of catalogues) {
      // The command line's help shows shell syntax ("--name \"…\""), which keeps its quotes.
      if (name === 'helpMessages') continue;
      for (const [key, text] of Object.entries(catalogue.uk)) {
        const words = text.replace(/\{[^}]*\}/g, '');
        if (words.includes('"')) offences.push(`${name}.${key}: straight quotes`);
        if (/\d\.\d/.test(words.replace(/\b\d+\.\d+\.\d+\b|ExcelApi \d+\.\d+|\d{4}-\d{2}|https?:\S+/g, ''))) {
          offences.push(`${name}.${key}: decimal point`);
        }
        // The sandbox speaks as the service does, which names its own parameter.
        const serviceWords = name === 'sandboxMessages';
        if (!serviceWords && /\btokken\b/i.test(words) && !/\(tokken\)/.test(words)) {
          offences.push(`${name}.${key}: tokken`);
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it('makes a counted noun agree with its count ("1 row", "2 рядки"), except where the count is a limit', () => {
    // A count that can be 1 (or 2 to 4 in Ukrainian) takes the word's forms: {n|row|rows}, {n|рядок|рядки|рядків}.
    // Left bare, a run header read "завершено: 32 рядків" and "completed: 1 rows".
    const LARGE_OR_LIMIT = new Set([
      'cliMessages.input.tooManyRows',
      'cliMessages.sandbox.data',
      'relayMessages.decision.many',
    ]);
    const counted = {
      en: /\{\w+\} (rows|hits|subjects|requests|answers|records|decisions)\b/u,
      uk: /\{\w+\} (рядків|рядки|записів|збігів|рішень|відповідей)(?![\p{L}])/u,
    };
    const offences: string[] = [];
    for (const { name, catalogue } of catalogues) {
      for (const lang of ['en', 'uk'] as const) {
        for (const [key, text] of Object.entries(catalogue[lang])) {
          const m = counted[lang].exec(text);
          if (m && !LARGE_OR_LIMIT.has(`${name}.${key}`)) offences.push(`${name}.${key} (${lang}): ${m[0]}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it('allows a shared English text only where it is still shared', () => {
    const stale: string[] = [];
    for (const [name, texts] of Object.entries(SAME_ENGLISH_DIFFERENT_UKRAINIAN)) {
      const catalogue = catalogues.find((c) => c.name === name)?.catalogue;
      for (const text of texts) {
        if (Object.values(catalogue?.en ?? {}).filter((t) => t === text).length < 2) stale.push(`${name}: ${text}`);
      }
    }
    expect(stale).toEqual([]);
  });
});
