import { chunkRows, type Chunk } from '../../src/excel/chunked-writer';
import { jsonByteLength } from '../../src/excel/payload';
import { textCellFormats, toSafeCellValue, type CellInput } from '../../src/excel/safe-text';

function makeRows(n: number, width: number, cell: (r: number, c: number) => CellInput): CellInput[][] {
  return Array.from({ length: n }, (_, r) => Array.from({ length: width }, (_, c) => cell(r, c)));
}

describe('chunkRows', () => {
  it('keeps each chunk within budget and covers every row once, in order', () => {
    const rows = makeRows(700, 3, (r, c) => (c === 0 ? 'x'.repeat((r * 37) % 400) : r));
    const budget = 8_000;
    const chunks = [...chunkRows(rows, 3, budget, 1_000)];
    let next = 0;
    for (const ch of chunks) {
      expect(ch.rowOffset).toBe(next);
      expect(ch.bytes).toBeLessThanOrEqual(budget);
      expect(jsonByteLength(ch.values)).toBeLessThanOrEqual(ch.bytes);
      next += ch.rowCount;
    }
    expect(next).toBe(700);
  });

  it('stops a chunk at maxRows even when the bytes would allow more', () => {
    const chunks = [
      ...chunkRows(
        makeRows(25, 2, (r) => r),
        2,
        1 << 20,
        10,
      ),
    ];
    expect(chunks.map((ch) => [ch.rowOffset, ch.rowCount])).toEqual([
      [0, 10],
      [10, 10],
      [20, 5],
    ]);
  });

  /** Every cell a chunk writes, by row and column, with its value. */
  const cellsOf = (chunks: readonly Chunk[]) =>
    chunks.flatMap((ch) =>
      ch.values.flatMap((row, r) => row.map((value, c) => [ch.rowOffset + r, ch.columnOffset + c, value] as const)),
    );

  it.each([false, true])(
    'splits a row too wide for one batch by columns, each part within budget, every cell once (text formats %s)',
    (withTextFormats) => {
      // Long analyst notes beside a short row on each side; some of them look like formulas.
      const wide = Array.from({ length: 12 }, (_, c) => (c % 3 === 0 ? `=HYPERLINK("x${c}")` : 'д'.repeat(300)));
      const rows: CellInput[][] = [['перший', 1], wide, ['останній', null]];
      const budget = 2_000;
      const chunks = [...chunkRows(rows, 12, budget, 100, withTextFormats)];
      for (const ch of chunks) {
        const formats = withTextFormats ? jsonByteLength(textCellFormats(ch.values)) : 0;
        expect(jsonByteLength(ch.values) + formats).toBeLessThanOrEqual(budget);
        expect(ch.values.every((row) => row.length === ch.columnCount)).toBe(true);
      }
      const wideParts = chunks.filter((ch) => ch.rowOffset === 1);
      expect(wideParts.length).toBeGreaterThan(1);
      expect(wideParts.every((ch) => ch.rowCount === 1)).toBe(true);
      // Every cell of the 3 × 12 block exactly once, made safe (a formula written as text).
      const expected = rows.flatMap((row, r) =>
        Array.from({ length: 12 }, (_, c) => [r, c, toSafeCellValue(row[c])] as const),
      );
      const written = cellsOf(chunks).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
      expect(written).toEqual(expected);
      expect(written.find(([r, c]) => r === 1 && c === 0)?.[2]).toBe('\'=HYPERLINK("x0")');
    },
  );
});
