import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { KNOWN, type SandboxAccount } from '../../src/sandbox';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/server';
import { startScriptedServer } from '../support/scripted-server';
import { startServiceProxy } from './cli-proxy';
import {
  ROOT,
  buildCli,
  cliEnv,
  exists,
  filesUnder,
  readWorkbook,
  removeDir,
  runCli,
  tableAfterHeader,
  tempDir,
  type CliResult,
} from './cli-support';

/**
 * Issue 17: runs that cannot lose or corrupt work. One test (or group) per finding; each failed
 * on the code before the fix.
 */
jest.setTimeout(90_000);

const TOKKEN = 'Runs-Tokken-7d41c09e5ab3';
const QUOTA_TOKKEN = 'Runs-Quota-Tokken-55aa01';
const SUBJECT = 'runs-subject';
const accounts: SandboxAccount[] = [
  { tokken: TOKKEN, idSubjectFM: SUBJECT },
  { tokken: QUOTA_TOKKEN, idSubjectFM: SUBJECT, quota: 3 },
];
const HEADER = ['ПІБ', 'Дата народження', 'ІПН', 'Паспорт'];
const S = KNOWN.pepSanctioned;

let bundle: string;
let server: SandboxServer;
let work: string;

function csv(path: string, names: readonly string[]): void {
  writeFileSync(path, `\uFEFF${[HEADER.join(','), ...names.map((n) => `${n},,,`)].join('\r\n')}\r\n`, 'utf8');
}

