import { BATCH_OVERHEAD_BYTES, DEFAULT_MAX_BYTES_PER_SYNC, chunkRows } from '../chunked-writer';
import { isPayloadTooLarge } from '../errors';
import { EXCEL_WEB_PAYLOAD_LIMIT_BYTES, jsonByteLength } from '../payload';
import type { CellInput, CellWrite } from '../safe-text';

/**
 * Several writes in one round trip: queued on the context and synced only when the next one
 * would push the request past the budget (default ~2 MB, far below Excel on the web's 5 MB).
 * A bulk flush writes result rows, hit lines and its checkpoint; each gets its own chunking
 * from the safe writer, and they share syncs instead of paying one each.
 *
 * The budget is an estimate of what Excel counts. If Excel still refuses a batch as too large
 * (RequestPayloadSizeLimitExceeded), nothing of it was applied: the batch is sent again in two
 * halves, and a single block of cells too large on its own is split in two, by rows, then by
 * columns. https://learn.microsoft.com/en-us/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins
 */
export interface BatchStats {
  syncs: number;
  maxBatchBytes: number;
}

export function batchBudget(maxBytesPerSync: number = DEFAULT_MAX_BYTES_PER_SYNC): number {
  return Math.max(4_096, Math.min(maxBytesPerSync, EXCEL_WEB_PAYLOAD_LIMIT_BYTES) - BATCH_OVERHEAD_BYTES);
}

/** One queued piece of work; `split` halves it when it alone is too large for Excel. */
interface Entry {
  bytes: number;
  queue: () => void;
  split?: () => Entry[];
}

/** Values (already safe) at (row0, col0), with a number format per listed column. */
function blockEntry(
  sheet: Excel.Worksheet,
  row0: number,
  col0: number,
  values: CellWrite[][],
  formats: ReadonlyMap<number, string>,
): Entry {
  const rowCount = values.length;
  const columnCount = values[0]?.length ?? 0;
  const columnFormats: { column: number; values: string[][] }[] = [];
  for (const [column, format] of formats) {
    if (column < 0 || column >= columnCount) continue;
    columnFormats.push({ column, values: Array.from({ length: rowCount }, () => [format]) });
  }
  const bytes = jsonByteLength(values) + columnFormats.reduce((n, f) => n + jsonByteLength(f.values), 0) + 200;
  const shifted = (offset: number) => new Map([...formats].map(([c, f]) => [c - offset, f] as const));
  return {
    bytes,
    queue: () => {
      sheet.getRangeByIndexes(row0, col0, rowCount, columnCount).values = values;
      for (const f of columnFormats) {
        sheet.getRangeByIndexes(row0, col0 + f.column, rowCount, 1).numberFormat = f.values;
      }
    },
    split:
      rowCount > 1
        ? () => {
            const half = Math.ceil(rowCount / 2);
            return [
              blockEntry(sheet, row0, col0, values.slice(0, half), formats),
              blockEntry(sheet, row0 + half, col0, values.slice(half), formats),
            ];
          }
        : columnCount > 1
          ? () => {
              const half = Math.ceil(columnCount / 2);
              return [
                blockEntry(sheet, row0, col0, [values[0].slice(0, half)], formats),
                blockEntry(sheet, row0, col0 + half, [values[0].slice(half)], shifted(half)),
              ];
            }
          : undefined,
  };
}

export class WriteBatch {
  private pending: Entry[] = [];
  private bytes = 0;

  constructor(
    private readonly context: Excel.RequestContext,
    readonly budget: number,
    private readonly stats: BatchStats = { syncs: 0, maxBatchBytes: 0 },
  ) {}

  async add(bytes: number, queue: () => void): Promise<void> {
    await this.push({ bytes, queue });
  }

  private async push(entry: Entry): Promise<void> {
    if (this.bytes > 0 && this.bytes + entry.bytes > this.budget) await this.flush();
    this.pending.push(entry);
    this.bytes += entry.bytes;
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
      const own = new Map([...formats].map(([c, f]) => [c - chunk.columnOffset, f] as const));
      await this.push(blockEntry(sheet, row0 + chunk.rowOffset, col0 + chunk.columnOffset, chunk.values, own));
    }
  }

  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const entries = this.pending;
    this.pending = [];
    this.bytes = 0;
    await this.send(entries);
  }

  private async send(entries: readonly Entry[]): Promise<void> {
    for (const e of entries) e.queue();
    const bytes = entries.reduce((n, e) => n + e.bytes, 0);
    this.stats.syncs++;
    try {
      await this.context.sync();
    } catch (error) {
      if (!isPayloadTooLarge(error)) throw error;
      if (entries.length > 1) {
        const half = Math.ceil(entries.length / 2);
        await this.send(entries.slice(0, half));
        await this.send(entries.slice(half));
        return;
      }
      const parts = entries[0]?.split?.();
      if (!parts) throw error;
      for (const part of parts) await this.send([part]);
      return;
    }
    this.stats.maxBatchBytes = Math.max(this.stats.maxBatchBytes, bytes);
  }
}
