#!/usr/bin/env node
// The task pane page's two budgets, weighed from the built files (npm run build first, or
// `npm run build:check`, which builds). Both are gzipped JavaScript; office.js (Microsoft's CDN)
// is not ours and not counted.
//
//   runtime page  the scripts taskpane.html loads before anything runs: the functions and the
//                 ribbon commands are ready after these. Budget 100 KB, and no React or Fluent.
//   first render  those plus the pane's lazy chunk group ("pane"): the search form, or the
//                 settings on first run. Budget 200 KB.
//
// Everything else (results renderers, bulk panel, sandbox) is listed with its own weight.
// Every package bundled into the add-in must also be in the SBOM (scripts/sbom.js): one that is
// not came from the development tools, and would ship unlisted.
// Exit 1 over budget or on such a package; `--json` prints the figures as JSON too (bench/ reads them).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

export const BUDGETS = { runtimePageKB: 100, firstRenderKB: 200 };
const FORBIDDEN_ON_RUNTIME_PAGE = /^(react|react-dom|scheduler|@fluentui\/|@griffel\/|tabster)/;

const gzipped = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

export function weighBuild(dist) {
  const html = fs.readFileSync(path.join(dist, 'taskpane.html'), 'utf8');
  const pageScripts = [...html.matchAll(/<script[^>]*\ssrc="?([^"\s>]+)"?/g)]
    .map((m) => m[1])
    .filter((src) => !/^https?:/.test(src));
  if (pageScripts.length === 0) throw new Error(`${dist}/taskpane.html loads no script of ours`);
  const groups = JSON.parse(fs.readFileSync(path.join(dist, 'chunk-groups.json'), 'utf8'));
  const sizes = new Map();
  const size = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipped(path.join(dist, file)));
    return sizes.get(file);
  };
  const total = (files) => [...new Set(files)].reduce((sum, f) => sum + size(f), 0);

  const runtimeFiles = pageScripts;
  const runtimePackages = Object.values(groups)
    .filter((g) => g.initial)
    .flatMap((g) => g.packages);
  const forbidden = [...new Set(runtimePackages.filter((p) => FORBIDDEN_ON_RUNTIME_PAGE.test(p)))];
  if (!groups.pane) {
    throw new Error('chunk-groups.json has no "pane" group: is the pane still a lazy import named "pane"?');
  }
  const firstRenderFiles = [...runtimeFiles, ...groups.pane.files];
  const lazy = Object.entries(groups)
    .filter(([, g]) => !g.initial && g.files.length > 0)
    .map(([name, g]) => ({ name, addedKB: kb(total(g.files.filter((f) => !firstRenderFiles.includes(f)))) }));
  return {
    runtimePage: {
      files: runtimeFiles,
      bytes: total(runtimeFiles),
      kb: kb(total(runtimeFiles)),
      budgetKB: BUDGETS.runtimePageKB,
      forbiddenPackages: forbidden,
    },
    firstRender: {
      files: firstRenderFiles,
      bytes: total(firstRenderFiles),
      kb: kb(total(firstRenderFiles)),
      budgetKB: BUDGETS.firstRenderKB,
    },
    lazy,
    bundledPackages: [...new Set(Object.values(groups).flatMap((g) => g.packages))].sort(),
  };
}

function main() {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const figures = weighBuild(dist);
  const { runtimePage, firstRender } = figures;
  const problems = [];
  // Bytes against the budget, never the rounded figure: 200.04 KB is over 200 KB.
  if (runtimePage.bytes > runtimePage.budgetKB * 1024) {
    problems.push(`runtime page ${runtimePage.kb} KB > ${runtimePage.budgetKB} KB`);
  }
  if (runtimePage.forbiddenPackages.length) {
    problems.push(`runtime page loads ${runtimePage.forbiddenPackages.join(', ')}`);
  }
  if (firstRender.bytes > firstRender.budgetKB * 1024) {
    problems.push(`first render ${firstRender.kb} KB > ${firstRender.budgetKB} KB`);
  }
  const { makeSbom } = createRequire(import.meta.url)('./sbom.js');
  const listed = new Set(makeSbom().components.map((c) => c.name));
  const unlisted = figures.bundledPackages.filter((name) => !listed.has(name));
  if (unlisted.length) problems.push(`the add-in bundles ${unlisted.join(', ')}, which the SBOM does not list`);
  console.log('task pane page, gzipped JavaScript (office.js not counted)');
  console.log(
    `  runtime page (functions + commands ready)  ${String(runtimePage.kb).padStart(6)} KB  (${runtimePage.bytes} B)  budget ${runtimePage.budgetKB} KB  ${runtimePage.files.join(' ')}`,
  );
  console.log(
    `  pane first render (all loaded so far)      ${String(firstRender.kb).padStart(6)} KB  (${firstRender.bytes} B)  budget ${firstRender.budgetKB} KB`,
  );
  for (const part of figures.lazy) {
    if (part.name !== 'pane') {
      console.log(`  + on demand: ${part.name.padEnd(29)} ${String(part.addedKB).padStart(6)} KB`);
    }
  }
  console.log(
    `  packages bundled: ${figures.bundledPackages.length}, ${unlisted.length ? 'not all' : 'all'} in the SBOM`,
  );
  if (process.argv.includes('--json')) console.log(JSON.stringify(figures));
  if (problems.length) {
    console.error(`build check FAILED: ${problems.join('; ')}`);
    process.exit(1);
  }
  console.log('build check passed');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
