import type { Lang } from '../core/text/i18n';
import type { BulkPhase, BulkProgress } from './ports';
import { bulkMessages } from './messages';

/** "45 s", "3 min 05 s", "1 h 12 min": time left as a person reads it. */
export function formatDuration(ms: number, lang: Lang): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return bulkMessages.t(lang, 'duration.hms', { h, m });
  if (m > 0) return bulkMessages.t(lang, 'duration.ms', { m, s: String(s).padStart(2, '0') });
  return bulkMessages.t(lang, 'duration.s', { s });
}

export function phaseText(phase: BulkPhase, lang: Lang): string {
  return bulkMessages.t(lang, `phase.${phase}`);
}

/** The progress lines every front end shows: rows, hits, failures, invalid rows, time left. */
export function progressLines(p: BulkProgress, lang: Lang): string[] {
  const t = bulkMessages.t;
  return [
    t(lang, 'progress.rows', { done: p.rowsDone, total: p.rowsTotal }),
    t(lang, 'progress.hits', { hits: p.rowsWithHits }),
    t(lang, 'progress.errors', { errors: p.failedRows }),
    t(lang, 'progress.invalid', { invalid: p.invalidRows }),
    ...(p.emptyRows > 0 ? [t(lang, 'progress.empty', { empty: p.emptyRows })] : []),
    ...(p.hiddenRows > 0 ? [t(lang, 'progress.hidden', { hidden: p.hiddenRows })] : []),
    // Once every row is done there is no time left to tell: "Time left: 0 s" under "Done" read as a stall.
    ...(p.rowsDone >= p.rowsTotal
      ? []
      : [
          p.etaMs === null
            ? t(lang, 'progress.etaUnknown')
            : t(lang, 'progress.eta', { eta: formatDuration(p.etaMs, lang) }),
        ]),
    ...(p.rateLimitedMs !== undefined
      ? [t(lang, 'progress.rateLimited', { wait: formatDuration(p.rateLimitedMs, lang) })]
      : []),
  ];
}
