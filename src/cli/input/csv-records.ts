import { Readable, pipeline } from 'node:stream';
import { parse as parseCsvStream } from 'csv-parse';
import { CsvRecordSplitter } from './csv-fast-records';

export type CsvDelimiter = ',' | ';' | '\t';

/**
 * How a file's passes read it. The first pass starts with `fast: true` and leaves `fast: false`
 * when the fast splitter found the file unusual, so every later pass goes to csv-parse at once.
 */
export interface CsvRoute {
  fast: boolean;
}

/** The options every CSV input is read with; the fast splitter reproduces exactly these. */
const CSV_PARSE_OPTIONS = { relax_column_count: true, relax_quotes: true, skip_empty_lines: false, bom: true } as const;

/**
 * A CSV text's records in batches (one per decoded chunk), as csv-parse reads them with
 * CSV_PARSE_OPTIONS. `chunks` gives the text from its start each time it is called: a file the
 * fast splitter finds unusual is read again from its start by csv-parse, which then also gives the
 * records the splitter gave before it stopped (they are csv-parse's own, so they are not given twice).
 * Only as much text as one unfinished record is held: memory does not grow with the file.
 */
export async function* csvRecordBatches(
  chunks: () => AsyncIterable<string>,
  delimiter: CsvDelimiter,
  route: CsvRoute,
): AsyncGenerator<string[][]> {
  let given = 0;
  if (route.fast) {
    const splitter = new CsvRecordSplitter(delimiter);
    let batch: string[][] | null = [];
    for await (const text of chunks()) {
      batch = splitter.push(text);
      if (batch === null) break;
      if (batch.length > 0) {
        given += batch.length;
        yield batch;
      }
    }
    if (batch !== null) batch = splitter.end();
    if (batch !== null) {
      if (batch.length > 0) yield batch;
      return;
    }
    route.fast = false;
  }
  const parser = parseCsvStream({ delimiter, ...CSV_PARSE_OPTIONS });
  pipeline(Readable.from(chunks()), parser, () => undefined);
  let index = 0;
  for await (const record of parser) {
    if (index++ >= given) yield [record as string[]];
  }
}
