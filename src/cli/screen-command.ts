import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { recogniseColumns } from '../bulk/columns';
import { resumeBulkRun, startBulkRun, type AskFn, type BulkInput, type BulkProgress, type BulkRun, type BulkRunReport } from '../bulk/engine';
import type { RunQueryOptions } from '../bulk/plan';
import type { RunState } from '../bulk/state';
import { InvalidInputError, ServiceUnreachableError } from '../core/errors';
import type { Lang } from '../core/i18n';
import { normalizeListdata } from '../core/query';
import { ALL_LISTS } from '../core/listdata';
import { connect, type Connection } from '../service/connection';
import { nodeHttpTransport } from './http-transport';
import type { ScreenArgs } from './args';
import type { CliConfig } from './config';
import { EXIT, UsageError, type ExitCode } from './exit-codes';
import type { CsvDelimiter } from './csv-writer';
import { FileSink, type OutputTarget } from './file-sink';
import { formatOf, readInputTable, type InputTable } from './input-file';
import type { CliIo } from './io';
import { cliMessages, type CliMessageKey } from './messages';
import { ProgressReporter, progressMode } from './progress';
import { previousRunFor, rescreenExit, rescreenLines, sandboxForEnv } from './rescreen';
import { fileRunStateStore, readStateFile, statePathFor } from './run-state';

function usage(key: CliMessageKey, params?: Record<string, string | number>): UsageError {
  return new UsageError(cliMessages.text(key, params));
}

/** Default: next to the input, `<name>.results.xlsx`, so results and resume state stay with their list. */
export function outputTarget(args: ScreenArgs, cwd: string, inputDelimiter: CsvDelimiter | null): OutputTarget {
  const input = resolve(cwd, args.input);
  const path = args.output !== undefined ? resolve(cwd, args.output) : join(dirname(input), `${basename(input, extname(input))}.results.xlsx`);
  const format = formatOf(path);
  if (format === null || extname(path).toLowerCase() === '.txt') throw usage('args.output.format', { path: args.output ?? path });
  if (path === input) throw usage('args.output.same');
  // A CSV answer to a CSV question keeps its separator: a ";" file came from a locale whose Excel expects ";".
  return { format, path, delimiter: inputDelimiter ?? ',' };
}

/** The first non-empty row is the header; every row after it is screened, blank ones included, so output rows match input rows one to one. */
export function bulkInputFrom(table: InputTable, displayPath: string): BulkInput {
  const headerIndex = table.rows.findIndex((r) => r.some((v) => v !== null && !(typeof v === 'string' && v.trim() === '')));
  const headers = table.rows[headerIndex] ?? [];
  return {
    headers,
    rows: table.rows.slice(headerIndex + 1),
    source: table.format === 'xlsx' ? `${displayPath} [${table.sheetName}]` : displayPath,
    firstSourceRow: headerIndex + 2,
  };
}

function runOptions(args: ScreenArgs, config: CliConfig): RunQueryOptions {
  const { settings } = config.loaded;
  const listdata = normalizeListdata(args.registries ?? settings.registries, 'registries');
  if (!listdata.ok) throw new InvalidInputError(listdata.errors);
  const search = args.search ?? String(settings.search);
  if (search !== '1' && search !== '2') throw usage('args.integer', { name: '--search', value: search, min: 1, max: 2 });
  const low = args.lowranklimit ?? String(settings.lowranklimit);
  if (!/^\d+$/.test(low.trim()) || Number(low) > 100) throw usage('args.integer', { name: '--lowranklimit', value: low, min: 0, max: 100 });
  return {
    listdata: listdata.value ?? ALL_LISTS,
    search: search === '2' ? 2 : 1,
    lowranklimit: Number(low),
    ...(settings.idUserPC ? { idUserPC: settings.idUserPC } : {}),
  };
}

interface AskCounters {
  answered: number;
  unreachable: number;
}

function askVia(connection: Connection, counters: AskCounters): AskFn {
  return async (query, options) => {
    try {
      const result = await connection.client.search(query, options);
      counters.answered++;
      return result;
    } catch (e) {
      if (e instanceof ServiceUnreachableError) counters.unreachable++;
      throw e;
    }
  };
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(1);
}

function reportLines(report: BulkRunReport, lang: Lang, files: readonly string[], cwd: string): string[] {
  const t = (key: CliMessageKey, params?: Record<string, string | number>) => cliMessages.t(lang, key, params);
  const shown = (p: string) => (p.startsWith(`${cwd}/`) ? p.slice(cwd.length + 1) : p);
  const lines = [
    t(report.status === 'completed' ? 'screen.done' : 'screen.stopped', {
      written: report.rowsWritten,
      total: report.rowsTotal,
      subjects: report.subjectsTotal,
      requests: report.requests,
      seconds: seconds(report.elapsedMs),
    }),
    t('screen.counts', { hits: report.rowsWithHits, high: report.highRows, failed: report.failedRows, invalid: report.invalidRows }),
    ...files.map((f) => t('screen.file', { path: shown(f) })),
  ];
  return lines;
}

