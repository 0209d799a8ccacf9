import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { decisionList, decisionText } from '../../src/bulk/decisions';
import type { SandboxAccount } from '../../src/sandbox';
import { startSandboxServer } from '../../src/sandbox/server';
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
import { startServiceProxy } from './cli-proxy';
import {
  ROOT,
  buildCli,
  cliEnv,
  exists,
  readWorkbook,
  removeDir,
  runCli,
  tableAfterHeader,
  tempDir,
  type Cell,
  type CliResult,
} from './cli-support';

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
afterAll(() => {
  removeDir(work);
  // The bundle is built into dist/ for this file alone: left there, each run added 1.2 MB.
  if (bundle) removeDir(bundle);
});

const env = (revision: number) => cliEnv(revision > 0 ? { CHECKLISTS_SANDBOX_REVISION: String(revision) } : {});
const HITS = 'CheckLists hits';
const GONE = 'CheckLists gone';

async function writeList(path: string, rows: readonly ListCell[][]): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Клієнти');
  for (const row of rows) {
    ws.addRow(
      row.map((v, i) =>
        i === 1 && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)
          ? new Date(`${v}T00:00:00Z`)
          : (v ?? undefined),
      ),
    );
  }
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
    const first = await runCli(bundle, ['screen', 'clients.xlsx', '-o', 'last.results.xlsx', '--progress', 'none'], {
      env: env(0),
      cwd: work,
    });
    expect(first.code).toBe(0);

    // The Decision column carries the drop-down of the three decisions (blank is "none").
    const check = new ExcelJS.Workbook();
    await check.xlsx.readFile(join(work, 'last.results.xlsx'));
    const hitsGrid = sheet(await readWorkbook(join(work, 'last.results.xlsx')), HITS);
    const at = hitsIndex(hitsGrid[0], 'en');
    expect(hitsGrid[0][at.decision]).toBe('Decision');
    const validation = check.getWorksheet(HITS)!.getCell(hitsGrid.length, at.decision + 1).dataValidation;
    expect(validation).toMatchObject({
      type: 'list',
      allowBlank: true,
      formulae: [`"${decisionList('en').join(',')}"`],
    });
    expect(decisionList('en')).toEqual(['False positive', 'True match', 'Needs review']);

    await decide(join(work, 'last.results.xlsx'), (ws, grid) => {
      for (const e of decisionEdits(grid, 'en')) {
        e.values.forEach((v, i) => (ws.getCell(e.row + 1, e.column + 1 + i).value = v));
      }
    });
    // The same command again, onto the file now holding those decisions: refused before any
    // request, the file untouched.
    const decided = readFileSync(join(work, 'last.results.xlsx'));
    const over = await runCli(bundle, ['screen', 'clients.xlsx', '-o', 'last.results.xlsx', '--progress', 'none'], {
      env: env(0),
      cwd: work,
    });
    expect(over.code).toBe(2);
    expect(over.stderr).toMatch(
      /The results file "last\.results\.xlsx" holds \d+ decisions? made in its hits sheet, which writing over it would lose\. Re-screen with --previous last\.results\.xlsx/,
    );
    expect(over.stdout).toBe('');
    expect(readFileSync(join(work, 'last.results.xlsx')).equals(decided)).toBe(true);
    await writeList(clients, editedList(exampleList('iso'), 'iso'));

    const again = await runCli(
      bundle,
      ['screen', 'clients.xlsx', '-o', 'next.results.xlsx', '--previous', 'last.results.xlsx', '--progress', 'none'],
      {
        env: env(1),
        cwd: work,
      },
    );
    expect(again.stderr).not.toMatch(/Error/);
    expect(again.code).toBe(10);
    const documented = documentedCounts(0, 1);
    expect(again.stdout).toContain(
      `Since the previous run: new ${documented.newHits}, changed ${documented.changedHits}, gone ${documented.goneHits};`,
    );

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
    expect([nonResident[at.change], nonResident[at.percent], nonResident[at.decision]]).toEqual([
      'Changed: percent 100 → 90',
      90,
      'False positive',
    ]);
    // The run header states the counts too.
    expect(results.runHeader.find((r) => r[0] === 'Run state')?.[1]).toMatch(
      new RegExp(
        `^completed: \\d+ rows, \\d+ hits listed; since the previous run: new ${documented.newHits}, changed ${documented.changedHits}, gone ${documented.goneHits}`,
      ),
    );
    expect(gone.slice(1).every((r) => r[at.change] === 'Gone')).toBe(true);

    // Next month, nothing changed: exit 0, and the decisions travel on once more.
    const third = await runCli(
      bundle,
      ['screen', 'clients.xlsx', '-o', 'third.results.xlsx', '--previous', 'next.results.xlsx', '--progress', 'none'],
      { env: env(1), cwd: work },
    );
    expect(third.code).toBe(0);
    expect(third.stdout).toMatch(
      /Since the previous run: new 0, changed 0, gone 0; rows to review: 1; hits not decided yet: [1-9]\d*\./,
    );
    const thirdHits = sheet(await readWorkbook(join(work, 'third.results.xlsx')), HITS);
    const carried = thirdHits.filter(
      (r) => r[at.decidedBy] === DECIDED_BY && String(r[at.decidedAt]).startsWith(DECIDED_AT),
    );
    expect(carried.length).toBeGreaterThanOrEqual(PICKS.length);
    // "Hits not decided yet" counts the sheet's distinct hits with a blank Decision, carried ones too.
    const blank = new Set(
      thirdHits
        .slice(1)
        .filter((r) => !r[at.decision] && r[at.hitId])
        .map((r) => r[at.hitId]),
    );
    expect(third.stdout).toContain(`rows to review: 1; hits not decided yet: ${blank.size}.`);
  }, 120_000);

  describe('a hand-edited hits sheet is refused, naming the sheet and cell, and nothing is lost', () => {
    async function prepared(name: string): Promise<string> {
      const clients = join(work, `${name}.xlsx`);
      copyFileSync(join(ROOT, 'examples', 'clients.xlsx'), clients);
      const r = await runCli(bundle, ['screen', `${name}.xlsx`, '-o', `${name}.last.xlsx`, '--progress', 'none'], {
        env: env(0),
        cwd: work,
      });
      expect(r.code).toBe(0);
      return join(work, `${name}.last.xlsx`);
    }

    it('a previous results file that is not there, or holds no hits sheet', async () => {
      const missing = await runCli(
        bundle,
        ['screen', 'clients.xlsx', '-o', 'x.next.xlsx', '--previous', 'lats.results.xlsx'],
        {
          env: env(1),
          cwd: work,
        },
      );
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('Error: No such file: lats.results.xlsx');
      const input = await runCli(
        bundle,
        ['screen', 'clients.xlsx', '-o', 'x.next.xlsx', '--previous', 'clients.xlsx'],
        {
          env: env(1),
          cwd: work,
        },
      );
      expect(input.code).toBe(2);
      expect(input.stderr).toContain('No sheet of "clients.xlsx" holds a hits table with a "Hit ID" column');
      expect(exists(join(work, 'x.next.xlsx'))).toBe(false);
      // A CSV run's results without the hits file that holds its decisions, and a file that is no
      // workbook at all, each said as such.
      writeFileSync(join(work, 'last.results.csv'), 'Row,Name\n2,X\n');
      writeFileSync(join(work, 'broken.xlsx'), 'not a zip');
      const csv = await runCli(
        bundle,
        ['screen', 'clients.xlsx', '-o', 'x.next.xlsx', '--previous', 'last.results.csv'],
        {
          env: env(1),
          cwd: work,
        },
      );
      expect(csv.code).toBe(2);
      expect(csv.stderr).toContain(
        'Error: --previous last.results.csv: its hits file last.results.hits.csv is not there. A run written to .csv keeps its hits, and the decisions made on them, in NAME.hits.csv beside NAME.csv',
      );
      expect(exists(join(work, 'x.next.xlsx'))).toBe(false);
      const broken = await runCli(
        bundle,
        ['screen', 'clients.xlsx', '-o', 'x.next.xlsx', '--previous', 'broken.xlsx'],
        {
          env: env(1),
          cwd: work,
        },
      );
      expect(broken.code).toBe(2);
      expect(broken.stderr).toContain('Error: broken.xlsx is not a readable .xlsx workbook.');
      expect(exists(join(work, 'x.next.xlsx'))).toBe(false);
      // Four command-line runs: jest's default 5 s is too short on a busy 2-core machine.
    }, 60_000);

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
      const r = await runCli(bundle, ['screen', 'typo.xlsx', '-o', 'typo.next.xlsx', '--previous', 'typo.last.xlsx'], {
        env: env(1),
        cwd: work,
      });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`Sheet "${HITS}", cell ${cell}: "Flase positive" is not a decision.`);
      expect(r.stderr).toContain('Nothing was screened');
      expect(exists(join(work, 'typo.next.xlsx'))).toBe(false);
      expect(readFileSync(last).equals(before)).toBe(true);
      // The same file as the output of a plain run: its decisions cannot all be read, so it is not
      // written over either.
      const over = await runCli(bundle, ['screen', 'typo.xlsx', '-o', 'typo.last.xlsx', '--progress', 'none'], {
        env: env(0),
        cwd: work,
      });
      expect(over.code).toBe(2);
      expect(over.stderr).toContain(`Sheet "${HITS}", cell ${cell}: "Flase positive" is not a decision.`);
      expect(readFileSync(last).equals(before)).toBe(true);
    }, 60_000);

    it('a deleted column', async () => {
      const last = await prepared('deleted');
      await decide(last, (ws, grid) => {
        for (const e of decisionEdits(grid, 'en')) {
          e.values.forEach((v, i) => (ws.getCell(e.row + 1, e.column + 1 + i).value = v));
        }
        ws.spliceColumns(hitsIndex(grid[0], 'en').reason + 1, 1);
      });
      const r = await runCli(
        bundle,
        ['screen', 'deleted.xlsx', '-o', 'deleted.next.xlsx', '--previous', 'deleted.last.xlsx', '--lang', 'uk'],
        { env: env(1), cwd: work },
      );
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`Аркуш «${HITS}», рядок заголовків A1:[A-Z]+1: немає стовпця «Причина»`));
      expect(exists(join(work, 'deleted.next.xlsx'))).toBe(false);
    }, 60_000);
  });
});

