import { REGISTRY_KEYS, registryDef } from '../../src/core/protocol/registries';
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { KNOWN, type SandboxAccount } from '../../src/sandbox';
import {
  startSandboxCluster,
  startSandboxServer,
  type SandboxCluster,
  type SandboxServer,
} from '../../src/sandbox/server';
import { refusedAddress } from '../support/scripted-server';
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
  unzipEntries,
  type Cell,
  type CliResult,
} from './cli-support';

jest.setTimeout(90_000);

const TOKKEN = 'Cli-Screen-Tokken-c0ffee42';
const QUOTA_TOKKEN = 'Cli-Quota-Tokken-beef7731';
const SUBJECT = 'cli-screen-subject';
const QUOTA = 5;
const accounts: SandboxAccount[] = [
  { tokken: TOKKEN, idSubjectFM: SUBJECT },
  { tokken: QUOTA_TOKKEN, idSubjectFM: SUBJECT, quota: QUOTA },
];
const SECRETS = [TOKKEN, QUOTA_TOKKEN];

const S = KNOWN.pepSanctioned;
const FORMULA_TEXTS = ['=HYPERLINK("https://evil.invalid/","click")', '+380501234567', '-2+3', '@SUM(A1:A2)'];
const HEADER = ['ПІБ', 'Дата народження', 'ІПН', 'Паспорт'];
/** Eight data rows: a known hit, a clear person, four formula-like names, an invalid date, a duplicate. */
const ROWS: (string | null)[][] = [
  [S.name, S.date, S.rnokpp, S.passport],
  [KNOWN.clearPerson.name, KNOWN.clearPerson.date, null, null],
  ...FORMULA_TEXTS.map((t) => [t, null, null, null]),
  ['Неіснуюча Дата Петрівна', '31.02.1980', null, null],
  [S.name, S.date, S.rnokpp, S.passport],
];

let bundle: string;
let server: SandboxServer;
let cluster: SandboxCluster;
let work: string;

async function writeXlsx(path: string, rows: (string | null)[][], sheet = 'Клієнти'): Promise<void> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Notes').addRow(['not the list']);
  const ws = wb.addWorksheet(sheet);
  ws.addRow(HEADER);
  for (const r of rows) ws.addRow(r.map((v) => v ?? undefined));
  // The list sits on the second sheet: --sheet must pick it.
  await wb.xlsx.writeFile(path);
}

