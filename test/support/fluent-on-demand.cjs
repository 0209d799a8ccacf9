// @fluentui/react-components for jest: the same exports, each of its packages loaded on first use.
// The package's entry requires all 58 of its packages up front, which took about 1.7 s in every
// test file that renders the pane (jest keeps a module registry per file): a third of the UI
// tests' time. Its exports are getters of the form `get Name () { return _pkg.Name; }` over
// `const _pkg = require("…")`; this module reads that list from the entry itself and defines the
// same getters, requiring a package when one of its names is first read. The components are the
// very same objects. A Fluent release that changes the entry's shape fails here, loudly.
const fs = require('node:fs');
const path = require('node:path');

const entry = path.join(
  __dirname,
  '..',
  '..',
  'node_modules',
  '@fluentui',
  'react-components',
  'lib-commonjs',
  'index.cjs',
);
const source = fs.readFileSync(entry, 'utf8');
const packages = new Map();
for (const [, variable, name] of source.matchAll(/const (_\w+) = require\("([^"]+)"\);/g)) packages.set(variable, name);
const getters = [...source.matchAll(/get (\w+) \(\) \{\s*return (_\w+)\.(\w+);/g)];
if (getters.length < 500 || packages.size < 40 || getters.some(([, , variable]) => !packages.has(variable))) {
  throw new Error(`test/support/fluent-on-demand.cjs no longer understands ${entry}; map it out of jest.config.js`);
}
Object.defineProperty(exports, '__esModule', { value: true });
// Each package required once: a component is read from here at every render.
const loaded = new Map();
const load = (variable) => {
  if (!loaded.has(variable)) loaded.set(variable, require(packages.get(variable)));
  return loaded.get(variable);
};
for (const [, exported, variable, name] of getters) {
  Object.defineProperty(exports, exported, { enumerable: true, get: () => load(variable)[name] });
}
