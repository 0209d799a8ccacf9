import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { relayAnalyst } from '../../src/cli/output/certificate-analyst';
import { parseCommandLine } from '../../src/cli/args/command-line';
import { langFromEnv, loadCliConfig } from '../../src/cli/config';
import { csvSafe, csvText, gonePathFor, hitsPathFor, type CsvDelimiter } from '../../src/cli/output/csv-writer';
import { OutputWriteError, UsageError } from '../../src/cli/exit-codes';
import { FileSink } from '../../src/cli/output/file-sink';
import { decodeText, detectDelimiter, openInput, parseCsvText, readFailureKey } from '../../src/cli/input/input-file';
import { plainCellValue } from '../../src/cli/input/xlsx-cells';
import { ProgressReporter } from '../../src/cli/output/progress';
import { bulkInputFrom } from '../../src/cli/commands/screen-command';
import { plain } from '../../src/cli/output/terminal';
import { readWorkbook, removeDir, tableAfterHeader, tempDir } from './cli-support';
import type { TableCell, TableColumn } from '../../src/bulk/result-table';
import { runHeaderRows, type RunHeaderInfo } from '../../src/bulk/run-header';
import { createSecretMask } from '../../src/core/text/secret-mask';
import type { SinkBegin } from '../../src/bulk/ports';

/** The pieces of the command line that need no subprocess: parsing, config, CSV dialects, progress. */

describe('CSV injection protection', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+380501234567', "'+380501234567"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['＝1+1', "'＝1+1"],
    ['Кривоклен', 'Кривоклен'],
    ['a=b', 'a=b'],
  ])('%j is written as %j', (input, output) => {
    expect(csvSafe(input)).toBe(output);
  });

  it('keeps numbers as numbers, negative ones too', () => {
    expect(csvSafe(-3)).toBe(-3);
    expect(csvSafe(null)).toBe('');
  });

  it('writes a BOM, the run header, a blank line, then the table', () => {
    const text = csvText([['Service', 'SANDBOX — fictional data']], ['Row', 'Name'], [[2, '=x']], ';');
    expect(text).toBe("\uFEFFService;SANDBOX — fictional data\r\n\r\nRow;Name\r\n2;'=x\r\n");
  });

  it('quotes a value holding a lone line break, so it stays one cell and its second line is not a new row', () => {
    const text = csvText(
      [],
      ['Row', 'Name'],
      [
        [2, 'Іван\n=HYPERLINK("http://x")'],
        [3, 'a\rb'],
      ],
      ',',
    );
    expect(text).toBe('\uFEFFRow,Name\r\n2,"Іван\n=HYPERLINK(""http://x"")"\r\n3,"a\rb"\r\n');
    expect(parseCsvText(text)).toEqual([
      ['Row', 'Name'],
      ['2', 'Іван\n=HYPERLINK("http://x")'],
      ['3', 'a\rb'],
    ]);
  });
});

