import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium: playwright cannot download its own browser here (no network in CI). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage'];

/**
 * Missing Chromium fails the browser tests, in CI and locally alike: a skipped browser test
 * would let a broken task pane pass. The message says how to fix it.
 */
export function chromiumProblem(executable = CHROMIUM_PATH): string | null {
  try {
    fs.accessSync(executable, fs.constants.X_OK);
    return null;
  } catch {
    const where = process.env.CI === 'true' ? ' (.ci/run installs it when missing: check that step)' : '';
    return `Chromium not found at ${executable}: the browser tests need it. Install it with \`apt-get install chromium\`${where}, or set CHROMIUM_PATH.`;
  }
}

export async function launchChromium(): Promise<Browser> {
  const problem = chromiumProblem();
  if (problem) throw new Error(problem);
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS });
}
