import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { BulkSink, ResultChunk, SinkBegin, SinkEnd } from '../bulk';
import { bulkMessages } from '../bulk/messages';
import { rescreenMessages } from '../bulk/rescreen-messages';
import { runHeaderRows, type TableCell } from '../bulk/result-table';
import type { SecretMask } from '../core/secret-mask';
import { gonePathFor, hitsPathFor, writeCsvStream, type CsvDelimiter } from './csv-writer';
import { OutputWriteError } from './exit-codes';
import type { TableFormat } from './input-file';
import { createExclusive } from './safe-file';
import { displayWidth, writeXlsxStream } from './xlsx-writer';

export interface OutputTarget {
  format: TableFormat;
  path: string;
  delimiter: CsvDelimiter;
}

export type OutputRole = 'results' | 'hits' | 'gone';

/**
 * Every file a run writes for a target: what must be checked against the input and for
 * writability. A re-screen (`rescreen`) adds the CSV list of gone hits; in xlsx it is a sheet.
 */
export function outputFiles(target: OutputTarget, rescreen = false): { role: OutputRole; path: string }[] {
  if (target.format !== 'csv') return [{ role: 'results', path: target.path }];
  return [
    { role: 'results', path: target.path },
    { role: 'hits', path: hitsPathFor(target.path) },
    ...(rescreen ? [{ role: 'gone' as const, path: gonePathFor(target.path) }] : []),
  ];
}

/** Rows on their way to the file, one JSON line each, in a file of the run's own beside the output. */
class Spool {
  private handle: FileHandle | null = null;
  private buffered: string[] = [];
  private bufferedChars = 0;
  count = 0;
  readonly widths: number[] = [];

  constructor(readonly path: string) {}

  async open(): Promise<void> {
    await rm(this.path, { force: true });
    // Owner-only: these are client names and their hits.
    this.handle = await createExclusive(this.path);
  }

  async add(rows: readonly (readonly TableCell[])[]): Promise<void> {
    for (const row of rows) {
      row.forEach((v, i) => {
        const w = displayWidth(v);
        if (w > (this.widths[i] ?? 0)) this.widths[i] = w;
      });
      const line = `${JSON.stringify(row)}\n`;
      this.buffered.push(line);
      this.bufferedChars += line.length;
      this.count++;
    }
    if (this.bufferedChars > 1 << 20) await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.handle || this.buffered.length === 0) return;
    const text = this.buffered.join('');
    this.buffered = [];
    this.bufferedChars = 0;
    await this.handle.write(text);
  }

  async close(): Promise<void> {
    await this.flush();
    await this.handle?.close();
    this.handle = null;
  }

  async *read(): AsyncGenerator<TableCell[]> {
    const lines = createInterface({ input: createReadStream(this.path, { encoding: 'utf8' }), crlfDelay: Infinity });
    for await (const line of lines) if (line) yield JSON.parse(line) as TableCell[];
  }

  remove(): Promise<void> {
    return rm(this.path, { force: true });
  }
}

async function* fromArray(rows: readonly TableCell[][]): AsyncGenerator<TableCell[]> {
  yield* rows;
}

function maskRow(row: readonly TableCell[], mask: SecretMask): TableCell[] {
  return row.map((v) => (typeof v === 'string' ? mask(v) : v));
}

/**
 * Takes the engine's chunks into spool files and writes the output at the end of the session,
 * stopped or not, streaming from the spools: memory stays flat however long the list. The state
 * file, not the output, is what survives a crash; a resume writes the whole output again from it.
 */
export class FileSink implements BulkSink {
  private begun: SinkBegin | null = null;
  private readonly rows: Spool;
  private readonly hits: Spool;
  readonly written: string[] = [];

  constructor(
    private readonly target: OutputTarget,
    private readonly mask: SecretMask,
  ) {
    this.rows = new Spool(`${target.path}.${process.pid}.rows.tmp`);
    this.hits = new Spool(`${target.path}.${process.pid}.hits.tmp`);
  }

  async begin(begin: SinkBegin): Promise<{ output: Record<string, string> }> {
    this.begun = begin;
    await Promise.all([this.rows.open(), this.hits.open()]);
    return { output: { format: this.target.format, path: this.target.path } };
  }

  async write(chunk: ResultChunk): Promise<void> {
    // Chunks arrive in order from the engine's first row on: a CLI run always writes the whole table.
    await this.rows.add(chunk.rows.map((r) => maskRow(r, this.mask)));
    await this.hits.add(chunk.hits.map((r) => maskRow(r, this.mask)));
  }

  private async *tableRows(b: SinkBegin, written: number): AsyncGenerator<TableCell[]> {
    yield* this.rows.read();
    for (let from = written; from < b.rowCount; from += 1000) yield* await b.pendingRows(from, Math.min(b.rowCount, from + 1000));
  }

  async end(end: SinkEnd): Promise<void> {
    const b = this.begun;
    if (!b) return;
    try {
      await Promise.all([this.rows.close(), this.hits.close()]);
      const runHeader = runHeaderRows(end.header, b.lang).map((r) => maskRow(r, this.mask));
      const pendingWidths = b.rowCount > end.written ? ((await b.pendingRows(end.written, end.written + 1))[0] ?? []) : [];
      const widths = b.columns.map((_, i) => Math.max(this.rows.widths[i] ?? 0, displayWidth(pendingWidths[i])));
      // Only a completed re-screen has them; they come from the previous results, not the service.
      const gone = end.gone ? end.gone.map((r) => maskRow(r, this.mask)) : null;
      if (this.target.format === 'xlsx') {
        await this.attempt(this.target.path, () =>
          writeXlsxStream(
            this.target.path,
            {
              resultsSheet: bulkMessages.t(b.lang, 'sheet.results'),
              hitsSheet: bulkMessages.t(b.lang, 'sheet.hits'),
              runHeader,
              columns: b.columns,
              widths,
              rowCount: b.rowCount,
              rows: () => this.tableRows(b, end.written),
              hitsColumns: b.hitsColumns,
              hitsWidths: this.hits.widths,
              hitsCount: this.hits.count,
              hits: () => this.hits.read(),
              highlight: b.highlights,
              lang: b.lang,
              ...(gone ? { gone: { sheet: rescreenMessages.t(b.lang, 'sheet.gone'), rows: gone } } : {}),
            },
            end.header.modeLabel[b.lang],
          ),
        );
        this.written.push(this.target.path);
      } else {
        const headers = (cols: readonly { header: string }[]) => cols.map((c) => c.header);
        await this.attempt(this.target.path, () => writeCsvStream(this.target.path, runHeader, headers(b.columns), this.tableRows(b, end.written), this.target.delimiter));
        const hitsPath = hitsPathFor(this.target.path);
        await this.attempt(hitsPath, () => writeCsvStream(hitsPath, runHeader, headers(b.hitsColumns), this.hits.read(), this.target.delimiter));
        this.written.push(this.target.path, hitsPath);
        if (gone) {
          const gonePath = gonePathFor(this.target.path);
          await this.attempt(gonePath, () => writeCsvStream(gonePath, runHeader, headers(b.hitsColumns), fromArray(gone), this.target.delimiter));
          this.written.push(gonePath);
        }
      }
    } finally {
      await Promise.all([this.rows.remove(), this.hits.remove()]);
    }
  }

  /** A failed final write names its file; the caller says the answers are kept and how to write them. */
  private async attempt(path: string, write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      throw new OutputWriteError(path, err.code ?? err.message ?? String(e));
    }
  }
}
