import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { HarnessApi } from '../harness/harness-api';

/** Screenshots of every step, git-ignored with the rest of test-results/. */
export const SCREENSHOT_DIR = path.resolve(__dirname, '..', '..', '..', 'test-results', 'e2e');

type HarnessMethod = {
  [K in keyof HarnessApi]: HarnessApi[K] extends (...args: never[]) => unknown ? K : never;
}[keyof HarnessApi];

export interface PaneSession {
  context: BrowserContext;
  page: Page;
  /** The task pane only: the harness's own grid and toolbar are outside it. */
  pane: Locator;
  /** Uncaught errors of the page; a scenario ends by asserting there are none. */
  pageErrors: string[];
  /** Requests that tried to leave loopback; all of them are refused. */
  blocked: string[];
  /** Calls a method of window.__harness in the page. */
  harness<K extends HarnessMethod>(method: K, ...args: Parameters<HarnessApi[K]>): Promise<ReturnType<HarnessApi[K]>>;
  /** Saves test-results/e2e/<name>.png of the viewport, after scrolling `focus` into view. */
  shot(name: string, focus?: Locator): Promise<string>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Harness query string, e.g. "latency=40". */
  query?: string;
  /** The browser's language, which the pane follows while its language setting is "auto". */
  locale?: string;
}

/**
 * A fresh browser context (empty localStorage: no saved settings) on the harness page, waiting
 * until office.js has answered and the pane has loaded its settings.
 */
export async function openPane(browser: Browser, origin: string, options: OpenOptions = {}): Promise<PaneSession> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 860 },
    locale: options.locale ?? 'uk-UA',
    deviceScaleFactor: 1,
  });
  const blocked: string[] = [];
  // No network: office.js's telemetry and anything else off loopback is refused at once.
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    blocked.push(url);
    return route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${origin}/${options.query ? `?${options.query}` : ''}`);
  await waitForHarness(page, pageErrors);
  const pane = page.locator('#taskpane');
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    context,
    page,
    pane,
    pageErrors,
    blocked,
    harness: (method, ...args) =>
      page.evaluate(
        ([m, a]) => {
          const api = (window as unknown as { __harness: Record<string, (...x: unknown[]) => unknown> }).__harness;
          return api[m](...a);
        },
        [method, args as unknown[]] as const,
      ) as never,
    shot: async (name, focus) => {
      if (focus) await focus.first().scrollIntoViewIfNeeded();
      const file = path.join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path: file });
      return file;
    },
    close: () => context.close(),
  };
}

export async function waitForHarness(page: Page, pageErrors: readonly string[] = []): Promise<void> {
  const outcome = await page
    .waitForFunction(
      () => {
        const w = window as unknown as { __harness?: { ready: boolean }; __harnessError?: string };
        return w.__harnessError ? `error: ${w.__harnessError}` : w.__harness?.ready ? 'ready' : null;
      },
      null,
      { timeout: 20_000 },
    )
    .then((h) => h.jsonValue())
    // A page that never becomes ready usually threw while loading: say what it threw.
    .catch((error: unknown) => {
      throw new Error(`harness did not start (${String(error)}); page errors: ${JSON.stringify(pageErrors)}`);
    });
  if (outcome !== 'ready') {
    throw new Error(`harness did not start: ${String(outcome)}; page errors: ${JSON.stringify(pageErrors)}`);
  }
  // The pane has read its settings once the tab list and a panel are there.
  await page.locator('#taskpane [role="tabpanel"]').waitFor({ state: 'attached', timeout: 20_000 });
}

/** Waits until the locator's text contains `text`; the failure names what it read instead. */
export async function waitForText(locator: Locator, text: string, timeout = 15_000): Promise<string> {
  const deadline = Date.now() + timeout;
  let last = '';
  while (Date.now() < deadline) {
    last = (await locator.count()) > 0 ? ((await locator.first().textContent()) ?? '') : '(not present)';
    if (last.includes(text)) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`expected text ${JSON.stringify(text)}; read ${JSON.stringify(last)}`);
}

/** A catalogue template ("Cancelled at {done} of {total} rows.") as a pattern capturing each number. */
export function templatePattern(template: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // {n} is a number; {n|рядок|рядки|рядків} one of the word's forms (core/text/i18n.ts), matched but not captured.
  const pattern = template
    .split(/(\{\w+(?:\|[^|{}]+)*\})/)
    .map((part, i) => {
      if (i % 2 === 0) return escape(part);
      const forms = part.slice(1, -1).split('|').slice(1);
      return forms.length === 0 ? '(\\d+)' : `(?:${forms.map(escape).join('|')})`;
    })
    .join('');
  return new RegExp(pattern);
}
