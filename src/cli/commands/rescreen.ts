import { resolve } from 'node:path';
import type { BulkRunReport } from '../../bulk';
import type { PreviousRun } from '../../bulk/previous-hits';
import { rescreenMessages } from '../../bulk/rescreen-messages';
import type { Lang } from '../../core/text/i18n';
import type { SandboxEngine } from '../../sandbox';
import type { ScreenArgs } from '../args/command-line';
import { parseIntOption } from '../args/option-values';
import { EXIT, UsageError, type ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { readPreviousRun } from '../input/previous-run';

/** The pieces `screen --previous` adds to a run, kept here so screen-command stays a list of steps. */

/** Read before anything is screened: a problem in the previous results must cost nothing. */
export async function previousRunFor(args: ScreenArgs, io: CliIo): Promise<PreviousRun | null> {
  if (args.previous === undefined) return null;
  if (args.resume) throw new UsageError(rescreenMessages.text('previous.resumeUnsupported'));
  return readPreviousRun(resolve(io.cwd, args.previous), args.previous);
}

/** CHECKLISTS_SANDBOX_REVISION=N: the built-in sandbox as it stands N months later (docs/sandbox.md). */
export const SANDBOX_REVISION_ENV = 'CHECKLISTS_SANDBOX_REVISION';

export async function sandboxForEnv(io: CliIo): Promise<SandboxEngine | undefined> {
  const value = io.env[SANDBOX_REVISION_ENV];
  // The sandbox engine and its data load only when asked for: a run against the service never pays for them.
  if (value === undefined) return undefined;
  const { MAX_DATA_REVISION, createSandboxEngine } = await import('../../sandbox');
  const revision = parseIntOption(SANDBOX_REVISION_ENV, value, 0, MAX_DATA_REVISION);
  return revision ? createSandboxEngine({ dataRevision: revision }) : undefined;
}

export function rescreenLines(report: BulkRunReport, lang: Lang): string[] {
  const r = report.rescreen;
  if (!r) return [];
  return [
    rescreenMessages.t(lang, 'summary.line', {
      new: r.newHits,
      changed: r.changedHits,
      gone: r.goneHits,
      review: r.rowsToReview,
    }),
  ];
}

/** For schedulers: a completed re-screen with new or changed hits exits 10, one with nothing new exits 0. */
export function rescreenExit(report: BulkRunReport, code: ExitCode): ExitCode {
  if (code !== EXIT.ok || !report.rescreen) return code;
  return report.rescreen.newHits + report.rescreen.changedHits > 0 ? EXIT.reviewNeeded : EXIT.ok;
}
