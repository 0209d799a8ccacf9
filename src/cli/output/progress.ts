import type { Lang } from '../../core/text/i18n';
import type { OutStream } from '../io';
import { cliMessages } from '../messages';

export interface ProgressSnapshot {
  done: number;
  total: number;
  hits: number;
  failed: number;
  invalid: number;
  /** The engine's estimate of the time left; null while it has too little to go on. */
  etaMs?: number | null;
}

export type ProgressMode = 'bar' | 'lines' | 'none';

export function progressMode(requested: 'auto' | ProgressMode, stream: OutStream): ProgressMode {
  if (requested !== 'auto') return requested;
  return stream.isTTY ? 'bar' : 'lines';
}

function clock(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/**
 * On a terminal, one line rewritten in place; in a log or a pipe, a plain line now and then
 * (every LINE_EVERY_FRACTION of the rows or LINE_EVERY_MS, whichever comes first), because
 * carriage returns turn a CI log or a cron mail into one unreadable line.
 */
export class ProgressReporter {
  static readonly BAR_WIDTH = 24;
  static readonly BAR_EVERY_MS = 100;
  static readonly LINE_EVERY_MS = 5000;
  static readonly LINE_EVERY_FRACTION = 0.1;

  private readonly started: number;
  private lastDrawn = -Infinity;
  private lastLineDone = 0;
  private lastLineAt: number;
  private barVisible = false;
  private lastBar = '';

  constructor(
    private readonly stream: OutStream,
    private readonly mode: ProgressMode,
    private readonly lang: Lang,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.started = now();
    this.lastLineAt = this.started;
  }

  update(s: ProgressSnapshot): void {
    const t = this.now();
    if (this.mode === 'bar') {
      if (t - this.lastDrawn < ProgressReporter.BAR_EVERY_MS && s.done < s.total) return;
      this.lastDrawn = t;
      this.drawBar(s, t);
    } else if (this.mode === 'lines') {
      const step = Math.max(1, Math.ceil(s.total * ProgressReporter.LINE_EVERY_FRACTION));
      if (s.done - this.lastLineDone >= step || t - this.lastLineAt >= ProgressReporter.LINE_EVERY_MS) {
        this.lastLineDone = s.done;
        this.lastLineAt = t;
        this.stream.write(`${this.text(s, t)}\n`);
      }
    }
  }

  /** Leaves the terminal on a fresh line, so whatever is printed next is not glued to the bar. */
  finish(s: ProgressSnapshot): void {
    const t = this.now();
    if (this.mode === 'bar') {
      this.drawBar(s, t);
      this.stream.write('\n');
      this.barVisible = false;
    } else if (this.mode === 'lines' && s.done !== this.lastLineDone) {
      this.stream.write(`${this.text(s, t)}\n`);
    }
  }

  /** Before any other message while a bar is on screen. */
  interject(line: string): void {
    if (this.mode === 'bar' && this.barVisible) this.stream.write('\r\x1b[2K');
    this.stream.write(`${line}\n`);
    this.barVisible = false;
  }

  private eta(s: ProgressSnapshot, t: number): string {
    const elapsed = t - this.started;
    if (s.done === 0 || s.done >= s.total) return clock(elapsed);
    const left = s.etaMs !== undefined ? s.etaMs : (elapsed / s.done) * (s.total - s.done);
    return left === null ? clock(elapsed) : `${clock(elapsed)} / ~${clock(left)}`;
  }

  private text(s: ProgressSnapshot, t: number): string {
    const percent = s.total === 0 ? 100 : Math.floor((s.done / s.total) * 100);
    return cliMessages.t(this.lang, 'progress.line', {
      done: s.done,
      total: s.total,
      percent,
      hits: s.hits,
      failed: s.failed,
      invalid: s.invalid,
      time: this.eta(s, t),
    });
  }

  private drawBar(s: ProgressSnapshot, t: number): void {
    const filled =
      s.total === 0 ? ProgressReporter.BAR_WIDTH : Math.round((s.done / s.total) * ProgressReporter.BAR_WIDTH);
    const bar = `[${'#'.repeat(filled)}${'.'.repeat(ProgressReporter.BAR_WIDTH - filled)}]`;
    let line = `${bar} ${this.text(s, t)}`;
    const columns = this.stream.columns;
    if (columns && [...line].length >= columns) line = [...line].slice(0, columns - 1).join('');
    if (line === this.lastBar && this.barVisible) return;
    this.lastBar = line;
    this.stream.write(`\r\x1b[2K${line}`);
    this.barVisible = true;
  }
}
