/* eslint-env node */
// The script loader every bundle of ours uses: the add-in (webpack.config.js) and the browser-test
// harness (test/e2e/webpack.harness.js). One definition, so the harness cannot test a page
// compiled differently from the one Excel loads.

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

/** zod's JSON Schema export, never used by the add-in, replaced by stubs (see the loader). */
function zodJsonSchemaStubRule() {
  return {
    test: /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/,
    use: [{ loader: require.resolve('./zod-json-schema-stub-loader.js') }],
  };
}

module.exports = { scriptRule, zodJsonSchemaStubRule };
