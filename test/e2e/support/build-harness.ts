import path from 'node:path';
import webpack, { type Configuration } from 'webpack';

interface HarnessConfigModule {
  harnessConfig(options?: { outputPath?: string; cache?: boolean }): Configuration;
  DEFAULT_OUTPUT: string;
}

// The config is plain CommonJS, shared with `npx webpack --config test/e2e/webpack.harness.js`.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require(path.join(__dirname, '..', 'webpack.harness.js')) as HarnessConfigModule;

export interface HarnessBuild {
  /** Directory holding index.html, harness.js and office-js/. */
  dir: string;
  durationMs: number;
}

/** Builds the harness page with webpack's Node API; rejects with webpack's own error text. */
export function buildHarness(outputPath: string = config.DEFAULT_OUTPUT): Promise<HarnessBuild> {
  const started = Date.now();
  const compiler = webpack(config.harnessConfig({ outputPath }));
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => {
        if (error) reject(error);
        else if (!stats || stats.hasErrors()) {
          reject(
            new Error(
              `harness build failed:\n${stats?.toString({ all: false, errors: true, errorDetails: true }) ?? 'no stats'}`,
            ),
          );
        } else resolve({ dir: outputPath, durationMs: Date.now() - started });
      });
    });
  });
}
