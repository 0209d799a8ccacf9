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

module.exports = { scriptRule };
