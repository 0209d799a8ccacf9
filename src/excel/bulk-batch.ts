import { BATCH_OVERHEAD_BYTES, DEFAULT_MAX_BYTES_PER_SYNC, chunkRows } from './chunked-writer';
import { EXCEL_WEB_PAYLOAD_LIMIT_BYTES, jsonByteLength } from './payload';
import type { CellInput } from './safe-text';

/**
 * Several writes in one round trip: queued on the context and synced only when the next one
 * would push the request past the budget (default ~2 MB, far below Excel on the web's 5 MB).
 * A bulk flush writes result rows, hit lines and its checkpoint; each gets its own chunking
 * from the safe writer, and they share syncs instead of paying one each.
 */
export interface BatchStats {
  syncs: number;
  maxBatchBytes: number;
}

export function batchBudget(maxBytesPerSync: number = DEFAULT_MAX_BYTES_PER_SYNC): number {
  return Math.max(4_096, Math.min(maxBytesPerSync, EXCEL_WEB_PAYLOAD_LIMIT_BYTES) - BATCH_OVERHEAD_BYTES);
}

export class WriteBatch {
  private bytes = 0;

  constructor(
    private readonly context: Excel.RequestContext,
    readonly budget: number,
    private readonly stats: BatchStats = { syncs: 0, maxBatchBytes: 0 },
  ) {}

  async add(bytes: number, queue: () => void): Promise<void> {
    if (this.bytes > 0 && this.bytes + bytes > this.budget) await this.flush();
    queue();
    this.bytes += bytes;
  }

  /** Rows at (row0, col0) through the safe writer; `formats` adds a number format per column. */
  async addRows(
    sheet: Excel.Worksheet,
    row0: number,
    col0: number,
    rows: readonly (readonly CellInput[])[],
    width: number,
    formats: ReadonlyMap<number, string> = new Map(),
  ): Promise<void> {
    // Half a batch per chunk leaves room for the number formats and for a neighbour write.
    const chunkBudget = Math.max(1_024, Math.floor(this.budget / 2));
    for (const chunk of chunkRows(rows, width, chunkBudget, 5_000)) {
      const columnFormats: { column: number; values: string[][] }[] = [];
      for (const [column, format] of formats) {
        if (column < chunk.columnOffset || column >= chunk.columnOffset + chunk.columnCount) continue;
        columnFormats.push({ column, values: Array.from({ length: chunk.rowCount }, () => [format]) });
      }
      const bytes = chunk.bytes + columnFormats.reduce((n, f) => n + jsonByteLength(f.values), 0) + 200;
      await this.add(bytes, () => {
        sheet.getRangeByIndexes(row0 + chunk.rowOffset, col0 + chunk.columnOffset, chunk.rowCount, chunk.columnCount).values = chunk.values;
        for (const f of columnFormats) sheet.getRangeByIndexes(row0 + chunk.rowOffset, col0 + f.column, chunk.rowCount, 1).numberFormat = f.values;
      });
    }
  }

  async flush(): Promise<void> {
    if (this.bytes === 0) return;
    this.stats.maxBatchBytes = Math.max(this.stats.maxBatchBytes, this.bytes);
    this.bytes = 0;
    this.stats.syncs++;
    await this.context.sync();
  }
}
