import type { Lang, LocalizedText } from '../core/text/i18n';
import { LANGS } from '../core/text/i18n';
import { EXPLANATION_RULES_VERSION, type ReasonCode, type Suggestion } from '../core/answer/explain';
import { excelSerialToIsoDate, type DateSystem } from '../core/query/dates';
import type { MatchLevel } from '../core/answer/summary';
import { levelText } from '../core/answer/summary';
import { columnLetter, type CellValue } from './columns';
import {
  decisionList,
  fold,
  parseDecision,
  parseReason,
  parseSuggestion,
  type Decision,
  type ReviewColumnId,
} from './decisions';
import { parseHitIdentity } from './hit-identity';
import { bulkMessages } from './messages';
import { rescreenMessages } from './rescreen-messages';

/**
 * A re-screen's reading of the previous run's hits table, the analyst's edits included: which
 * columns it needs, each cell as the analyst meant it, and every problem named by sheet and cell.
 */

/** The hit's own columns a re-screen reads back, by the model's column ids. */
const HIT_COLUMN_KEYS = {
  sourceRow: 'hits.sourceRow',
  input: 'hits.input',
  registry: 'hits.registry',
  recordId: 'hits.recordId',
  name: 'hits.name',
  percent: 'hits.percent',
  level: 'hits.level',
  birth: 'role.date',
  details: 'hits.details',
  suggested: 'hits.suggested',
  why: 'hits.why',
} as const;

const REVIEW_COLUMN_KEYS = {
  change: 'col.change',
  decision: 'col.decision',
  reason: 'col.reason',
  comment: 'col.comment',
  decidedBy: 'col.decidedBy',
  decidedAt: 'col.decidedAt',
  hitId: 'col.hitId',
  fingerprint: 'col.fingerprint',
} as const;

type ReadColumnId = keyof typeof HIT_COLUMN_KEYS | ReviewColumnId;

export function readColumnHeader(id: ReadColumnId, lang: Lang): string {
  // Why's header names the rules it was written under; a sheet of other rules: whyColumnOfAnyRules.
  const params = { version: EXPLANATION_RULES_VERSION };
  if (id in HIT_COLUMN_KEYS) return bulkMessages.t(lang, HIT_COLUMN_KEYS[id as keyof typeof HIT_COLUMN_KEYS], params);
  return rescreenMessages.t(lang, REVIEW_COLUMN_KEYS[id as ReviewColumnId]);
}

/** Without these the merge would lose a decision or misjudge a change: their absence refuses the run. */
export const REQUIRED_COLUMNS: readonly ReadColumnId[] = [
  'hitId',
  'decision',
  'reason',
  'decidedBy',
  'decidedAt',
  'name',
  'percent',
  'level',
  'birth',
];
// Comment came with the Reason drop-down: a sheet from before it re-screens as it always did.
const OPTIONAL_COLUMNS: readonly ReadColumnId[] = [
  'sourceRow',
  'input',
  'registry',
  'recordId',
  'details',
  'comment',
  'fingerprint',
  'suggested',
  'why',
];

/** One hit of the previous run as its hits sheet holds it now, analyst's edits included. */
export interface PreviousHit {
  identity: string;
  decision: Decision | null;
  /** A reason code, or the text typed where no code fits (parseReason). */
  reason: ReasonCode | string;
  comment: string;
  decidedBy: string;
  decidedAt: string;
  /** The record's fingerprint as the run saw it ('' in sheets from before the column). */
  fingerprint: string;
  /** What "why this hit" suggested, as the Suggested column says it; null without one. */
  suggested: Pick<Suggestion, 'decision' | 'reason'> | null;
  /** The Why column as written (its facts in the run's language); '' without one. */
  why: string;
  percent: number | null;
  level: MatchLevel | null;
  name: string;
  birth: string;
  /** Every column read, for the "Gone" sheet. */
  cells: Partial<Record<ReadColumnId, string | number | null>>;
}

/** The run header's "Service" label in every language: where a re-screen reads what the previous run asked. */
export const SERVICE_HEADER_LABELS: readonly string[] = LANGS.map((lang) => bulkMessages.t(lang, 'header.mode'));

