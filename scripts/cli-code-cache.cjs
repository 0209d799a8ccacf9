'use strict';
// After `esbuild` has written dist/cli.cjs: loads it once, with the modules `screen` and `search`
// load on demand, and writes V8's code cache beside it (bin/bundle-loader.cjs says why). Part of
// `npm run build:cli`, so the cache always belongs to the bundle next to it and to the Node that built it.
const { rmSync } = require('node:fs');
const path = require('node:path');
const { writeCodeCache, cachePathFor } = require('../bin/bundle-loader.cjs');

const bundle = path.join(__dirname, '..', 'dist', 'cli.cjs');
// A cache from an earlier build would only be rejected; never leave one beside another bundle.
rmSync(cachePathFor(bundle), { force: true });
writeCodeCache(bundle, (cli) => cli.loadCommandModules()).catch((error) => {
  // Only slower starts without it: the build goes on.
  process.stderr.write(`cli-code-cache: no code cache written (${error instanceof Error ? error.message : String(error)})\n`);
});
