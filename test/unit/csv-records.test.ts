import { rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { CsvRecordSplitter } from '../../src/cli/input/csv-fast-records';
import { csvRecordBatches, type CsvDelimiter } from '../../src/cli/input/csv-records';
import { UsageError } from '../../src/cli/exit-codes';
import { bulkInputOf, openInput, parseCsvText } from '../../src/cli/input/input-file';
import type { RowSource } from '../../src/bulk';

/** The CLI's CSV records must be exactly csv-parse's, whichever reader (fast splitter or csv-parse) reads them. */

const DELIMITERS: CsvDelimiter[] = [',', ';', '\t'];

/** What csv-parse gives for a text, with the options the CLI reads with; 'throws' when it rejects it. */
function csvParseOf(text: string, delimiter: CsvDelimiter): string[][] | 'throws' {
  try {
    return parseCsv(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      bom: true,
    }) as string[][];
  } catch {
    return 'throws';
  }
}

/** mulberry32: a seeded PRNG, so a failure names a reproducible case. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NASTY = ['a', 'я', '"', ',', ';', '\t', '\n', '\r', ' ', '\r\n', '""', '\u0000'];

function randomText(random: () => number, alphabet: readonly string[], maxLength: number): string {
  let text = random() < 0.2 ? '\uFEFF' : '';
  const length = Math.floor(random() * maxLength);
  for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
  return text;
}

/** The text cut into random pieces of 1 to 5 characters, as decoded chunks may cut it anywhere. */
function randomChunks(random: () => number, text: string): string[] {
  const chunks: string[] = [];
  for (let p = 0; p < text.length;) {
    const next = p + 1 + Math.floor(random() * 5);
    chunks.push(text.slice(p, next));
    p = next;
  }
  return chunks;
}

/** The splitter's records, or null when it calls the text unusual. */
function split(chunks: readonly string[], delimiter: CsvDelimiter): string[][] | null {
  const splitter = new CsvRecordSplitter(delimiter);
  const records: string[][] = [];
  for (const chunk of chunks) {
    const batch = splitter.push(chunk);
    if (batch === null) return null;
    records.push(...batch);
  }
  const last = splitter.end();
  return last === null ? null : [...records, ...last];
}

async function readAll(
  chunks: readonly string[],
  delimiter: CsvDelimiter,
  route = { fast: true },
): Promise<string[][] | 'throws'> {
  const records: string[][] = [];
  try {
    for await (const batch of csvRecordBatches(
      async function* () {
        yield* chunks;
      },
      delimiter,
      route,
    )) {
      records.push(...batch);
    }
  } catch {
    return 'throws';
  }
  return records;
}

