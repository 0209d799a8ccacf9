import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeSbom } from '../../scripts/sbom';

/** A project of its own: package.json and the lockfile npm would write for it. */
function project(lock: Record<string, unknown>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sbom-'));
  fs.writeFileSync(
    path.join(root, 'package.json'),
    JSON.stringify({ name: 'addin', version: '1.2.3', dependencies: { app: '^1.0.0', pg: '^8.0.0' } }),
  );
  fs.writeFileSync(path.join(root, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: lock }));
  return root;
}

const LOCK = {
  '': { name: 'addin', version: '1.2.3' },
  'node_modules/app': { version: '1.0.0', license: 'MIT', integrity: 'sha512-AAAA', dependencies: { lib: '^2' } },
  'node_modules/lib': { version: '2.0.0', license: '(MIT OR Apache-2.0)' },
  // A second copy, nested: app's own dependency resolves to it, not to the top one.
  'node_modules/pg': { version: '8.0.0', dependencies: { lib: '^1' } },
  'node_modules/pg/node_modules/lib': { version: '1.0.0', license: 'SEE LICENSE IN LICENSE' },
  'node_modules/jest': { version: '30.0.0', dev: true },
  'node_modules/shared-tool': { version: '1.0.0', devOptional: true },
  'node_modules/@pg/linux-x64': { version: '18.0.0', optional: true, os: ['linux'], cpu: ['x64'] },
  'node_modules/@pg/win32-x64': { version: '18.0.0', optional: true, os: ['win32'], cpu: ['x64'] },
  'node_modules/linked': { link: true, resolved: '../linked' },
};

describe('the SBOM (scripts/sbom.js)', () => {
  it('lists what `npm ci --omit=dev` installs on the platform asked, with each one’s dependencies as resolved', () => {
    const root = project(LOCK);
    try {
      const sbom = makeSbom({ root, platform: 'linux', arch: 'x64', now: new Date('2026-11-28T00:00:00Z') });
      expect(sbom.components.map((c) => `${c.name}@${c.version}`)).toEqual([
        '@pg/linux-x64@18.0.0',
        'app@1.0.0',
        'lib@1.0.0',
        'lib@2.0.0',
        'pg@8.0.0',
        'shared-tool@1.0.0',
      ]);
      const deps = Object.fromEntries(sbom.dependencies.map((d) => [d.ref, d.dependsOn]));
      expect(deps['pkg:npm/addin@1.2.3']).toEqual(['pkg:npm/app@1.0.0', 'pkg:npm/pg@8.0.0']);
      expect(deps['pkg:npm/app@1.0.0']).toEqual(['pkg:npm/lib@2.0.0']);
      expect(deps['pkg:npm/pg@8.0.0']).toEqual(['pkg:npm/lib@1.0.0']);
      const app = sbom.components.find((c) => c.name === 'app');
      expect(app?.licenses).toEqual([{ license: { id: 'MIT' } }]);
      expect(app?.hashes).toEqual([{ alg: 'SHA-512', content: '000000' }]);
      expect(sbom.components.find((c) => c.version === '2.0.0')?.licenses).toEqual([
        { expression: '(MIT OR Apache-2.0)' },
      ]);
      // CycloneDX takes only SPDX ids as an id.
      expect(sbom.components.find((c) => c.version === '1.0.0' && c.name === 'lib')?.licenses).toEqual([
        { license: { name: 'SEE LICENSE IN LICENSE' } },
      ]);
      expect(sbom.components.find((c) => c.name === 'pg')?.licenses).toBeUndefined();
      expect(sbom.components.find((c) => c.name === '@pg/linux-x64')?.purl).toBe('pkg:npm/%40pg/linux-x64@18.0.0');
      expect(sbom.metadata).toMatchObject({ timestamp: '2026-11-28T00:00:00.000Z', component: { name: 'addin' } });

      const windows = makeSbom({ root, platform: 'win32', arch: 'x64' });
      expect(windows.components.map((c) => c.name)).toContain('@pg/win32-x64');
      expect(windows.components.map((c) => c.name)).not.toContain('@pg/linux-x64');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it("holds this project's runtime: every dependency at its locked version, none of the build and test tools", () => {
    const root = path.join(__dirname, '..', '..');
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version: string }>;
    };
    const listed = new Set(makeSbom().components.map((c) => `${c.name}@${c.version}`));
    for (const name of Object.keys(pkg.dependencies)) {
      expect(listed).toContain(`${name}@${lock.packages[`node_modules/${name}`].version}`);
    }
    // Fluent's style engine: bundled into the pane, and what `npm sbom --omit dev` leaves out.
    expect([...listed].some((p) => p.startsWith('@griffel/core@'))).toBe(true);
    for (const tool of ['jest', 'webpack', 'typescript', 'esbuild', 'playwright-core', '@griffel/webpack-loader']) {
      expect([...listed].filter((p) => p.startsWith(`${tool}@`))).toEqual([]);
    }
  });

  it('ships only permissive licences, each named: a package with none, or a copyleft one, fails here before a bank’s review', () => {
    // What a bank's licence review accepts without a lawyer: no copyleft, nothing unlicensed.
    const allowed = new Set([
      'MIT',
      'ISC',
      'Apache-2.0',
      'BSD-2-Clause',
      'BSD-3-Clause',
      '0BSD',
      'BlueOak-1.0.0',
      'Zlib',
      'Bitstream-Vera',
    ]);
    // An expression is allowed when every part joined by AND is, and one choice of an OR.
    const allows = (expression: string): boolean =>
      expression
        .replace(/[()]/g, '')
        .split(/\s+OR\s+/)
        .some((choice) => choice.split(/\s+AND\s+/).every((id) => allowed.has(id.trim())));
    const refused = makeSbom()
      .components.filter((c) => {
        const licenses = c.licenses ?? [];
        if (licenses.length === 0) return true;
        return !licenses.every((l) => ('expression' in l ? allows(l.expression) : allowed.has(l.license.id ?? '')));
      })
      .map((c) => `${c.name}@${c.version}: ${JSON.stringify(c.licenses ?? 'none')}`);
    expect(refused).toEqual([]);
    expect(allows('(MIT OR GPL-3.0-or-later)')).toBe(true);
    expect(allows('(MIT AND GPL-3.0-only)')).toBe(false);
  });
});