describe('CSV output written through the run (FileSink)', () => {
  const tricky: TableCell[][] = [
    [1, 'Іван "Ваня" Петренко', 'a,b;c\td', null],
    [2, 'line\nbreak', 'cr\ronly', 'crlf\r\nend'],
    [3, '=1+1', '+380501234567', '-1'],
    [4, '@SUM(A1)', '＝1+1', '\u0007bell'],
    [5, -3.25, 0, 'tokken-SECRET-42 leaked'],
    [6, 'ＡＢＣ全角', '', '"'],
  ];
  // A placeholder echoes the input's cells: a tokken pasted into the list must not reach the file through it either.
  const pendingCell = (i: number): TableCell[] => [
    100 + i,
    `pending "${i}" tokken-SECRET-42`,
    'not screened yet',
    null,
  ];
  const columns: TableColumn[] = ['Row', 'Name', 'Note', 'Level'].map((header, i) => ({
    id: `c${i}`,
    header,
    kind: 'text',
  }));
  const hitsColumns: TableColumn[] = ['Row', 'Hit'].map((header, i) => ({ id: `h${i}`, header, kind: 'text' }));
  const mask = createSecretMask(['tokken-SECRET-42']);
  const header: RunHeaderInfo = {
    runId: 'run-1',
    startedAt: new Date(2026, 0, 2, 3, 4, 5),
    updatedAt: new Date(2026, 0, 2, 3, 5, 6),
    idUserPC: 'pc',
    registries: 'all',
    listdata: '-1',
    search: 1,
    modeLabel: { uk: 'Пісочниця', en: 'Sandbox' },
    source: '=source.csv',
    rows: tricky.length + 3,
    state: 'Stopped',
  };

  /** A new run's start: nothing written yet, every test's columns and header. */
  const beginOf = (rowCount: number, pendingRows: SinkBegin['pendingRows']): SinkBegin => ({
    runId: 'run-1',
    lang: 'en',
    resume: false,
    columns,
    hitsColumns,
    highlights: [],
    header,
    rowCount,
    written: 0,
    hitsWritten: 0,
    output: {},
    pendingRows,
  });

  async function run(
    path: string,
    delimiter: CsvDelimiter,
    rowCount: number,
    chunkSize: number,
    gone?: TableCell[][],
  ): Promise<FileSink> {
    const sink = new FileSink({ format: 'csv', path, delimiter }, mask);
    await sink.begin(
      beginOf(rowCount, async (from, to) => Array.from({ length: to - from }, (_, k) => pendingCell(from + k))),
    );
    for (let start = 0; start < tricky.length; start += chunkSize) {
      const rows = tricky.slice(start, start + chunkSize);
      await sink.write({ start, rows, hitsStart: start, hits: rows.map((r) => [r[0], r[1]]) });
    }
    await sink.end({
      header,
      status: 'cancelled',
      written: tricky.length,
      hitsWritten: tricky.length,
      ...(gone ? { gone } : {}),
    });
    return sink;
  }

  const masked = (rows: readonly (readonly TableCell[])[]) =>
    rows.map((r) => r.map((v) => (typeof v === 'string' ? mask(v) : v)));

  /** A completed run of the whole table in chunks of 100, `afterChunk` called after each chunk is taken. */
  async function writeWhole(
    sink: FileSink,
    table: TableCell[][],
    hitOf: (row: TableCell[]) => TableCell[],
    afterChunk: () => void,
  ): Promise<void> {
    await sink.begin(beginOf(table.length, async () => []));
    for (let start = 0; start < table.length; start += 100) {
      const rows = table.slice(start, start + 100);
      await sink.write({ start, rows, hitsStart: start, hits: rows.map(hitOf) });
      afterChunk();
    }
    await sink.end({ header, status: 'completed', written: table.length, hitsWritten: table.length });
  }

  it.each([',', ';', '\t'] as const)(
    'writes with %j exactly the text csvText gives for the whole table, pending rows of a stopped run last',
    async (delimiter) => {
      const dir = tempDir();
      try {
        const path = join(dir, 'out.csv');
        const gone: TableCell[][] = [[9, 'gone "x"\n=2']];
        const sink = await run(path, delimiter, tricky.length + 3, 4, gone);
        const runHeader = masked(runHeaderRows(header, 'en'));
        const pending = [0, 1, 2].map((k) => pendingCell(tricky.length + k));
        expect(readFileSync(path, 'utf8')).toBe(
          csvText(runHeader, ['Row', 'Name', 'Note', 'Level'], [...masked(tricky), ...masked(pending)], delimiter),
        );
        expect(readFileSync(hitsPathFor(path), 'utf8')).toBe(
          csvText(runHeader, ['Row', 'Hit'], masked(tricky.map((r) => [r[0], r[1]])), delimiter),
        );
        expect(readFileSync(gonePathFor(path), 'utf8')).toBe(csvText(runHeader, ['Row', 'Hit'], gone, delimiter));
        expect(readFileSync(path, 'utf8')).not.toContain('SECRET');
        expect(sink.written).toEqual([path, hitsPathFor(path), gonePathFor(path)]);
        // Only the outputs are left: spools and temp files are gone.
        expect(readdirSync(dir).sort()).toEqual(['out.csv', 'out.gone.csv', 'out.hits.csv']);
      } finally {
        removeDir(dir);
      }
    },
  );

  it('gives the same bytes however the rows were chunked', async () => {
    const dir = tempDir();
    try {
      const texts = [];
      for (const size of [1, 2, 6]) {
        const path = join(dir, `chunks-${size}.csv`);
        await run(path, ';', tricky.length, size);
        texts.push(readFileSync(path));
      }
      expect(texts[1]).toEqual(texts[0]);
      expect(texts[2]).toEqual(texts[0]);
    } finally {
      removeDir(dir);
    }
  });

  it('writes the same bytes when the rows outgrow memory and go through a spool file, which it removes', async () => {
    const dir = tempDir();
    try {
      // About 2.4 MB of cells: the spool keeps 1 MB in memory, then writes to a file beside the output.
      const big: TableCell[][] = Array.from({ length: 600 }, (_, i) => [
        i + 1,
        `${'Кривоклен '.repeat(200)}${i}`,
        i % 2 ? '=1+1' : 'a,b;"c"',
        null,
      ]);
      const path = join(dir, 'big.csv');
      const sink = new FileSink({ format: 'csv', path, delimiter: ';' }, mask);
      const during: string[][] = [];
      await writeWhole(
        sink,
        big,
        (r) => [r[0], r[1]],
        () => during.push(readdirSync(dir).sort()),
      );
      // The first chunks stay in memory; the spool files appear once 1 MB is passed.
      expect(during[0]).toEqual([]);
      expect(during[during.length - 1]).toEqual([`big.csv.${process.pid}.hits.tmp`, `big.csv.${process.pid}.rows.tmp`]);
      const runHeader = masked(runHeaderRows(header, 'en'));
      expect(readFileSync(path, 'utf8')).toBe(csvText(runHeader, ['Row', 'Name', 'Note', 'Level'], big, ';'));
      expect(readFileSync(hitsPathFor(path), 'utf8')).toBe(
        csvText(
          runHeader,
          ['Row', 'Hit'],
          big.map((r) => [r[0], r[1]]),
          ';',
        ),
      );
      expect(readdirSync(dir).sort()).toEqual(['big.csv', 'big.hits.csv']);
    } finally {
      removeDir(dir);
    }
  });

  it.each([
    ['in memory', 20],
    ['in a spool file', 110],
  ])('writes a workbook whose rows are the table, the results kept %s', async (_how, count) => {
    const dir = tempDir();
    try {
      // 110 rows of 10,000 characters pass the 1 MB a spool keeps in memory; the hits stay there.
      const table: TableCell[][] = Array.from({ length: count }, (_, i) => [
        i + 1,
        `${'Kryvoklen '.repeat(1000)}${i}`,
        i % 2 ? '=1+1' : 'a,b;"c"',
        null,
      ]);
      const hitsOf = (r: readonly TableCell[]): TableCell[] => [r[0], `Кривоклен ${String(r[0])}`];
      const path = join(dir, 'big.xlsx');
      const sink = new FileSink({ format: 'xlsx', path, delimiter: ',' }, mask);
      let spools: string[] = [];
      await writeWhole(sink, table, hitsOf, () => (spools = readdirSync(dir).filter((f) => f.endsWith('.tmp'))));
      expect(spools).toEqual(count > 100 ? [`big.xlsx.${process.pid}.rows.tmp`] : []);
      const [results, hits] = await readWorkbook(path);
      expect(tableAfterHeader(results.rows).body).toEqual(table);
      expect(tableAfterHeader(hits.rows).body).toEqual(table.map(hitsOf));
      expect(results.formulas).toEqual([]);
      expect(readdirSync(dir)).toEqual(['big.xlsx']);
    } finally {
      removeDir(dir);
    }
  });

  it('a final write that fails names the file and leaves neither temp file nor spools', async () => {
    const dir = tempDir();
    try {
      const path = join(dir, 'held.csv');
      // Another program takes the file's place while the run goes on.
      mkdirSync(path);
      writeFileSync(join(path, 'held'), 'x');
      const failed = run(path, ',', tricky.length, 3);
      await expect(failed).rejects.toBeInstanceOf(OutputWriteError);
      await expect(failed).rejects.toMatchObject({ path });
      expect(readdirSync(dir)).toEqual(['held.csv']);
    } finally {
      removeDir(dir);
    }
  });
});

