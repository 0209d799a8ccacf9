// The command line's bundle, defined once: `npm run build:cli` (run by npm's "prepare") and the
// CLI tests build it here, so the tests run the same bundle the bin loads.
//   node scripts/cli-build.js [outfile]     (default dist/cli.cjs)
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

const ROOT = path.join(__dirname, '..');

/**
 * zod ships messages in some forty languages behind `z.locales`, 390 KB of the 1.65 MB bundle,
 * read and checked on every start of the command. The command line shows its own uk/en texts and
 * zod's English ones (zod configures English at import, from locales/en.js directly); nothing of
 * ours reads `z.locales`, so only English stays in the namespace.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: 'export { default as en } from "./en.js";\n',
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

/**
 * The bundle as pure ASCII. esbuild escapes strings but leaves regular-expression literals and
 * comments as written, and twenty lines of Ukrainian patterns made V8 hold the whole 1.6 MB
 * source as a two-byte string: decoding it took about 10 ms of every start, an ASCII one reads
 * as Latin-1 in about 1 ms (bin/bundle-loader.cjs). \uXXXX means the same character in a string
 * and in a regular expression, with or without the u flag. One case would change meaning: a
 * character escaped by a backslash (`\ё`); then the text is left as it is.
 */
function asAscii(text) {
  let escapedByBackslash = false;
  const ascii = text.replace(/[^\x00-\x7f]/g, (c, at) => {
    if (text[at - 1] === '\\') escapedByBackslash = true;
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
  return escapedByBackslash ? text : ascii;
}

/**
 * How the command line's code is bundled. bench/relay-load.ts bundles its relay process with the
 * same options, so that it measures the relay as `checklists relay` runs it rather than as tsx
 * compiles it (tsx keeps every function's name with a call at each closure made).
 */
const BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // zod and the CSV libraries are bundled: files resolved and loaded one by one cost start-up
  // time, and only the bundle is in the code cache. Libraries only some commands load stay out.
  external: ['exceljs', 'jose', 'pg', 'prom-client', 'pdfkit', 'dejavu-fonts-ttf'],
  // import() becomes require(): the bin runs the bundle as a vm script with its code cache, and
  // a vm script's import() needs a loader Node 20 marks experimental (bin/bundle-loader.cjs).
  supported: { 'dynamic-import': false },
  plugins: [zodEnglishOnly],
};

/** Builds the bundle to `outfile`; resolves once it is written. */
async function buildCliBundle(outfile = path.join(ROOT, 'dist', 'cli.cjs')) {
  const result = await esbuild.build({
    ...BUNDLE_OPTIONS,
    entryPoints: [path.join(ROOT, 'src', 'cli', 'main.ts')],
    outfile,
    write: false,
    logLevel: 'warning',
  });
  for (const file of result.outputFiles) {
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    fs.writeFileSync(file.path, asAscii(file.text));
  }
  return outfile;
}

module.exports = { buildCliBundle, asAscii, BUNDLE_OPTIONS };

if (require.main === module) {
  buildCliBundle(process.argv[2] ? path.resolve(process.argv[2]) : undefined).catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
