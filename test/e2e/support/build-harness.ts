import path from 'node:path';
import fs from 'node:fs';
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
function buildHarness(outputPath: string = config.DEFAULT_OUTPUT): Promise<HarnessBuild> {
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

const RUN = process.env.CHECKLISTS_TEST_RUN;
const HARNESS_ROOT = path.join(__dirname, '..', '..', '..', 'test-results');

/**
 * One harness build for every browser test file of a jest run (test/support/global-setup.cjs
 * names the run): the first file to ask builds it, the others wait for it. A cold webpack build
 * takes about 22 s on 2 cores, and three files building it at once took that each, side by side.
 * Outside a jest run (no run name), each caller builds its own.
 */
export async function sharedHarness(): Promise<HarnessBuild> {
  if (!RUN) return buildHarness(path.join(HARNESS_ROOT, `.harness-${process.pid}`));
  const dir = path.join(HARNESS_ROOT, `.harness-run-${RUN}`);
  const built = path.join(dir, '.built');
  const failed = path.join(dir, '.failed');
  const started = Date.now();
  fs.mkdirSync(HARNESS_ROOT, { recursive: true });
  let builder = false;
  try {
    fs.mkdirSync(`${dir}.lock`);
    builder = true;
  } catch {
    // Another file of this run is building it.
  }
  if (builder) {
    try {
      const build = await buildHarness(dir);
      fs.writeFileSync(built, '');
      return build;
    } catch (error) {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(failed, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }
  while (Date.now() - started < 240_000) {
    if (fs.existsSync(built)) return { dir, durationMs: Date.now() - started };
    if (fs.existsSync(failed)) throw new Error(fs.readFileSync(failed, 'utf8'));
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the shared harness build in ${dir} did not finish within 240 s`);
}
