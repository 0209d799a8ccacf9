#!/usr/bin/env node
'use strict';
// The command line ships as one bundle built by `npm run build:cli` (run by npm's "prepare" on
// every `npm install` / `npm ci`), so no TypeScript is compiled when the command starts.
const fs = require('node:fs');
const path = require('node:path');

const bundle = path.join(__dirname, '..', 'dist', 'cli.cjs');
if (!fs.existsSync(bundle)) {
  process.stderr.write(
    'checklists: the command line is not built yet (dist/cli.cjs is missing).\n' +
      'Run `npm install` (or `npm run build:cli`) in the project folder, then try again.\n' +
      'checklists: командний рядок ще не зібрано (немає dist/cli.cjs).\n' +
      'Виконайте `npm install` (або `npm run build:cli`) у теці проєкту й спробуйте знову.\n',
  );
  process.exit(1);
}
require('./bundle-loader.cjs').loadBundle(bundle).main(process.argv.slice(2));
