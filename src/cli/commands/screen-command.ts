import { certificateAnalyst, relayAnalyst } from '../output/certificate-analyst';
import { askVia } from '../transport/screen-ask';
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { recogniseColumns } from '../../bulk/columns';
import {
  resumeRun,
  rowCountOf,
  startRun,
  type BulkInput,
  type BulkProgress,
  type BulkRun,
  type BulkRunReport,
  type RunInput,
} from '../../bulk';
import type { RunMeta, RunState } from '../../bulk/state';
import { rescreenMessages } from '../../bulk/rescreen-messages';
import { bulkMessages } from '../../bulk/messages';
import { formatDuration } from '../../bulk/progress-text';
import { describeAddress } from '../../core/request/client';
import { InvalidInputError } from '../../core/protocol/errors';
import { createSecretMask, type SecretMask } from '../../core/text/secret-mask';
import type { LocalizedText } from '../../core/text/i18n';
import { addressList } from '../../core/settings/settings';
import { runOptionsFrom, type RunOptions } from '../../core/request/run-options';
import { answeredBy, connect, type Connection } from '../../shared-runtime/connection';
import { nodeHttpTransport } from '../transport/http-transport';
import type { ScreenArgs } from '../args/command-line';
import type { CliConfig } from '../config';
import { EXIT, OutputWriteError, UsageError, type ExitCode } from '../exit-codes';
import { FileSink, outputFiles, type OutputTarget } from '../output/file-sink';
import { assertFolderWritable, assertOutputsAreNotInput, assertWritable, outputTarget } from '../output/output-paths';
import { nameColumnNotes, sampleRows } from '../../bulk/name-columns';
import { DEFAULT_LIMITS, bulkInputOf, openInput, type InputTable } from '../input/input-file';
import type { CliIo } from '../io';
import { cliMessages, usageError, type CliMessageKey } from '../messages';
import { ProgressReporter, progressMode } from '../output/progress';
import {
  assertDecisionsKept,
  previousInputs,
  previousRunFor,
  rescreenExit,
  rescreenLines,
  sandboxForEnv,
} from './rescreen';
import { RunLock } from '../state/run-lock';
import { fileRunStateStore, readStateFile, statePathFor, type ReadState } from '../state/run-state';
import { assertSafeExisting } from '../output/safe-file';
import { loadStateKey } from '../state/state-key';
import { exitFor, reportLines, seconds, stopLines, type AskCounters } from '../output/screen-report';
import { ALL_LISTS, registriesOf } from '../../core/protocol/listdata';
import { RunCertificates } from '../output/run-certificates';
import { sendDecisions } from './decisions-import';
import { relayTarget } from '../transport/relay-call';
import { saveSheetDecisions } from './save-sheet-decisions';
import { makeFolder } from '../../relay/make-folder';
import { inputWarnings } from '../input/input-warnings';
import { rowsInRuns } from '../../bulk/input-rows';

/** One request's whole wait for the service (every address, every retry) before it counts as unreachable. */
export const DEFAULT_GIVE_UP_SECONDS = 60;

/** The first non-empty row is the header; every row after it is screened, blank ones included, so output rows match input rows one to one. */
export function bulkInputFrom(table: InputTable, displayPath: string): BulkInput {
  return bulkInputOf(table, displayPath);
}

/** The command line's strings over the config's settings, checked by core's one set of rules. */
export function screenOptions(args: ScreenArgs, config: CliConfig): RunOptions {
  const checked = runOptionsFrom(
    config.loaded.settings,
    {
      registries: args.registries,
      search: args.search,
      lowranklimit: args.lowranklimit,
      concurrency: args.concurrency,
    },
    config.addressPolicy,
  );
  if (!checked.ok) throw new InvalidInputError(checked.errors);
  return checked.options;
}

/** Header cells that appear more than once (ignoring case and spaces): the first of each is used. */
export function duplicateHeaders(headers: readonly unknown[]): string[] {
  const seen = new Set<string>();
  const dupes = new Set<string>();
  for (const h of headers) {
    if (h === null || h === undefined) continue;
    const text = String(h).trim();
    if (!text) continue;
    const key = text.toLowerCase().replace(/\s+/g, ' ');
    if (seen.has(key)) dupes.add(text);
    seen.add(key);
  }
  return [...dupes];
}