export interface PreviousRun {
  /** Where it was read ("last.results.xlsx [Hits]", "Збіги 2026-10-01"), for the run header. */
  source: string;
  hits: ReadonlyMap<string, PreviousHit>;
  /** Its run header's "Service" line as written, when found: was it the live service or a sandbox? */
  service?: string;
  /** Its run header says it left out the rows hidden when it began (the pane's choice, or --shown-only). */
  leftHiddenOut?: true;
}

export interface PreviousProblem {
  sheet: string;
  /** A1 reference of the cell (or header range) at fault. */
  cell: string;
  message: LocalizedText;
}

/** A hits table as read from a sheet or a file: values only, header first. */
export interface HitsGrid {
  sheet: string;
  /** 1-based sheet row of the header row. */
  headerRow: number;
  /** 0-based sheet column of the table's first column. */
  firstColumn: number;
  header: readonly CellValue[];
  rows: readonly (readonly CellValue[])[];
  /** The workbook's date system, for a Decided at cell Excel holds as a serial (default 1900). */
  dateSystem?: DateSystem;
  /** A CSV file's table (`sheet` is then the file's name): problems name the file, not a sheet. */
  file?: true;
}

function columnIndexes(header: readonly CellValue[]): Map<ReadColumnId, number> {
  const found = new Map<ReadColumnId, number>();
  const names = header.map((h) => (h === null || h === undefined ? '' : fold(String(h))));
  for (const id of [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS]) {
    const wanted = LANGS.map((lang) => fold(readColumnHeader(id, lang)));
    const at = names.findIndex((n) => wanted.includes(n));
    if (at >= 0) found.set(id, at);
  }
  return found;
}

/**
 * The Why column under any rules version ("Why (rules v1)" after an upgrade to version 2): what the
 * analyst read when deciding, which a decision sent to the relay carries to the approver as it was.
 */
function whyColumnOfAnyRules(header: readonly CellValue[]): number | undefined {
  const anyNumber = (text: string) => fold(text).replace(/\d+/g, '#');
  const wanted = LANGS.map((lang) => anyNumber(bulkMessages.t(lang, 'hits.why', { version: 1 })));
  const at = header.findIndex((h) => h !== null && h !== undefined && wanted.includes(anyNumber(String(h))));
  return at >= 0 ? at : undefined;
}

/** Rows searched for a hits table's header: it is the first row in our sheets and files, a person may insert a few above. */
export const HITS_HEADER_SEARCH_ROWS = 30;

/** True when the header row is that of a hits table this code wrote (it has the Hit ID column). */
export function isHitsHeader(header: readonly CellValue[]): boolean {
  return columnIndexes(header).has('hitId');
}

function text(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value).trim();
}

/**
 * A Decided at cell as the analyst meant it: a date typed or pasted into Excel is a serial number
 * whatever the cell's format, and reads back as its date (and time, when it has one), never as "46350".
 */
