import {
  AccountError,
  CancelledError,
  InvalidInputError,
  RequestRejectedError,
  ServiceUnreachableError,
  isRateLimited,
} from '../core/protocol/errors';
import type { LocalizedText } from '../core/text/i18n';
import { StoreUnreachableError } from '../relay/store/store-errors';

/**
 * Exit codes are the CLI's contract with schedulers and scripts: a nightly re-screen must be
 * able to tell "fix the file", "call the operator, then resume" and "the network is down"
 * apart without reading text.
 */
export const EXIT = {
  ok: 0,
  unexpected: 1,
  badInput: 2,
  account: 3,
  unreachable: 4,
  /** A re-screen (--previous) finished with new or changed hits to review, or a confirmed true match gone. */
  reviewNeeded: 10,
  /** The answers are paid for and kept in the state file; only the results file could not be written. */
  outputFailed: 5,
  interrupted: 130,
  /** The program reading stdout stopped reading (`| head`): as a shell tool killed by SIGPIPE. */
  brokenPipe: 141,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Bad options, config or input file: the person must change something before running again. */
export class UsageError extends Error {
  constructor(readonly text: LocalizedText) {
    super(text.en);
    this.name = 'UsageError';
  }
}

/** The final write of a results file failed: the answers are safe in the state file, `--resume` writes them. */
export class OutputWriteError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`cannot write ${path}: ${reason}`);
    this.name = 'OutputWriteError';
  }
}

export function exitCodeFor(error: unknown): ExitCode {
  if (error instanceof OutputWriteError) return EXIT.outputFailed;
  // The relay's limit per analyst (429): nothing to fix, only to try again later, as when the service is away.
  if (isRateLimited(error)) return EXIT.unreachable;
  if (error instanceof UsageError || error instanceof InvalidInputError || error instanceof RequestRejectedError) {
    return EXIT.badInput;
  }
  if (error instanceof AccountError) return EXIT.account;
  if (error instanceof StoreUnreachableError) return error.badUrl ? EXIT.badInput : EXIT.unreachable;
  if (error instanceof ServiceUnreachableError) return EXIT.unreachable;
  if (error instanceof CancelledError) return EXIT.interrupted;
  return EXIT.unexpected;
}
