import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';

/**
 * Where the browser tests get a browser, in this order:
 *   1. CHROMIUM_PATH, when set (it must exist: a wrong path is an error, not a reason to look elsewhere);
 *   2. a Chrome, Edge or Chromium installed on the machine;
 *   3. the headless Chromium that npm installed with the devDependencies (@sparticuz/chromium),
 *      unpacked on first use into the temp folder.
 * CHECKLISTS_TEST_BROWSER=bundled skips 1 and 2, so the fallback is tested on a machine that has a browser.
 */
export type BrowserSource = 'CHROMIUM_PATH' | 'installed' | 'bundled';

export interface FoundBrowser {
  source: BrowserSource;
  executablePath: string;
  /** Extra environment for the browser process (the bundled one brings its own fonts). */
  env: Record<string, string>;
}

export interface DiscoveryEnvironment {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  arch: string;
  isExecutable(file: string): boolean;
  /** Unpacks the npm-installed browser and says where it is. */
  unpackBundled(): Promise<string>;
}

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/**
 * The stable channels playwright-core itself knows (its registry's chrome, msedge and chromium
 * entries: `chromium.launch({ channel })`), plus the distributions' own Chromium packages. Its
 * lookup is not a public API, so the same table is written out here.
 */
export function installedBrowserCandidates(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string[] {
  if (platform === 'linux') {
    return [
      '/opt/google/chrome/chrome',
      '/opt/microsoft/msedge/msedge',
      '/usr/bin/chromium',
      '/usr/bin/chromium-browser',
      '/snap/bin/chromium',
      '/usr/bin/google-chrome',
      '/usr/bin/microsoft-edge',
    ];
  }
  if (platform === 'darwin') {
    return [
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
    ];
  }
  if (platform === 'win32') {
    const roots = [env.LOCALAPPDATA, env.PROGRAMFILES, env['PROGRAMFILES(X86)']].filter((r): r is string => Boolean(r));
    return roots.flatMap((root) => [
      path.win32.join(root, 'Google', 'Chrome', 'Application', 'chrome.exe'),
      path.win32.join(root, 'Microsoft', 'Edge', 'Application', 'msedge.exe'),
    ]);
  }
  return [];
}

/** @sparticuz/chromium ships a Linux x64 build only. */
export function bundledSupported(platform: NodeJS.Platform, arch: string): boolean {
  return platform === 'linux' && arch === 'x64';
}

export async function findBrowser(environment: DiscoveryEnvironment = realEnvironment()): Promise<FoundBrowser> {
  const { env, platform, arch } = environment;
  const forced = env.CHECKLISTS_TEST_BROWSER;
  if (forced && forced !== 'bundled' && forced !== 'auto') {
    throw new Error(`CHECKLISTS_TEST_BROWSER=${forced}: use "bundled" (the npm-installed Chromium) or leave it unset.`);
  }
  if (forced !== 'bundled') {
    if (env.CHROMIUM_PATH) {
      if (!environment.isExecutable(env.CHROMIUM_PATH)) {
        throw new Error(`CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file: fix it or unset it.`);
      }
      return { source: 'CHROMIUM_PATH', executablePath: env.CHROMIUM_PATH, env: {} };
    }
    const installed = installedBrowserCandidates(platform, env).find((file) => environment.isExecutable(file));
    if (installed) return { source: 'installed', executablePath: installed, env: {} };
  }
  if (!bundledSupported(platform, arch)) {
    throw new Error(
      `No browser for the browser tests: install Chrome, Edge or Chromium, or set CHROMIUM_PATH. ` +
        `(The npm-installed Chromium runs on Linux x64 only; this is ${platform} ${arch}.)`,
    );
  }
  const executablePath = await environment.unpackBundled();
  // The package's fonts (with Cyrillic) unpack next to the browser; a bare machine has none of its own.
  return {
    source: 'bundled',
    executablePath,
    env: { FONTCONFIG_PATH: path.join(path.dirname(executablePath), 'fonts') },
  };
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

const run = promisify(execFile);
const LOCK = path.join(os.tmpdir(), 'checklists-bundled-chromium.lock');
const LOCK_STALE_MS = 120_000;

/**
 * The package is ESM and finds its archives through import.meta.url, which Jest's module system
 * cannot load; a child Node process unpacks it instead. Jest runs test files in parallel and the
 * package writes straight to <tmp>/chromium, so a lock folder keeps a second worker from reading
 * a half-written file.
 */
export async function unpackBundledChromium(): Promise<string> {
  const started = Date.now();
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS) fs.rmSync(LOCK, { recursive: true, force: true });
      else if (Date.now() - started > LOCK_STALE_MS) {
        throw new Error(`waited too long for ${LOCK}: remove it if no test is running`, { cause: error });
      } else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    const script =
      "import('@sparticuz/chromium').then(async (m) => process.stdout.write(await m.default.executablePath()))";
    const { stdout } = await run(process.execPath, ['-e', script], {
      cwd: path.resolve(__dirname, '..', '..', '..'),
      timeout: 120_000,
    });
    const file = stdout.trim();
    if (!isExecutable(file)) throw new Error(`@sparticuz/chromium unpacked to ${file}, which is not executable`);
    return file;
  } catch (error) {
    throw new Error(
      `The npm-installed Chromium (@sparticuz/chromium) could not be unpacked: ${(error as Error).message}. Run npm ci, or set CHROMIUM_PATH.`,
      { cause: error },
    );
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

function realEnvironment(env: NodeJS.ProcessEnv = process.env): DiscoveryEnvironment {
  return { env, platform: process.platform, arch: process.arch, isExecutable, unpackBundled: unpackBundledChromium };
}

function definedEntries(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

export interface LaunchedBrowser {
  browser: Browser;
  found: FoundBrowser;
}

/**
 * Missing every browser fails the browser tests, in CI and locally alike: a skipped browser test
 * would let a broken task pane pass. `bundled: true` always takes the npm-installed one.
 */
export async function launchChromium(options: { bundled?: boolean } = {}): Promise<LaunchedBrowser> {
  const env = options.bundled ? { ...process.env, CHECKLISTS_TEST_BROWSER: 'bundled' } : process.env;
  const found = await findBrowser(realEnvironment(env));
  const browser = await chromium.launch({
    executablePath: found.executablePath,
    headless: true,
    args: ARGS,
    env: { ...definedEntries(process.env), ...found.env },
  });
  return { browser, found };
}
