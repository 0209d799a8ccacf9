import { CancelledError } from '../../src/core/errors';
import { BATCH_OVERHEAD_BYTES, chunkRows, writeRowsInChunks, type WriteProgress } from '../../src/excel/chunked-writer';
import { jsonByteLength } from '../../src/excel/payload';
import { textCellFormats, toSafeRows, type CellInput } from '../../src/excel/safe-text';
import { WorkbookFake } from '../support/workbook-fake';

function makeRows(n: number, width: number, cell: (r: number, c: number) => CellInput): CellInput[][] {
  return Array.from({ length: n }, (_, r) => Array.from({ length: width }, (_, c) => cell(r, c)));
}

async function write(fake: WorkbookFake, rows: CellInput[][], options: Parameters<typeof writeRowsInChunks>[5] = {}, at = [0, 0]) {
  const ctx = fake.context();
  const sheet = ctx.workbook.worksheets.getItem('Sheet1');
  return writeRowsInChunks(ctx, sheet, at[0], at[1], rows, options);
}

describe('writeRowsInChunks', () => {
  it('writes every row exactly, text safely, starting at the given cell', async () => {
    const fake = new WorkbookFake();
    const rows: CellInput[][] = [
      ['=1+1', 5, true],
      ['007', null, '@SUM(A1)'],
      ['short'],
    ];
    await write(fake, rows, {}, [2, 27]);
    expect(fake.formulaCells('Sheet1')).toEqual([]);
    expect(fake.cell('Sheet1', 'AB3').value).toBe('=1+1');
    expect(fake.cell('Sheet1', 'AC3').value).toBe(5);
    expect(fake.cell('Sheet1', 'AD3').value).toBe(true);
    expect(fake.cell('Sheet1', 'AB4').value).toBe('007');
    expect(fake.cell('Sheet1', 'AC4').type).toBe('Empty');
    expect(fake.cell('Sheet1', 'AD4').value).toBe('@SUM(A1)');
    expect(fake.cell('Sheet1', 'AB5').value).toBe('short');
  });

  it('clears cells for null and for short rows, instead of leaving old content', async () => {
    const fake = new WorkbookFake().setSheet('Sheet1', [['old', 'old', 'old'], ['old', 'old', 'old']]);
    await write(fake, [['new', null, 'new'], ['new']]);
    expect(fake.sheetValues('Sheet1')).toEqual([
      ['new', '', 'new'],
      ['new', '', ''],
    ]);
  });

  it('syncs once per chunk: the count follows chunks, not rows', async () => {
    const counts: number[] = [];
    for (const n of [1_000, 2_000, 4_000]) {
      const fake = new WorkbookFake();
      const result = await write(fake, makeRows(n, 4, (r, c) => `r${r}c${c}`), { maxRowsPerChunk: 500 });
      expect(fake.stats.syncs).toBe(result.chunks);
      expect(fake.stats.syncs).toBe(Math.ceil(n / 500));
      counts.push(fake.stats.syncs);
      expect(fake.sheetValues('Sheet1')[n - 1]).toEqual([`r${n - 1}c0`, `r${n - 1}c1`, `r${n - 1}c2`, `r${n - 1}c3`]);
    }
    expect(counts).toEqual([2, 4, 8]);
  });

  it('writes 10 000 small rows in a couple of syncs by default', async () => {
    const fake = new WorkbookFake();
    await write(fake, makeRows(10_000, 3, (r) => r));
    expect(fake.stats.syncs).toBeLessThanOrEqual(2);
    expect(fake.stats.syncs).toBeGreaterThanOrEqual(1);
  });

  it('keeps every sync under the byte limit where one plain write would be refused', async () => {
    const rows = makeRows(16_000, 6, (r, c) => `Шевченко Тарас Григорович ${r}-${c}`);
    expect(jsonByteLength(rows)).toBeGreaterThan(5 * 1024 * 1024);
    const naive = new WorkbookFake();
    const ctx = naive.context();
    ctx.workbook.worksheets.getItem('Sheet1').getRangeByIndexes(0, 0, rows.length, 6).values = rows as unknown[][];
    await expect(ctx.sync()).rejects.toMatchObject({ code: 'RequestPayloadSizeLimitExceeded' });

    const fake = new WorkbookFake();
    const result = await write(fake, rows);
    expect(fake.stats.syncs).toBeGreaterThan(1);
    expect(fake.stats.maxSyncBytes).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(result.rowsWritten).toBe(16_000);
    expect(fake.sheetValues('Sheet1')[15_999][5]).toBe(rows[15_999][5]);
  });

  it('honours a smaller byte budget: no sync over it, and about total/budget syncs', async () => {
    const fake = new WorkbookFake();
    const budget = 64 * 1024;
    const rows = makeRows(3_000, 5, (r, c) => `value ${r} ${c} ${'x'.repeat(20)}`);
    // Each text cell carries its "General" number format (safe-text.ts, Text-formatted targets).
    const total = jsonByteLength(toSafeRows(rows)) + jsonByteLength(textCellFormats(toSafeRows(rows)));
    await write(fake, rows, { maxBytesPerSync: budget });
    expect(fake.stats.maxSyncBytes).toBeLessThanOrEqual(budget);
    expect(fake.stats.syncs).toBeGreaterThanOrEqual(Math.ceil(total / budget));
    expect(fake.stats.syncs).toBeLessThanOrEqual(Math.ceil(total / (budget - BATCH_OVERHEAD_BYTES - 1_000)) + 1);
  });

  it('splits a row too wide for one sync across columns', async () => {
    const fake = new WorkbookFake();
    const wide = [Array.from({ length: 40 }, (_, c) => `${c}:${'ї'.repeat(10_000)}`), ['next']];
    const result = await write(fake, wide, { maxBytesPerSync: 256 * 1024 });
    expect(fake.stats.syncs).toBeGreaterThan(2);
    expect(fake.stats.maxSyncBytes).toBeLessThanOrEqual(256 * 1024);
    expect(result.rowsWritten).toBe(2);
    const values = fake.sheetValues('Sheet1');
    expect(values[0]).toEqual(wide[0]);
    expect(values[1][0]).toBe('next');
  });

  it('reports progress after each chunk, ending at the total', async () => {
    const fake = new WorkbookFake();
    const seen: WriteProgress[] = [];
    await write(fake, makeRows(950, 2, (r) => r), { maxRowsPerChunk: 300, onProgress: (p) => seen.push(p) });
    expect(seen.map((p) => p.rowsWritten)).toEqual([300, 600, 900, 950]);
    expect(seen.every((p) => p.totalRows === 950)).toBe(true);
    expect(seen.map((p) => p.chunksWritten)).toEqual([1, 2, 3, 4]);
  });

  it('stops between chunks when aborted, leaving written rows in place', async () => {
    const fake = new WorkbookFake();
    const controller = new AbortController();
    let written = 0;
    const run = write(fake, makeRows(1_000, 2, (r) => r), {
      maxRowsPerChunk: 100,
      signal: controller.signal,
      onProgress: (p) => {
        written = p.rowsWritten;
        if (p.chunksWritten === 3) controller.abort();
      },
    });
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    expect(written).toBe(300);
    expect(fake.sheetValues('Sheet1')).toHaveLength(300);
  });

  it('surfaces a failed sync with the progress made before it', async () => {
    const fake = new WorkbookFake();
    fake.failAtSync(3);
    let written = 0;
    const run = write(fake, makeRows(500, 2, (r) => r), { maxRowsPerChunk: 100, onProgress: (p) => (written = p.rowsWritten) });
    await expect(run).rejects.toMatchObject({ code: 'GeneralException' });
    expect(written).toBe(200);
  });

  it('writes nothing for no rows and refuses blocks that do not fit the sheet', async () => {
    const fake = new WorkbookFake();
    expect(await write(fake, [])).toEqual({ rowsWritten: 0, chunks: 0, maxChunkBytes: 0 });
    expect(fake.stats.syncs).toBe(0);
    await expect(write(fake, [['x', 'y']], {}, [0, 16_383])).rejects.toBeInstanceOf(RangeError);
  });
});

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
