// Builds the three Office surfaces (task pane, custom functions, ribbon commands) into dist/,
// generates functions.json from the JSDoc in src/functions/functions.ts plus its Ukrainian
// twin, and writes dist/manifest.xml for the host the add-in is served from.
//
// Host: ADDIN_HOST=https://addin.example.org npm run build   (default https://localhost:3000).
// office.js: from Microsoft's CDN; OFFICE_JS_LOCAL=1 copies the @microsoft/office-js package's
// copy into dist/office-js/ and points the pages at it (offline browser tests only).
const fs = require('fs');
const path = require('path');
const { Compilation, WebpackError, sources } = require('webpack');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const CustomFunctionsMetadataPlugin = require('custom-functions-metadata-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { localizeFunctionsMetadata } = require('./scripts/functions-l10n');
const { DEV_HOST, addinHost, retargetManifest } = require('./scripts/addin-host');
const { griffelRule, scriptRule, zodJsonSchemaStubRule } = require('./scripts/webpack-rules');

const OFFICE_JS_CDN = 'https://appsforoffice.microsoft.com/lib/1/hosted/office.js';
const OFFICE_JS_PACKAGE = path.dirname(require.resolve('@microsoft/office-js/package.json'));
const FUNCTIONS_SOURCE = './src/functions/functions.ts';
/** Locale → translated descriptions; each becomes functions.<locale>.json (see manifest.xml). */
const FUNCTION_LOCALES = { 'uk-UA': './src/functions/metadata.uk-UA.json' };

/** Emits functions.<locale>.json next to the generated functions.json. */
class LocalizedFunctionsMetadataPlugin {
  constructor(locales) {
    this.locales = locales;
  }

  apply(compiler) {
    const name = 'LocalizedFunctionsMetadataPlugin';
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tap({ name, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const generated = compilation.getAsset('functions.json');
        if (!generated) return; // the metadata plugin reported why
        const metadata = JSON.parse(generated.source.source().toString());
        for (const [locale, file] of Object.entries(this.locales)) {
          const textsPath = path.resolve(__dirname, file);
          compilation.fileDependencies.add(textsPath);
          const texts = JSON.parse(fs.readFileSync(textsPath, 'utf8'));
          const { metadata: localized, problems } = localizeFunctionsMetadata(metadata, texts);
          for (const problem of problems) compilation.errors.push(new WebpackError(`${file}: ${problem}`));
          compilation.emitAsset(`functions.${locale}.json`, new sources.RawSource(JSON.stringify(localized, null, 4)));
        }
      });
    });
  }
}

/**
 * Writes chunk-groups.json: for each entry and each named lazy import (pane, results, bulk,
 * settings, themes, sandbox) the files it loads and the packages inside them.
 * scripts/build-check.mjs weighs the page's budgets from it and the built files; nothing in the
 * add-in reads it.
 */
class ChunkGroupsManifestPlugin {
  apply(compiler) {
    const name = 'ChunkGroupsManifestPlugin';
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tap({ name, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const packageOf = (module) => {
          const resource = module.resource ?? module.rootModule?.resource ?? '';
          const match = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(resource);
          return match ? match[1].replace(/\\/g, '/') : null;
        };
        const groups = {};
        for (const group of compilation.chunkGroups) {
          if (!group.name) continue;
          const files = new Set();
          const packages = new Set();
          for (const chunk of group.chunks) {
            for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
            for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
              for (const inner of module.modules ?? [module]) {
                const pkg = packageOf(inner);
                if (pkg) packages.add(pkg);
              }
            }
          }
          groups[group.name] = { initial: group.isInitial(), files: [...files], packages: [...packages].sort() };
        }
        compilation.emitAsset('chunk-groups.json', new sources.RawSource(JSON.stringify(groups, null, 2)));
      });
    });
  }
}

async function httpsOptions() {
  const devCerts = require('office-addin-dev-certs');
  const options = await devCerts.getHttpsServerOptions();
  return { ca: options.ca, key: options.key, cert: options.cert };
}

