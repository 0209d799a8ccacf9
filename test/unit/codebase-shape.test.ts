import fs from 'node:fs';
import path from 'node:path';

/**
 * What keeps the code readable for a newcomer (docs/ARCHITECTURE.md, "Folders by concept"):
 * no file-level import cycle, files of about one concept, folders by concept, and every path and
 * section a comment or a doc names exists.
 */
const ROOT = path.join(__dirname, '..', '..');
const SRC = path.join(ROOT, 'src');

function filesUnder(dir: string, pattern: RegExp): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : filesUnder(full, pattern);
    return pattern.test(e.name) ? [full] : [];
  });
}

const rel = (f: string) => path.relative(ROOT, f).split(path.sep).join('/');
const sources = filesUnder(SRC, /\.tsx?$/);

/** Value imports between src files (type-only imports vanish at build time and cannot form a cycle). */
function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const resolve = (from: string, spec: string) => {
    const base = path.resolve(path.dirname(from), spec);
    for (const ext of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
      const candidate = base + ext;
      if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
    }
    return null;
  };
  for (const file of sources) {
    const text = fs.readFileSync(file, 'utf8');
    const out = new Set<string>();
    const pattern =
      /(?:import|export)\s+(type\s+)?[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*(?:\/\*[^*]*\*\/\s*)?['"](\.[^'"]+)['"]\s*\)/g;
    for (const m of text.matchAll(pattern)) {
      if (m[1]) continue;
      const target = resolve(file, m[2] ?? m[3]);
      if (target) out.add(target);
    }
    graph.set(file, out);
  }
  return graph;
}

/** Strongly connected components of more than one file (Tarjan). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(rel(w));
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/**
 * Files past 400 lines, each with the most it may have: data tables (the sandbox's fictional
 * records, the field-label catalogue), which are tables, not logic. A debt to split would be
 * listed here too, so that it never grows; none is left (the scheduler and the answer cache were
 * split in session 26). Remove an entry when its file is split.
 */
const LONG_FILES: Record<string, number> = {
  'src/sandbox/data/items-companies.ts': 720,
  'src/sandbox/data/items-persons.ts': 720,
  'src/core/answer/field-labels.ts': 980,
};

describe('the shape of the codebase', () => {
  it('has no file-level import cycle in src', () => {
    expect(cycles(importGraph())).toEqual([]);
  });

  it('keeps files to about one concept: at most 400 lines, bar the listed tables and debts', () => {
    const over = sources
      .map((f) => [rel(f), fs.readFileSync(f, 'utf8').split('\n').length] as const)
      .filter(([file, lines]) => lines > (LONG_FILES[file] ?? 400))
      .map(([file, lines]) => `${file}: ${lines} lines`);
    expect(over).toEqual([]);
    // A listed file that no longer exists is an entry to remove.
    expect(Object.keys(LONG_FILES).filter((f) => !fs.existsSync(path.join(ROOT, f)))).toEqual([]);
  });

  it('lays folders out by concept: core, cli and the task pane keep no loose files but their entries', () => {
    const loose = (dir: string, allowed: string[]) =>
      fs
        .readdirSync(path.join(SRC, dir), { withFileTypes: true })
        .filter((e) => e.isFile() && !allowed.includes(e.name))
        .map((e) => `${dir}/${e.name}`);
    expect([
      ...loose('core', []),
      ...loose('cli', ['main.ts', 'config.ts', 'exit-codes.ts', 'io.ts', 'messages.ts']),
      ...loose('taskpane', ['index.ts', 'index.html']),
    ]).toEqual([]);
    for (const dir of ['core/protocol', 'core/request', 'core/answer', 'core/cache', 'core/settings', 'core/text']) {
      expect([dir, fs.existsSync(path.join(SRC, dir))]).toEqual([dir, true]);
    }
    for (const dir of ['cli/args', 'cli/commands', 'cli/input', 'cli/output', 'cli/state', 'excel/bulk']) {
      expect([dir, fs.existsSync(path.join(SRC, dir))]).toEqual([dir, true]);
    }
    for (const dir of ['shell', 'search', 'results', 'settings', 'bulk']) {
      expect([dir, fs.existsSync(path.join(SRC, 'taskpane', dir))]).toEqual([dir, true]);
    }
  });

  const texts = [
    ...sources,
    ...filesUnder(path.join(ROOT, 'docs'), /\.md$/),
    path.join(ROOT, 'README.md'),
    ...filesUnder(path.join(ROOT, 'bench'), /\.ts$/),
    ...filesUnder(path.join(ROOT, 'scripts'), /\.(ts|js|mjs|cjs)$/),
    ...filesUnder(path.join(ROOT, 'test'), /\.(tsx?|cjs)$/),
  ];

  it('names only paths that exist, in comments and in docs', () => {
    const missing: string[] = [];
    for (const file of texts) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(
        /(?<![\w./-])((?:src|test|docs|bench|scripts)\/[\w./-]*\.(?:tsx?|md|mjs|cjs|js))/g,
      )) {
        const named = m[1].replace(/[.,;:]+$/, '');
        if (!fs.existsSync(path.join(ROOT, named))) missing.push(`${rel(file)} -> ${named}`);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it('names only sections that exist: a doc cited with a quoted title has a heading or a bold lead of that title', () => {
    const missing: string[] = [];
    const cited = /(?<![\w./-])((?:docs\/)?[\w-]+\.md),?\s+(?:\*\s+)?"((?:[^"\n\\]|\\.){3,80})"/g;
    for (const file of texts) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(cited)) {
        const doc = [path.join(ROOT, m[1]), path.join(ROOT, 'docs', m[1])].find((f) => fs.existsSync(f));
        // A path that does not exist is the test above's to report.
        if (!doc) continue;
        const title = m[2].replace(/\\(.)/g, '$1');
        const lines = fs.readFileSync(doc, 'utf8').split('\n');
        if (!lines.some((line) => /^(?:#+ |\*\*)(.*)$/.exec(line)?.[1].startsWith(title))) {
          missing.push(`${rel(file)} -> ${rel(doc)}, "${title}"`);
        }
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });
});
