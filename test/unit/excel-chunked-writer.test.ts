import { chunkRows } from '../../src/excel/chunked-writer';
import { jsonByteLength } from '../../src/excel/payload';
import type { CellInput } from '../../src/excel/safe-text';

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
});
