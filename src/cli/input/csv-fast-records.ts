/**
 * CSV records split by hand for the files lists usually are, with exactly csv-parse's results for
 * the options the CLI reads with ({ relax_column_count, relax_quotes, skip_empty_lines: false,
 * bom: true }, record delimiter auto-discovered), and a refusal ("unusual") for anything else.
 *
 * Why it exists: csv-parse walks the bytes one by one through a state machine, and a bulk run reads
 * its input 4+ times, two of them before the first request. Measured for one whole CLI pass (read,
 * decode, records, cells): 2,000 rows of Cyrillic names (100 KB), csv-parse 80-110 ms in a fresh
 * process and 10-20 ms warm, this splitter 12-16 ms and 2-4 ms; 1M rows (85 MB), 6-10 s against
 * 0.7-1.1 s. A plain line is cut with indexOf at the delimiters, and only a line with a quote or a
 * carriage return is walked character by character. csv-parse stays the reader of any file this
 * one calls unusual, so the rules below only need to be right for what they accept.
 *
 * What is accepted, as csv-parse reads it:
 * - the record delimiter is the first line break outside quotes, "\n" or "\r\n" (csv-parse also
 *   takes a lone "\r"; such a file is unusual here). Once chosen, any other "\r" or "\n" outside
 *   quotes would be an ordinary character for csv-parse: unusual here;
 * - a field is quoted when it starts with `"`; inside it `""` is one quote, and anything else,
 *   line breaks and delimiters included, is text. The closing quote must be followed by the
 *   delimiter, the record delimiter or the end of the text; anything else (csv-parse's relaxed
 *   "text after the closing quote") is unusual, and so is a quote still open at the end;
 * - any other field runs to the next delimiter or line break; a `"` inside it is text (csv-parse
 *   opens a quote only on a field's first character);
 * - a blank line is a record of one empty field; the last line break ends the last record (no
 *   empty record after it); one BOM at the very start is dropped.
 */

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/** The record delimiter, once the first line break outside quotes has shown it. */
const enum LineEnd {
  Unknown,
  Lf,
  CrLf,
}

/** The record is not complete in the text seen so far. */
const NEED_MORE = -1;
/** The text is not one this splitter reads with certainty: csv-parse must read the file. */
const UNUSUAL = -2;

/**
 * A record longer than this is read by csv-parse instead: an unfinished record is scanned again
 * with each new chunk, which must stay cheap.
 */
const MAX_PENDING_CHARS = 1 << 20;

export class CsvRecordSplitter {
  private pending = '';
  private started = false;
  private lineEnd = LineEnd.Unknown;
  private unusual = false;
  private readonly delimiterCode: number;

  constructor(private readonly delimiter: ',' | ';' | '\t') {
    this.delimiterCode = delimiter.charCodeAt(0);
  }

  /** The records completed by this piece of decoded text, or null when the text is unusual. */
  push(text: string): string[][] | null {
    return this.split(text, false);
  }

  /** The last record, or null when the text was unusual (an unclosed quote included). */
  end(): string[][] | null {
    return this.split('', true);
  }

  private split(text: string, final: boolean): string[][] | null {
    if (this.unusual) return null;
    let s = this.pending + text;
    if (!this.started && (s.length > 0 || final)) {
      this.started = true;
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
    }
    const records: string[][] = [];
    const consumed = this.records(s, final, records);
    if (consumed === UNUSUAL || s.length - consumed > MAX_PENDING_CHARS) {
      this.unusual = true;
      this.pending = '';
      return null;
    }
    this.pending = consumed === s.length ? '' : s.slice(consumed);
    return records;
  }

