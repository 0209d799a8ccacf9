'use strict';
// Loads the command line's bundle with V8's code cache, written beside it by `npm run build:cli`.
// Compiling the 1.5 MB bundle and the functions its start-up runs took about 35 ms of every
// command's ~60 ms load (measured: 62 ms plain, 28 ms with the cache): a scheduled job that
// screens a list pays it once per run, and so does every `checklists search`.
// The cache is as trusted as the bundle (same folder, same build). V8 checks it against the
// source and its own version and flags, and compiles as usual when it does not fit.
// The bundle has no import() (esbuild's --supported:dynamic-import=false turns each into a
// require): a vm script's import() needs a loader callback that Node 20 marks experimental, and
// that a script compiled from a code cache loses.
const { isAscii } = require('node:buffer');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

function cachePathFor(bundle) {
  return `${bundle}.v8cache`;
}

/**
 * The build writes the bundle as ASCII (scripts/cli-build.js), which reads as Latin-1 in about
 * 1 ms against 5 ms through the UTF-8 decoder; anything else is read as UTF-8.
 */
function readSource(bundle) {
  const bytes = fs.readFileSync(bundle);
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

function compile(bundle, cachedData) {
  const source = readSource(bundle);
  const script = new vm.Script(Module.wrap(source), { filename: bundle, cachedData });
  const mod = new Module(bundle, module);
  mod.filename = bundle;
  mod.loaded = true;
  script.runInThisContext()(mod.exports, Module.createRequire(bundle), mod, bundle, path.dirname(bundle));
  return { script, exports: mod.exports };
}

/**
 * Runs the bundle as a CommonJS module and returns its exports, and whether the code cache was
 * used, rejected (another build or Node) or absent.
 */
function loadBundleReporting(bundle) {
  let cachedData;
  try {
    cachedData = fs.readFileSync(cachePathFor(bundle));
  } catch {
    cachedData = undefined;
  }
  const { script, exports } = compile(bundle, cachedData);
  return { exports, cache: cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'used' };
}

function loadBundle(bundle) {
  return loadBundleReporting(bundle).exports;
}

/**
 * Writes the cache: the bundle is loaded, `warm` loads what a command loads on demand, and the
 * cache then holds every function compiled so far.
 */
async function writeCodeCache(bundle, warm) {
  const { script, exports } = compile(bundle, undefined);
  await warm(exports);
  const target = cachePathFor(bundle);
  const temp = `${target}.${process.pid}.tmp`;
  fs.writeFileSync(temp, script.createCachedData());
  fs.renameSync(temp, target);
}

module.exports = { loadBundle, loadBundleReporting, writeCodeCache, cachePathFor };
