/**
 * One origin in a real browser: the task pane, served by the relay, searches through the relay
 * to the sandbox over loopback. The sandbox never sees the browser; no CORS header is needed
 * or sent anywhere.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Request, Response } from 'playwright-core';
import { KNOWN } from '../../src/sandbox';
import { taskpaneMessages as m } from '../../src/taskpane/shell/messages';
import { serviceMessages } from '../../src/shared-runtime/messages';
import { settingsMessages as settingsText } from '../../src/taskpane/settings/settings-messages';
import { relayPaneMessages as r } from '../../src/taskpane/settings/relay-connection';
import { resultsMessages as resultsText } from '../../src/taskpane/results/results-messages';
import {
  addKey,
  startRecordingSandbox,
  startTestDatabase,
  startTestRelay,
  TOKKEN,
  type RecordingSandbox,
  type TestDatabase,
  type TestRelay,
} from '../integration/relay-support';
import { FRESH_HEADER } from '../../src/core/request/client';
import { accessibilityFindings } from './support/accessibility';
import { launchChromium } from './support/browser';
import { sharedHarness } from './support/build-harness';
import { openPane, waitForText } from './support/session';
import { CLIENT_SHEET } from './harness/client-list';
import { RESULTS_TABLE_PREFIX } from './harness/harness-workbook';
import { bulkMessages as b } from '../../src/bulk/messages';
import { rescreenMessages as rescreenText } from '../../src/bulk/rescreen-messages';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse = require('pdf-parse/lib/pdf-parse.js') as (data: Buffer) => Promise<{ text: string }>;

jest.setTimeout(120_000);

const uk = 'uk' as const;
let browser: Browser;
let db: TestDatabase;
let sandbox: RecordingSandbox;
let relay: TestRelay;

beforeAll(async () => {
  // Its own output folder: other e2e files build the default one at the same time.
  const [build, database, upstream] = await Promise.all([
    sharedHarness(),
    startTestDatabase(),
    startRecordingSandbox(2),
  ]);
  db = database;
  sandbox = upstream;
  relay = await startTestRelay(db.url, sandbox.urls, {}, { distDir: build.dir });
  // Fail, never skip: launchChromium finds an installed browser or the npm-installed one.
  browser = (await launchChromium()).browser;
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await relay?.close();
  await sandbox?.close();
  await db?.drop();
});

test('the pane loaded from the relay proposes it, tests the analyst key and searches through it to the sandbox', async () => {
  const key = await addKey(relay.store, 'olena');
  const s = await openPane(browser, relay.url);
  const responses: Response[] = [];
  s.page.on('response', (res) => responses.push(res));
  const apiRequests: Request[] = [];
  s.page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api') apiRequests.push(req);
  });
  const consoleErrors: string[] = [];
  s.page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  const field = (label: string) => s.pane.getByLabel(label, { exact: true });
  const button = (name: string) => s.pane.getByRole('button', { name, exact: true });

  await s.pane.getByRole('tab', { name: m.t(uk, 'tab.settings'), exact: true }).click();
  await waitForText(s.pane.getByTestId('relay-proposed'), relay.url);
  expect(await field(r.t(uk, 'relay.address')).inputValue()).toBe(relay.url);
  expect(await s.pane.getByLabel('IDsubjectFM').count()).toBe(0);
  await s.shot('relay-01-proposed', s.pane.getByTestId('relay-proposed'));

  await field(r.t(uk, 'relay.key')).fill('ckr_AAAAAAAAAAAA_' + 'b'.repeat(43));
  await button(settingsText.t(uk, 'settings.test')).click();
  const outcome = s.pane.getByTestId('connection-test');
  await waitForText(outcome, r.t(uk, 'test.badKey'));
  expect(await outcome.getAttribute('data-kind')).toBe('bad-key');

  await field(r.t(uk, 'relay.key')).fill(key);
  await button(settingsText.t(uk, 'settings.test')).click();
  await waitForText(outcome, r.t(uk, 'test.ok'));
  expect(await outcome.getAttribute('data-kind')).toBe('ok');
  // This relay's upstream is the sandbox (the demo tokken): the test says its answers are fictional.
  await waitForText(outcome, r.t(uk, 'test.ok.sandbox'));
  // The test asked the relay only; the service was not paid for it.
  expect(sandbox.requests).toHaveLength(0);
  await button(settingsText.t(uk, 'settings.save')).click();
  await s.pane.getByText(settingsText.t(uk, 'settings.saved.live')).waitFor();
  await waitForText(s.pane.getByTestId('mode-badge'), m.t(uk, 'mode.live'));
  await s.shot('relay-02-saved', s.pane.getByTestId('mode-badge'));
  // The analyst key is stored on this PC (it is the analyst's own); the tokken never comes near it.
  expect(JSON.stringify(await s.page.evaluate(() => ({ ...localStorage })))).not.toContain(TOKKEN);

  await s.pane.getByRole('tab', { name: m.t(uk, 'tab.search'), exact: true }).click();
  await field(m.t(uk, 'search.name')).fill(KNOWN.pepSanctioned.name);
  await field(m.t(uk, 'search.date')).fill('12.04.1967');
  await button(m.t(uk, 'search.submit')).click();
  const results = s.pane.getByTestId('results');
  await results.waitFor({ timeout: 20_000 });
  await results.locator('section[data-registry="peps"]').getByRole('article').first().waitFor();
  // Not the pane's built-in sandbox (its banner would ask for credentials): the relay's answer says
  // its upstream is a sandbox server.
  const banner = results.getByTestId('sandbox-banner');
  await waitForText(banner, serviceMessages.t(uk, 'mode.sandboxServer.label'));
  expect(await banner.textContent()).not.toContain(m.t(uk, 'sandbox.body'));
  await s.shot('relay-03-search', results.locator('section[data-registry="peps"]'));

  // The sandbox saw the relay, not the browser: one request, no Origin, no browser agent, the real tokken.
  expect(sandbox.requests).toHaveLength(1);
  const upstream = sandbox.requests[0];
  expect(upstream.headers.origin).toBeUndefined();
  expect(upstream.headers['user-agent'] ?? '').not.toMatch(/Mozilla|Chrome|HeadlessChrome/);
  expect(JSON.parse(upstream.body)).toEqual(expect.objectContaining({ tokken: TOKKEN, IDuserPC: 'olena' }));
  // Every request of the page went to the relay's own origin, and no answer needed CORS.
  const apiCalls = responses.filter((res) => new URL(res.url()).pathname === '/api');
  expect(apiCalls.length).toBeGreaterThanOrEqual(1);
  for (const res of responses) {
    expect(res.url().startsWith(relay.url) || res.url().startsWith('data:')).toBe(true);
    for (const name of Object.keys(await res.allHeaders())) expect(name).not.toMatch(/^access-control-/i);
  }
  expect(s.blocked.filter((u) => sandbox.urls.some((base) => u.startsWith(base)))).toEqual([]);
  expect(consoleErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  expect(s.pageErrors).toEqual([]);

  const rows = await relay.store.readAudit({ analyst: 'olena' });
  expect(rows).toHaveLength(1);
  expect(rows[0]).toEqual(expect.objectContaining({ status: 200, servedBy: sandbox.urls[0], fromCache: false }));

  // The decision from the hit card, then the subject's history, over the page's own origin.
  const card = results.locator('section[data-registry="peps"]').getByRole('article').first();
  await card.getByRole('button', { name: resultsText.t(uk, 'decide.record'), exact: true }).click();
  await waitForText(card.getByRole('status'), resultsText.t(uk, 'decide.recorded', { id: 1 }));
  await button(resultsText.t(uk, 'history.button')).click();
  const history = results.getByTestId('history');
  await waitForText(history, resultsText.t(uk, 'history.title'));
  const lines = await history.locator('xpath=./ul/li').allTextContents();
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^#1 {2}\d{4}-\d\d-\d\d \d\d:\d\d UTC {2}olena {2}peps:\S+ {2}справжній збіг/);
  // Under it, the facts the card showed when the decision was made: what an approver judges it on.
  expect(await history.locator('li li').allTextContents()).toEqual([
    expect.stringMatching(/^ПІБ збігається: «.+»\.$/),
    expect.stringMatching(/^Дата народження збігається: \d{4}-\d\d-\d\d\.$/),
  ]);
  await s.shot('relay-03-decision-history', history);
  expect(await accessibilityFindings(s, 'a decided hit and its history')).toEqual([]);
  // Reading the record asked the service nothing.
  expect(sandbox.requests).toHaveLength(1);

  // The same search again: the pane's own cache answers. "Search again without the cache" then goes
  // past the relay's shared cache too, with a header of its own (why not Cache-Control: the test
  // after this one).
  await button(m.t(uk, 'search.unfold')).click();
  await button(m.t(uk, 'search.submit')).click();
  const origin = (from: string) => results.locator(`[data-testid="audit-origin"][data-from-cache="${from}"]`);
  await origin('true').waitFor();
  expect(sandbox.requests).toHaveLength(1);
  await button(resultsText.t(uk, 'fresh.ask')).click();
  await origin('false').waitFor();
  expect(sandbox.requests).toHaveLength(2);
  const sent = await Promise.all(apiRequests.map((req) => req.allHeaders()));
  expect(sent.map((h) => h[FRESH_HEADER.toLowerCase()])).toEqual([undefined, '1']);

  // Revoked while the pane is open: the next test names it. The relay reads key rows again every
  // 250 ms and promises a revocation felt within about a second; a click inside that window would
  // race it, so the test clicks once the relay refuses the key.
  await relay.store.revokeKey('olena');
  const revokedBy = Date.now() + 2_000;
  while (
    (await fetch(`${relay.url}/relay/check`, { method: 'POST', body: JSON.stringify({ tokken: key }) })).status !== 403
  ) {
    if (Date.now() > revokedBy) throw new Error('the relay still accepts a key revoked 2 s ago');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await s.pane.getByRole('tab', { name: m.t(uk, 'tab.settings'), exact: true }).click();
  await button(settingsText.t(uk, 'settings.test')).click();
  await waitForText(s.pane.getByTestId('connection-test'), r.t(uk, 'test.revokedKey'));
  expect(await s.pane.getByTestId('connection-test').getAttribute('data-kind')).toBe('revoked-key');
  await s.shot('relay-04-revoked', s.pane.getByTestId('connection-test'));
  expect(await accessibilityFindings(s, 'a revoked key in the settings')).toEqual([]);
  await s.close();
});

test('a bulk run through the relay writes each row’s audit no.; the selected row’s certificate downloads from the archive', async () => {
  const key = await addKey(relay.store, 'bohdan');
  const s = await openPane(browser, relay.url);
  const button = (name: string) => s.pane.getByRole('button', { name, exact: true });
  await s.pane.getByRole('tab', { name: m.t(uk, 'tab.settings'), exact: true }).click();
  await s.pane.getByLabel(r.t(uk, 'relay.key'), { exact: true }).fill(key);
  await button(settingsText.t(uk, 'settings.save')).click();
  await s.pane.getByText(settingsText.t(uk, 'settings.saved.live')).waitFor();

  await s.harness('select', CLIENT_SHEET, 'A1:D6');
  await s.pane.getByRole('tab', { name: m.t(uk, 'tab.bulk'), exact: true }).click();
  await button(b.t(uk, 'panel.readSelection')).click();
  await button(b.t(uk, 'panel.start')).click();
  await s.pane.getByTestId('bulk-outcome').waitFor({ timeout: 30_000 });
  const table = (await s.harness('tables')).find(
    (t) => t.name.startsWith(RESULTS_TABLE_PREFIX) && !/_(hits|gone)$/.test(t.name),
  )!;
  const values = await s.harness('sheetValues', table.sheet);
  const header = values.findIndex((row) => row[0] === b.t(uk, 'col.row'));
  const column = values[header].indexOf(b.t(uk, 'col.relayAudit'));
  const audit = await relay.store.readAudit({ analyst: 'bohdan' });
  const rows = values.slice(header + 1).filter((row) => typeof row[column] === 'number');
  // Every screened row names the relay's audit row of its own client's request.
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const of = audit.find((a) => a.id === row[column]);
    expect(of?.query.name).toBe(String(row[1]).replace(/^'/, ''));
  }

  const known = values.findIndex((row) => row[1] === KNOWN.pepSanctioned.name);
  const id = values[known][column] as number;
  await s.harness('select', table.sheet, `C${known + 1}`);
  const [download] = await Promise.all([
    s.page.waitForEvent('download'),
    button(rescreenText.t(uk, 'panel.rowCertificate')).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`checklists-certificate-${id}.pdf`);
  const text = (await pdfParse(readFileSync(await download.path()))).text.replace(/\s+/g, ' ');
  expect(text).toContain(`Номер у журналі релея: ${id}`);
  expect(text).toContain(KNOWN.pepSanctioned.name);
  expect(text).toContain('Хто перевіряв: bohdan');
  expect(text).not.toContain(TOKKEN);
  await waitForText(s.pane.getByTestId('bulk-row-certificate-outcome'), `checklists-certificate-${id}.pdf`);

  // Every client's row selected: one PDF from the relay, a page listing the requests first.
  const ids = [...new Set(rows.map((row) => row[column] as number))];
  expect(ids.length).toBeGreaterThan(1);
  await s.harness('select', table.sheet, `A${header + 2}:F${header + 1 + values.slice(header + 1).length}`);
  const [sample] = await Promise.all([
    s.page.waitForEvent('download'),
    button(rescreenText.t(uk, 'panel.rowCertificate')).click(),
  ]);
  const file = `checklists-certificates-${ids[0]}-${ids[ids.length - 1]}.pdf`;
  expect(sample.suggestedFilename()).toBe(file);
  const sampled = (await pdfParse(readFileSync(await sample.path()))).text.replace(/\s+/g, ' ');
  expect(sampled).toContain(`Довідки про перевірку з архіву релея: ${ids.length}`);
  for (const each of ids) expect(sampled).toContain(`Номер у журналі релея: ${each}`);
  expect(sampled).not.toContain(TOKKEN);
  await waitForText(s.pane.getByTestId('bulk-row-certificate-outcome'), file);
  await s.shot('relay-05-row-certificate', s.pane.getByTestId('bulk-row-certificate-outcome'));
  expect(s.pageErrors).toEqual([]);
  await s.close();
});

test('the browser puts Cache-Control: no-cache on every fetch made with cache: no-store, as the pane’s are: so it cannot mean “ask again”', async () => {
  // Playwright's view of a request leaves out what the network layer adds: a server of our own sees it.
  const seen: (string | undefined)[][] = [];
  const server = createServer((req, res) => {
    if (req.url !== '/') {
      seen.push([req.url, req.headers['cache-control'], req.headers[FRESH_HEADER.toLowerCase()] as string]);
    }
    res.setHeader('Content-Type', 'text/html');
    res.end('<!doctype html><title>t</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const page = await browser.newPage();
  try {
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.evaluate(async (fresh) => {
      await fetch('/api', { method: 'POST', body: '{}', cache: 'no-store' });
      await fetch('/api?again', { method: 'POST', body: '{}', cache: 'no-store', headers: { [fresh]: '1' } });
    }, FRESH_HEADER);
  } finally {
    await page.close();
    server.close();
  }
  expect(seen).toEqual([
    ['/api', 'no-cache', undefined],
    ['/api?again', 'no-cache', '1'],
  ]);
});
