import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { BulkSink, ResultChunk, SinkBegin, SinkEnd } from '../../bulk';
import { bulkMessages } from '../../bulk/messages';
import { rescreenMessages } from '../../bulk/rescreen-messages';
import { registryColumnId, type TableCell } from '../../bulk/result-table';
import { runHeaderRows } from '../../bulk/run-header';
import type { SecretMask } from '../../core/text/secret-mask';
import { csvRecords, gonePathFor, hitsPathFor, writeCsvFile, type CsvDelimiter } from './csv-writer';
import { OutputWriteError } from '../exit-codes';
import type { TableFormat } from '../input/input-file';
import { createExclusive } from './safe-file';
import { displayWidth, writeXlsxStream } from './xlsx-writer';
import { SANDBOX_SERVER_LABEL, serviceMessages } from '../../shared-runtime/messages';
import type { Lang } from '../../core/text/i18n';

/**
 * The run header's service label when it names fictional data (the built-in sandbox, a sandbox
 * server): that line is coloured as a warning, and no other ("Live CheckLists service" was too).
 */
function fictionalLabel(label: string, lang: Lang): string | null {
  return label === serviceMessages.t(lang, 'mode.sandbox.label') || label === SANDBOX_SERVER_LABEL[lang] ? label : null;
}

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

/**
 * Rows on their way to the file, each chunk encoded as it arrives: while the run waits for the
 * service, so its end has little left to do. Held in memory up to SPOOL_MEMORY_CHARS, then in a
 * file of the run's own beside the output, so memory stays flat however long the list. Most
 * lists never reach the file: their output is then written from memory, without a copy of the
 * whole table written to disk and read back at the end of the run.
 */
abstract class Spool {
  private handle: FileHandle | null = null;
  /** Whether any row went to the file: from then on the file, not memory, holds the rows. */
  private onDisk = false;
  private buffered: string[] = [];
  private bufferedChars = 0;
  count = 0;

  constructor(readonly path: string) {}

  protected abstract encode(rows: readonly (readonly TableCell[])[]): string;

  async add(rows: readonly (readonly TableCell[])[]): Promise<void> {
    if (rows.length === 0) return;
    const text = this.encode(rows);
    this.buffered.push(text);
    this.bufferedChars += text.length;
    this.count += rows.length;
    if (this.bufferedChars > SPOOL_MEMORY_CHARS) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.buffered.length === 0) return;
    if (!this.handle) {
      await rm(this.path, { force: true });
      // Owner-only: these are client names and their hits.
      this.handle = await createExclusive(this.path);
      this.onDisk = true;
    }
    const text = this.buffered.join('');
    this.buffered = [];
    this.bufferedChars = 0;
    await this.handle.write(text);
  }

  /** Ends the adding; the rows stay where they are (memory or file) for `read`. */
  async close(): Promise<void> {
    if (!this.handle) return;
    await this.flush();
    await this.handle.close();
    this.handle = null;
  }

  /** The encoded rows when they never left memory, else null: the file holds them. */
  protected inMemory(): string | null {
    return this.onDisk ? null : this.buffered.join('');
  }

  async remove(): Promise<void> {
    if (this.onDisk) await rm(this.path, { force: true });
  }
}

/** Characters a spool keeps in memory (1 MB or more as UTF-8) before it writes to its file. */
const SPOOL_MEMORY_CHARS = 1 << 20;

/** For xlsx: one JSON line a row, read back as cells; the widest value of each column sizes it. */
class JsonSpool extends Spool {
  readonly widths: number[] = [];

  protected encode(rows: readonly (readonly TableCell[])[]): string {
    let text = '';
    for (const row of rows) {
      row.forEach((v, i) => {
        const w = displayWidth(v);
        if (w > (this.widths[i] ?? 0)) this.widths[i] = w;
      });
      text += `${JSON.stringify(row)}\n`;
    }
    return text;
  }

  async *read(): AsyncGenerator<TableCell[]> {
    const text = this.inMemory();
    const lines =
      text === null
        ? createInterface({ input: createReadStream(this.path, { encoding: 'utf8' }), crlfDelay: Infinity })
        : text.split('\n');
    for await (const line of lines) if (line) yield JSON.parse(line) as TableCell[];
  }
}

/** For CSV: the records' final text, so the file's end is a byte copy. */
class CsvSpool extends Spool {
  constructor(
    path: string,
    private readonly delimiter: CsvDelimiter,
  ) {
    super(path);
  }

  protected encode(rows: readonly (readonly TableCell[])[]): string {
    return csvRecords(rows, this.delimiter);
  }

  read(): AsyncIterable<Uint8Array> | readonly string[] {
    const text = this.inMemory();
    return text === null ? (createReadStream(this.path) as AsyncIterable<Uint8Array>) : [text];
  }
}

function maskRow(row: readonly TableCell[], mask: SecretMask): TableCell[] {
  return row.map((v) => (typeof v === 'string' ? mask(v) : v));
}

type Spools = { format: 'xlsx'; rows: JsonSpool; hits: JsonSpool } | { format: 'csv'; rows: CsvSpool; hits: CsvSpool };

/** A stopped run's placeholder rows, after the written ones, a thousand at a time; they echo input cells, so they pass the mask too. */
async function* pendingRows(b: SinkBegin, written: number, mask: SecretMask): AsyncGenerator<TableCell[][]> {
  for (let from = written; from < b.rowCount; from += 1000) {
    yield (await b.pendingRows(from, Math.min(b.rowCount, from + 1000))).map((r) => maskRow(r, mask));
  }
}