function dateText(value: CellValue | undefined, system: DateSystem = 1900): string {
  if (typeof value !== 'number') return text(value);
  const date = excelSerialToIsoDate(value, system);
  if (!date) return text(value);
  const minutes = Math.round((value - Math.floor(value)) * 1440);
  if (minutes === 0 || minutes === 1440) return date;
  return `${date} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function parseLevel(value: CellValue | undefined): MatchLevel | null {
  const t = fold(text(value));
  if (!t) return null;
  for (const level of ['high', 'low'] as const) {
    for (const lang of LANGS) if (fold(levelText(level, lang)) === t) return level;
  }
  return null;
}

function parsePercent(value: CellValue | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const t = text(value);
  if (!t) return null;
  const n = Number(t.replace(',', '.').replace(/%$/, ''));
  return Number.isFinite(n) ? n : null;
}

function ref(grid: HitsGrid, column: number, rowOffset: number): string {
  return `${columnLetter(grid.firstColumn + column)}${grid.headerRow + rowOffset}`;
}

function problem(
  grid: HitsGrid,
  cell: string,
  key: 'previous.missingColumn' | 'previous.badDecision' | 'previous.badHitId',
  params: Record<string, string>,
): PreviousProblem {
  const text = (lang: Lang) =>
    rescreenMessages.t(lang, key, {
      where: rescreenMessages.t(lang, grid.file ? 'previous.whereFile' : 'previous.whereSheet', { sheet: grid.sheet }),
      cell,
      allowed: decisionList(lang)
        .map((d) => `"${d}"`)
        .join(', '),
      ...params,
      column: params.column ? readColumnHeader(params.column as ReadColumnId, lang) : '',
    });
  return {
    sheet: grid.sheet,
    cell,
    message: { uk: text('uk'), en: text('en') },
  };
}

/**
 * Reads the previous run's hits with the analyst's decisions. Every problem is collected, each
 * naming its sheet and cell; the caller refuses the run when there is any, so a typo or a
 * deleted column never silently drops a decision.
 */
export function readPreviousHits(grid: HitsGrid): { hits: Map<string, PreviousHit>; problems: PreviousProblem[] } {
  const hits = new Map<string, PreviousHit>();
  const problems: PreviousProblem[] = [];
  const at = columnIndexes(grid.header);
  const width = Math.max(1, grid.header.length);
  const headerCells = `${ref(grid, 0, 0)}:${ref(grid, width - 1, 0)}`;
  for (const id of REQUIRED_COLUMNS) {
    if (!at.has(id)) problems.push(problem(grid, headerCells, 'previous.missingColumn', { column: id }));
  }
  if (problems.length > 0) return { hits, problems };
  const col = (id: ReadColumnId) => at.get(id)!;
  const whyAt = at.get('why') ?? whyColumnOfAnyRules(grid.header);
  grid.rows.forEach((row, i) => {
    const offset = i + 1;
    const decisionCell = row[col('decision')];
    const decision = parseDecision(decisionCell);
    if (decision === undefined) {
      problems.push(
        problem(grid, ref(grid, col('decision'), offset), 'previous.badDecision', { value: text(decisionCell) }),
      );
      return;
    }
    const reason = parseReason(row[col('reason')]);
    const comment = at.has('comment') ? text(row[col('comment')]) : '';
    const decidedBy = text(row[col('decidedBy')]);
    const decidedAt = dateText(row[col('decidedAt')], grid.dateSystem);
    const identity = parseHitIdentity(row[col('hitId')]);
    if (!identity) {
      // A row with nothing decided and no identity is a note line (e.g. "more hits not listed"): nothing to carry.
      if (decision !== null || reason || comment || decidedBy || decidedAt) {
        problems.push(
          problem(grid, ref(grid, col('hitId'), offset), 'previous.badHitId', { value: text(row[col('hitId')]) }),
        );
      }
      return;
    }
    const existing = hits.get(identity);
    // The same subject on two input rows gives the same hit twice: the first decision made wins.
    if (existing && (existing.decision !== null || decision === null)) return;
    const cells: PreviousHit['cells'] = {};
    for (const [id, index] of at) {
      const v = row[index];
      cells[id] = v === undefined || v === null ? null : typeof v === 'number' ? v : String(v);
    }
    hits.set(identity, {
      identity,
      decision,
      reason,
      comment,
      decidedBy,
      decidedAt,
      fingerprint: at.has('fingerprint') ? text(row[col('fingerprint')]) : '',
      suggested: at.has('suggested') ? parseSuggestion(row[col('suggested')]) : null,
      why: whyAt === undefined ? '' : text(row[whyAt]),
      percent: parsePercent(row[col('percent')]),
      level: parseLevel(row[col('level')]),
      name: text(row[col('name')]),
      birth: text(row[col('birth')]),
      cells,
    });
  });
  return { hits, problems };
}

/** The error a surface throws when the previous results cannot be read without losing something. */
export function refusalText(problems: readonly PreviousProblem[]): LocalizedText {
  const head = rescreenMessages.text('previous.refused', { count: problems.length });
  return {
    uk: [head.uk, ...problems.map((p) => p.message.uk)].join('\n'),
    en: [head.en, ...problems.map((p) => p.message.en)].join('\n'),
  };
}
