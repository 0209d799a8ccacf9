/**
 * Issue 16 in the browser: a decision set in the fake workbook's hits sheet, "Screen again" on
 * the results sheet a month later (the sandbox's next data revision), and the new hits sheet
 * read back: the carried decision and the New / Changed marks.
 */
import type { Browser } from 'playwright-core';
import { decisionText } from '../../src/bulk/decisions';
import { bulkMessages as b } from '../../src/bulk/messages';
import { rescreenMessages as r } from '../../src/bulk/rescreen-messages';
import { hitsColumns } from '../../src/bulk/result-table';
import { columnLetter } from '../../src/bulk/columns';
import { KNOWN } from '../../src/sandbox';
import { taskpaneMessages as m } from '../../src/taskpane/shell/messages';
import { CLIENT_SHEET } from './harness/client-list';
import { RESULTS_TABLE_PREFIX } from './harness/harness-workbook';
import { launchChromium } from './support/browser';
import { sharedHarness } from './support/build-harness';
import { openPane, type PaneSession } from './support/session';
import { startStaticServer, type StaticServer } from './support/static-server';

jest.setTimeout(120_000);

const uk = 'uk' as const;
let browser: Browser;
let server: StaticServer;
let session: PaneSession | null = null;

beforeAll(async () => {
  const build = await sharedHarness();
  server = await startStaticServer({ root: build.dir });
  // Fail, never skip: launchChromium finds an installed browser or the npm-installed one.
  browser = (await launchChromium()).browser;
}, 240_000);

afterAll(async () => {
  await session?.close();
  await browser?.close();
  await server?.close();
});

type Grid = (string | number | boolean)[][];

async function hitsSheets(s: PaneSession): Promise<string[]> {
  return (await s.harness('tables'))
    .filter((t) => t.name.startsWith(RESULTS_TABLE_PREFIX) && t.name.endsWith('_hits'))
    .map((t) => t.sheet);
}

function column(grid: Grid, id: string): number {
  const header = hitsColumns(uk).find((c) => c.id === id)!.header;
  return grid[0].indexOf(header);
}

test('a decision set in the hits sheet is carried by Screen again, with New and Changed marks', async () => {
  const s = await openPane(browser, server.origin, { locale: 'uk-UA' });
  session = s;
  await s.pane.getByRole('tab', { name: m.t(uk, 'tab.bulk'), exact: true }).click();
  await s.harness('select', CLIENT_SHEET, 'A1');
  await s.pane.getByRole('button', { name: b.t(uk, 'panel.readSelection'), exact: true }).click();
  await s.pane.getByRole('button', { name: b.t(uk, 'panel.start'), exact: true }).click();
  await s.pane.getByTestId('bulk-outcome').waitFor({ timeout: 60_000 });
  expect((await s.pane.getByTestId('bulk-outcome').textContent()) ?? '').toContain(b[uk]['panel.done'].split('{')[0]);
  const [firstHits] = await hitsSheets(s);
  const before = (await s.harness('sheetValues', firstHits)) as Grid;

  // The analyst marks the PEP hit of the sanctioned PEP a true match, through the drop-down's list.
  const decision = column(before, 'decision');
  const hitId = column(before, 'hitId');
  const pepRow = before.findIndex(
    (row) =>
      row[column(before, 'input')] === KNOWN.pepSanctioned.name &&
      String(row[hitId]).includes(`|peps:${KNOWN.pepSanctioned.idpep}|`),
  );
  expect(pepRow).toBeGreaterThan(0);
  const cell = `${columnLetter(decision)}${pepRow + 1}`;
  // The results sheet is the active one after a run; the analyst goes to the hits sheet's cell.
  const resultsSheet = await s.harness('activeSheet');
  expect(resultsSheet).not.toBe(firstHits);
  await s.harness('select', firstHits, cell);
  expect(await s.harness('typeValue', firstHits, cell, 'Підтвердженно')).toBe(false);
  expect(await s.harness('typeValue', firstHits, cell, decisionText('trueMatch', uk))).toBe(true);
  await s.page.locator(`table[data-sheet="${firstHits}"] [data-cell="${cell}"]`).scrollIntoViewIfNeeded();
  await s.shot('20-rescreen-decision-set');

  // A month later: the registers changed. The analyst goes back to the results sheet.
  await s.harness('setDataRevision', 1);
  await s.harness('select', resultsSheet, 'A1');
  // Offered on the results sheet, and named after it.
  await s.pane.locator('[data-testid="bulk-screen-again"]:enabled').waitFor({ timeout: 10_000 });
  expect(await s.pane.getByTestId('bulk-screen-again').textContent()).toBe(
    r.t(uk, 'panel.screenAgainOn', { sheet: String(resultsSheet) }),
  );
  await s.pane.getByTestId('bulk-screen-again').click();
  const summary = s.pane.getByTestId('bulk-rescreen-summary');
  await summary.waitFor({ timeout: 60_000 });
  const summaryText = (await summary.textContent()) ?? '';
  expect(summaryText).toMatch(
    /^Від попередньої перевірки: нових [1-9]\d*, змінених [1-9]\d*, зниклих [1-9]\d*; рядків до перегляду: [1-9]\d*; збігів без рішення: (\d+)\.$/,
  );

  const newHits = (await hitsSheets(s)).find((n) => n !== firstHits)!;
  const after = (await s.harness('sheetValues', newHits)) as Grid;
  const carried = after.filter((row) => String(row[column(after, 'hitId')]) === String(before[pepRow][hitId]));
  expect(carried.length).toBeGreaterThan(0);
  for (const row of carried) {
    expect([row[column(after, 'decision')], row[column(after, 'change')]]).toEqual([
      decisionText('trueMatch', uk),
      r.t(uk, 'change.same'),
    ]);
  }
  // One hit was decided; every other distinct hit of the new sheet is counted as waiting for a decision.
  const blank = new Set(
    after
      .slice(1)
      .filter((row) => !row[column(after, 'decision')] && row[column(after, 'hitId')])
      .map((row) => row[column(after, 'hitId')]),
  );
  expect(summaryText).toContain(`збігів без рішення: ${blank.size}.`);
  const marks = after.slice(1).map((row) => row[column(after, 'change')]);
  expect(marks).toContain(r.t(uk, 'change.new'));
  expect(marks).toContain('Змінено: відсоток 100 → 95');
  // The new wanted notice (revision 1) is marked New; the traitor's percent change is marked Changed.
  const inputCol = column(after, 'input');
  expect(
    after.some(
      (row) =>
        row[inputCol] === KNOWN.wanted.name &&
        String(row[column(after, 'hitId')]).includes('|wanted:900002|') &&
        row[column(after, 'change')] === r.t(uk, 'change.new'),
    ),
  ).toBe(true);
  expect(
    after.some(
      (row) => row[inputCol] === KNOWN.traitor.name && row[column(after, 'change')] === 'Змінено: відсоток 100 → 95',
    ),
  ).toBe(true);
  await s.pane.getByTestId('bulk-outcome').scrollIntoViewIfNeeded();
  await s.shot('21-rescreen-summary');
  expect(s.pageErrors).toEqual([]);
});