describe('CSV input', () => {
  it.each([
    ['a,b,c\n1,2,3', ','],
    ['ПІБ;Дата;ІПН\n"Х, Y";1;2', ';'],
    ['a\tb\n1\t2', '\t'],
    ['"a;b",c\n1,2', ','],
  ])('detects the delimiter of %j', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });

  it('reads Windows-1251 when the bytes are not UTF-8', () => {
    const cp1251 = Buffer.from([0xcf, 0xb2, 0xc1]); // "ПІБ"
    expect(decodeText(cp1251)).toEqual({ text: 'ПІБ', encoding: 'windows-1251' });
    expect(decodeText(Buffer.from('ПІБ', 'utf8')).encoding).toBe('utf-8');
    // Excel's "Unicode Text" export: its byte-order mark says UTF-16, not the Windows-1251 it would pass for.
    const unicodeText = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('ПІБ\tДата', 'utf16le')]);
    expect(decodeText(unicodeText)).toEqual({ text: 'ПІБ\tДата', encoding: 'utf-16le' });
  });

  it('strips the BOM, pads ragged rows and drops trailing empty lines', () => {
    expect(parseCsvText('\uFEFFa;b;c\n1;2\n;;\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', null],
    ]);
  });

  it('keeps a blank line inside the list as a row, so later rows keep their line numbers', () => {
    const rows = parseCsvText('\nПІБ,ІПН\nІван,1\n\nПетро,2\n');
    expect(rows).toEqual([
      [null, null],
      ['ПІБ', 'ІПН'],
      ['Іван', '1'],
      [null, null],
      ['Петро', '2'],
    ]);
    const input = bulkInputFrom({ format: 'csv', sheetName: 'CSV', rows, warnings: [] }, 'c.csv');
    expect(input.firstSourceRow).toBe(3);
    expect(input.rows.map((r) => r[0])).toEqual(['Іван', null, 'Петро']);
  });
});