function names(prefix: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix} Клієнт ${String.fromCharCode(0x410 + i)}`);
}

function live(url: string, extra: Record<string, string> = {}): Record<string, string> {
  return cliEnv({ CHECKLISTS_URL: url, CHECKLISTS_TOKKEN: TOKKEN, CHECKLISTS_SUBJECT_ID: SUBJECT, ...extra });
}

function start(args: string[], env: Record<string, string>): { child: ChildProcess; done: Promise<CliResult> } {
  const child = spawn(process.execPath, [bundle, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const done = new Promise<CliResult>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

async function waitFor(what: string, test: () => boolean, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!test()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function resultRows(path: string) {
  return tableAfterHeader((await readWorkbook(path))[0].rows);
}

beforeAll(async () => {
  [bundle, server] = await Promise.all([buildCli(), startSandboxServer({ accounts })]);
  work = tempDir('checklists-runs-');
});

afterAll(async () => {
  await server?.close();
  if (bundle) rmSync(bundle, { force: true });
  if (work) removeDir(work);
});

describe('1. one run per output', () => {
  it('refuses a second run on the same output with exit 2 naming the first, and takes over a stale lock', async () => {
    const slow = await startSandboxServer({ accounts, faults: { latencyMs: 300 } });
    try {
      const input = join(work, 'lock.csv');
      const list = names('Блокований', 6);
      csv(input, list);
      const out = join(work, 'lock.xlsx');
      const args = ['screen', input, '-o', out, '--concurrency', '1', '--progress', 'none'];
      const first = start(args, live(slow.url));
      await waitFor('the first run to start', () => exists(`${out}.checklists-state.json`));
      const second = await runCli(bundle, args, { env: live(slow.url) });
      expect(second.code).toBe(2);
      expect(second.stderr).toContain(`process ${first.child.pid} on ${hostname()}`);
      const done = await first.done;
      expect(done.code).toBe(0);
      const rows = await resultRows(out);
      expect(rows.body).toHaveLength(list.length);
      expect(rows.body.some((r) => r.includes('not screened yet'))).toBe(false);
      expect(exists(`${out}.checklists-lock`)).toBe(false);

      // A lock left by a process that died on this host is taken over.
      const dead = spawnSync(process.execPath, ['-e', '']).pid;
      writeFileSync(
        `${out}.checklists-lock`,
        JSON.stringify({ pid: dead, host: hostname(), startedAt: new Date().toISOString() }),
        { mode: 0o600 },
      );
      const third = await runCli(bundle, args, { env: live(server.url) });
      expect(third.code).toBe(0);
      expect(exists(`${out}.checklists-lock`)).toBe(false);
    } finally {
      await slow.close();
    }
  });
});

describe('2. answers saved as they arrive', () => {
  it('after kill -9 with the first row hanging, a resume asks only the row that was never answered', async () => {
    const proxy = await startServiceProxy(server.url);
    try {
      const list = ['Повільний Завислий Рядок', ...names('Швидкий', 9)];
      const input = join(work, 'hang.csv');
      csv(input, list);
      const out = join(work, 'hang.xlsx');
      const args = ['screen', input, '-o', out, '--concurrency', '4', '--progress', 'none'];
      proxy.hang = (name) => name.startsWith('Повільний');
      const run = start(args, live(proxy.url));
      await waitFor('nine answers', () => proxy.requests.filter((r) => r.ended !== undefined).length >= 9);
      await new Promise((r) => setTimeout(r, 150));
      run.child.kill('SIGKILL');
      await run.done;

      proxy.hang = () => false;
      const before = proxy.requests.length;
      const resumed = await runCli(bundle, [...args, '--resume'], { env: live(proxy.url) });
      expect(resumed.code).toBe(0);
      expect(proxy.requests.slice(before).map((r) => r.name)).toEqual(['Повільний Завислий Рядок']);
      const rows = await resultRows(out);
      expect(rows.body.some((r) => r.includes('not screened yet'))).toBe(false);
    } finally {
      await proxy.close();
    }
  });
});

describe('3. the state file is opened safely and its lines are signed', () => {
  it('does not follow a symlink placed at the state path', async () => {
    const input = join(work, 'link.csv');
    csv(input, names('Посилання', 2));
    const out = join(work, 'link.xlsx');
    const victim = join(work, 'victim.txt');
    writeFileSync(victim, 'precious', { mode: 0o600 });
    symlinkSync(victim, `${out}.checklists-state.json`);
    const r = await runCli(bundle, ['screen', input, '-o', out, '--progress', 'none'], { env: live(server.url) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('symbolic link');
    expect(readFileSync(victim, 'utf8')).toBe('precious');
  });

  it('refuses an existing state file others can write', async () => {
    const input = join(work, 'open.csv');
    csv(input, names('Відкритий', 2));
    const out = join(work, 'open.xlsx');
    writeFileSync(`${out}.checklists-state.json`, '');
    chmodSync(`${out}.checklists-state.json`, 0o666);
    const r = await runCli(bundle, ['screen', input, '-o', out, '--progress', 'none'], { env: live(server.url) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('can be changed by other users');
    expect(server.engine.usage({ tokken: TOKKEN, idSubjectFM: SUBJECT })).toBeGreaterThanOrEqual(0);
  });

  it('creates the state owner-only and refuses a resume over a forged line', async () => {
    const input = join(work, 'forged.csv');
    const list = names('Підроблений', 6);
    csv(input, list);
    const out = join(work, 'forged.xlsx');
    const state = `${out}.checklists-state.json`;
    server.engine.resetUsage();
    const env = live(server.url, { CHECKLISTS_TOKKEN: QUOTA_TOKKEN });
    const first = await runCli(bundle, ['screen', input, '-o', out, '--concurrency', '1', '--progress', 'none'], {
      env,
    });
    expect(first.code).toBe(3);
    expect(statSync(state).mode & 0o777).toBe(0o600);
    // An answer for a row never asked, claiming "no hits".
    const text = readFileSync(state, 'utf8');
    const answer = text.split('\n').find((l) => l.includes('"a":'))!;
    const forged = answer.replace(/Підроблений Клієнт А/g, 'Підроблений Клієнт Е');
    appendFileSync(state, `${forged}\n`);
    server.engine.resetUsage();
    const resumed = await runCli(bundle, ['screen', input, '-o', out, '--resume', '--progress', 'none'], { env });
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toContain('changed outside CheckLists');
    expect(server.engine.usage({ tokken: QUOTA_TOKKEN, idSubjectFM: SUBJECT })).toBe(0);
  });
});

describe('3b. a resume leaves out the rows its run left out', () => {
  it('keeps the hidden rows out after a quota stop, --shown-only given again or not, and says so', async () => {
    const input = join(work, 'hidden-resume.xlsx');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Клієнти');
    sheet.addRow(HEADER);
    names('Прихований', 6).forEach((name, i) => {
      const row = sheet.addRow([name, null, null, null]);
      // Rows of clients Б and Д are hidden by hand.
      if (i === 1 || i === 4) row.hidden = true;
    });
    await book.xlsx.writeFile(input);
    const out = join(work, 'hidden-resume.csv');
    server.engine.resetUsage();
    const args = ['screen', input, '-o', out, '--concurrency', '1', '--progress', 'none'];
    const first = await runCli(bundle, [...args, '--shown-only'], {
      env: live(server.url, { CHECKLISTS_TOKKEN: QUOTA_TOKKEN }),
    });
    expect(first.code).toBe(3);
    const resumed = await runCli(bundle, [...args, '--resume'], { env: live(server.url) });
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain('the rows it found hidden stay left out, with --shown-only or without');
    expect(resumed.stdout).toContain('Hidden rows left out (--shown-only): 2.');
    // Four clients shown, each asked once over the two sessions; the hidden two never.
    const asked = server.engine.usage({ tokken: QUOTA_TOKKEN, idSubjectFM: SUBJECT });
    expect(asked + server.engine.usage({ tokken: TOKKEN, idSubjectFM: SUBJECT })).toBe(4);
    const table = readFileSync(out, 'utf8');
    for (const hidden of ['Прихований Клієнт Б', 'Прихований Клієнт Д']) {
      expect(table.split('\n').find((line) => line.includes(hidden))).toContain('not screened: the row was hidden');
    }

    // A re-screen from these results without --shown-only is told the earlier run left them out; with it, not.
    const next = ['screen', input, '--previous', out, '--progress', 'none'];
    const told = await runCli(bundle, [...next, '-o', join(work, 'hidden-next.csv')], { env: live(server.url) });
    expect(told.code).not.toBe(2);
    expect(told.stderr).toContain(
      'The earlier run left its hidden rows out; this one screens every row, the 2 hidden now too.',
    );
    const followed = await runCli(bundle, [...next, '-o', join(work, 'hidden-next2.csv'), '--shown-only'], {
      env: live(server.url),
    });
    expect(followed.code).not.toBe(2);
    expect(followed.stderr).not.toContain('The earlier run left its hidden rows out');
    // The same from a workbook of results, its header on the results sheet.
    const book2 = join(work, 'hidden-first.xlsx');
    const firstXlsx = await runCli(bundle, ['screen', input, '-o', book2, '--shown-only', '--progress', 'none'], {
      env: live(server.url),
    });
    expect(firstXlsx.code).toBe(0);
    const fromXlsx = await runCli(
      bundle,
      ['screen', input, '--previous', book2, '-o', join(work, 'hidden-next3.xlsx'), '--progress', 'none'],
      { env: live(server.url) },
    );
    expect(fromXlsx.stderr).toContain('The earlier run left its hidden rows out');
  });
});

describe('4. no output may be the input', () => {
  it('refuses `screen x.hits.csv -o x.csv`, whose hits file would replace the input', async () => {
    const input = join(work, 'clients.hits.csv');
    csv(input, names('Вхідний', 2));
    const before = readFileSync(input);
    const r = await runCli(bundle, ['screen', input, '-o', join(work, 'clients.csv'), '--progress', 'none'], {
      env: live(server.url),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is the input file');
    expect(readFileSync(input).equals(before)).toBe(true);
  });
});

describe('5. the tokken is masked in every form the service may echo', () => {
  it('keeps upper, lower, base64, truncated and HTML-entity echoes out of screen, files and cells', async () => {
    const proxy = await startServiceProxy(server.url);
    const forms = [
      TOKKEN.toUpperCase(),
      TOKKEN.toLowerCase(),
      Buffer.from(TOKKEN).toString('base64'),
      `${TOKKEN.slice(0, 14)}`,
      Array.from(TOKKEN, (c) => `&#${c.charCodeAt(0)};`).join(''),
    ];
    try {
      proxy.rewrite = (text) => text.split(S.name).join(`${S.name} ${forms.join(' ')}`);
      proxy.fail = (name) =>
        name.startsWith('Луна')
          ? { status: 400, body: { error: 100, message: `Bad request, tokken ${forms.join(' | ')}` } }
          : null;
      const dir = tempDir('checklists-echo-');
      const input = join(dir, 'echo.csv');
      writeFileSync(
        input,
        `\uFEFF${HEADER.join(',')}\r\n${S.name},${S.date},${S.rnokpp},${S.passport}\r\nЛуна Відповідь Тест,,,\r\n`,
        'utf8',
      );
      const r1 = await runCli(bundle, ['screen', input, '-o', join(dir, 'echo.csv.xlsx'), '--progress', 'none'], {
        env: live(proxy.url),
      });
      const r2 = await runCli(bundle, ['screen', input, '-o', join(dir, 'echo-out.csv'), '--progress', 'none'], {
        env: live(proxy.url),
      });
      const r3 = await runCli(bundle, ['search', S.name, '--date', S.date], { env: live(proxy.url) });
      expect([r1.code, r2.code, r3.code]).toEqual([0, 0, 0]);
      const sheets = await readWorkbook(join(dir, 'echo.csv.xlsx'));
      const cells = sheets
        .flatMap((s) => s.rows.flat())
        .map(String)
        .join('\n');
      expect(cells).toContain('***');
      const texts = [
        r1.stdout,
        r1.stderr,
        r2.stdout,
        r2.stderr,
        r3.stdout,
        r3.stderr,
        cells,
        ...filesUnder(dir)
          .filter((f) => !f.path.endsWith('.xlsx'))
          .map((f) => f.bytes.toString('utf8')),
      ];
      for (const text of texts) for (const form of forms) expect(text).not.toContain(form);
      removeDir(dir);
    } finally {
      await proxy.close();
    }
  });
});

