import type { BulkSink, ResultChunk, SinkBegin, SinkEnd } from '../../src/bulk';
import type { TableCell } from '../../src/bulk/result-table';

/** Rows and hits by position, as a sheet would hold them; every write is checked for order. */
export interface MemorySink extends BulkSink {
  rows: TableCell[][];
  hits: TableCell[][];
  begins: SinkBegin[];
  ends: SinkEnd[];
  writes: ResultChunk[];
  failOnWrite: number | null;
}

export function memorySink(): MemorySink {
  const sink: MemorySink = {
    rows: [],
    hits: [],
    begins: [],
    ends: [],
    writes: [],
    failOnWrite: null,
    async begin(b) {
      sink.begins.push(b);
      if (!b.resume) sink.rows = await b.pendingRows(0, b.rowCount);
      return { output: { ...b.output, sheet: b.output.sheet ?? `results-${b.runId}` } };
    },
    async write(chunk) {
      if (sink.failOnWrite !== null && sink.writes.length + 1 >= sink.failOnWrite) {
        throw new Error('sheet write failed');
      }
      sink.writes.push(chunk);
      chunk.rows.forEach((r, i) => (sink.rows[chunk.start + i] = r));
      // Hit lines follow each other: a gap would mean a lost line.
      if (chunk.hitsStart > sink.hits.length) throw new Error(`hits gap: ${chunk.hitsStart} > ${sink.hits.length}`);
      sink.hits.length = chunk.hitsStart;
      sink.hits.push(...chunk.hits);
    },
    async end(e) {
      sink.ends.push(e);
    },
  };
  return sink;
}