module.exports = async (env = {}, argv = {}) => {
  const dev = argv.mode === 'development';
  const host = addinHost();
  const localOfficeJs = process.env.OFFICE_JS_LOCAL === '1';
  const officeJs = localOfficeJs ? 'office-js/office.js' : OFFICE_JS_CDN;
  // Said for the release build only (`npm run build`): knip reads this file and `npm test` checks a
  // build for its budgets, and neither ships a manifest.
  if (!dev && host === DEV_HOST && !env.WEBPACK_SERVE && process.env.npm_lifecycle_event === 'build') {
    console.warn(`[checklists] ADDIN_HOST is not set: dist/manifest.xml points at ${DEV_HOST}.`);
  }

  const page = (filename, template, chunks) =>
    new HtmlWebpackPlugin({
      filename,
      template,
      chunks: ['runtime', ...chunks],
      chunksSortMode: 'manual',
      templateParameters: { officeJs },
    });

  return {
    devtool: 'source-map',
    entry: {
      taskpane: './src/taskpane/index.ts',
      functions: FUNCTIONS_SOURCE,
      commands: './src/commands/commands.ts',
    },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: '[name].js',
      chunkFilename: 'chunks/[name].[contenthash:8].js',
      // dist/cli.cjs is the command line's bundle (npm run build:cli): not ours to delete.
      clean: { keep: /^cli\./ },
    },
    // One module registry for the page: the task pane, the functions and the ribbon share the
    // scheduler, its cache and the in-process sandbox instead of each bundling its own copy.
    // Code two entries or lazy parts share is split out once (chunks: 'all'), so the page never
    // loads a module twice; the pane, the result renderers, the bulk panel, the settings, the
    // dark themes and the sandbox are lazy imports (webpackChunkName in src/) that load on
    // demand. The budgets: npm run build:check (scripts/build-check.mjs).
    optimization: {
      // terser with one pass more than webpack's two, and free to write ES2020 (the level swc
      // compiles to, scripts/webpack-rules.js): 87 bytes of the pane's first render, gzipped.
      minimizeOptions: { javascript: { ecma: 2020, compress: { passes: 3 } } },
      runtimeChunk: 'single',
      splitChunks: {
        chunks: 'all',
        filename: 'chunks/[name].[contenthash:8].js',
        cacheGroups: {
          // All the functions and the ribbon commands share with the pane (zod, core, service, the
          // ribbon-to-pane handshake) as one file: one request and one gzip stream instead of
          // several (about 2 KB less on the runtime page), and no module twice on the page.
          functionsShared: {
            test: (module, { chunkGraph }) =>
              [...chunkGraph.getModuleChunksIterable(module)].some(
                (chunk) => chunk.name === 'functions' || chunk.name === 'commands',
              ),
            minChunks: 2,
            name: 'shared',
            priority: 20,
            reuseExistingChunk: true,
            enforce: true,
          },
        },
      },
    },
    resolve: { extensions: ['.ts', '.tsx', '.js'] },
    module: {
      rules: [
        griffelRule(),
        scriptRule(),
        zodJsonSchemaStubRule(),
        { test: /\.(png|jpg|jpeg|gif|ico)$/, type: 'asset/resource' },
      ],
    },
    performance: { hints: false },
    plugins: [
      new CustomFunctionsMetadataPlugin({ output: 'functions.json', input: FUNCTIONS_SOURCE }),
      new LocalizedFunctionsMetadataPlugin(FUNCTION_LOCALES),
      new ChunkGroupsManifestPlugin(),
      // The shared runtime page: everything runs here (manifest: <Runtime resid="Taskpane.Url">).
      page('taskpane.html', './src/taskpane/index.html', ['functions', 'commands', 'taskpane']),
      // Stand-alone pages for hosts or tools that load one surface without the shared runtime.
      page('functions.html', './src/functions/functions.html', ['functions']),
      page('commands.html', './src/commands/commands.html', ['commands']),
      new CopyWebpackPlugin({
        patterns: [
          { from: 'assets/*.png', to: 'assets/[name][ext]' },
          {
            from: 'manifest.xml',
            to: 'manifest.xml',
            transform: (content) => retargetManifest(content.toString(), host),
          },
          ...(localOfficeJs
            ? ['office.js', 'o15apptofilemappingtable.js', 'en-us/office_strings.js', 'uk-ua/office_strings.js'].map(
                (file) => ({
                  from: path.join(OFFICE_JS_PACKAGE, 'dist', file),
                  to: `office-js/${file}`,
                }),
              )
            : []),
        ],
      }),
    ],
    devServer: {
      // The manifest's development host (scripts/addin-host.js DEV_HOST) is https://localhost:3000.
      port: 3000,
      headers: { 'Access-Control-Allow-Origin': '*' },
      server: { type: 'https', options: env.WEBPACK_SERVE ? await httpsOptions() : undefined },
      // Only the build output is served, never the repository.
      static: false,
      hot: false,
      client: { overlay: { warnings: false } },
    },
  };
};