/** Why a run stopped and how to continue: on stderr, where a scheduler's mail picks up problems. */
function stopLines(report: BulkRunReport, lang: Lang, statePath: string, cwd: string): string[] {
  if (report.status === 'completed') return [];
  const shown = statePath.startsWith(`${cwd}/`) ? statePath.slice(cwd.length + 1) : statePath;
  return [...(report.stop ? [report.stop.text[lang]] : []), cliMessages.t(lang, 'screen.resumeHint', { state: shown })];
}

function exitFor(report: BulkRunReport, counters: AskCounters): ExitCode {
  switch (report.status) {
    case 'completed':
      // A short list can end before the engine's outage streak trips: nothing answered, all unreachable, is still an outage.
      return counters.answered === 0 && counters.unreachable > 0 ? EXIT.unreachable : EXIT.ok;
    case 'stopped-account':
      return EXIT.account;
    case 'stopped-unreachable':
      return EXIT.unreachable;
    default:
      return EXIT.interrupted;
  }
}

export async function runScreen(args: ScreenArgs, config: CliConfig, io: CliIo): Promise<ExitCode> {
  const lang = config.lang;
  const note = (key: CliMessageKey, params?: Record<string, string | number>) => io.stderr.write(`${cliMessages.t(lang, key, params)}\n`);

  // Options first: a typo in -o must not cost reading a large workbook.
  const chosen = outputTarget(args, io.cwd, null);
  await access(dirname(chosen.path), constants.W_OK).catch(() => {
    throw usage('args.output.folder', { path: args.output ?? chosen.path });
  });
  const table = await readInputTable(resolve(io.cwd, args.input), args.sheet);
  for (const w of table.warnings) io.stderr.write(`${w[lang]}\n`);
  const input = bulkInputFrom(table, args.input);
  const target: OutputTarget = { ...chosen, delimiter: table.delimiter ?? chosen.delimiter };
  const statePath = statePathFor(target.path);

  const previousRun = await previousRunFor(args, io);
  const sandbox = sandboxForEnv(io);
  const connection = connect(config.loaded, { transport: nodeHttpTransport(), ...(sandbox ? { sandbox } : {}) });
  if (connection.mode === 'sandbox') note('sandbox.notice', { label: connection.label[lang] });

  const previous = await readStateFile(statePath);
  let resume: RunState | null = null;
  if (args.resume) {
    if (!previous) note('screen.resume.nothing');
    else if (previous.meta.mode !== connection.mode) throw usage('screen.resume.modeChanged', { was: previous.meta.modeLabel[lang], now: connection.label[lang] });
    else {
      resume = previous;
      if (args.registries !== undefined || args.search !== undefined || args.lowranklimit !== undefined) note('screen.resume.optionsIgnored');
      note('screen.resume.from', { written: previous.progress.written, total: previous.meta.input.rowCount });
    }
  } else if (previous && previous.progress.status !== 'completed') {
    note('screen.resume.discarded', { state: statePath });
  }

  const mapping = recogniseColumns(input.headers);
  const counters: AskCounters = { answered: 0, unreachable: 0 };
  const sink = new FileSink(target, resume ? { state: resume, input } : null);
  const reporter = new ProgressReporter(io.stderr, progressMode(args.progress, io.stderr), lang);
  const snapshot = (p: BulkProgress) => ({ done: p.rowsDone, total: p.rowsTotal, hits: p.rowsWithHits, failed: p.failedRows, invalid: p.invalidRows, etaMs: p.etaMs });
  const latest: { progress: BulkProgress | null } = { progress: null };
  const deps = {
    ask: askVia(connection, counters),
    sink,
    store: fileRunStateStore(statePath),
    onProgress: (p: BulkProgress) => {
      latest.progress = p;
      if (p.phase === 'screening' || p.phase === 'finishing') reporter.update(snapshot(p));
    },
  };
  const tuning = { concurrency: args.concurrency ?? config.loaded.settings.concurrency };

  const run: BulkRun = resume
    ? resumeBulkRun(resume, input, deps, tuning)
    : startBulkRun({ input, mapping, options: runOptions(args, config), lang, mode: connection.mode, modeLabel: connection.label, previous: previousRun }, deps, tuning);
  // First Ctrl-C: stop sending, keep what is in flight (it is paid for), write the file and the state.
  const onInterrupt = () => run.cancel();
  io.interrupt.addEventListener('abort', onInterrupt, { once: true });
  let report: BulkRunReport;
  try {
    report = await run.done;
  } finally {
    io.interrupt.removeEventListener('abort', onInterrupt);
  }
  reporter.finish(
    latest.progress
      ? snapshot(latest.progress)
      : { done: report.rowsWritten, total: report.rowsTotal, hits: report.rowsWithHits, failed: report.failedRows, invalid: report.invalidRows },
  );

  if (connection.mode === 'sandbox') io.stdout.write(`*** ${connection.label[lang]} ***\n`);
  for (const line of [...reportLines(report, lang, sink.written, io.cwd), ...rescreenLines(report, lang)]) io.stdout.write(`${line}\n`);
  for (const line of stopLines(report, lang, statePath, io.cwd)) io.stderr.write(`${line}\n`);
  const code = rescreenExit(report, exitFor(report, counters));
  if (code === EXIT.unreachable && report.status === 'completed') note('screen.allUnreachable');
  return code;
}
