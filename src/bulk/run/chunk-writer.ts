import { inputChangedError } from '../guards';
import { identityOfRecord } from '../hit-identity';
import { RowCursor, type RowAccess } from '../input-rows';
import { rowHash, type InputRow, type RunPlan } from '../plan';
import type { BulkSink } from '../ports';
import type { RescreenTally } from '../rescreen';
import { withHitsToDecide } from '../hit-triage';
import { noHitsInDoubt } from '../no-hit-doubts';
import { hitRows, resultRow, rowReviews, type RowResult, type TableCell, type TableContext } from '../result-table';
import type { WrittenCounters } from '../state';
import { countResolved } from './subjects';

/** Where writing starts: 0 for a new run, what the saved state says for a resume. */
export interface WrittenSoFar {
  written: number;
  hitsWritten: number;
  counters: WrittenCounters;
}

/** What the writer writes with: the input, its plan, the table's words and the sink. */
export interface ChunkWriterSetup {
  rows: RowAccess;
  plan: RunPlan;
  ctx: TableContext;
  sink: BulkSink;
  tally: RescreenTally | null;
  chunkRows: number;
}

/**
 * Writes the results table and the hits sheet in input order, a chunk of rows at a time, each row
 * read again from the input (a streamed file is checked against the plan's hash of it: a row that
 * changed since planning must not get another row's answer).
 */
export class ChunkWriter {
  written: number;
  hitsWritten: number;
  chunksWritten = 0;
  /** Counters over the rows written. */
  readonly counters: WrittenCounters;
  private readonly cursor: RowCursor;

  constructor(
    private readonly setup: ChunkWriterSetup,
    start: WrittenSoFar,
  ) {
    this.cursor = new RowCursor(setup.rows);
    this.written = start.written;
    this.hitsWritten = start.hitsWritten;
    this.counters = { ...start.counters };
  }

  /** Writes rows up to `target` (exclusive) with `resultOf` each; `afterChunk` after each chunk is on the sheet. */
  async writeUpTo(
    target: number,
    resultOf: (r: number, input: InputRow) => RowResult,
    afterChunk: (written: number) => void,
  ): Promise<void> {
    while (this.written < target) {
      const end = Math.min(this.written + this.setup.chunkRows, target);
      const rows: TableCell[][] = [];
      const hits: TableCell[][] = [];
      const inputs = await this.cursor.take(this.written, end);
      if (!this.setup.rows.at) {
        for (let r = this.written; r < end; r++) {
          if (rowHash(inputs[r - this.written]) !== this.setup.plan.rowHash[r]) throw inputChangedError();
        }
      }
      for (let r = this.written; r < end; r++) {
        const input = inputs[r - this.written];
        const result = resultOf(r, input);
        // Asked once a row: the open level, the hits sheet, the re-screen's tally and the hits to decide read them.
        const reviews = rowReviews(this.setup.ctx, result);
        rows.push(resultRow(this.setup.ctx, r, input, result, reviews));
        for (const h of hitRows(this.setup.ctx, r, input, result, reviews)) hits.push(h);
        this.setup.tally?.noteRow(reviews);
        this.counters.hitsToDecide = withHitsToDecide(this.counters.hitsToDecide, result, reviews);
        if (result.kind === 'outcome' && result.outcome.kind === 'screened' && result.outcome.mutedRecords) {
          const { key, mutedRecords } = result.outcome;
          this.setup.tally?.noteMuted(mutedRecords.map((record) => identityOfRecord(key, record)));
        }
        countResolved(this.counters, result);
        if (noHitsInDoubt(result, input, this.setup.ctx.mapping)) {
          this.counters.noHitsInDoubt = (this.counters.noHitsInDoubt ?? 0) + 1;
        }
      }
      await this.setup.sink.write({ start: this.written, rows, hitsStart: this.hitsWritten, hits });
      this.chunksWritten++;
      this.written = end;
      this.hitsWritten += hits.length;
      afterChunk(end);
    }
  }

  close(): Promise<void> {
    return this.cursor.close();
  }
}