describe('xlsx input', () => {
  it('reads each cell shape exceljs gives as its plain value, an Excel error as its text', () => {
    expect(plainCellValue({ richText: [{ text: 'Іваненко ' }, { text: 'Іван', font: { bold: true } }] })).toBe(
      'Іваненко Іван',
    );
    expect(plainCellValue({ text: 'Петренко Петро', hyperlink: 'https://example.com' })).toBe('Петренко Петро');
    expect(plainCellValue({ formula: 'A1&B1', result: 'Сидоренко' })).toBe('Сидоренко');
    expect(plainCellValue(new Date(Date.UTC(1980, 0, 2)))).toBe('1980-01-02');
    // As Range.values reads such a cell: the run then refuses the row, naming the error.
    expect(plainCellValue({ error: '#N/A' })).toBe('#N/A');
    expect(plainCellValue({ formula: 'VLOOKUP(A2,B:C,2,0)', result: { error: '#N/A' } })).toBe('#N/A');
  });

  it('says why a list cannot be read in words the person can act on: a folder, no permission, a broken file', async () => {
    const dir = tempDir();
    const LIMITS = { maxBytes: 10_000_000, maxRows: 1_000 };
    try {
      mkdirSync(join(dir, 'clients.xlsx'));
      await expect(openInput(join(dir, 'clients.xlsx'), undefined, LIMITS, 'clients.xlsx')).rejects.toMatchObject({
        text: { en: `${join(dir, 'clients.xlsx')} is a folder, not a file: name the .xlsx or .csv list to screen.` },
      });
      // Root reads any file whatever its mode, so the refusal itself is shown by its code.
      const denied = Object.assign(new Error('open'), { code: 'EACCES' });
      expect(readFailureKey(denied, 'input.xlsxUnreadable')).toBe('input.denied');
      expect(readFailureKey(Object.assign(new Error('x'), { code: 'EPERM' }), 'input.unreadable')).toBe('input.denied');
      expect(readFailureKey(new Error('end of central directory not found'), 'input.xlsxUnreadable')).toBe(
        'input.xlsxUnreadable',
      );
      writeFileSync(join(dir, 'broken.xlsx'), 'not a zip');
      await expect(openInput(join(dir, 'broken.xlsx'), undefined, LIMITS, 'broken.xlsx')).rejects.toMatchObject({
        text: { en: `${join(dir, 'broken.xlsx')} is not a readable .xlsx workbook.` },
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('command line and config', () => {
  it('accepts a bare name for search and reads every option', () => {
    const parsed = parseCommandLine([
      'search',
      'Іван',
      'Петренко',
      '--date',
      '1980-01-01',
      '--json',
      '--fresh',
      '--lang',
      'uk',
    ]);
    expect(parsed).toEqual({
      command: 'search',
      global: { lang: 'uk' },
      args: { name: 'Іван Петренко', date: '1980-01-01', get: false, json: true, fresh: true },
    });
  });

  it('reads a subject the same way for search and history: every field, a bare name, never two names', () => {
    const fields = [
      '--namelat',
      'Ivan',
      '-d',
      '01.01.1980',
      '--ipn',
      '1234567890',
      '--doc',
      'АА123456',
      '--doctype',
      '1',
    ];
    const subject = {
      name: 'Іван Петренко',
      namelat: 'Ivan',
      date: '01.01.1980',
      ipn: '1234567890',
      doc: 'АА123456',
      doctype: '1',
    };
    expect(parseCommandLine(['search', 'Іван', 'Петренко', ...fields])).toMatchObject({ args: subject });
    expect(parseCommandLine(['history', '-n', 'Іван Петренко', ...fields, '--json'])).toEqual({
      command: 'history',
      global: {},
      args: { ...subject, json: true },
    });
    expect(parseCommandLine(['history', 'Іван'])).toEqual({
      command: 'history',
      global: {},
      args: { name: 'Іван', json: false },
    });
    for (const command of ['search', 'history']) {
      expect(() => parseCommandLine([command, '--name', 'Іван', 'Петренко'])).toThrow('Unexpected argument: Петренко');
    }
  });

  it('takes -1 and other negative-looking values as the value of an option (the help offers -1 as the default listdata)', () => {
    const search = parseCommandLine(['search', '--name', 'X', '--registries', '-1']);
    expect(search.command === 'search' && search.args.registries).toBe('-1');
    const short = parseCommandLine(['search', 'X', '-r', '-1024']);
    expect(short.command === 'search' && short.args.registries).toBe('-1024');
    const screen = parseCommandLine(['screen', 'a.xlsx', '--registries', '-1']);
    expect(screen.command === 'screen' && screen.args.registries).toBe('-1');
    // An option word is still an option: a value is taken only where one is expected.
    expect(() => parseCommandLine(['search', 'X', '--registries', '--bogus'])).toThrow(UsageError);
  });

  it('takes certificates’ relay audit nos. as the results file shows them, and nothing else', () => {
    for (const written of ['4127', '#4127', '№4127', '№ 4127']) {
      expect(parseCommandLine(['certificate', written])).toMatchObject({
        command: 'certificate',
        args: { ids: [4127] },
      });
    }
    expect(parseCommandLine(['certificate', '12', '-o', 'c.pdf', '--lang', 'uk'])).toMatchObject({
      args: { ids: [12], output: 'c.pdf' },
      global: { lang: 'uk' },
    });
    // Several: as typed, or a column pasted with commas; in the order given, each once.
    expect(parseCommandLine(['certificate', '13', '#12', '4127,4130', '13'])).toMatchObject({
      args: { ids: [13, 12, 4127, 4130] },
    });
    const hundred = Array.from({ length: 100 }, (_, i) => String(i + 1));
    expect(parseCommandLine(['certificate', ...hundred])).toMatchObject({ args: { ids: hundred.map(Number) } });
    expect(() => parseCommandLine(['certificate', ...hundred, '101'])).toThrow(
      'At most 100 certificates in one file: name fewer numbers, or ask again for the rest.',
    );
    expect(parseCommandLine(['certificate', '--help'])).toMatchObject({ command: 'help', topic: 'certificate' });
    for (const wrong of [[], ['0'], ['12a'], ['12', '13x'], ['4.5'], ['12,,13']]) {
      expect(() => parseCommandLine(['certificate', ...wrong])).toThrow(
        "Name the requests by their relay audit nos., as a results file's last column shows them",
      );
    }
    expect(() => parseCommandLine(['certificate', '-5'])).toThrow('Unknown option -5');
    // Or the rows of an earlier results file, as an inspector names them.
    expect(parseCommandLine(['certificate', '--from', 'june.xlsx', '--rows', '17, 5,20-22,5'])).toMatchObject({
      args: { ids: [], from: { file: 'june.xlsx', rows: [5, 17, 20, 21, 22] } },
    });
    expect(parseCommandLine(['certificate', '--from', 'june.xlsx'])).toMatchObject({
      args: { from: { file: 'june.xlsx', rows: null } },
    });
    for (const wrong of [
      ['--rows', '5'],
      ['--from', 'june.xlsx', '12'],
      ['--from', 'june.xlsx', '--rows', '0'],
      ['--from', 'june.xlsx', '--rows', '9-5'],
      ['--from', 'june.xlsx', '--rows', 'x'],
      ['--from', 'june.xlsx', '--rows', '5,,6'],
    ]) {
      expect(() => parseCommandLine(['certificate', ...wrong])).toThrow(
        'Name rows of an earlier results file as: checklists certificate --from FILE [--rows 5,17,20-25]',
      );
    }
  });

  it('rejects unknown options and commands as usage errors', () => {
    expect(() => parseCommandLine(['screen', 'a.xlsx', '--bogus'])).toThrow(UsageError);
    expect(() => parseCommandLine(['scan'])).toThrow(UsageError);
    expect(() => parseCommandLine(['sandbox', '--port', '70000'])).toThrow(UsageError);
  });

  it('takes the language from LC_ALL before LANG, POSIX spelling included', () => {
    expect(langFromEnv({ LANG: 'uk_UA.UTF-8' })).toBe('uk');
    expect(langFromEnv({ LANG: 'uk_UA.UTF-8', LC_ALL: 'en_US.UTF-8' })).toBe('en');
    expect(langFromEnv({ LANG: 'C' })).toBe('en');
  });

  it('lets the environment override the config file, and keeps the tokken out of the settings object', async () => {
    const dir = tempDir();
    try {
      const file = join(dir, 'c.json');
      writeFileSync(
        file,
        JSON.stringify({
          url: 'https://file.example:9443',
          reserveUrls: 'https://r1.example, https://r2.example',
          tokken: 'file-tokken',
          subjectId: 'file-subject',
          concurrency: 3,
        }),
      );
      chmodSync(file, 0o600);
      const fromFile = await loadCliConfig({ env: {}, configPath: file });
      expect(fromFile.loaded.mode).toBe('live');
      expect(fromFile.loaded.settings.reserveUrls).toEqual(['https://r1.example', 'https://r2.example']);
      expect(fromFile.tokkenSource).toBe('file');
      expect(JSON.stringify(fromFile.loaded.settings)).not.toContain('file-tokken');
      expect(fromFile.warnings).toEqual([]);

      const fromEnv = await loadCliConfig({
        env: { CHECKLISTS_URL: 'https://env.example', CHECKLISTS_TOKKEN: 'env-tokken' },
        configPath: file,
      });
      expect(fromEnv.loaded.settings.primaryUrl).toBe('https://env.example');
      expect(fromEnv.loaded.tokken).toBe('env-tokken');
      expect(fromEnv.loaded.settings.idSubjectFM).toBe('file-subject');
      expect(fromEnv.loaded.settings.concurrency).toBe(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names a bad address as the person set it: the variable, or the config file and its key', async () => {
    const dir = tempDir();
    const fieldsOf = (p: Promise<unknown>) =>
      p.then(
        () => [],
        (e: { errors?: { field: string }[] }) => (e.errors ?? []).map((x) => x.field),
      );
    try {
      const file = join(dir, 'c.json');
      writeFileSync(
        file,
        JSON.stringify({ url: 'ftp://file.example', reserveUrls: 'https://r1.example, r2', tokken: 't' }),
      );
      chmodSync(file, 0o600);
      expect(await fieldsOf(loadCliConfig({ env: {}, configPath: file }))).toEqual([
        `url (${file})`,
        `reserveUrls (${file}) #2`,
      ]);
      const env = { CHECKLISTS_URL: 'notaurl', CHECKLISTS_RESERVE_URLS: 'https://r.example,http://remote.example' };
      expect(await fieldsOf(loadCliConfig({ env, configPath: file }))).toEqual([
        'CHECKLISTS_URL',
        'CHECKLISTS_RESERVE_URLS #2',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs on the sandbox with no address, and refuses reserves without a primary', async () => {
    expect((await loadCliConfig({ env: {} })).loaded.mode).toBe('sandbox');
    await expect(loadCliConfig({ env: { CHECKLISTS_RESERVE_URLS: 'https://r.example' } })).rejects.toThrow(UsageError);
  });

  it("takes an analyst key for the tokken as the organisation's relay, which holds IDsubjectFM; a tokken still needs it", async () => {
    const key = `ckr_AbCdEf012345_${'s'.repeat(43)}`;
    const viaRelay = await loadCliConfig({
      env: { CHECKLISTS_URL: 'https://relay.bank.example', CHECKLISTS_TOKKEN: key },
    });
    expect(viaRelay.loaded).toMatchObject({
      mode: 'live',
      tokken: key,
      settings: { connection: 'relay', idSubjectFM: '' },
    });
    const direct = loadCliConfig({
      env: { CHECKLISTS_URL: 'https://checklists.example', CHECKLISTS_TOKKEN: 'a-tokken-of-the-bank' },
    });
    await expect(direct).rejects.toThrow('CHECKLISTS_SUBJECT_ID is not');
  });

  it('a relay that takes the connection and never answers /relay/check costs the run header its analyst, not the run', async () => {
    const held: ServerResponse[] = [];
    const server = createServer((_req, res) => void held.push(res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      const config = await loadCliConfig({
        env: { CHECKLISTS_URL: `http://127.0.0.1:${port}`, CHECKLISTS_TOKKEN: `ckr_AbCdEf012345_${'s'.repeat(43)}` },
      });
      const io = {
        stdout: { write: () => true },
        stderr: { write: () => true },
        env: {},
        cwd: '/',
        platform: process.platform,
        interrupt: new AbortController().signal,
      };
      // Were the wait unbounded, the connection is cut at 20 s so that the test fails on its time, not hangs.
      const cut = setTimeout(() => held.forEach((res) => res.destroy()), 20_000);
      const started = performance.now();
      expect(await relayAnalyst(config, io)).toBeNull();
      clearTimeout(cut);
      expect(held).toHaveLength(1);
      expect(performance.now() - started).toBeLessThan(15_000);
    } finally {
      for (const res of held) res.destroy();
      await new Promise((r) => server.close(r));
    }
  }, 30_000);
});

describe('progress', () => {
  function sink(isTTY: boolean) {
    const chunks: string[] = [];
    return { chunks, stream: { isTTY, columns: 80, write: (c: string) => (chunks.push(c), true) } };
  }

  it('rewrites one line on a terminal', () => {
    let t = 0;
    const { chunks, stream } = sink(true);
    const p = new ProgressReporter(stream, 'bar', 'en', () => t);
    for (let done = 1; done <= 50; done++) {
      t += 20;
      p.update({ done, total: 50, hits: 1, failed: 0, invalid: 0 });
    }
    p.finish({ done: 50, total: 50, hits: 1, failed: 0, invalid: 0 });
    expect(chunks.every((c) => c.startsWith('\r') || c === '\n')).toBe(true);
    // Throttled to one redraw per 100 ms of the 1 s run, plus the final ones.
    expect(chunks.length).toBeLessThan(15);
    expect(chunks.at(-2)).toContain('[########################] 50/50 rows (100%)');
  });

  it('prints plain lines every tenth of the rows in a log', () => {
    const { chunks, stream } = sink(false);
    const p = new ProgressReporter(stream, 'lines', 'en', () => 0);
    for (let done = 1; done <= 100; done++) p.update({ done, total: 100, hits: 0, failed: 0, invalid: 0 });
    p.finish({ done: 100, total: 100, hits: 0, failed: 0, invalid: 0 });
    expect(chunks).toHaveLength(10);
    expect(chunks.every((c) => c.endsWith('\n') && !c.includes('\r'))).toBe(true);
  });
});

it('makes control characters from the service visible instead of sending them to the terminal', () => {
  expect(plain('name\u001b]0;pwned\u0007\nnext')).toBe('name�]0;pwned� next');
});
