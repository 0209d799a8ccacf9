import { LANGS, type Lang, type LocalizedText } from '../core/text/i18n';
import { registryDef, type RegistryKey } from '../core/protocol/registries';
import { bulkMessages } from './messages';
import type { TableCell, TableColumn } from './result-table';
import { countsApart, type RescreenSummary } from './rescreen';
import { rescreenMessages } from './rescreen-messages';

/** The run header above the table: who ran what, against which service, on what input. */
export interface RunHeaderInfo {
  runId: string;
  startedAt: Date;
  updatedAt: Date;
  idUserPC: string;
  registries: readonly RegistryKey[] | 'all';
  listdata: string;
  search: 1 | 2;
  modeLabel: LocalizedText;
  source: string;
  rows: number;
  state: string;
  /** Live service origins and IDsubjectFM, when the surface knows them. */
  service?: { origins: readonly string[]; idSubjectFM: string };
  /** Warnings about the input, one line each. */
  notes?: readonly LocalizedText[];
  /** Through the organisation's relay: the analyst its key names. */
  analyst?: string;
  /** A re-screen's counts once known; 'pending' while it runs; absent for a first run. */
  changes?: RescreenSummary | 'pending';
}

/**
 * A re-screen's counts ride on the "Run state" line, so the header keeps the number of rows the
 * Excel writer reserves above the table.
 */
function stateWithChanges(info: RunHeaderInfo, lang: Lang): string {
  const c = info.changes;
  if (!c) return info.state;
  const changes =
    c === 'pending'
      ? rescreenMessages.t(lang, 'header.changes.pending')
      : rescreenMessages.t(lang, 'header.changes.summary', {
          new: c.newHits,
          changed: c.changedHits,
          gone: c.goneHits,
          review: c.rowsToReview,
          undecided: c.undecidedHits,
          source: c.previousSource,
        });
  const apart = c === 'pending' ? [] : countsApart(c, lang, 'header').map((a) => a.text);
  return [`${info.state}; ${rescreenMessages.t(lang, 'header.changes')}: ${changes}`, ...apart].join('; ');
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Local wall-clock time as people read it in a sheet; no time-zone letters to confuse. */
export function formatLocalDateTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * The hits a completed run listed, read back from its header's "Run state" line in either
 * language; null when the line is not a completed run's. "Screen again" trusts a missing hits
 * table to mean "no hits" only when this says 0.
 */
export function completedHitsOf(state: string): number | null {
  for (const lang of LANGS) {
    const template = bulkMessages[lang]['run.completed'];
    const pattern = template
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace('\\{total\\}', '\\d+')
      .replace('\\{hits\\}', '(\\d+)');
    const m = new RegExp(`^${pattern}`).exec(state.trim());
    if (m) return Number(m[1]);
  }
  return null;
}

/** A message template as a pattern its filled-in text matches: each {placeholder} any text. */
function templatePattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{[^}]*\\\}/g, '.*');
  return new RegExp(`^${escaped}$`, 's');
}

/**
 * The command line's note, on screen and in the header, when `--shown-only` left hidden rows out.
 * It lives here, not with the command line's other words, because the pane's Screen again reads it
 * back from a results workbook the command line wrote.
 */
export const SHOWN_ONLY_NOTE = {
  en: 'Rows of the list in {path} hidden by a filter or by hand: {count}. They are left out (--shown-only): each says so in its Status column.',
  uk: 'Рядків списку в {path}, прихованих фільтром або вручну: {count}. Їх пропущено (--shown-only): це сказано в стовпці «Стан» кожного з них.',
} as const;

/**
 * Whether a run left out the rows hidden when it began, read back from its header's notes (label
 * and value rows) in either language, as the pane or the command line wrote them: a re-screen then
 * follows the analyst's choice for the list, whichever surface ran it.
 */
export function leftHiddenRowsOut(header: readonly (readonly unknown[])[]): boolean {
  const labels = LANGS.map((lang) => bulkMessages[lang]['header.note']);
  const templates = LANGS.flatMap((lang) => [bulkMessages[lang]['input.rowsHiddenLeftOut'], SHOWN_ONLY_NOTE[lang]]);
  const patterns = templates.map(templatePattern);
  return header.some(([label, value]) => {
    if (typeof label !== 'string' || !labels.includes(label.trim()) || typeof value !== 'string') return false;
    return patterns.some((pattern) => pattern.test(value.trim()));
  });
}

/** Two columns, label and value; values are untrusted (IDuserPC and the source come from people). */
export function runHeaderRows(info: RunHeaderInfo, lang: Lang): TableCell[][] {
  const t = (key: Parameters<typeof bulkMessages.t>[1]) => bulkMessages.t(lang, key);
  const registries =
    info.registries === 'all'
      ? t('registries.all')
      : info.registries.map((k) => registryDef(k).shortLabel[lang]).join(', ');
  return [
    [t('header.title'), null],
    [t('header.when'), formatLocalDateTime(info.startedAt)],
    [t('header.finished'), formatLocalDateTime(info.updatedAt)],
    [t('header.state'), stateWithChanges(info, lang)],
    [t('header.mode'), info.modeLabel[lang]],
    // Through the relay the analyst is what the relay records and sends as IDuserPC: one row, the same place.
    info.analyst ? [t('header.analyst'), info.analyst] : [t('header.idUserPC'), info.idUserPC || null],
    [t('header.registries'), registries],
    [t('header.listdata'), info.listdata],
    [t('panel.search'), t(info.search === 2 ? 'search.2' : 'search.1')],
    [t('header.source'), info.source],
    [t('header.rows'), info.rows],
    [t('header.runId'), info.runId],
    ...(info.service
      ? [
          [t('header.origins'), info.service.origins.join(', ')],
          // Through a relay the relay holds IDsubjectFM: none is known here, so none is claimed.
          ...(info.service.idSubjectFM ? [[t('header.idSubjectFM'), info.service.idSubjectFM]] : []),
        ]
      : []),
    ...(info.notes ?? []).map((n): TableCell[] => [t('header.note'), n[lang]]),
  ];
}

export const RUN_HEADER_COLUMNS: readonly TableColumn[] = [
  { id: 'label', header: '', kind: 'text' },
  { id: 'value', header: '', kind: 'text' },
];