/** What a resume must find unchanged: the service's addresses and the account. */
function serviceOf(connection: Connection): RunMeta['service'] {
  if (connection.mode !== 'live') return undefined;
  return {
    origins: addressList(connection.settings).map(describeAddress),
    idSubjectFM: connection.settings.idSubjectFM,
  };
}

function describeService(service: RunMeta['service']): string {
  if (!service) return '-';
  return `${service.origins.join(', ')}${service.idSubjectFM ? ` (IDsubjectFM ${service.idSubjectFM})` : ''}`;
}

export async function runScreen(args: ScreenArgs, config: CliConfig, io: CliIo): Promise<ExitCode> {
  const lang = config.lang;
  const mask: SecretMask = createSecretMask([config.loaded.tokken]);
  const say = (text: string) => io.stderr.write(`${mask(text)}\n`);
  const note = (key: CliMessageKey, params?: Record<string, string | number>) => say(cliMessages.t(lang, key, params));

  // Options first: a typo in -o or --lowranklimit must not cost reading a large workbook.
  const options = screenOptions(args, config);
  const chosen = outputTarget(args, io.cwd, null);
  await assertFolderWritable(chosen.path, args.output ?? chosen.path);
  const inputPath = resolve(io.cwd, args.input);
  const inputs = [
    { path: inputPath, shown: args.input },
    ...(args.previous !== undefined ? previousInputs(args.previous, io.cwd) : []),
  ];
  await assertOutputsAreNotInput(chosen, inputs, args.previous !== undefined, io.platform);
  const table = await openInput(
    inputPath,
    args.sheet,
    {
      maxBytes: (args.maxInputMb ?? DEFAULT_LIMITS.maxInputMb) * 1024 * 1024,
      maxRows: args.maxRows ?? DEFAULT_LIMITS.maxRows,
      shownPath: args.input,
    },
    args.input,
    args.shownOnly,
  );
  const input: RunInput = table.input;
  const dupes = duplicateHeaders(input.headers);
  const warnings = [
    ...table.warnings,
    ...(dupes.length > 0 ? [inputWarnings.text('input.duplicateHeaders', { names: dupes.join(', ') })] : []),
  ];
  for (const w of warnings) say(w[lang]);
  const target: OutputTarget = { ...chosen, delimiter: table.delimiter ?? chosen.delimiter };
  const statePath = statePathFor(target.path);

  // Read before anything is screened: a problem in the previous results (or --previous with --resume) costs nothing.
  const previousRun = await previousRunFor(args, io);
  // The pane's Screen again follows the earlier run's choice; the command line says it and leaves it to the flag.
  if (previousRun?.leftHiddenOut && !args.shownOnly && table.hiddenRows.length > 0) {
    note('screen.previous.hiddenLeftOut', { count: rowsInRuns(table.hiddenRows) });
  }
  const maxBytes = (args.maxInputMb ?? DEFAULT_LIMITS.maxInputMb) * 1024 * 1024;
  await assertDecisionsKept(
    args,
    { path: chosen.path, shown: args.output ?? relative(io.cwd, chosen.path), maxBytes },
    previousRun,
  );
  // Made now, once the input has been read, rather than after the run: a folder that cannot be is
  // told before anything is paid for.
  if (args.certificates !== undefined) {
    const dir = resolve(io.cwd, args.certificates);
    await makeFolder(dir, 0o700)
      .then(() => access(dir, constants.W_OK))
      .catch(() => {
        throw usageError('args.certificates.folder', { path: args.certificates! });
      });
  }
  const sandbox = await sandboxForEnv(io);
  let lastWait = 0;
  const connection = connect(config.loaded, {
    transport: nodeHttpTransport(),
    ...(sandbox ? { sandbox } : {}),
    giveUpMs: (args.giveUpSeconds ?? DEFAULT_GIVE_UP_SECONDS) * 1000,
    onWait: (w) => {
      // Many requests wait at once when the service is slow: one line a second is enough to know.
      const now = Date.now();
      if (now - lastWait < 1000) return;
      lastWait = now;
      note('wait.service', { attempt: w.attempt, of: w.of, next: w.next });
    },
  });
  if (connection.mode === 'sandbox') note('sandbox.notice', { label: connection.label[lang] });
  if (args.decisions !== undefined) await sendDecisions(args.decisions, config, io, note);
  const mapping = recogniseColumns(input.headers);
  if (args.saveDecisions && previousRun) {
    const relay = relayTarget(config);
    const list = { previous: previousRun, input, mapping, options };
    for (const line of await saveSheetDecisions(list, relay, io.interrupt, lang)) say(line);
  }
  const service = serviceOf(connection);

  // One run per output from here on: nothing below may touch the state or the output without it.
  const lock = await RunLock.acquire(target.path, target.path);
  try {
    // A state file someone else placed or can change is refused before anything is asked.
    await assertSafeExisting(statePath);
    const key = await loadStateKey(io.env, io.platform);
    const previous: ReadState | null = args.resume ? await readStateFile(statePath, key) : null;
    let resume: RunState | null = null;
    if (args.resume) {
      const prior = previous?.state ?? null;
      if (!prior) note('screen.resume.nothing');
      // The decisions a re-screen carries live in its previous results, not in the state.
      else if (prior.meta.rescreenOf !== undefined) {
        throw new UsageError(rescreenMessages.text('previous.resumeUnsupported'));
      } else if (prior.meta.mode !== connection.mode) {
        throw usageError('screen.resume.modeChanged', { was: prior.meta.modeLabel[lang], now: connection.label[lang] });
      }
      // The state passed the mask when written: compare like with like.
      else if (describeService(prior.meta.service) !== mask(describeService(service))) {
        throw usageError('state.serviceChanged', {
          was: describeService(prior.meta.service),
          now: describeService(service),
        });
      } else {
        resume = prior;
        if (args.registries !== undefined || args.search !== undefined || args.lowranklimit !== undefined) {
          note('screen.resume.optionsIgnored');
        }
        // The warning above spoke of --shown-only as given now; the stopped run's choice is what holds.
        const leftOut = prior.meta.input.hiddenRows !== undefined;
        if (leftOut !== (args.shownOnly && table.hiddenRows.length > 0)) {
          note(leftOut ? 'screen.resume.hiddenLeftOut' : 'screen.resume.hiddenScreened');
        }
        note('screen.resume.from', { written: prior.outcomes.length, total: prior.meta.input.rowCount });
      }
    } else if (await stat(statePath).catch(() => null)) {
      note('screen.resume.discarded', { state: statePath });
    }

    await assertWritable(outputFiles(target, previousRun !== null).map((f) => f.path));

    for (const n of nameColumnNotes(input.headers, await sampleRows(input.rows), mapping)) say(n.text[lang]);
    const counters: AskCounters = { answered: 0, unreachable: 0 };
    const sink = new FileSink(target, mask);
    const store = fileRunStateStore(statePath, key, mask, resume ? previous : null);
    const reporter = new ProgressReporter(io.stderr, progressMode(args.progress, io.stderr), lang);
    const snapshot = (p: BulkProgress) => ({
      done: p.rowsDone,
      total: p.rowsTotal,
      hits: p.rowsWithHits,
      failed: p.failedRows,
      invalid: p.invalidRows,
      etaMs: p.etaMs,
    });
    const latest: { progress: BulkProgress | null; waitEnds: number } = { progress: null, waitEnds: 0 };
    const certificates = args.certificates !== undefined ? new RunCertificates(args.certificatesWithHits) : null;
    const asking = askVia(connection, counters);
    const deps = {
      ask: certificates ? certificates.wrap(asking) : asking,
      sink,
      store,
      onProgress: (p: BulkProgress) => {
        latest.progress = p;
        // Said as each wait for the relay's limit begins, not on every report while it lasts.
        const waitEnds = p.rateLimitedMs !== undefined ? Date.now() + p.rateLimitedMs : 0;
        if (p.rateLimitedMs !== undefined && waitEnds > latest.waitEnds + 1000) {
          reporter.interject(
            bulkMessages.t(lang, 'progress.rateLimited', { wait: formatDuration(p.rateLimitedMs, lang) }),
          );
          latest.waitEnds = waitEnds;
        }
        if (p.phase === 'screening' || p.phase === 'finishing') reporter.update(snapshot(p));
      },
    };
    // Rows go to the file in chunks of 100, not the engine's 500 sized for Excel's sync payloads:
    // building and rendering a chunk holds the event loop, and every answer that arrives meanwhile
    // waits with its slot idle (500 rows held it ~50 ms, once per 500 rows).
    const tuning = { concurrency: options.concurrency, chunkRows: 100 };
    const notes = warnings.length > 0 ? warnings.map(headerNote) : undefined;

    // The CLI always writes its whole output anew: a resume starts at row 0 and reuses every answer
    // the state holds; subjects of rows it called written but has no answer for are asked again.
    const fromTop = { missing: (written: number, missing: number) => note('state.incomplete', { written, missing }) };
    const analyst = !resume && config.loaded.settings.connection === 'relay' ? await relayAnalyst(config, io) : null;
    const run: BulkRun = resume
      ? await resumeRun(resume, input, deps, tuning, { fromTop })
      : await startRun(
          {
            input,
            mapping,
            options,
            lang,
            mode: connection.mode,
            modeLabel: connection.label,
            previous: previousRun,
            ...(service ? { service } : {}),
            ...(notes ? { notes } : {}),
            ...(analyst ? { analyst } : {}),
            ...(args.shownOnly && table.hiddenRows.length > 0 ? { hiddenRows: table.hiddenRows } : {}),
          },
          deps,
          tuning,
        );
    // First Ctrl-C: stop sending, keep what is in flight (it is paid for), write the file and the state.
    const onInterrupt = () => run.cancel();
    io.interrupt.addEventListener('abort', onInterrupt, { once: true });
    let report: BulkRunReport;
    try {
      report = await run.done;
    } catch (error) {
      await store.close().catch(() => undefined);
      if (error instanceof OutputWriteError) {
        reporter.finish({ done: 0, total: rowCountOf(input), hits: 0, failed: 0, invalid: 0 });
        const shown = (p: string) => (p.startsWith(`${io.cwd}/`) ? p.slice(io.cwd.length + 1) : p);
        note('output.writeFailed', {
          path: shown(error.path),
          reason: error.reason,
          answers: counters.answered + (resume?.outcomes.length ?? 0),
          state: shown(statePath),
        });
        return EXIT.outputFailed;
      }
      throw error;
    } finally {
      io.interrupt.removeEventListener('abort', onInterrupt);
    }
    await store.close();
    reporter.finish(
      latest.progress
        ? snapshot(latest.progress)
        : {
            done: report.rowsWritten,
            total: report.rowsTotal,
            hits: report.rowsWithHits,
            failed: report.failedRows,
            invalid: report.invalidRows,
          },
    );

    // A relay whose upstream is a sandbox says so only in its answers.
    const answerer = answeredBy(connection, report.fictional === true);
    if (answerer.fictional) io.stdout.write(`*** ${answerer.label[lang]} ***\n`);
    const throughRelay = config.loaded.settings.connection === 'relay';
    const lines = [...reportLines(report, lang, sink.written, io.cwd, throughRelay), ...rescreenLines(report, lang)];
    for (const line of lines) {
      io.stdout.write(`${mask(line)}\n`);
    }
    for (const line of stopLines(report, lang, statePath, io.cwd)) say(line);
    if (certificates && args.certificates !== undefined) {
      const written = await certificates.write({
        dir: resolve(io.cwd, args.certificates),
        inputPath,
        resultsPath: target.path,
        report,
        registries: options.listdata === ALL_LISTS ? null : registriesOf(options.listdata),
        sandbox: answerer.fictional,
        // The name the run began with, when the relay gave one: not asked for twice.
        analyst: analyst ?? (await certificateAnalyst(config, io)),
        lang,
      });
      note('screen.certificates', {
        files: written.files,
        dir: args.certificates,
        seconds: seconds(written.ms, lang),
      });
    }
    // 5 (output not written) returned above; 10 only for a re-screen that otherwise ends 0.
    const code = rescreenExit(report, exitFor(report, counters));
    if (code === EXIT.unreachable && report.status === 'completed') note('screen.allUnreachable');
    return code;
  } finally {
    lock.releaseSync();
  }
}

/** A warning as the run header's "Warning" row holds it: the row's label already says what it is. */
function headerNote(text: LocalizedText): LocalizedText {
  const without = (s: string, prefix: RegExp) => {
    const rest = s.replace(prefix, '');
    return rest === s ? s : rest.charAt(0).toUpperCase() + rest.slice(1);
  };
  return { uk: without(text.uk, /^(Увага|Примітка): /), en: without(text.en, /^(Warning|Note): /) };
}
