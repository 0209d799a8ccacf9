import { stat } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import type { BulkRunReport } from '../../bulk';
import type { PreviousHit, PreviousRun } from '../../bulk/previous-hits';
import { rescreenMessages } from '../../bulk/rescreen-messages';
import { countsApart } from '../../bulk/rescreen';
import type { Lang } from '../../core/text/i18n';
import type { SandboxEngine } from '../../sandbox';
import type { ScreenArgs } from '../args/command-line';
import { parseIntOption } from '../args/option-values';
import { EXIT, UsageError, type ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { previousHitsCsv } from '../input/previous-csv';
import { PreviousRunProblems, readPreviousRun } from '../input/previous-run';
import { usageError } from '../messages';

/** The pieces `screen --previous` adds to a run, kept here so screen-command stays a list of steps. */

/** The files --previous reads, none of which a run may write: a CSV run's hits file beside it too. */
export function previousInputs(previous: string, cwd: string): { path: string; shown: string }[] {
  const given = { path: resolve(cwd, previous), shown: previous };
  if (extname(previous).toLowerCase() !== '.csv') return [given];
  const hits = { path: previousHitsCsv(given.path), shown: previousHitsCsv(previous) };
  return hits.path === given.path ? [given] : [given, hits];
}

/** Read before anything is screened: a problem in the previous results must cost nothing. */
export async function previousRunFor(args: ScreenArgs, io: CliIo): Promise<PreviousRun | null> {
  if (args.previous === undefined) return null;
  if (args.resume) throw new UsageError(rescreenMessages.text('previous.resumeUnsupported'));
  return readPreviousRun(resolve(io.cwd, args.previous), args.previous);
}

/**
 * An output already there whose hits sheet (or, for .csv, hits file) holds the analyst's decisions is not written
 * over: last month's `screen clients.xlsx` run again would otherwise wipe them. Decisions the
 * --previous file holds too are carried again, so only the others count (a stopped re-screen's
 * output, run again from the start). A hits sheet whose decisions cannot all be read is refused
 * the same way, each problem named. A file that is no results of ours, or is larger than the
 * input limit (read whole, as an input is), is written over as before; --resume continues a file
 * this command is writing.
 */
export async function assertDecisionsKept(
  args: ScreenArgs,
  output: { path: string; shown: string; maxBytes: number },
  previous: PreviousRun | null,
): Promise<void> {
  const kind = extname(output.path).toLowerCase();
  if (args.resume || (kind !== '.xlsx' && kind !== '.csv')) return;
  // A CSV run's decisions are typed in its hits file, written over with it.
  const csv = kind === '.csv';
  const info = await stat(csv ? previousHitsCsv(output.path) : output.path).catch(() => null);
  if (!info?.isFile() || info.size > output.maxBytes) return;
  const carried = (hit: PreviousHit) => {
    const before = previous?.hits.get(hit.identity);
    return before !== undefined && before.decision === hit.decision && before.reason === hit.reason;
  };
  const decided = await readPreviousRun(output.path, output.shown).then(
    (run) => [...run.hits.values()].filter((hit) => hit.decision !== null && !carried(hit)).length,
    // Decisions that cannot all be read (a typo in one) are still the analyst's: refused, each named.
    (error: unknown) => {
      if (error instanceof PreviousRunProblems) throw error;
      return 0;
    },
  );
  if (decided === 0) return;
  const hits = previousHitsCsv(output.shown);
  if (csv) throw usageError('args.output.holdsDecisionsCsv', { path: output.shown, hits, count: decided });
  throw usageError('args.output.holdsDecisions', { path: output.shown, count: decided });
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
      undecided: r.undecidedHits,
    }),
    ...countsApart(r, lang, 'summary').map((a) => a.text),
    ...(r.serviceShift ? [rescreenMessages.t(lang, `shift.${r.serviceShift}`)] : []),
  ];
}

/**
 * For schedulers: a completed re-screen with new or changed hits exits 10, and so does one where a
 * confirmed true match is gone (the client's risk may change); one with nothing to look at exits 0.
 */
export function rescreenExit(report: BulkRunReport, code: ExitCode): ExitCode {
  if (code !== EXIT.ok || !report.rescreen) return code;
  const { newHits, changedHits, goneTrueMatches } = report.rescreen;
  return newHits + changedHits + goneTrueMatches > 0 ? EXIT.reviewNeeded : EXIT.ok;
}
