import type { ColumnMapping } from '../bulk/columns';
import type { BulkInput, BulkSink, ResultChunk, SinkBegin, SinkEnd } from '../bulk/engine';
import { bulkMessages } from '../bulk/messages';
import { planRun, type RunQueryOptions } from '../bulk/plan';
import { rescreenMessages } from '../bulk/rescreen-messages';
import { hitRows, resultRow, runHeaderRows, type RowResult, type TableCell, type TableContext } from '../bulk/result-table';
import { outcomesByKey, type RunState } from '../bulk/state';
import { writeCsv, type CsvDelimiter } from './csv-writer';
import type { TableFormat } from './input-file';
import type { ResultsDocument } from './results-document';
import { writeXlsx } from './xlsx-writer';

export interface OutputTarget {
  format: TableFormat;
  path: string;
  delimiter: CsvDelimiter;
}

/**
 * Rows a previous session already wrote, rebuilt from the answers in the state file with the
 * same functions the engine uses, so a resumed file is identical to an uninterrupted one.
 */
export function rebuildWritten(state: RunState, input: BulkInput, written: number): { rows: TableCell[][]; hits: TableCell[][] } {
  const meta = state.meta;
  const mapping = meta.mapping as ColumnMapping;
  const options: RunQueryOptions = {
    listdata: BigInt(meta.options.listdata),
    search: meta.options.search,
    lowranklimit: meta.options.lowranklimit,
    idUserPC: meta.options.idUserPC,
  };
  const plan = planRun(input.rows.slice(0, written), mapping, options, new Date(meta.createdAt));
  const known = outcomesByKey(state.outcomes);
  const ctx: TableContext = { lang: meta.lang, headers: input.headers, mapping, registries: meta.registries, firstSourceRow: meta.input.firstSourceRow };
  const rows: TableCell[][] = [];
  const hits: TableCell[][] = [];
  for (let r = 0; r < written; r++) {
    const s = plan.rowSubject[r];
    const outcome = s >= 0 ? known.get(plan.subjectKeys[s]) : undefined;
    const result: RowResult = s < 0 ? { kind: 'invalid', errors: plan.invalid.get(r) ?? [] } : outcome ? { kind: 'outcome', outcome } : { kind: 'pending' };
    rows.push(resultRow(ctx, r, input.rows[r], result));
    hits.push(...hitRows(ctx, r, input.rows[r], result));
  }
  return { rows, hits };
}

/**
 * Collects the engine's chunks in memory and writes the whole file at the end of the session,
 * stopped or not: the state file, not the output, is what survives a crash mid-run.
 */
export class FileSink implements BulkSink {
  private begun: SinkBegin | null = null;
  private rows: TableCell[][] = [];
  private hits: TableCell[][] = [];
  readonly written: string[] = [];

  constructor(
    private readonly target: OutputTarget,
    private readonly previous: { state: RunState; input: BulkInput } | null,
  ) {}

  async begin(begin: SinkBegin): Promise<{ output: Record<string, string> }> {
    this.begun = begin;
    if (begin.written > 0 && this.previous) {
      const prior = rebuildWritten(this.previous.state, this.previous.input, begin.written);
      this.rows = prior.rows;
      this.hits = prior.hits.slice(0, begin.hitsWritten);
    }
    return { output: { format: this.target.format, path: this.target.path } };
  }

  async write(chunk: ResultChunk): Promise<void> {
    chunk.rows.forEach((row, i) => (this.rows[chunk.start + i] = row));
    chunk.hits.forEach((hit, i) => (this.hits[chunk.hitsStart + i] = hit));
  }

  async end(end: SinkEnd): Promise<void> {
    const b = this.begun;
    if (!b) return;
    const rows = this.rows.slice(0, end.written);
    if (rows.length < b.rowCount) rows.push(...b.pendingRows(rows.length, b.rowCount));
    const doc: ResultsDocument = {
      resultsSheet: bulkMessages.t(b.lang, 'sheet.results'),
      hitsSheet: bulkMessages.t(b.lang, 'sheet.hits'),
      runHeader: runHeaderRows(end.header, b.lang),
      columns: b.columns,
      rows,
      hitsColumns: b.hitsColumns,
      hits: this.hits.slice(0, end.hitsWritten),
      highlight: b.highlights,
      lang: b.lang,
      ...(end.gone ? { gone: { sheet: rescreenMessages.t(b.lang, 'sheet.gone'), rows: end.gone } } : {}),
    };
    const sandboxLabel = end.header.modeLabel[b.lang];
    if (this.target.format === 'xlsx') {
      await writeXlsx(this.target.path, doc, sandboxLabel);
      this.written.push(this.target.path);
    } else {
      this.written.push(...(await writeCsv(this.target.path, doc, this.target.delimiter)));
    }
  }
}
