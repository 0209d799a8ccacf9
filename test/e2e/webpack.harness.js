// The browser-test harness: the real task pane (src/taskpane/App) beside the in-memory workbook
// fake, office.js copied from @microsoft/office-js so the page needs no network. The loader rule
// is webpack.config.js's own (scripts/webpack-rules.js); development mode without source maps,
// so a cold build stays short.
//
// Built by the e2e tests themselves (test/e2e/support/build-harness.ts); by hand:
//   npx webpack --config test/e2e/webpack.harness.js
const path = require('path');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { griffelRule, scriptRule, zodJsonSchemaStubRule } = require('../../scripts/webpack-rules');

const ROOT = path.resolve(__dirname, '..', '..');
const OFFICE_JS_PACKAGE = path.dirname(require.resolve('@microsoft/office-js/package.json'));
/** Git-ignored with the screenshots: nothing of the harness build is ever committed. */
const DEFAULT_OUTPUT = path.join(ROOT, 'test-results', '.harness');
/** What office.js fetches outside Office: itself, its file map and the strings of two UI languages. */
const OFFICE_JS_FILES = [
  'office.js',
  'o15apptofilemappingtable.js',
  'en-us/office_strings.js',
  'uk-ua/office_strings.js',
];

function harnessConfig(options = {}) {
  const output = options.outputPath ?? DEFAULT_OUTPUT;
  return {
    mode: 'development',
    devtool: false,
    context: ROOT,
    entry: { harness: './test/e2e/harness/harness.tsx' },
    output: { path: output, filename: '[name].js', clean: true },
    resolve: { extensions: ['.ts', '.tsx', '.js'] },
    // Kept between runs under node_modules/.cache: a warm rebuild takes a few seconds.
    cache:
      options.cache === false
        ? false
        : {
            type: 'filesystem',
            cacheDirectory: path.join(ROOT, 'node_modules', '.cache', 'checklists-e2e-webpack'),
            buildDependencies: { config: [__filename] },
          },
    module: { rules: [griffelRule(), scriptRule(), zodJsonSchemaStubRule()] },
    performance: { hints: false },
    infrastructureLogging: { level: 'error' },
    stats: 'errors-warnings',
    plugins: [
      new HtmlWebpackPlugin({
        filename: 'index.html',
        template: './test/e2e/harness/harness.html',
        templateParameters: { officeJs: 'office-js/office.js' },
      }),
      new CopyWebpackPlugin({
        patterns: OFFICE_JS_FILES.map((file) => ({
          from: path.join(OFFICE_JS_PACKAGE, 'dist', file),
          to: `office-js/${file}`,
        })),
      }),
    ],
  };
}

module.exports = (env = {}) => harnessConfig(env.outputPath ? { outputPath: env.outputPath } : {});
module.exports.harnessConfig = harnessConfig;
module.exports.DEFAULT_OUTPUT = DEFAULT_OUTPUT;