  /**
   * Appends the complete records of `s` to `out`; returns where the first incomplete one starts, or UNUSUAL.
   * A line with no quote and no stray carriage return (almost every line) is cut at the delimiters
   * found by indexOf, each searched for once per text; any other goes field by field through record().
   */
  private records(s: string, final: boolean, out: string[][]): number {
    const len = s.length;
    const delimiter = this.delimiter;
    const find = (what: string, from: number): number => {
      const at = s.indexOf(what, from);
      return at < 0 ? len : at;
    };
    let quoteAt = -1;
    let crAt = -1;
    let delimiterAt = -1;
    let pos = 0;
    while (pos < len) {
      const nl = s.indexOf('\n', pos);
      if (nl >= 0) {
        if (quoteAt < pos) quoteAt = find('"', pos);
        if (crAt < pos) crAt = find('\r', pos);
        let end = -1;
        if (quoteAt > nl) {
          if (crAt > nl) {
            if (this.lineEnd !== LineEnd.CrLf) {
              this.lineEnd = LineEnd.Lf;
              end = nl;
            }
          } else if (crAt === nl - 1 && this.lineEnd !== LineEnd.Lf) {
            this.lineEnd = LineEnd.CrLf;
            end = crAt;
          }
        }
        if (end >= 0) {
          const fields: string[] = [];
          let from = pos;
          if (delimiterAt < pos) delimiterAt = find(delimiter, pos);
          while (delimiterAt < end) {
            fields.push(s.slice(from, delimiterAt));
            from = delimiterAt + 1;
            delimiterAt = find(delimiter, from);
          }
          fields.push(s.slice(from, end));
          out.push(fields);
          pos = nl + 1;
          continue;
        }
      }
      const next = this.record(s, pos, final, out);
      if (next === UNUSUAL) return UNUSUAL;
      // At the end every record is complete; a request for more text then is not understood.
      if (next === NEED_MORE) return final ? UNUSUAL : pos;
      pos = next;
    }
    return pos;
  }

  /** One record field by field from `pos`: the position after it, NEED_MORE or UNUSUAL. */
  private record(s: string, pos: number, final: boolean, out: string[][]): number {
    const len = s.length;
    const d = this.delimiterCode;
    const fields: string[] = [];
    for (;;) {
      if (pos < len && s.charCodeAt(pos) === QUOTE) {
        let value = '';
        let from = pos + 1;
        for (;;) {
          const q = s.indexOf('"', from);
          if (q < 0) return final ? UNUSUAL : NEED_MORE;
          if (q + 1 >= len) {
            if (!final) return NEED_MORE;
            fields.push(value + s.slice(from, q));
            out.push(fields);
            return len;
          }
          const after = s.charCodeAt(q + 1);
          if (after === QUOTE) {
            value += s.slice(from, q + 1);
            from = q + 2;
            continue;
          }
          fields.push(value + s.slice(from, q));
          if (after === d) {
            pos = q + 2;
            break;
          }
          const eol = this.lineBreak(s, q + 1, final);
          if (eol < 0) return eol;
          out.push(fields);
          return q + 1 + eol;
        }
        continue;
      }
      let i = pos;
      let c = 0;
      for (; i < len; i++) {
        c = s.charCodeAt(i);
        if (c === d || c === LF || c === CR) break;
      }
      if (i === len) {
        if (!final) return NEED_MORE;
        fields.push(s.slice(pos));
        out.push(fields);
        return len;
      }
      fields.push(s.slice(pos, i));
      if (c === d) {
        pos = i + 1;
        continue;
      }
      const eol = this.lineBreak(s, i, final);
      if (eol < 0) return eol;
      out.push(fields);
      return i + eol;
    }
  }

  /** The length of the record delimiter at `i` (1 or 2), NEED_MORE, or UNUSUAL for anything else there. */
  private lineBreak(s: string, i: number, final: boolean): number {
    const c = s.charCodeAt(i);
    if (c === LF) {
      if (this.lineEnd === LineEnd.Unknown) this.lineEnd = LineEnd.Lf;
      return this.lineEnd === LineEnd.Lf ? 1 : UNUSUAL;
    }
    if (c !== CR) return UNUSUAL;
    if (i + 1 >= s.length) return final ? UNUSUAL : NEED_MORE;
    if (s.charCodeAt(i + 1) !== LF) return UNUSUAL;
    if (this.lineEnd === LineEnd.Unknown) this.lineEnd = LineEnd.CrLf;
    return this.lineEnd === LineEnd.CrLf ? 2 : UNUSUAL;
  }
}