describe('6. a resume never mixes services', () => {
  it('records the service and IDsubjectFM in the header and refuses a resume against another address', async () => {
    const other = await startSandboxServer({ accounts });
    try {
      const input = join(work, 'mix.csv');
      csv(input, names('Змішаний', 6));
      const out = join(work, 'mix.xlsx');
      server.engine.resetUsage();
      const env = live(server.url, { CHECKLISTS_TOKKEN: QUOTA_TOKKEN });
      const first = await runCli(bundle, ['screen', input, '-o', out, '--concurrency', '1', '--progress', 'none'], {
        env,
      });
      expect(first.code).toBe(3);
      const header = (await resultRows(out)).runHeader.map((row) => row.slice(0, 2));
      expect(header).toContainEqual(['Service address', server.url]);
      expect(header).toContainEqual(['IDsubjectFM', SUBJECT]);
      const resumed = await runCli(bundle, ['screen', input, '-o', out, '--resume', '--progress', 'none'], {
        env: { ...env, CHECKLISTS_URL: other.url },
      });
      expect(resumed.code).toBe(2);
      expect(resumed.stderr).toContain('same service address and IDsubjectFM');
      expect(other.engine.usage({ tokken: QUOTA_TOKKEN, idSubjectFM: SUBJECT })).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('7. size bounds before the first request', () => {
  it('refuses more rows than --max-rows and a larger file than --max-input-mb without asking anything', async () => {
    const proxy = await startServiceProxy(server.url);
    try {
      const input = join(work, 'big.csv');
      csv(input, names('Великий', 8));
      const rows = await runCli(bundle, ['screen', input, '-o', join(work, 'big.xlsx'), '--max-rows', '5'], {
        env: live(proxy.url),
      });
      expect(rows.code).toBe(2);
      expect(rows.stderr).toContain('has 8 rows; the limit is 5');
      const huge = join(work, 'huge.csv');
      writeFileSync(huge, `${HEADER.join(',')}\r\n${'Іваненко Іван,,,\r\n'.repeat(70_000)}`);
      const size = await runCli(bundle, ['screen', huge, '-o', join(work, 'huge.xlsx'), '--max-input-mb', '1'], {
        env: live(proxy.url),
      });
      expect(size.code).toBe(2);
      expect(size.stderr).toContain('the limit is 1 MB');
      expect(proxy.requests).toHaveLength(0);
    } finally {
      await proxy.close();
    }
  });
});

describe('8. outputs that cannot be written', () => {
  it('refuses an output that is a folder before the first request', async () => {
    const proxy = await startServiceProxy(server.url);
    try {
      const input = join(work, 'folder.csv');
      csv(input, names('Тека', 3));
      const out = join(work, 'folder-out.xlsx');
      mkdirSync(out);
      const r = await runCli(bundle, ['screen', input, '-o', out, '--progress', 'none'], { env: live(proxy.url) });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('is a folder');
      expect(proxy.requests).toHaveLength(0);
    } finally {
      await proxy.close();
    }
  });

  it('a failing final write exits 5 naming the file, keeps the answers, and --resume writes them without asking again', async () => {
    const slow = await startSandboxServer({ accounts, faults: { latencyMs: 250 } });
    try {
      const input = join(work, 'final.csv');
      const list = names('Фінальний', 4);
      csv(input, list);
      const out = join(work, 'final.xlsx');
      const args = ['screen', input, '-o', out, '--concurrency', '1', '--progress', 'none'];
      const run = start(args, live(slow.url));
      await waitFor('the run to start', () => exists(`${out}.checklists-state.json`));
      // Another program takes the file's place meanwhile (on Windows: Excel holding it open).
      mkdirSync(out);
      writeFileSync(join(out, 'held'), 'x');
      const r = await run.done;
      expect(r.code).toBe(5);
      expect(r.stderr).toContain(`Could not write ${out} (`);
      expect(r.stderr).toContain('Every answer received (4) is kept in');
      expect(r.stderr).toContain('--resume');
      const asked = slow.engine.usage({ tokken: TOKKEN, idSubjectFM: SUBJECT });
      expect(asked).toBe(list.length);
      rmSync(out, { recursive: true });
      const resumed = await runCli(bundle, [...args, '--resume'], { env: live(slow.url) });
      expect(resumed.code).toBe(0);
      expect(slow.engine.usage({ tokken: TOKKEN, idSubjectFM: SUBJECT })).toBe(asked);
      expect((await resultRows(out)).body.some((row) => row.includes('not screened yet'))).toBe(false);
    } finally {
      await slow.close();
    }
  });
});

describe('9. input surprises are told', () => {
  it('warns about a hidden first sheet, merged cells, hidden rows, duplicate headers and dropped control characters, on screen and in the header', async () => {
    const input = join(work, 'surprises.xlsx');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Прихований');
    ws.state = 'hidden';
    ws.addRow(['ПІБ', 'ПІБ', 'Дата народження']);
    ws.addRow(['Злитий Клієнт Один', null, null]);
    ws.addRow(['Злитий Клієнт Два', null, null]);
    ws.addRow([null, null, null]);
    ws.mergeCells('A3:A4');
    // Hidden by a filter or by hand: screened like the rest, and said.
    ws.addRow(['Прихований Клієнт', null, null]).hidden = true;
    wb.addWorksheet('Видимий').addRow(['ПІБ']);
    await wb.xlsx.writeFile(input);
    const proxy = await startServiceProxy(server.url);
    try {
      const out = join(work, 'surprises.results.xlsx');
      const r = await runCli(bundle, ['screen', input, '-o', out, '--progress', 'none'], { env: live(proxy.url) });
      expect(r.code).toBe(0);
      expect(r.stderr).toContain('"Прихований" of');
      expect(r.stderr).toContain('is hidden');
      expect(r.stderr).toContain('has 1 merged cell area;');
      expect(r.stderr).toContain('duplicate columns: ПІБ');
      // The merged area's covered row is not screened as a copy of its first cell.
      expect(proxy.requests.map((q) => q.name).sort()).toEqual(
        ['Злитий Клієнт Два', 'Злитий Клієнт Один', 'Прихований Клієнт'].sort(),
      );
      expect(r.stderr).toMatch(/rows of the list in \S+ hidden by a filter or by hand: 1\./);
      const warnings = (await resultRows(out)).runHeader.filter((row) => row[0] === 'Warning');
      // The row's label says "Warning"; its text does not say it again.
      expect(warnings.map((row) => String(row[1]))).toEqual([
        expect.stringMatching(/^The first sheet "Прихований" of .* is hidden/),
        expect.stringMatching(/^\S+ has 1 merged cell area;/),
        expect.stringMatching(/^Rows of the list in \S+ hidden by a filter or by hand: 1\. Every row is screened/),
        'The header has duplicate columns: ПІБ. The first of each is used.',
      ]);

      // --shown-only: the hidden client is left out, asked nothing, and its row says so.
      const askedBefore = proxy.requests.length;
      const shownOut = join(work, 'surprises.shown.xlsx');
      const shown = await runCli(bundle, ['screen', input, '-o', shownOut, '--shown-only', '--progress', 'none'], {
        env: live(proxy.url),
      });
      expect(shown.code).toBe(0);
      expect(
        proxy.requests
          .slice(askedBefore)
          .map((q) => q.name)
          .sort(),
      ).toEqual(['Злитий Клієнт Два', 'Злитий Клієнт Один'].sort());
      expect(shown.stderr).toMatch(/hidden by a filter or by hand: 1\. They are left out \(--shown-only\)/);
      expect(shown.stdout).toContain('Hidden rows left out (--shown-only): 1.');
      const { body } = await resultRows(shownOut);
      expect(body.find((row) => row.includes('Прихований Клієнт'))).toContain(
        'not screened: the row was hidden when the run began, and only the rows shown were chosen',
      );
      // A CSV file hides nothing: the flag is said to have nothing to do, and every row is screened.
      const csv = join(work, 'shown.csv');
      writeFileSync(csv, 'ПІБ\r\nЗлитий Клієнт Один\r\n', 'utf8');
      const plain = await runCli(
        bundle,
        ['screen', csv, '-o', join(work, 'shown.results.csv'), '--shown-only', '--progress', 'none'],
        { env: live(proxy.url) },
      );
      expect(plain.code).toBe(0);
      expect(plain.stderr).toContain('--shown-only has nothing to leave out in');

      // A title merged across the columns above the list, as most titles are, reads nothing wrong: no warning.
      const titled = join(work, 'titled.xlsx');
      const tw = new ExcelJS.Workbook();
      const tws = tw.addWorksheet('Клієнти');
      tws.addRow(['Перелік клієнтів станом на 01.11.2026', null, null]);
      tws.mergeCells('A1:C1');
      tws.addRow(['ПІБ', 'Дата народження', 'ІПН']);
      tws.addRow(['Злитий Клієнт Три', null, null]);
      await tw.xlsx.writeFile(titled);
      const t = await runCli(
        bundle,
        ['screen', titled, '-o', join(work, 'titled.results.xlsx'), '--progress', 'none'],
        {
          env: live(proxy.url),
        },
      );
      expect(t.code).toBe(0);
      expect(t.stderr).toContain('the headers are in row 2');
      expect(t.stderr).not.toContain('merged cell');
      expect(proxy.requests.at(-1)?.name).toBe('Злитий Клієнт Три');

      // An instructions sheet before the list: the list is screened, not the prose, and the run says which.
      const instructed = join(work, 'instructed.xlsx');
      const iw = new ExcelJS.Workbook();
      iw.addWorksheet('Інструкція').addRows([
        ['Заповніть аркуш «Клієнти». Дата у форматі ДД.ММ.РРРР.'],
        ['Відповідальний: Петренко О.В.'],
      ]);
      iw.addWorksheet('Клієнти').addRows([
        ['ПІБ', 'Дата народження'],
        ['Аркушний Клієнт Чотири', null],
      ]);
      // A hidden lookup sheet whose header reads even more as a list is not taken.
      const lookup = iw.addWorksheet('Довідник');
      lookup.state = 'hidden';
      lookup.addRows([
        ['ПІБ', 'Дата народження', 'ІПН', 'Паспорт'],
        ['Довідковий Запис', null, null, null],
      ]);
      await iw.xlsx.writeFile(instructed);
      const asked = proxy.requests.length;
      const i = await runCli(
        bundle,
        ['screen', instructed, '-o', join(work, 'instructed.results.xlsx'), '--progress', 'none'],
        { env: live(proxy.url) },
      );
      expect(i.code).toBe(0);
      expect(proxy.requests.slice(asked).map((q) => q.name)).toEqual(['Аркушний Клієнт Чотири']);
      expect(i.stderr).toMatch(
        /Screening the sheet "Клієнти" of \S+: it reads as a client list, and the first sheet "Інструкція" does not/,
      );

      const controls = join(work, 'controls.csv');
      writeFileSync(controls, `${HEADER.join(',')}\r\nКерів\u0000ний\u001b Клієнт,,,\r\n`, 'utf8');
      const c = await runCli(bundle, ['screen', controls, '-o', join(work, 'controls.xlsx'), '--progress', 'none'], {
        env: live(proxy.url),
      });
      expect(c.code).toBe(0);
      expect(c.stderr).toContain('2 NUL or control characters were dropped');
      expect(proxy.requests.at(-1)?.name).toBe('Керівний Клієнт');
    } finally {
      await proxy.close();
    }
  });
});

describe('10. exposure in transit', () => {
  it('warns on every --get and on a config file readable by the group', async () => {
    const config = join(work, 'group.json');
    writeFileSync(config, JSON.stringify({ tokken: TOKKEN, subjectId: SUBJECT, url: server.url }));
    chmodSync(config, 0o640);
    const r = await runCli(bundle, ['search', '--config', config, '--get', 'Петро']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('--get puts the token in the URL');
    expect(r.stderr).toContain('can be read by other users of this computer (mode 640)');
  });
});

describe('12. a dead-slow service', () => {
  it('gives up after --give-up seconds over both addresses and says what it is waiting for', async () => {
    const [a, b] = await Promise.all([startScriptedServer({ kind: 'hang' }), startScriptedServer({ kind: 'hang' })]);
    try {
      const input = join(work, 'dead.csv');
      csv(input, names('Мертвий', 1));
      const started = Date.now();
      const r = await runCli(
        bundle,
        ['screen', input, '-o', join(work, 'dead.xlsx'), '--give-up', '3', '--progress', 'none'],
        {
          env: live(a.url, { CHECKLISTS_RESERVE_URLS: b.url }),
        },
      );
      expect(r.code).toBe(4);
      expect(r.stderr).toMatch(/waiting for the service \(attempt 2 of 4, next address http:\/\/127\.0\.0\.1:\d+\)/);
      // Far from the 242 s it took before; generous for a loaded machine.
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('13. smaller fixes', () => {
  it('neutralises terminal escape sequences from the service in CSV files', async () => {
    const proxy = await startServiceProxy(server.url);
    try {
      proxy.rewrite = (text) => text.split(S.name).join(`${S.name}\\u001b]0;pwned\\u0007\\u001b[2J`);
      const input = join(work, 'escape.csv');
      writeFileSync(input, `\uFEFF${HEADER.join(',')}\r\n${S.name},${S.date},${S.rnokpp},${S.passport}\r\n`, 'utf8');
      const out = join(work, 'escape-out.csv');
      const r = await runCli(bundle, ['screen', input, '-o', out, '--progress', 'none'], { env: live(proxy.url) });
      expect(r.code).toBe(0);
      const hits = readFileSync(join(work, 'escape-out.hits.csv'), 'utf8');
      expect(hits).toContain('pwned');
      expect(hits).not.toMatch(/[\u001b\u0007]/);
      expect(readFileSync(out, 'utf8')).not.toMatch(/[\u001b\u0007]/);
    } finally {
      await proxy.close();
    }
  });

  it('search does not suggest --resume after an account error', async () => {
    const blocked = await startSandboxServer({ accounts: [{ tokken: TOKKEN, idSubjectFM: SUBJECT, quota: 0 }] });
    try {
      const r = await runCli(bundle, ['search', 'Петро'], { env: live(blocked.url) });
      expect(r.code).toBe(3);
      expect(r.stderr).not.toContain('--resume');
      expect(r.stderr).toContain('search again');
    } finally {
      await blocked.close();
    }
  });
});
