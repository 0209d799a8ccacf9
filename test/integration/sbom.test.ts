import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { makeSbom } from '../../scripts/sbom';

// scripts/sbom.js reads the lockfile; npm's own tree walk is the independent account of what the
// installed runtime holds. (`npm sbom --omit dev` is not: it drops 37 of these packages.)
const ROOT = path.join(__dirname, '..', '..');

it('the SBOM holds every package `npm ls --omit dev` finds installed, and nothing else that runs', () => {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const folders = execFileSync(npm, ['ls', '--omit', 'dev', '--all', '--parseable'], { cwd: ROOT, encoding: 'utf8' })
    .trim()
    .split('\n')
    .slice(1);
  const installed = new Set(
    folders.map((folder) => {
      const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as {
        name: string;
        version: string;
      };
      return `${manifest.name}@${manifest.version}`;
    }),
  );
  const listed = new Set(makeSbom().components.map((c) => `${c.name}@${c.version}`));
  expect([...listed].filter((p) => !installed.has(p))).toEqual([]);
  // npm ls also names peers that only the development install brings (React's type definitions,
  // which Fluent names as an optional peer): the lockfile marks them dev, and they carry no code.
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version: string; dev?: boolean }>;
  };
  const devOnly = new Set(
    Object.entries(lock.packages)
      .filter(([, entry]) => entry.dev)
      .map(([location, entry]) => `${location.slice(location.lastIndexOf('node_modules/') + 13)}@${entry.version}`),
  );
  expect([...installed].filter((p) => !listed.has(p) && !devOnly.has(p))).toEqual([]);
  expect(listed.size).toBeGreaterThan(200);
});