/**
 * Takes the engine's chunks into spools and writes the output at the end of the session,
 * stopped or not, from the spools (memory, or their files past 1 MB): memory stays flat
 * however long the list. The state file, not the output, is what survives a crash; a resume
 * writes the whole output again from it.
 */
export class FileSink implements BulkSink {
  private begun: SinkBegin | null = null;
  private readonly spools: Spools;
  readonly written: string[] = [];

  constructor(
    private readonly target: OutputTarget,
    private readonly mask: SecretMask,
  ) {
    const rowsPath = `${target.path}.${process.pid}.rows.tmp`;
    const hitsPath = `${target.path}.${process.pid}.hits.tmp`;
    this.spools =
      target.format === 'xlsx'
        ? { format: 'xlsx', rows: new JsonSpool(rowsPath), hits: new JsonSpool(hitsPath) }
        : {
            format: 'csv',
            rows: new CsvSpool(rowsPath, target.delimiter),
            hits: new CsvSpool(hitsPath, target.delimiter),
          };
  }

  async begin(begin: SinkBegin): Promise<{ output: Record<string, string> }> {
    this.begun = begin;
    return { output: { format: this.target.format, path: this.target.path } };
  }

  async write(chunk: ResultChunk): Promise<void> {
    // Chunks arrive in order from the engine's first row on: a CLI run always writes the whole table.
    await this.spools.rows.add(chunk.rows.map((r) => maskRow(r, this.mask)));
    await this.spools.hits.add(chunk.hits.map((r) => maskRow(r, this.mask)));
  }

  async end(end: SinkEnd): Promise<void> {
    const b = this.begun;
    if (!b) return;
    const spools = this.spools;
    try {
      await Promise.all([spools.rows.close(), spools.hits.close()]);
      const runHeader = runHeaderRows(end.header, b.lang).map((r) => maskRow(r, this.mask));
      // Only a completed re-screen has them; they come from the previous results, not the service.
      const gone = end.gone ? end.gone.map((r) => maskRow(r, this.mask)) : null;
      if (spools.format === 'xlsx') await this.endXlsx(b, end, spools, runHeader, gone);
      else await this.endCsv(b, end, spools, runHeader, gone);
    } finally {
      await Promise.all([spools.rows.remove(), spools.hits.remove()]);
    }
  }

  private async endXlsx(
    b: SinkBegin,
    end: SinkEnd,
    spools: { rows: JsonSpool; hits: JsonSpool },
    runHeader: TableCell[][],
    gone: TableCell[][] | null,
  ): Promise<void> {
    const pendingWidths =
      b.rowCount > end.written ? ((await b.pendingRows(end.written, end.written + 1))[0] ?? []) : [];
    const widths = b.columns.map((_, i) => Math.max(spools.rows.widths[i] ?? 0, displayWidth(pendingWidths[i])));
    const mask = this.mask;
    async function* tableRows(): AsyncGenerator<TableCell[]> {
      yield* spools.rows.read();
      for await (const rows of pendingRows(b, end.written, mask)) yield* rows;
    }
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
          rows: tableRows,
          hitsColumns: b.hitsColumns,
          hitsWidths: spools.hits.widths,
          hitsCount: spools.hits.count,
          hits: () => spools.hits.read(),
          highlight: b.highlights,
          lang: b.lang,
          ...(gone ? { gone: { sheet: rescreenMessages.t(b.lang, 'sheet.gone'), rows: gone } } : {}),
          quietColumns: (end.quietRegistries ?? []).map(registryColumnId),
        },
        fictionalLabel(end.header.modeLabel[b.lang], b.lang),
      ),
    );
    this.written.push(this.target.path);
  }

  private async endCsv(
    b: SinkBegin,
    end: SinkEnd,
    spools: { rows: CsvSpool; hits: CsvSpool },
    runHeader: TableCell[][],
    gone: TableCell[][] | null,
  ): Promise<void> {
    const { delimiter } = this.target;
    const mask = this.mask;
    const headers = (cols: readonly { header: string }[]) => cols.map((c) => c.header);
    async function* tableRecords(): AsyncGenerator<string | Uint8Array> {
      yield* spools.rows.read();
      for await (const rows of pendingRows(b, end.written, mask)) yield csvRecords(rows, delimiter);
    }
    // Every row in the spool (a completed run): its text as it is, in memory when it fits there.
    const table = end.written >= b.rowCount ? spools.rows.read() : tableRecords();
    await this.attempt(this.target.path, () =>
      writeCsvFile(this.target.path, runHeader, headers(b.columns), table, delimiter),
    );
    const hitsPath = hitsPathFor(this.target.path);
    await this.attempt(hitsPath, () =>
      writeCsvFile(hitsPath, runHeader, headers(b.hitsColumns), spools.hits.read(), delimiter),
    );
    this.written.push(this.target.path, hitsPath);
    if (gone) {
      const gonePath = gonePathFor(this.target.path);
      await this.attempt(gonePath, () =>
        writeCsvFile(gonePath, runHeader, headers(b.hitsColumns), [csvRecords(gone, delimiter)], delimiter),
      );
      this.written.push(gonePath);
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
