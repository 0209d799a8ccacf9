/**
 * csvRecords renders the rows of each chunk while a run goes on; csvText writes a whole file at
 * once. Chunks joined must give the same bytes as one pass, for any cell.
 */
import { stringify } from 'csv-stringify/sync';
import type { TableCell } from '../../src/bulk/result-table';
import { csvRecords, csvSafe, csvText, type CsvDelimiter } from '../../src/cli/output/csv-writer';
import { protectFormula, unprotectFormula } from '../../src/core/text/csv-formula';
import { csvCell } from '../../src/relay/audit-export';

const DELIMITERS: CsvDelimiter[] = [',', ';', '\t'];
// Everything that changes how a field is written: delimiters, quotes, line breaks, formula starts, controls, Cyrillic.
const PIECES = [
  ',',
  ';',
  '\t',
  '"',
  '""',
  '\n',
  '\r',
  '\r\n',
  "'",
  '=',
  '+',
  '-',
  '@',
  '\uFF1D',
  '\u0000',
  '\u0085',
  ' ',
  'a',
  'Я',
  'ї',
  '1',
  '.',
  '0',
];
const NUMBERS = [0, -0, 7, -3, 2.5, -1e-7, 1e21, 123456789012, Number.NaN, Number.POSITIVE_INFINITY];

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function randomCell(next: () => number): TableCell | undefined {
  const kind = next();
  if (kind < 0.1) return null;
  if (kind < 0.15) return undefined;
  if (kind < 0.3) return NUMBERS[Math.floor(next() * NUMBERS.length)];
  let text = '';
  const length = Math.floor(next() * 6);
  for (let i = 0; i < length; i++) text += PIECES[Math.floor(next() * PIECES.length)];
  return text;
}

/** What csv-stringify writes for the rows with the writer's options: csvText's layout, records only. */
function reference(rows: readonly (readonly (TableCell | undefined)[])[], delimiter: CsvDelimiter): string {
  if (rows.length === 0) return '';
  return stringify(
    rows.map((r) => r.map((v) => csvSafe(v ?? null))),
    { delimiter, bom: false, record_delimiter: '\r\n', quote_record_delimiter: true },
  );
}

test('gives csv-stringify’s bytes for 3,000 random rows of awkward cells, with each delimiter', () => {
  const next = random(20261123);
  for (const delimiter of DELIMITERS) {
    for (let n = 0; n < 1_000; n++) {
      const width = Math.floor(next() * 5);
      const rows = Array.from({ length: 1 + Math.floor(next() * 3) }, () =>
        Array.from({ length: width }, () => randomCell(next)),
      );
      expect(csvRecords(rows as TableCell[][], delimiter)).toBe(reference(rows, delimiter));
    }
  }
});

test('a chunk’s text is what csvText writes for the same rows after its header row', () => {
  const rows: TableCell[][] = [
    [1, 'Кривоклен Северин', '=SUM(A1)', 'a "quoted" word'],
    [2, 'line\nbreak', '', null],
    [],
    [3, -4, 'x;y', 'tab\there'],
  ];
  for (const delimiter of DELIMITERS) {
    const whole = csvText([], ['Row', 'Name', 'Formula', 'Note'], rows, delimiter);
    const header = csvText([], ['Row', 'Name', 'Formula', 'Note'], [], delimiter);
    expect(header + csvRecords(rows, delimiter)).toBe(whole);
  }
});

describe('one formula rule for every CSV written and read back', () => {
  const risky = ['=1+1', '＝HYPERLINK(1)', '+380501234567', '-1', '@SUM(A1)', '\tcmd', '\rcmd', '－2', '＋3', '＠x'];
  it("protects the relay's exports as the command line's files, full-width forms included", () => {
    for (const text of risky) {
      expect(csvSafe(text)).toBe(`'${text}`);
      expect(csvCell(text).replace(/^"|"$/g, '')).toBe(`'${text}`);
    }
    expect(csvCell('Іваненко')).toBe('Іваненко');
  });

  it('reads a protected cell back as it was, and leaves any other apostrophe alone', () => {
    for (const text of [...risky, 'Іваненко', "O'Brien", "'quoted"]) {
      expect(unprotectFormula(protectFormula(text))).toBe(text);
    }
  });
});
