import fs from 'node:fs';
import path from 'node:path';

// ARCHITECTURE.md's arrows point one way; this keeps them pointing that way as the code grows.
const SRC = path.join(__dirname, '..', '..', 'src');

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specs: string[] = [];
  for (const m of text.matchAll(
    /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g,
  )) {
    specs.push(m[1] ?? m[2] ?? m[3]);
  }
  return specs;
}

function resolvesInto(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  return path.relative(SRC, path.resolve(path.dirname(file), spec)).split(path.sep)[0];
}

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1');

const rel = (f: string) => path.relative(SRC, f);

/**
 * Where people meet the product. Each stands on the layers below and on no other surface. The
 * relay is a server like the sandbox's: `checklists relay` (cli/commands/relay-command.ts) starts it, so
 * it sits below the command line and, like every lower layer, imports no surface.
 */
const SURFACES = ['functions', 'taskpane', 'commands', 'cli'];

describe('architecture boundaries', () => {
  const core = filesUnder(path.join(SRC, 'core'));

  it('finds the core', () => {
    expect(core.length).toBeGreaterThan(10);
  });

  it('core imports nothing of ours outside core and no Node, React or Office modules', () => {
    const offences: string[] = [];
    for (const file of core) {
      for (const spec of importsOf(file)) {
        const area = resolvesInto(file, spec);
        if (area !== null && area !== 'core') offences.push(`${rel(file)} -> ${spec}`);
        if (
          /^(node:|fs$|path$|http$|https$|net$|os$|child_process$|react|@fluentui|@microsoft\/office-js|office-)/.test(
            spec,
          )
        ) {
          offences.push(`${rel(file)} -> ${spec}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it('core uses no Office or browser-only globals', () => {
    const offences = core.filter((f) =>
      /\b(Office|Excel|OfficeRuntime|CustomFunctions)\.\w/.test(withoutComments(fs.readFileSync(f, 'utf8'))),
    );
    expect(offences.map(rel)).toEqual([]);
  });

  it('the sandbox engine is pure: only its server and command-line entry touch Node', () => {
    const nodeOnly = new Set(['server.ts', 'main.ts']);
    const offences: string[] = [];
    for (const file of filesUnder(path.join(SRC, 'sandbox'))) {
      if (nodeOnly.has(path.basename(file))) continue;
      for (const spec of importsOf(file)) {
        if (/^node:|^(fs|path|http|net|os)$/.test(spec)) offences.push(`${rel(file)} -> ${spec}`);
        if (spec.endsWith('/server') || spec.endsWith('/main')) offences.push(`${rel(file)} -> ${spec}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('bulk talks to a sheet port, not to Office or React', () => {
    const offences: string[] = [];
    for (const file of filesUnder(path.join(SRC, 'bulk'))) {
      const text = fs.readFileSync(file, 'utf8');
      if (/\b(Excel|Office)\.\w/.test(text)) offences.push(`${rel(file)} uses Office`);
      for (const spec of importsOf(file)) {
        const area = resolvesInto(file, spec);
        if (area && !['core', 'bulk', 'sandbox', 'shared-runtime'].includes(area)) {
          offences.push(`${rel(file)} -> ${spec}`);
        }
        if (/^(react|@fluentui|node:)/.test(spec)) offences.push(`${rel(file)} -> ${spec}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('no surface is imported by core, bulk, excel, sandbox, shared-runtime or relay', () => {
    const surfaces = new Set(SURFACES);
    const offences: string[] = [];
    for (const area of ['core', 'bulk', 'excel', 'sandbox', 'shared-runtime', 'relay']) {
      for (const file of filesUnder(path.join(SRC, area))) {
        for (const spec of importsOf(file)) {
          const target = resolvesInto(file, spec);
          if (target && surfaces.has(target)) offences.push(`${rel(file)} -> ${spec}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it('no surface imports another surface', () => {
    // A surface that needs what another surface has moves it down into core, bulk, excel or
    // shared-runtime; the ribbon-to-pane handshake lives in shared-runtime/screen-selection-handshake.ts.
    const offences: string[] = [];
    for (const area of SURFACES) {
      for (const file of filesUnder(path.join(SRC, area))) {
        for (const spec of importsOf(file)) {
          const target = resolvesInto(file, spec);
          if (target && target !== area && SURFACES.includes(target)) offences.push(`${rel(file)} -> ${spec}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it('excel/a1.ts, shared with the workbook fake in test/support, stands on core alone', () => {
    const file = path.join(SRC, 'excel', 'a1.ts');
    const offences = importsOf(file).filter((spec) => !['core', null].includes(resolvesInto(file, spec)));
    expect(offences).toEqual([]);
  });

  it('the layers import each other without a cycle', () => {
    const edges = new Map<string, Set<string>>();
    for (const file of filesUnder(SRC)) {
      const from = rel(file).split(path.sep)[0];
      for (const spec of importsOf(file)) {
        const to = resolvesInto(file, spec);
        if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
    const cycles: string[] = [];
    const visit = (area: string, trail: string[]) => {
      for (const next of edges.get(area) ?? []) {
        if (next === trail[0]) cycles.push([...trail, next].join(' -> '));
        else if (!trail.includes(next)) visit(next, [...trail, next]);
      }
    };
    for (const area of edges.keys()) visit(area, [area]);
    expect(cycles).toEqual([]);
  });

  it('the task pane reaches Office only through its injected services (issue 26)', () => {
    // The services' Office implementations; elsewhere the pane may take the Excel layer's types
    // and its words for an error, never a function that calls Office.
    const implementations = new Set([
      path.join('taskpane', 'shell', 'office-services.ts'),
      path.join('taskpane', 'shell', 'bulk-workbook.ts'),
    ]);
    const offences: string[] = [];
    for (const file of filesUnder(path.join(SRC, 'taskpane'))) {
      if (implementations.has(rel(file))) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(
        /import\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*(?:\/\*[^*]*\*\/\s*)?['"]([^'"]+)['"]/g,
      )) {
        const spec = m[2] ?? m[3];
        if (m[1] || resolvesInto(file, spec) !== 'excel') continue;
        if (!/\/excel\/errors$/.test(spec)) offences.push(`${rel(file)} -> ${spec}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('src has no explicit any', () => {
    const offences = filesUnder(SRC).filter((f) =>
      /(:\s*any\b|<any>|\bas any\b|\bany\[\])/.test(withoutComments(fs.readFileSync(f, 'utf8'))),
    );
    expect(offences.map(rel)).toEqual([]);
  });
});
