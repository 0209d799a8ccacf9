import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { decisionList } from '../../src/bulk/decisions';
import {
  DECIDED_AT,
  DECIDED_BY,
  PICKS,
  checkCarried,
  countedChanges,
  decisionEdits,
  documentedCounts,
  editedList,
  exampleList,
  hitsIndex,
  type ListCell,
} from '../support/rescreen-scenario';
import { ROOT, buildCli, cliEnv, exists, readWorkbook, removeDir, runCli, tableAfterHeader, tempDir, type Cell } from './cli-support';

/**
 * Issue 16, "a month later", through the command line as a subprocess: screen, decide in the
 * hits sheet, edit the list, screen again with --previous on the next sandbox revision.
 */
let bundle: string;
let work: string;

beforeAll(async () => {
  bundle = await buildCli();
  work = tempDir('checklists-rescreen-');
}, 60_000);
afterAll(() => removeDir(work));

const env = (revision: number) => cliEnv(revision > 0 ? { CHECKLISTS_SANDBOX_REVISION: String(revision) } : {});
const HITS = 'CheckLists hits';
const GONE = 'CheckLists gone';

async function writeList(path: string, rows: readonly ListCell[][]): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Клієнти');
  for (const row of rows) ws.addRow(row.map((v, i) => (i === 1 && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00Z`) : (v ?? undefined))));
  await wb.xlsx.writeFile(path);
}

/** The analyst at work: opens the results in a spreadsheet and fills in the decision columns. */
async function decide(path: string, edit: (ws: ExcelJS.Worksheet, grid: Cell[][]) => void): Promise<void> {
  const sheets = await readWorkbook(path);
  const grid = sheets.find((s) => s.name === HITS)!.rows;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  edit(wb.getWorksheet(HITS)!, grid);
  await wb.xlsx.writeFile(path);
}

function sheet(sheets: Awaited<ReturnType<typeof readWorkbook>>, name: string): Cell[][] {
  const found = sheets.find((s) => s.name === name);
  if (!found) throw new Error(`no sheet ${name} in ${sheets.map((s) => s.name).join(', ')}`);
  return found.rows;
}

describe('checklists screen --previous: a month later', () => {
  it('carries every decision to its hit, counts New/Changed/Gone as docs/sandbox.md documents, leaves false positives out of the open level, exits 10', async () => {
    const clients = join(work, 'clients.xlsx');
    copyFileSync(join(ROOT, 'examples', 'clients.xlsx'), clients);
    const first = await runCli(bundle, ['screen', 'clients.xlsx', '-o', 'last.results.xlsx', '--progress', 'none'], { env: env(0), cwd: work });
    expect(first.code).toBe(0);

    // The Decision column carries the drop-down of the three decisions (blank is "none").
    const check = new ExcelJS.Workbook();
    await check.xlsx.readFile(join(work, 'last.results.xlsx'));
    const hitsGrid = sheet(await readWorkbook(join(work, 'last.results.xlsx')), HITS);
    const at = hitsIndex(hitsGrid[0], 'en');
    expect(hitsGrid[0][at.decision]).toBe('Decision');
    const validation = check.getWorksheet(HITS)!.getCell(hitsGrid.length, at.decision + 1).dataValidation;
    expect(validation).toMatchObject({ type: 'list', allowBlank: true, formulae: [`"${decisionList('en').join(',')}"`] });
    expect(decisionList('en')).toEqual(['False positive', 'True match', 'Needs review']);

    await decide(join(work, 'last.results.xlsx'), (ws, grid) => {
      for (const e of decisionEdits(grid, 'en')) e.values.forEach((v, i) => (ws.getCell(e.row + 1, e.column + 1 + i).value = v));
    });
    await writeList(clients, editedList(exampleList('iso'), 'iso'));

    const again = await runCli(bundle, ['screen', 'clients.xlsx', '-o', 'next.results.xlsx', '--previous', 'last.results.xlsx', '--progress', 'none'], {
      env: env(1),
      cwd: work,
    });
    expect(again.stderr).not.toMatch(/Error/);
    expect(again.code).toBe(10);
    const documented = documentedCounts(0, 1);
    expect(again.stdout).toContain(`Since the previous run: new ${documented.newHits}, changed ${documented.changedHits}, gone ${documented.goneHits};`);

    const next = await readWorkbook(join(work, 'next.results.xlsx'));
    const hits = sheet(next, HITS);
    const gone = sheet(next, GONE);
    const results = tableAfterHeader(sheet(next, next[0].name));
    expect(countedChanges(hits, gone, 'en')).toEqual(documented);
    const problems: string[] = [];
    checkCarried(hits, [results.header, ...results.body], 'en', (ok, what) => ok || problems.push(what));
    expect(problems).toEqual([]);
    // A changed hit keeps its decision and says so: the non-resident answered 90 instead of 100.
    const nonResident = hits.find((r) => r[hitsIndex(hits[0], 'en').input] === PICKS[1].input)!;
    expect([nonResident[at.change], nonResident[at.percent], nonResident[at.decision]]).toEqual(['Changed', 90, 'False positive']);
    // The run header states the counts too.
    expect(results.runHeader.find((r) => r[0] === 'Run state')?.[1]).toContain(`new ${documented.newHits}, changed ${documented.changedHits}, gone ${documented.goneHits}`);
    expect(gone.slice(1).every((r) => r[at.change] === 'Gone')).toBe(true);

    // Next month, nothing changed: exit 0, and the decisions travel on once more.
    const third = await runCli(bundle, ['screen', 'clients.xlsx', '-o', 'third.results.xlsx', '--previous', 'next.results.xlsx', '--progress', 'none'], { env: env(1), cwd: work });
    expect(third.code).toBe(0);
    expect(third.stdout).toContain('Since the previous run: new 0, changed 0, gone 0; rows to review: 1.');
    const thirdHits = sheet(await readWorkbook(join(work, 'third.results.xlsx')), HITS);
    const carried = thirdHits.filter((r) => r[at.decidedBy] === DECIDED_BY && String(r[at.decidedAt]).startsWith(DECIDED_AT));
    expect(carried.length).toBeGreaterThanOrEqual(PICKS.length);
  }, 120_000);

  describe('a hand-edited hits sheet is refused, naming the sheet and cell, and nothing is lost', () => {
    async function prepared(name: string): Promise<string> {
      const clients = join(work, `${name}.xlsx`);
      copyFileSync(join(ROOT, 'examples', 'clients.xlsx'), clients);
      const r = await runCli(bundle, ['screen', `${name}.xlsx`, '-o', `${name}.last.xlsx`, '--progress', 'none'], { env: env(0), cwd: work });
      expect(r.code).toBe(0);
      return join(work, `${name}.last.xlsx`);
    }

    it('a decision with a typo', async () => {
      const last = await prepared('typo');
      let cell = '';
      await decide(last, (ws, grid) => {
        const [e] = decisionEdits(grid, 'en');
        const target = ws.getCell(e.row + 1, e.column + 1);
        target.value = 'Flase positive';
        cell = target.address;
      });
      const before = readFileSync(last);
      const r = await runCli(bundle, ['screen', 'typo.xlsx', '-o', 'typo.next.xlsx', '--previous', 'typo.last.xlsx'], { env: env(1), cwd: work });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`Sheet "${HITS}", cell ${cell}: "Flase positive" is not a decision.`);
      expect(r.stderr).toContain('Nothing was screened');
      expect(exists(join(work, 'typo.next.xlsx'))).toBe(false);
      expect(readFileSync(last).equals(before)).toBe(true);
    }, 60_000);

    it('a deleted column', async () => {
      const last = await prepared('deleted');
      await decide(last, (ws, grid) => {
        for (const e of decisionEdits(grid, 'en')) e.values.forEach((v, i) => (ws.getCell(e.row + 1, e.column + 1 + i).value = v));
        ws.spliceColumns(hitsIndex(grid[0], 'en').reason + 1, 1);
      });
      const r = await runCli(bundle, ['screen', 'deleted.xlsx', '-o', 'deleted.next.xlsx', '--previous', 'deleted.last.xlsx', '--lang', 'uk'], { env: env(1), cwd: work });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`Аркуш "${HITS}", рядок заголовків A1:[A-Z]+1: немає стовпця "Причина"`));
      expect(exists(join(work, 'deleted.next.xlsx'))).toBe(false);
    }, 60_000);
  });
});