describe('the fast CSV splitter against csv-parse', () => {
  it.each([
    ['nasty', NASTY, 1],
    ['no lone carriage return', ['a', 'я', '"', ',', ';', '\t', '\n', ' ', '\r\n', '""', 'a', 'я'], 2],
  ])(
    'gives csv-parse records for every random %s text it accepts, cut anywhere, and accepts none csv-parse rejects',
    (_, alphabet, seed) => {
      const random = prng(seed);
      let accepted = 0;
      const cases = 4000;
      for (let n = 0; n < cases; n++) {
        const text = randomText(random, alphabet, 25);
        for (const delimiter of DELIMITERS) {
          const records = split(randomChunks(random, text), delimiter);
          if (records === null) continue;
          accepted++;
          const expected = csvParseOf(text, delimiter);
          if (JSON.stringify(records) !== JSON.stringify(expected)) {
            throw new Error(
              `${JSON.stringify(text)} with ${JSON.stringify(delimiter)}: got ${JSON.stringify(records)}, csv-parse ${JSON.stringify(expected)}`,
            );
          }
        }
      }
      // The fast path must take a fair share even of such texts, or this test would prove nothing.
      expect(accepted).toBeGreaterThan(cases * DELIMITERS.length * 0.2);
    },
  );

  it('gives csv-parse results through the reader, fast path or fallback, records or a rejection', async () => {
    const random = prng(3);
    const routes = { fast: 0, fallback: 0 };
    for (let n = 0; n < 300; n++) {
      const text = randomText(random, NASTY, 20);
      const delimiter = DELIMITERS[n % 3];
      const route = { fast: true };
      expect({ text, records: await readAll(randomChunks(random, text), delimiter, route) }).toEqual({
        text,
        records: csvParseOf(text, delimiter),
      });
      routes[route.fast ? 'fast' : 'fallback']++;
    }
    expect(routes.fast).toBeGreaterThan(30);
    expect(routes.fallback).toBeGreaterThan(30);
  });

  it.each([
    [
      'quoted fields holding line breaks and delimiters',
      true,
      'ПІБ,Адреса\n"Іваненко, Іван","м. Київ,\nвул. Січова"\nПетренко,"a\r\nb"\n',
    ],
    ['doubled quotes', true, 'a,b\n"ТОВ ""Ромашка""",""\n"""",x\n'],
    ['a quote inside an unquoted field', true, 'a,b\nТОВ "Ромашка",1\n'],
    ['empty lines, kept as records', true, 'a,b\n\n1,2\n\n\n'],
    ['no line break at the end', true, 'a,b\n1,2'],
    ['a quoted last field with no line break at the end', true, 'a,b\n1,"2"'],
    ['CRLF line ends', true, 'a,b\r\n"1\r\n2",3\r\n\r\n4,5\r\n'],
    ['a BOM', true, '\uFEFFa;b\n1;2\n'],
    ['a delimiter at the end of a line', true, 'a,b,\n1,\n'],
    ['a lone CR line end', false, 'a,b\r1,2\r'],
    ['a lone LF in a CRLF file', false, 'a,b\r\n1\n2,3\r\n'],
    ['a CR in an LF file', false, 'a,b\n1\r2,3\n'],
    ['text after a closing quote', false, 'a,b\n"ТОВ "Ромашка"",1\n'],
    ['a quote left open', false, 'a,b\n"1,2\n'],
  ])('%s: csv-parse records (fast path: %s)', async (_, fast, text) => {
    for (const delimiter of text.includes(';') ? [';' as const] : [',' as const]) {
      for (const chunks of [[text], [...text], randomChunks(prng(text.length), text)]) {
        const route = { fast: true };
        expect(await readAll(chunks, delimiter, route)).toEqual(csvParseOf(text, delimiter));
        expect(route.fast).toBe(fast);
      }
    }
  });

  it('a pass that turns unusual part way (the file changed) ends with csv-parse, giving no record twice', async () => {
    const chunks = ['a,b\n1,2\n', '3,4\n', '"5"6,7\n8,9\n'];
    const route = { fast: true };
    expect(await readAll(chunks, ',', route)).toEqual(csvParseOf(chunks.join(''), ','));
    expect(route.fast).toBe(false);
  });

  it('a route found unusual goes to csv-parse at once', async () => {
    const route = { fast: false };
    expect(await readAll(['a,b\n1,2\n'], ',', route)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(route.fast).toBe(false);
  });
});

describe('a CSV file opened for screening', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'checklists-csv-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const limits = { maxBytes: 1 << 20, maxRows: 1000 };

  async function rowsOf(source: RowSource, from = 0): Promise<unknown[]> {
    const rows: unknown[] = [];
    for await (const row of source.read(from)) rows.push(row);
    return rows;
  }

  it.each([
    [
      'usual UTF-8 with a BOM and CRLF',
      'utf-8',
      Buffer.from('\uFEFFПІБ;Дата\r\n"Іваненко; Іван";1990\r\n\r\nПетренко;\r\n;;\r\n', 'utf8'),
    ],
    [
      'unusual (text after a closing quote), read by csv-parse',
      'utf-8',
      Buffer.from('ПІБ,Дата\n"ТОВ "Ромашка"",1\n\nПетренко\n', 'utf8'),
    ],
    // "ПІБ,1\nІван,2\n"А,\nБ",3\n": not valid UTF-8, so read as Windows-1251 after the first try.
    [
      'Windows-1251',
      'windows-1251',
      Buffer.from([
        0xcf, 0xb2, 0xc1, 0x2c, 0x31, 0x0a, 0xb2, 0xe2, 0xe0, 0xed, 0x2c, 0x32, 0x0a, 0x22, 0xc0, 0x2c, 0x0a, 0xc1,
        0x22, 0x2c, 0x33, 0x0a,
      ]),
    ],
    // Excel's "Unicode Text": UTF-16 with its byte-order mark, tab-separated.
    [
      "Excel's Unicode text, UTF-16LE",
      'utf-16le',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('ПІБ\tДата\r\nІваненко Іван\t1990-01-02\r\n', 'utf16le')]),
    ],
    [
      'UTF-16BE, as a few tools write it',
      'utf-16be',
      Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('ПІБ;Дата\nПетренко Петро;1980\n', 'utf16le').swap16()]),
    ],
  ])('%s: the rows csv-parse reads, on every pass and from any row', async (name, encoding, bytes) => {
    const path = join(dir, `${name.length}.csv`);
    writeFileSync(path, bytes);
    const opened = await openInput(path, undefined, limits, 'list.csv');
    const expected = bulkInputOf(
      { format: 'csv', sheetName: 'CSV', rows: parseCsvText(new TextDecoder(encoding).decode(bytes)), warnings: [] },
      'list.csv',
    );
    expect(opened.input.headers).toEqual(expected.headers);
    const source = opened.input.rows as RowSource;
    expect(source.count).toBe(expected.rows.length);
    expect(await rowsOf(source)).toEqual(expected.rows);
    expect(await rowsOf(source, 1)).toEqual(expected.rows.slice(1));
    expect(opened.warnings.length > 0).toBe(encoding === 'windows-1251');
  });

  it('a title above the headers: read from the real header row, the title not screened, and said so', async () => {
    const path = join(dir, 'titled.csv');
    writeFileSync(
      path,
      'Перелік клієнтів станом на 01.11.2026;;\n;;\nПІБ;Дата народження;ІПН\nКривоклен Северин Богданович;12.04.1967;\n',
    );
    const opened = await openInput(path, undefined, limits, 'titled.csv');
    expect(opened.input.headers).toEqual(['ПІБ', 'Дата народження', 'ІПН']);
    expect(opened.input.firstSourceRow).toBe(4);
    expect(await rowsOf(opened.input.rows as RowSource)).toEqual([
      ['Кривоклен Северин Богданович', '12.04.1967', null],
    ]);
    expect(opened.warnings.map((w) => w.en)).toEqual([
      'Note: the headers are in row 3; the rows above them (filled: 1) are not screened, a title it seems.',
    ]);
    // A workbook's sheet, read whole, by the same rule.
    const sheet = bulkInputOf(
      {
        format: 'xlsx',
        sheetName: 'Клієнти',
        rows: [['Перелік клієнтів'], [null], ['ПІБ', 'Дата народження'], ['Петренко Петро', '1980-01-01']],
        warnings: [],
      },
      'list.xlsx',
    );
    expect(sheet).toMatchObject({ headers: ['ПІБ', 'Дата народження'], rows: [['Петренко Петро', '1980-01-01']] });
    expect(sheet.firstSourceRow).toBe(4);
  });

  it('hands rows in order to requests that do not wait for each other, and stops reading when asked', async () => {
    const path = join(dir, 'order.csv');
    writeFileSync(path, `ПІБ\n${Array.from({ length: 50 }, (_, i) => `Особа ${i}`).join('\n')}\n`);
    const source = (await openInput(path, undefined, limits, 'list.csv')).input.rows as RowSource;
    const rows = source.read(3)[Symbol.asyncIterator]();
    const [a, b, c] = await Promise.all([rows.next(), rows.next(), rows.next()]);
    expect([a.value, b.value, c.value]).toEqual([['Особа 3'], ['Особа 4'], ['Особа 5']]);
    expect(await rows.return?.()).toEqual({ value: undefined, done: true });
    expect(await rows.next()).toEqual({ value: undefined, done: true });
    expect((await rowsOf(source)).length).toBe(50);
  });

  it('a file cut short after the first pass is an unreadable CSV file on the next', async () => {
    const path = join(dir, 'cut.csv');
    writeFileSync(path, 'ПІБ\nІваненко\nПетренко\nСидоренко\n');
    const source = (await openInput(path, undefined, limits, 'list.csv')).input.rows as RowSource;
    writeFileSync(path, 'ПІБ\nІваненко\n');
    const error = await rowsOf(source).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toBe(`${path} is not a readable CSV file.`);
  });

  it('a quote left open is an unreadable CSV file, as csv-parse rejects it', async () => {
    const path = join(dir, 'open-quote.csv');
    writeFileSync(path, 'ПІБ,Дата\nІваненко,1\n"Петренко,2\n');
    const error = await openInput(path, undefined, limits, 'list.csv').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toBe(`${path} is not a readable CSV file.`);
  });
});
