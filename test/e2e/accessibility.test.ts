/**
 * The task pane against WCAG 2.1 A and AA, as axe-core checks it in Chromium, in the states an analyst
 * spends the day in (the relay's decision and history views: relay.test.ts), and a search by keyboard.
 */
import type { Browser } from 'playwright-core';
import { KNOWN } from '../../src/sandbox';
import { CLIENT_SHEET } from './harness/client-list';
import { taskpaneMessages as m } from '../../src/taskpane/shell/messages';
import { settingsMessages as settingsText } from '../../src/taskpane/settings/settings-messages';
import { resultsMessages as resultsText } from '../../src/taskpane/results/results-messages';
import { registryDef } from '../../src/core/protocol/registries';
import { bulkMessages as b } from '../../src/bulk/messages';
import { launchChromium } from './support/browser';
import { sharedHarness } from './support/build-harness';
import { accessibilityFindings } from './support/accessibility';
import { openPane, type PaneSession } from './support/session';
import { startStaticServer, type StaticServer } from './support/static-server';

jest.setTimeout(90_000);

let browser: Browser;
let server: StaticServer;
const sessions: PaneSession[] = [];

beforeAll(async () => {
  // The pane's own in-process sandbox answers (no settings saved): the page needs only its files.
  const build = await sharedHarness();
  server = await startStaticServer({ root: build.dir });
  browser = (await launchChromium()).browser;
}, 240_000);

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(query = '', locale = 'uk-UA'): Promise<PaneSession> {
  const session = await openPane(browser, server.origin, { query, locale });
  sessions.push(session);
  return session;
}

test('the pane meets WCAG 2.1 AA as axe-core checks it: search and its answer, settings with errors, a bulk run, the dark theme, in Ukrainian and English', async () => {
  const findings: string[] = [];
  for (const [lang, locale] of [
    ['uk', 'uk-UA'],
    ['en', 'en-GB'],
  ] as const) {
    const s = await open('', locale);
    findings.push(...(await accessibilityFindings(s, `${lang} search form`)));
    await s.pane.getByLabel(m.t(lang, 'search.name'), { exact: true }).fill(KNOWN.pepSanctioned.name);
    await s.pane.getByLabel(m.t(lang, 'search.date'), { exact: true }).fill('12.04.1967');
    await s.pane.getByRole('button', { name: m.t(lang, 'search.submit'), exact: true }).click();
    await s.pane.getByTestId('results').getByRole('article').first().waitFor({ timeout: 15_000 });
    findings.push(...(await accessibilityFindings(s, `${lang} answer with hits`)));

    await s.pane.getByRole('tab', { name: m.t(lang, 'tab.settings'), exact: true }).click();
    await s.pane
      .getByLabel(settingsText.t(lang, 'settings.primaryUrl'), { exact: true })
      .fill('http://checklists.example.com');
    await s.pane.getByLabel(settingsText.t(lang, 'settings.tokken'), { exact: true }).fill('demo tokken');
    await s.pane.getByRole('button', { name: settingsText.t(lang, 'settings.save'), exact: true }).click();
    await s.pane.getByText(settingsText.t(lang, 'settings.fixErrors')).waitFor();
    findings.push(...(await accessibilityFindings(s, `${lang} settings with errors`)));

    await s.pane.getByRole('tab', { name: m.t(lang, 'tab.bulk'), exact: true }).click();
    // The list's first six clients, a known PEP among them: the pane's states are the same for 200.
    await s.harness('select', CLIENT_SHEET, 'A1:D7');
    await s.pane.getByRole('button', { name: b.t(lang, 'panel.readSelection'), exact: true }).click();
    await s.pane.getByTestId('bulk-source').waitFor();
    await s.pane.getByRole('button', { name: b.t(lang, 'panel.start'), exact: true }).click();
    await s.pane.getByTestId('bulk-outcome').waitFor({ timeout: 60_000 });
    // What it cost: the PEP searched above came from the add-in's cache, the other five were asked.
    expect(await s.pane.getByTestId('bulk-requests').textContent()).toBe(
      [b.t(lang, 'panel.requests', { sent: 5 }), b.t(lang, 'panel.requests.cached', { count: 1 })].join(' '),
    );
    findings.push(...(await accessibilityFindings(s, `${lang} bulk run done`)));
    await s.page.getByRole('button', { name: 'Dark Office theme' }).click();
    findings.push(...(await accessibilityFindings(s, `${lang} bulk run done, dark theme`)));
    expect(s.pageErrors).toEqual([]);
  }
  expect(findings).toEqual([]);
});

test('a search needs no mouse: name, Tab, date, Enter; the answer takes focus, and Tab goes through its registries', async () => {
  const s = await open('', 'en-GB');
  const focused = () =>
    s.page.evaluate(() => {
      const el = document.activeElement;
      return {
        inPane: Boolean(el?.closest('#taskpane')),
        role: el?.getAttribute('role') ?? el?.tagName.toLowerCase(),
        name: el?.getAttribute('aria-label') ?? el?.textContent ?? '',
      };
    });
  await s.pane.getByLabel(m.t('en', 'search.name'), { exact: true }).focus();
  await s.page.keyboard.type(KNOWN.pepSanctioned.name);
  await s.page.keyboard.press('Tab');
  await s.page.keyboard.type('12.04.1967');
  await s.page.keyboard.press('Enter');
  await s.pane.getByTestId('results').getByRole('article').first().waitFor({ timeout: 15_000 });
  await expect(focused()).resolves.toEqual({
    inPane: true,
    role: 'region',
    name: resultsText.t('en', 'results.region'),
  });
  const order: string[] = [];
  for (let i = 0; i < 3; i++) {
    await s.page.keyboard.press('Tab');
    order.push((await focused()).name);
  }
  expect(order).toEqual((['peps', 'psanctions', 'edr'] as const).map((key) => registryDef(key).shortLabel.en));
  expect(s.pageErrors).toEqual([]);
});