function csvLine(values: (string | null)[], delimiter: string): string {
  return values.map((v) => (v === null ? '' : /[";,\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(delimiter);
}

function writeCsvFile(path: string, rows: (string | null)[][], delimiter: string): void {
  writeFileSync(path, `\uFEFF${[HEADER, ...rows].map((r) => csvLine(r, delimiter)).join('\r\n')}\r\n`, 'utf8');
}

function readCsvRows(path: string): string[][] {
  return parse(readFileSync(path, 'utf8'), {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: false,
    delimiter: [',', ';'],
  }) as string[][];
}

function live(url: string, extra: Record<string, string> = {}): Record<string, string> {
  return cliEnv({ CHECKLISTS_URL: url, CHECKLISTS_TOKKEN: TOKKEN, CHECKLISTS_SUBJECT_ID: SUBJECT, ...extra });
}

/** The tokken is nowhere: not on screen, not in results, hits or state files. */
function expectNoSecrets(dir: string, ...results: CliResult[]): void {
  for (const secret of SECRETS) {
    for (const r of results) {
      expect(r.stdout).not.toContain(secret);
      expect(r.stderr).not.toContain(secret);
    }
    for (const f of filesUnder(dir)) {
      expect({ file: f.path, hasSecret: f.bytes.includes(secret) }).toEqual({ file: f.path, hasSecret: false });
    }
  }
}

function column(header: Cell[], name: string): number {
  const i = header.indexOf(name);
  if (i < 0) throw new Error(`no column ${name} in ${JSON.stringify(header)}`);
  return i;
}

beforeAll(async () => {
  [bundle, server, cluster] = await Promise.all([
    buildCli(),
    startSandboxServer({ accounts }),
    startSandboxCluster({
      instances: 2,
      accounts,
      faultsFor: (i) => (i === 0 ? { failRate: 1, failStatuses: [502] } : {}),
    }),
  ]);
  work = tempDir();
  await writeXlsx(join(work, 'clients.xlsx'), ROWS);
  writeCsvFile(join(work, 'clients-semicolon.csv'), ROWS, ';');
  writeCsvFile(join(work, 'clients-comma.csv'), ROWS, ',');
});

afterAll(async () => {
  await Promise.all([server?.close(), cluster?.close()]);
  if (bundle) rmSync(bundle, { force: true });
  if (work) removeDir(work);
});

describe('checklists screen: formats and row counts', () => {
  it('xlsx in, xlsx out: one result row per input row, a hits sheet, a run header, no formulas', async () => {
    const out = join(work, 'x2x.xlsx');
    const r = await runCli(bundle, ['screen', join(work, 'clients.xlsx'), '--sheet', 'Клієнти', '-o', out], {
      env: live(server.url),
    });
    expect(r.stderr).not.toContain('Error');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Done: 8 of 8 rows (6 distinct subjects, 6 requests this time)');

    const [results, hits] = await readWorkbook(out);
    expect(results.name).toBe('CheckLists');
    expect(hits.name).toBe('CheckLists hits');
    const { header, body, runHeader } = tableAfterHeader(results.rows);
    expect(runHeader.find((row) => row[0] === 'Service')?.[1]).toBe('Live CheckLists service');
    expect(body).toHaveLength(ROWS.length);
    expect(header.slice(0, 5)).toEqual(['Row', ...HEADER]);
    expect(body.map((row) => row[0])).toEqual(ROWS.map((_, i) => i + 2));
    const status = column(header, 'Status');
    const pep = column(header, 'PEP');
    expect(body[0][pep]).toBe(1);
    expect(body[7][pep]).toBe(1);
    expect(body[1][status]).toBe('no hits');
    expect(String(body[6][status])).toMatch(/^invalid input: Дата народження:/);

    // Every hit of rows 2 and 9 (the duplicate) is listed, nothing else.
    const hitRows = hits.rows.slice(1);
    const perRow = new Map<Cell, number>();
    for (const h of hitRows) perRow.set(h[0], (perRow.get(h[0]) ?? 0) + 1);
    const total = column(header, 'PEP');
    const counts = (row: Cell[]) =>
      row
        .slice(total, column(header, 'Registry errors'))
        .reduce<number>((a, v) => a + (typeof v === 'number' ? v : 0), 0);
    expect(hitRows).toHaveLength(counts(body[0]) + counts(body[7]));
    expect([...perRow.keys()]).toEqual([2, 9]);

    // Formula-like names come back as the very same text, and nothing in the file is a formula.
    FORMULA_TEXTS.forEach((text, i) => expect(body[2 + i][1]).toBe(text));
    expect(results.formulas).toEqual([]);
    expect(hits.formulas).toEqual([]);
    const entries = unzipEntries(out);
    const sheets = [...entries.keys()].filter((k) => /^xl\/worksheets\/sheet\d+\.xml$/.test(k));
    expect(sheets.length).toBe(2);
    for (const name of sheets) expect(entries.get(name)!.toString('utf8')).not.toMatch(/<f[\s>]/);
    expect(entries.get('xl/sharedStrings.xml')!.toString('utf8')).toContain('=HYPERLINK(');
    expectNoSecrets(work, r);

    // Printed and scanned as an inspector would: landscape, one page wide, the table's header on
    // every page and frozen under it; Low rows and registry counts coloured, not only High.
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(out);
    const sheet = book.worksheets[0];
    let headerRow = 0;
    sheet.eachRow((row, n) => {
      if (headerRow === 0 && row.getCell(1).value === 'Row') headerRow = n;
    });
    expect(headerRow).toBeGreaterThan(1);
    expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 });
    expect(sheet.pageSetup.printTitlesRow).toBe(`${headerRow}:${headerRow}`);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: headerRow });
    expect(book.worksheets[1].pageSetup).toMatchObject({ orientation: 'landscape', fitToWidth: 1 });
    const fillOf = (row: number, col: number) =>
      (sheet.getRow(row).getCell(col).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb;
    expect(fillOf(headerRow + 1, pep + 1)).toBe('FFFCE4D6');
    expect(fillOf(headerRow + 2, pep + 1)).toBeUndefined();
    // The live service's line is not coloured as the sandbox's warning.
    let serviceRow = 0;
    sheet.eachRow((row, n) => {
      if (row.getCell(1).value === 'Service') serviceRow = n;
    });
    expect(sheet.getRow(serviceRow).getCell(2).value).toBe('Live CheckLists service');
    expect(fillOf(serviceRow, 2)).toBeUndefined();
    // A registry column no row shows anything in is one outline group, folded; the rest stay open.
    const registryLabels = new Set(REGISTRY_KEYS.map((k) => registryDef(k).shortLabel.en));
    const registryColumns = header.flatMap((h, i) => (registryLabels.has(String(h)) ? [i] : []));
    const quiet = registryColumns.filter((i) => body.every((row) => row[i] === 0 || row[i] === null));
    expect(quiet.length).toBeGreaterThan(0);
    expect(quiet).not.toContain(pep);
    for (const i of registryColumns) {
      const col = sheet.getColumn(i + 1);
      expect([col.outlineLevel ?? 0, col.hidden]).toEqual(quiet.includes(i) ? [1, true] : [0, false]);
    }
  });

  it('xlsx in, csv out: results and hits files with exact row counts, formula-like text quoted', async () => {
    const out = join(work, 'x2c.csv');
    const r = await runCli(bundle, ['screen', join(work, 'clients.xlsx'), '--sheet', 'Клієнти', '-o', out], {
      env: live(server.url),
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('x2c.hits.csv');
    const raw = readFileSync(out);
    expect(raw.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const { header, body } = tableAfterHeader(readCsvRows(out));
    expect(body).toHaveLength(ROWS.length);
    expect(header[1]).toBe('ПІБ');
    FORMULA_TEXTS.forEach((text, i) => expect(body[2 + i][1]).toBe(`'${text}`));
    expect(body[0][1]).toBe(S.name);
    const hits = tableAfterHeader(readCsvRows(join(work, 'x2c.hits.csv')));
    expect(hits.header[0]).toBe('Source row');
    expect(new Set(hits.body.map((h) => h[0]))).toEqual(new Set(['2', '9']));
    expectNoSecrets(work, r);
  });

  it('csv with ";" in, xlsx out', async () => {
    const out = join(work, 'c2x.xlsx');
    const r = await runCli(bundle, ['screen', join(work, 'clients-semicolon.csv'), '-o', out], {
      env: live(server.url),
    });
    expect(r.code).toBe(0);
    const [results] = await readWorkbook(out);
    const { header, body } = tableAfterHeader(results.rows);
    expect(body).toHaveLength(ROWS.length);
    expect(header.slice(1, 5)).toEqual(HEADER);
    expect(body[0][1]).toBe(S.name);
    expect(body[0][column(header, 'Overall level')]).toBe('High');
    FORMULA_TEXTS.forEach((text, i) => expect(body[2 + i][1]).toBe(text));
    expect(results.formulas).toEqual([]);
  });

  it('csv with "," in, csv out keeps the separator', async () => {
    const out = join(work, 'c2c.csv');
    const r = await runCli(bundle, ['screen', join(work, 'clients-comma.csv'), '-o', out], { env: live(server.url) });
    expect(r.code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('Row,ПІБ,Дата народження,ІПН,Паспорт');
    const { body } = tableAfterHeader(readCsvRows(out));
    expect(body).toHaveLength(ROWS.length);
  });

  it('writes next to the input by default, in Ukrainian when asked', async () => {
    const r = await runCli(bundle, ['screen', join(work, 'clients-comma.csv'), '--lang', 'uk'], {
      env: live(server.url),
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Готово: 8 з 8 рядків');
    const [results] = await readWorkbook(join(work, 'clients-comma.results.xlsx'));
    expect(tableAfterHeader(results.rows).body).toHaveLength(ROWS.length);
  });
});

describe('checklists screen: service and sandbox', () => {
  it('screens examples/clients.xlsx on the in-process sandbox and marks the file as fictional', async () => {
    const out = join(work, 'examples.xlsx');
    const r = await runCli(bundle, ['screen', 'examples/clients.xlsx', '-o', out, '--progress', 'lines'], {
      env: cliEnv(),
      cwd: ROOT,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('*** SANDBOX — fictional data ***');
    expect(r.stderr).toMatch(/\d+\/\d+ rows \(100%\)/);
    // The list's spacer row is counted as empty, not as input to correct.
    expect(r.stdout).toContain(
      'Rows with hits: 17 (high: 15); failed: 0; invalid input: 2; empty rows: 1 (nothing to screen).',
    );
    const source = new ExcelJS.Workbook();
    await source.xlsx.readFile(join(ROOT, 'examples', 'clients.xlsx'));
    const inputRows = source.worksheets[0].rowCount - 1;
    const [results, hits] = await readWorkbook(out);
    const { body, runHeader } = tableAfterHeader(results.rows);
    expect(runHeader.find((row) => row[0] === 'Service')?.[1]).toBe('SANDBOX — fictional data');
    // Coloured as a warning: the one line of the header that is.
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(out);
    const filled: string[] = [];
    book.worksheets[0].eachRow((row) => {
      const fill = row.getCell(2).fill as ExcelJS.FillPattern | undefined;
      if (fill?.fgColor?.argb === 'FFFFC000') filled.push(String(row.getCell(1).value));
    });
    expect(filled).toEqual(['Service']);
    expect(body).toHaveLength(inputRows);
    expect(hits.rows.length).toBeGreaterThan(1);
    expect(results.formulas).toEqual([]);
  });

  it('fails over to the reserve for a whole run', async () => {
    const [primary, reserve] = cluster.urls;
    const out = join(work, 'failover.xlsx');
    const r = await runCli(bundle, ['screen', join(work, 'clients.xlsx'), '--sheet', 'Клієнти', '-o', out], {
      env: live(primary, { CHECKLISTS_RESERVE_URLS: reserve }),
    });
    expect(r.code).toBe(0);
    const [results] = await readWorkbook(out);
    const { header, body } = tableAfterHeader(results.rows);
    const status = column(header, 'Status');
    expect(body.filter((row) => String(row[status]).startsWith('failed'))).toEqual([]);
    expect(body[0][column(header, 'PEP')]).toBe(1);
  });

  it('exits 4 when the service is unreachable, keeping state to resume', async () => {
    const dead = await refusedAddress();
    const rows = Array.from({ length: 12 }, (_, i) => [
      `Недосяжний Клієнт ${String.fromCharCode(0x410 + i)}`,
      null,
      null,
      null,
    ]);
    const input = join(work, 'unreachable.csv');
    writeCsvFile(input, rows, ',');
    const out = join(work, 'unreachable.xlsx');
    const r = await runCli(bundle, ['screen', input, '-o', out, '--concurrency', '2'], { env: live(dead) });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('could not be reached');
    expect(exists(`${out}.checklists-state.json`)).toBe(true);
    const [results] = await readWorkbook(out);
    expect(tableAfterHeader(results.rows).body).toHaveLength(rows.length);
    expectNoSecrets(work, r);
  });
});

describe('checklists screen: quota stop and resume', () => {
  it('stops with exit 3 at the quota, then --resume asks only the rest and completes', async () => {
    const names = Array.from({ length: 9 }, (_, i) => `Квотенко Клієнт ${String.fromCharCode(0x410 + i)}`);
    // Nine distinct subjects and two duplicates: 11 rows.
    const rows = [...names, names[0], names[4]].map((n) => [n, null, null, null]);
    const input = join(work, 'quota.csv');
    writeCsvFile(input, rows, ';');
    const out = join(work, 'quota.xlsx');
    const state = `${out}.checklists-state.json`;
    const env = live(server.url, { CHECKLISTS_TOKKEN: QUOTA_TOKKEN });
    server.engine.resetUsage();

    const first = await runCli(bundle, ['screen', input, '-o', out, '--concurrency', '2'], { env });
    expect(first.code).toBe(3);
    expect(first.stderr).toContain('The request quota is used up');
    expect(first.stderr).toContain('--resume');
    expect(exists(state)).toBe(true);
    expect(server.engine.usage({ tokken: QUOTA_TOKKEN, idSubjectFM: SUBJECT })).toBe(QUOTA);
    const stopped = tableAfterHeader((await readWorkbook(out))[0].rows);
    expect(stopped.body).toHaveLength(rows.length);
    const statusCol = column(stopped.header, 'Status');
    const idCol = column(stopped.header, 'Request id');
    const pending = stopped.body.filter((row) => row[statusCol] === 'not screened yet');
    expect(pending.length).toBeGreaterThan(0);
    const firstIds = new Map(stopped.body.filter((row) => row[idCol]).map((row) => [row[0], row[idCol]]));

    // The operator raises the quota; the same command with --resume finishes the list.
    server.engine.resetUsage();
    const second = await runCli(bundle, ['screen', input, '-o', out, '--concurrency', '2', '--resume'], { env });
    expect(second.code).toBe(0);
    expect(second.stderr).toContain('Resuming');
    expect(server.engine.usage({ tokken: QUOTA_TOKKEN, idSubjectFM: SUBJECT })).toBe(names.length - QUOTA);
    expect(exists(state)).toBe(false);

    const done = tableAfterHeader((await readWorkbook(out))[0].rows);
    expect(done.body).toHaveLength(rows.length);
    expect(done.body.map((row) => row[0])).toEqual(rows.map((_, i) => i + 2));
    expect(done.body.filter((row) => row[statusCol] !== 'no hits')).toEqual([]);
    // Rows answered before the stop keep their answers: nothing was asked twice.
    for (const [row, id] of firstIds) expect(done.body.find((r) => r[0] === row)?.[idCol]).toBe(id);
    expect(done.runHeader.find((row) => row[0] === 'Run state')?.[1]).toBe(
      `completed: ${rows.length} rows, 0 hits listed`,
    );
    expectNoSecrets(work, first, second);
  });

  it('refuses to resume over an input that changed', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `Змінений Клієнт ${String.fromCharCode(0x410 + i)}`);
    const input = join(work, 'changed.csv');
    writeCsvFile(
      input,
      names.map((n) => [n, null, null, null]),
      ',',
    );
    const out = join(work, 'changed.xlsx');
    const env = live(server.url, { CHECKLISTS_TOKKEN: QUOTA_TOKKEN });
    server.engine.resetUsage();
    const first = await runCli(bundle, ['screen', input, '-o', out], { env });
    expect(first.code).toBe(3);
    writeCsvFile(
      input,
      names.slice(1).map((n) => [n, null, null, null]),
      ',',
    );
    server.engine.resetUsage();
    const second = await runCli(bundle, ['screen', input, '-o', out, '--resume'], { env });
    expect(second.code).toBe(2);
    expect(second.stderr).toContain('changed since the run started');
  });
});

describe('checklists screen: Ctrl-C, or the terminal closing', () => {
  it.each([
    ['the first Ctrl-C', 'SIGINT', 'Перервенко'],
    ['the terminal closing (an ssh session ending)', 'SIGHUP', 'Розірваненко'],
  ] as const)(
    'stops cleanly on %s with exit 130, writing the file and the state, and resumes',
    async (_how, signal, surname) => {
      const slow = await startSandboxServer({ accounts, faults: { latencyMs: 250 } });
      try {
        const names = Array.from({ length: 16 }, (_, i) => `${surname} Клієнт ${String.fromCharCode(0x410 + i)}`);
        const input = join(work, `interrupt-${signal}.csv`);
        writeCsvFile(
          input,
          names.map((n) => [n, null, null, null]),
          ',',
        );
        const out = join(work, `interrupt-${signal}.xlsx`);
        const args = ['screen', input, '-o', out, '--concurrency', '2', '--progress', 'lines'];
        const child = spawn(process.execPath, [bundle, ...args], { cwd: ROOT, env: live(slow.url) });
        let stderr = '';
        const code = await new Promise<number | null>((resolve) => {
          child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
            stderr += chunk;
            // Interrupt once the first rows are in.
            if (/\d+\/16 rows/.test(stderr) && !child.killed) child.kill(signal);
          });
          child.on('close', resolve);
        });
        expect(code).toBe(130);
        expect(stderr).toContain('--resume');
        expect(exists(`${out}.checklists-state.json`)).toBe(true);
        const stopped = tableAfterHeader((await readWorkbook(out))[0].rows);
        expect(stopped.body).toHaveLength(names.length);
        expect(stopped.body.some((row) => row.includes('not screened yet'))).toBe(true);

        const resumed = await runCli(bundle, [...args, '--resume'], { env: live(slow.url) });
        expect(resumed.code).toBe(0);
        const done = tableAfterHeader((await readWorkbook(out))[0].rows);
        expect(done.body).toHaveLength(names.length);
        expect(done.body.some((row) => row.includes('not screened yet'))).toBe(false);
      } finally {
        await slow.close();
      }
    },
  );
});

describe('checklists screen: bad input exits 2', () => {
  it.each([
    ['a missing file', () => join(work, 'nope.xlsx'), [], 'No such file'],
    ['a file that is not a workbook', () => writeBytes('fake.xlsx', 'PK not really a zip'), [], 'not a readable .xlsx'],
    ['an .xls file', () => writeBytes('old.xls', 'whatever'), [], 'use an .xlsx workbook or a .csv file'],
    ['no name, code or document column', () => writeBytes('cols.csv', 'foo,bar\n1,2\n'), [], 'Map at least one column'],
    ['a header and no rows', () => writeBytes('empty.csv', 'ПІБ,ІПН\n'), [], 'has no rows to screen'],
    ['a missing sheet', () => join(work, 'clients.xlsx'), ['--sheet', 'Нема'], 'No sheet "Нема"'],
    ['a bad output name', () => join(work, 'clients.xlsx'), ['-o', 'out.pdf'], 'must end in .xlsx or .csv'],
    [
      'an output folder that does not exist',
      () => join(work, 'clients.xlsx'),
      ['-o', 'no-such-folder/out.xlsx'],
      'Cannot write into the folder',
    ],
    [
      'bad concurrency',
      () => join(work, 'clients.xlsx'),
      ['--concurrency', '99'],
      'concurrency: "99" is not allowed: use a whole number from 1 to 16.',
    ],
  ])('on %s', async (_label, makeInput, extra, message) => {
    const r = await runCli(bundle, ['screen', makeInput(), ...extra], { env: live(server.url) });
    expect(r.stderr).toContain(message);
    expect(r.code).toBe(2);
  });
});

function writeBytes(name: string, text: string): string {
  const path = join(work, name);
  writeFileSync(path, text);
  return path;
}