/**
 * Issue 16's re-screen inside issue 17's safeguards: the gone list is one more output (streamed,
 * checked before the first request, never an input), the previous results are an input no output
 * may replace, a re-screen is never resumed, and a failed final write says 5, not 10.
 */
describe('checklists screen --previous with the run safeguards', () => {
  const TOKKEN = 'Rescreen-Tokken-3f9a61c2';
  const QUOTA_TOKKEN = 'Rescreen-Quota-Tokken-9e2b';
  const SUBJECT = 'rescreen-subject';
  const accounts: SandboxAccount[] = [
    { tokken: TOKKEN, idSubjectFM: SUBJECT },
    { tokken: QUOTA_TOKKEN, idSubjectFM: SUBJECT, quota: 3 },
  ];
  const live = (url: string, tokken = TOKKEN) =>
    cliEnv({ CHECKLISTS_URL: url, CHECKLISTS_TOKKEN: tokken, CHECKLISTS_SUBJECT_ID: SUBJECT });

  /** The example list screened on revision 0 (in-process sandbox), with the scenario's decisions set. */
  async function decided(name: string): Promise<void> {
    copyFileSync(join(ROOT, 'examples', 'clients.xlsx'), join(work, `${name}.xlsx`));
    const r = await runCli(bundle, ['screen', `${name}.xlsx`, '-o', `${name}.last.xlsx`, '--progress', 'none'], {
      env: env(0),
      cwd: work,
    });
    expect(r.code).toBe(0);
    await decide(join(work, `${name}.last.xlsx`), (ws, grid) => {
      for (const e of decisionEdits(grid, 'en')) {
        e.values.forEach((v, i) => (ws.getCell(e.row + 1, e.column + 1 + i).value = v));
      }
    });
  }

  function readCsv(path: string): string[][] {
    return parse(readFileSync(path, 'utf8'), {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
    }) as string[][];
  }

  it('CSV output: decisions carried in the hits CSV, gone hits streamed to <output>.gone.csv, exit 10', async () => {
    await decided('csvout');
    const r = await runCli(
      bundle,
      ['screen', 'csvout.xlsx', '-o', 'csvout.next.csv', '--previous', 'csvout.last.xlsx', '--progress', 'none'],
      { env: env(1), cwd: work },
    );
    expect(r.stderr).not.toMatch(/Error/);
    expect(r.code).toBe(10);
    const summary = /Since the previous run: new (\d+), changed (\d+), gone (\d+);/.exec(r.stdout);
    expect(summary).not.toBeNull();
    expect(r.stdout).toContain('csvout.next.gone.csv');
    // Sandbox before and now: the comparison is like with like, and nothing says otherwise.
    expect(r.stdout).not.toContain('came from');
    const hits = tableAfterHeader(readCsv(join(work, 'csvout.next.hits.csv')));
    const gone = tableAfterHeader(readCsv(join(work, 'csvout.next.gone.csv')));
    expect(gone.header).toEqual(hits.header);
    const at = hitsIndex(hits.header, 'en');
    expect(gone.body).toHaveLength(Number(summary![3]));
    expect(gone.body.length).toBeGreaterThan(0);
    expect(gone.body.every((row) => row[at.change] === 'Gone')).toBe(true);
    expect(countedChanges([hits.header, ...hits.body], [gone.header, ...gone.body], 'en')).toEqual({
      newHits: Number(summary![1]),
      changedHits: Number(summary![2]),
      goneHits: Number(summary![3]),
    });
    for (const pick of PICKS) {
      const row = hits.body.find(
        (h) => h[at.input] === pick.input && String(h[at.hitId]).includes(`|${pick.registry}:${pick.recordId}|`),
      );
      expect(row?.[at.decidedBy]).toBe(DECIDED_BY);
    }
    // Nothing of the run is left beside the outputs: no spool, lock or state.
    expect(exists(join(work, 'csvout.next.csv.checklists-state.json'))).toBe(false);
    expect(exists(join(work, 'csvout.next.csv.checklists-lock'))).toBe(false);
  }, 120_000);

  it('a run written to CSV re-screens from its hits file, opened and saved again in a spreadsheet; writing over its decisions is refused', async () => {
    copyFileSync(join(ROOT, 'examples', 'clients.xlsx'), join(work, 'csvonly.xlsx'));
    const first = await runCli(bundle, ['screen', 'csvonly.xlsx', '-o', 'csvonly.last.csv', '--progress', 'none'], {
      env: env(0),
      cwd: work,
    });
    expect(first.code).toBe(0);
    // The analyst types the decisions into the hits file; saved again where the list separator is ";".
    const hitsFile = join(work, 'csvonly.last.hits.csv');
    const records = readCsv(hitsFile);
    const headerAt = records.findIndex((r) => r.includes('Hit ID'));
    for (const e of decisionEdits(records.slice(headerAt), 'en')) {
      e.values.forEach((v, i) => (records[headerAt + e.row][e.column + i] = v));
    }
    const quoted = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    writeFileSync(hitsFile, `\uFEFF${records.map((r) => r.map(quoted).join(';')).join('\r\n')}\r\n`);
    const saved = readFileSync(hitsFile);

    // The same command again would write over them: refused before any request, the file untouched.
    const over = await runCli(bundle, ['screen', 'csvonly.xlsx', '-o', 'csvonly.last.csv', '--progress', 'none'], {
      env: env(0),
      cwd: work,
    });
    expect(over.code).toBe(2);
    expect(over.stderr).toContain(
      `The hits file "csvonly.last.hits.csv" of the results "csvonly.last.csv" holds ${PICKS.length} decisions`,
    );
    expect(readFileSync(hitsFile).equals(saved)).toBe(true);

    const next = await runCli(
      bundle,
      ['screen', 'csvonly.xlsx', '-o', 'csvonly.next.csv', '--previous', 'csvonly.last.csv', '--progress', 'none'],
      { env: env(1), cwd: work },
    );
    expect(next.stderr).not.toMatch(/Error/);
    expect(next.code).toBe(10);
    expect(next.stdout).toMatch(/Since the previous run: new \d+, changed \d+, gone \d+;/);
    const hits = tableAfterHeader(readCsv(join(work, 'csvonly.next.hits.csv')));
    const at = hitsIndex(hits.header, 'en');
    for (const pick of PICKS) {
      const rows = hits.body.filter(
        (h) => h[at.input] === pick.input && String(h[at.hitId]).includes(`|${pick.registry}:${pick.recordId}|`),
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect([row[at.decision], row[at.decidedBy]]).toEqual([decisionText(pick.decision, 'en'), DECIDED_BY]);
      }
    }

    // A typo in the hits file is named by the file and the cell a spreadsheet shows it in.
    const typo = records.map((r) => [...r]);
    const edit = decisionEdits(typo.slice(headerAt), 'en')[0];
    typo[headerAt + edit.row][edit.column] = 'Tru match';
    writeFileSync(hitsFile, `\uFEFF${typo.map((r) => r.map(quoted).join(';')).join('\r\n')}\r\n`);
    const refused = await runCli(
      bundle,
      [
        'screen',
        'csvonly.xlsx',
        '-o',
        'csvonly.other.csv',
        '--previous',
        'csvonly.last.hits.csv',
        '--progress',
        'none',
      ],
      { env: env(1), cwd: work },
    );
    expect(refused.code).toBe(2);
    const cell = `${String.fromCharCode(65 + edit.column)}${headerAt + edit.row + 1}`;
    expect(refused.stderr).toContain(`File "csvonly.last.hits.csv", cell ${cell}: "Tru match"`);
  }, 120_000);

  it('says when the previous results and this run are one fictional and one live: the comparison is of nothing real', async () => {
    const server = await startSandboxServer({ accounts, dataRevision: 1 });
    try {
      // Screened on the built-in sandbox, re-screened against a service asked as the live one is.
      await decided('shift');
      const toLive = await runCli(
        bundle,
        ['screen', 'shift.xlsx', '-o', 'shift.live.xlsx', '--previous', 'shift.last.xlsx', '--progress', 'none'],
        { env: live(server.url), cwd: work },
      );
      expect(toLive.code).toBe(10);
      expect(toLive.stdout).toContain(
        'The previous results came from a sandbox (fictional data), this run from the live service: its new, changed and gone hits compare real answers with invented ones.',
      );
      // And the other way: results of the live service (as their header says), re-screened on the sandbox.
      const back = await runCli(
        bundle,
        [
          'screen',
          'shift.xlsx',
          '-o',
          'shift.back.xlsx',
          '--previous',
          'shift.live.xlsx',
          '--progress',
          'none',
          '--lang',
          'uk',
        ],
        { env: env(1), cwd: work },
      );
      expect(back.stderr).not.toMatch(/Помилка/);
      expect(back.stdout).toContain(
        'Попередні результати отримано з робочого сервісу, а ця перевірка — з пісочниці (вигадані дані)',
      );
    } finally {
      await server.close();
    }
  }, 120_000);

  it('a gone list that cannot be written is refused before the first request', async () => {
    const server = await startSandboxServer({ accounts, dataRevision: 1 });
    const proxy = await startServiceProxy(server.url);
    try {
      await decided('gonefolder');
      mkdirSync(join(work, 'gonefolder.next.gone.csv'));
      const r = await runCli(
        bundle,
        [
          'screen',
          'gonefolder.xlsx',
          '-o',
          'gonefolder.next.csv',
          '--previous',
          'gonefolder.last.xlsx',
          '--progress',
          'none',
        ],
        {
          env: live(proxy.url),
          cwd: work,
        },
      );
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('gonefolder.next.gone.csv is a folder');
      expect(proxy.requests).toHaveLength(0);
      expect(exists(join(work, 'gonefolder.next.csv'))).toBe(false);
    } finally {
      await proxy.close();
      await server.close();
    }
  }, 120_000);

  it('refuses an output that would replace the previous results (the default -o of the same list)', async () => {
    await decided('same');
    const last = join(work, 'same.last.xlsx');
    const before = readFileSync(last);
    // `same.last.xlsx` is what `-o` names; the default output of `same.xlsx` would be `same.results.xlsx`.
    copyFileSync(last, join(work, 'same.results.xlsx'));
    const byDefault = await runCli(
      bundle,
      ['screen', 'same.xlsx', '--previous', 'same.results.xlsx', '--progress', 'none'],
      { env: env(1), cwd: work },
    );
    expect(byDefault.code).toBe(2);
    expect(byDefault.stderr).toContain('is the input file same.results.xlsx');
    const named = await runCli(
      bundle,
      ['screen', 'same.xlsx', '-o', 'same.last.xlsx', '--previous', 'same.last.xlsx', '--progress', 'none'],
      { env: env(1), cwd: work },
    );
    expect(named.code).toBe(2);
    expect(readFileSync(last).equals(before)).toBe(true);
  }, 120_000);

  it('a stopped re-screen is not resumed (its decisions are not in the state), with or without --previous', async () => {
    const server = await startSandboxServer({ accounts, dataRevision: 1 });
    const proxy = await startServiceProxy(server.url);
    try {
      await decided('stopped');
      const args = ['screen', 'stopped.xlsx', '-o', 'stopped.next.xlsx', '--progress', 'none', '--concurrency', '1'];
      const stopped = await runCli(bundle, [...args, '--previous', 'stopped.last.xlsx'], {
        env: live(proxy.url, QUOTA_TOKKEN),
        cwd: work,
      });
      expect(stopped.code).toBe(3);
      expect(exists(join(work, 'stopped.next.xlsx.checklists-state.json'))).toBe(true);
      const asked = proxy.requests.length;

      const resumed = await runCli(bundle, [...args, '--resume'], { env: live(proxy.url), cwd: work });
      expect(resumed.code).toBe(2);
      expect(resumed.stderr).toContain('A re-screen against previous results cannot be resumed');
      const both = await runCli(bundle, [...args, '--resume', '--previous', 'stopped.last.xlsx'], {
        env: live(proxy.url),
        cwd: work,
      });
      expect(both.code).toBe(2);
      expect(both.stderr).toContain('A re-screen against previous results cannot be resumed');
      expect(proxy.requests.length).toBe(asked);
      // Neither refusal left the output locked: the re-screen from the start runs.
      const again = await runCli(bundle, [...args, '--previous', 'stopped.last.xlsx'], {
        env: live(proxy.url),
        cwd: work,
      });
      expect(again.code).toBe(10);
    } finally {
      await proxy.close();
      await server.close();
    }
  }, 120_000);

  it('a failing final write exits 5 even when there are new hits to review', async () => {
    const server = await startSandboxServer({ accounts, dataRevision: 1, faults: { latencyMs: 150 } });
    try {
      await decided('final');
      const out = join(work, 'final.next.xlsx');
      const child = spawn(
        process.execPath,
        [
          bundle,
          'screen',
          'final.xlsx',
          '-o',
          out,
          '--previous',
          'final.last.xlsx',
          '--concurrency',
          '1',
          '--progress',
          'none',
        ],
        {
          cwd: work,
          env: live(server.url),
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stderr = '';
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
      child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
      const done = new Promise<CliResult>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
      const until = Date.now() + 20_000;
      while (!exists(`${out}.checklists-state.json`) && Date.now() < until) await new Promise((w) => setTimeout(w, 20));
      // Another program takes the file's place meanwhile.
      mkdirSync(out);
      writeFileSync(join(out, 'held'), 'x');
      const r = await done;
      expect(r.code).toBe(5);
      expect(r.stderr).toContain('final.next.xlsx');
      expect(r.stdout).not.toContain('Since the previous run');
    } finally {
      await server.close();
    }
  }, 120_000);
});
