// What ships, for a bank's security review: a CycloneDX 1.5 SBOM of every package the add-in, the
// relay and the command line run, read from package-lock.json as `npm ci --omit=dev` installs it on
// this platform. The build and test tools are left out.
//   npm run -s sbom > checklists-sbom.json
//
// Not `npm sbom --omit dev`: with this lockfile it leaves out 37 packages the add-in bundles and
// the relay loads (@griffel/core under @griffel/react, @babel/runtime, @swc/helpers, …), which
// `npm ls --omit dev --all` lists (test/integration/sbom.test.ts holds the two equal).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');

/** npm's own rule for an os or cpu list: a name allows it, `!name` forbids it. */
function allows(list, value) {
  if (!list || list.length === 0) return true;
  if (list.includes(`!${value}`)) return false;
  const positive = list.filter((entry) => !entry.startsWith('!'));
  return positive.length === 0 || positive.includes(value);
}

const nameOf = (location, entry) => entry.name ?? location.slice(location.lastIndexOf('node_modules/') + 13);
const purlOf = (name, version) => `pkg:npm/${name.replace('@', '%40')}@${version}`;

/** The lockfile's location that `from` resolves `name` to, as Node's module resolution walks up. */
function resolveIn(packages, from, name) {
  for (let base = from; ;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const up = base.lastIndexOf('/node_modules/');
    base = up === -1 ? '' : base.slice(0, up);
  }
}

/**
 * Licences read from the package's own LICENSE file, where its manifest names none or no SPDX id
 * (the lockfile copies the manifest's). By name and version: a new version is read again, since
 * test/unit/sbom.test.ts fails on any shipped package without a licence it allows.
 */
const LICENCES_READ_FROM_FILES = {
  // LICENSE: "MIT License", the MIT text.
  'png-js@1.1.0': 'MIT',
  // LICENSE: the Bitstream Vera licence (DejaVu's own changes are in the public domain).
  'dejavu-fonts-ttf@2.37.3': 'Bitstream-Vera',
};

const SPDX_ID = /^[A-Za-z0-9.+-]+$/;

function licensesOf(license, name, version) {
  const stated = LICENCES_READ_FROM_FILES[`${name}@${version}`] ?? license;
  if (typeof stated !== 'string' || stated === '') return undefined;
  if (/\s(OR|AND|WITH)\s|[()]/.test(stated)) return [{ expression: stated }];
  // CycloneDX takes only SPDX ids as an id; anything else ("SEE LICENSE IN …") is a name.
  return [{ license: SPDX_ID.test(stated) ? { id: stated } : { name: stated } }];
}

function hashesOf(integrity) {
  const sha512 = /^sha512-([A-Za-z0-9+/=]+)$/.exec(integrity ?? '');
  return sha512 ? [{ alg: 'SHA-512', content: Buffer.from(sha512[1], 'base64').toString('hex') }] : undefined;
}

/**
 * The SBOM as an object. `platform` and `arch` choose among per-platform packages (PostgreSQL's
 * binaries) as npm does; `now` dates it.
 */
function makeSbom({ root = ROOT, platform = process.platform, arch = process.arch, now = new Date() } = {}) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const packages = lock.packages;
  const shipped = new Map();
  for (const [location, entry] of Object.entries(packages)) {
    if (location === '' || entry.link || entry.dev) continue;
    if (entry.optional && !(allows(entry.os, platform) && allows(entry.cpu, arch))) continue;
    shipped.set(location, entry);
  }
  const refOf = (location) => {
    const entry = packages[location];
    return purlOf(nameOf(location, entry), entry.version);
  };
  const components = new Map();
  const dependsOn = new Map();
  for (const [location, entry] of shipped) {
    const name = nameOf(location, entry);
    const ref = purlOf(name, entry.version);
    if (!components.has(ref)) {
      const licenses = licensesOf(entry.license, name, entry.version);
      components.set(ref, {
        type: 'library',
        'bom-ref': ref,
        name,
        version: entry.version,
        purl: ref,
        ...(licenses ? { licenses } : {}),
        ...(hashesOf(entry.integrity) ? { hashes: hashesOf(entry.integrity) } : {}),
      });
    }
    const refs = dependsOn.get(ref) ?? new Set();
    for (const dependency of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
      const target = resolveIn(packages, location, dependency);
      if (target && shipped.has(target)) refs.add(refOf(target));
    }
    dependsOn.set(ref, refs);
  }
  const rootRef = purlOf(pkg.name, pkg.version);
  const direct = Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })
    .map((name) => resolveIn(packages, '', name))
    .filter((location) => location && shipped.has(location))
    .map(refOf);
  const byRef = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    version: 1,
    metadata: {
      timestamp: now.toISOString(),
      tools: { components: [{ type: 'application', name: 'scripts/sbom.js', version: pkg.version }] },
      component: { type: 'application', 'bom-ref': rootRef, name: pkg.name, version: pkg.version, purl: rootRef },
      properties: [{ name: 'platform', value: `${platform}-${arch}` }],
    },
    components: [...components.values()].sort((a, b) => byRef(a['bom-ref'], b['bom-ref'])),
    dependencies: [
      { ref: rootRef, dependsOn: [...new Set(direct)].sort(byRef) },
      ...[...dependsOn]
        .sort(([a], [b]) => byRef(a, b))
        .map(([ref, refs]) => ({ ref, dependsOn: [...refs].sort(byRef) })),
    ],
  };
}

module.exports = { makeSbom };

if (require.main === module) {
  // Piped into `head` and the like: the reader leaving early is not an error.
  process.stdout.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error;
  });
  process.stdout.write(`${JSON.stringify(makeSbom(), null, 2)}\n`);
}
