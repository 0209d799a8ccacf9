import { hitsToDecideText } from '../../bulk/hit-triage';
import { bulkMessages } from '../../bulk/messages';
import type { BulkRunReport } from '../../bulk/ports';
import type { Lang } from '../../core/text/i18n';
import { EXIT, type ExitCode } from '../exit-codes';
import { cliMessages, type CliMessageKey } from '../messages';
import { recordMessages } from './record-messages';

/** What `checklists screen` says when a run ends, and the exit code that tells scripts the same. */

export interface AskCounters {
  answered: number;
  unreachable: number;
}

/** "2.1" in English, "2,1" in Ukrainian, which writes a decimal comma. */
export function seconds(ms: number, lang: Lang): string {
  const text = (ms / 1000).toFixed(1);
  return lang === 'uk' ? text.replace('.', ',') : text;
}

export function reportLines(
  report: BulkRunReport,
  lang: Lang,
  files: readonly string[],
  cwd: string,
  /** Through the organisation's relay: each row's certificate can be had from its archive later. */
  throughRelay = false,
): string[] {
  const t = (key: CliMessageKey, params?: Record<string, string | number>) => cliMessages.t(lang, key, params);
  const shown = (p: string) => (p.startsWith(`${cwd}/`) ? p.slice(cwd.length + 1) : p);
  const lines: string[] = [
    t(report.status === 'completed' ? 'screen.done' : 'screen.stopped', {
      written: report.rowsWritten,
      total: report.rowsTotal,
      subjects: report.subjectsTotal,
      requests: report.requests,
      seconds: seconds(report.elapsedMs, lang),
    }),
    t(report.emptyRows > 0 ? 'screen.counts.empty' : 'screen.counts', {
      hits: report.rowsWithHits,
      high: report.highRows,
      failed: report.failedRows,
      invalid: report.invalidRows,
      empty: report.emptyRows,
    }),
    ...(report.noHitsInDoubt > 0
      ? [bulkMessages.t(lang, 'progress.noHitsInDoubt', { count: report.noHitsInDoubt })]
      : []),
    ...[hitsToDecideText(report, lang)].filter((line) => line !== null),
    ...(report.answersFromRelayCache > 0 ? [t('screen.relayCache', { count: report.answersFromRelayCache })] : []),
    ...(report.hiddenRows > 0 ? [t('screen.hidden', { hidden: report.hiddenRows })] : []),
    ...files.map((f) => t('screen.file', { path: shown(f) })),
  ];
  const certifiable = throughRelay && report.rowsWritten > 0 && files.length > 0;
  return certifiable ? [...lines, recordMessages.t(lang, 'certificate.hint')] : lines;
}

/** Why a run stopped and how to continue: on stderr, where a scheduler's mail picks up problems. */
export function stopLines(report: BulkRunReport, lang: Lang, statePath: string, cwd: string): string[] {
  if (report.status === 'completed') return [];
  const shown = statePath.startsWith(`${cwd}/`) ? statePath.slice(cwd.length + 1) : statePath;
  return [...(report.stop ? [report.stop.text[lang]] : []), cliMessages.t(lang, 'screen.resumeHint', { state: shown })];
}

export function exitFor(report: BulkRunReport, counters: AskCounters): ExitCode {
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
