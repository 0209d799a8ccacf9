import { WorkbookFake } from '../../support/workbook-fake';
import type { QueuedOp } from '../../support/workbook-fake/proxies/context';

/** Tables the bulk sink creates for a run's results ("CheckLists_<run id>"; the hits table adds "_hits"). */
export const RESULTS_TABLE_PREFIX = 'CheckLists_';

export interface HarnessWorkbookOptions {
  /**
   * Mutation for proving the tests can fail: the results table loses its n-th data row (1-based)
   * after every sync, as a broken writer that skips a row would leave it. 0: off.
   */
  dropRow?: number;
}

/**
 * The workbook fake as the harness needs it: tells the grid after every sync, and can break the
 * results sheet on purpose (the mutation check).
 */
export class HarnessWorkbook extends WorkbookFake {
  private readonly listeners = new Set<() => void>();
  readonly dropRow: number;

  constructor(options: HarnessWorkbookOptions = {}) {
    super({ firstSheet: 'Аркуш1' });
    this.dropRow = options.dropRow ?? 0;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** For changes made outside a sync (set-up, a click in the grid). */
  changed(): void {
    for (const listener of this.listeners) listener();
  }

  override executeBatch(ops: QueuedOp[]): void {
    try {
      super.executeBatch(ops);
    } finally {
      if (this.dropRow > 0) this.loseResultsRow(this.dropRow);
      this.changed();
    }
  }

  private loseResultsRow(n: number): void {
    for (const table of this.model.liveTables()) {
      if (!table.name.startsWith(RESULTS_TABLE_PREFIX) || table.name.endsWith('_hits')) continue;
      if (n >= table.rect.rowCount) continue;
      const row = table.rect.rowIndex + n;
      for (let c = table.rect.columnIndex; c < table.rect.columnIndex + table.rect.columnCount; c++) {
        table.sheet.setContent(row, c, null);
      }
    }
  }
}
