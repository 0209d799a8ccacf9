// The script loader every bundle of ours uses: the add-in (webpack.config.js) and the browser-test
// harness (test/e2e/webpack.harness.js). One definition, so the harness cannot test a page
// compiled differently from the one Excel loads.

const path = require('path');

/** TypeScript and TSX through swc, React's automatic JSX runtime, ES2020 for Excel's webviews. */
function scriptRule() {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2020',
        },
      },
    },
  };
}

/**
 * The pane's own makeStyles compiled at build time, as Fluent's components already ship, so the
 * page carries class names instead of Griffel's style compiler. Loaders of matching rules run
 * last rule first: swc (scriptRule) turns the TSX into JS, then this rule sees it.
 */
function griffelRule() {
  return {
    test: /\.tsx$/,
    include: path.resolve(__dirname, '..', 'src'),
    use: [{ loader: '@griffel/webpack-loader' }],
  };
}

/** zod's JSON Schema export, never used by the add-in, replaced by stubs (see the loader). */
function zodJsonSchemaStubRule() {
  return {
    test: /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/,
    use: [{ loader: require.resolve('./zod-json-schema-stub-loader.js') }],
  };
}

module.exports = { griffelRule, scriptRule, zodJsonSchemaStubRule };
