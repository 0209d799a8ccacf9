// How the engine reads input rows: all in memory (the task pane) or streamed from a file pass by pass (the CLI).
import type { CellValue } from './columns';
import type { InputRow } from './plan';

/**
 * Rows read in order, once per pass. A file-backed source reads its file again for each pass,
 * so memory does not follow the number of rows: the engine keeps only typed arrays per row.
 */
export interface RowSource {
  readonly count: number;
  /** Rows from `from` (0-based) to the end, in order. */
  read(from: number): AsyncIterable<InputRow>;
}

/** Input the engine reads as a stream: what the CLI builds over a CSV file. */
export interface StreamedInput {
  headers: readonly CellValue[];
  rows: RowSource;
  /** Where the rows came from, as people read it ("clients.csv"). */
  source: string;
  /** File line of the first data row. */
  firstSourceRow: number;
}

/** A source that also answers "row r" at once: rows held in memory. */
export interface RowAccess extends RowSource {
  at?(r: number): InputRow;
}

export function memoryRows(rows: readonly InputRow[]): Required<RowAccess> {
  return {
    count: rows.length,
    at: (r) => rows[r],
    async *read(from) {
      for (let r = from; r < rows.length; r++) yield rows[r];
    },
  };
}

export function rowAccessOf(rows: readonly InputRow[] | RowSource): RowAccess {
  return isRowArray(rows) ? memoryRows(rows) : rows;
}

export function isRowArray(rows: readonly InputRow[] | RowSource): rows is readonly InputRow[] {
  return Array.isArray(rows);
}

/**
 * Rows [from, to) in order for the writer. Consecutive takes continue one pass over the source;
 * a take that goes back (a rewritten chunk, placeholder rows) starts a new pass.
 */
export class RowCursor {
  private iterator: AsyncIterator<InputRow> | null = null;
  private position = 0;

  constructor(private readonly source: RowAccess) {}

  async take(from: number, to: number): Promise<InputRow[]> {
    const at = this.source.at;
    if (at) {
      const out: InputRow[] = [];
      for (let r = from; r < to; r++) out.push(at(r));
      return out;
    }
    if (!this.iterator || from < this.position) {
      await this.close();
      this.iterator = this.source.read(from)[Symbol.asyncIterator]();
      this.position = from;
    }
    const out: InputRow[] = [];
    while (this.position < to) {
      const next = await this.iterator.next();
      if (next.done) throw new Error(`the input ended at row ${this.position}, before row ${to}`);
      if (this.position >= from) out.push(next.value);
      this.position++;
    }
    return out;
  }

  async close(): Promise<void> {
    const it = this.iterator;
    this.iterator = null;
    await it?.return?.();
  }
}

/** Rows as runs, each [first row, count]: 0-based data rows, in order, apart from each other. */
export type RowRuns = readonly (readonly [number, number])[];

/** Whether each row, asked in order from the first, falls in one of the runs. */
export function inRuns(runs: RowRuns): (r: number) => boolean {
  let i = 0;
  return (r) => {
    while (i < runs.length && runs[i][0] + runs[i][1] <= r) i++;
    return i < runs.length && runs[i][0] <= r;
  };
}

/** How many rows the runs hold. */
export function rowsInRuns(runs: RowRuns): number {
  return runs.reduce((sum, [, count]) => sum + count, 0);
}
