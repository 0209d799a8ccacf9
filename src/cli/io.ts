import type { Env } from './config';

export interface OutStream {
  write(chunk: string): boolean;
  /** A stream whose buffer is full says so from write(); 'drain' says it emptied (Node's Writable). */
  once?(event: 'drain', listener: () => void): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** What a command may touch of the process: passed in, so each command can run inside tests too. */
export interface CliIo {
  stdout: OutStream;
  stderr: OutStream;
  env: Env;
  cwd: string;
  platform: NodeJS.Platform;
  /** Ctrl-C: commands that can stop cleanly (screen, sandbox) listen to it. */
  interrupt: AbortSignal;
}

/** Writes and, when the stream's buffer is full, waits for it to drain before the caller reads more. */
export function writeOut(out: OutStream, chunk: string): Promise<void> {
  if (out.write(chunk) || !out.once) return Promise.resolve();
  return new Promise((resolve) => out.once!('drain', resolve));
}
