import type { FieldError } from '../core/protocol/errors';
import type { Lang } from '../core/text/i18n';
import { registryDef, type RegistryKey } from '../core/protocol/registries';
import { levelText, registryErrorText, verdictText, type MatchLevel, type Verdict } from '../core/answer/summary';
import {
  DOC_PART_ROLES,
  NAME_PART_ROLES,
  headerText,
  type CellValue,
  type ColumnMapping,
  type ColumnRole,
} from './columns';
import { EMPTY_ROW_CODE, HIDDEN_ROW_CODE, nameNotesOf, rowInput } from './plan';
import { mistypedCodeOf } from './code-notes';
import type { PreviousHit, PreviousRun } from './previous-hits';
import { bulkMessages } from './messages';
import type { ScreenedOutcome, SubjectOutcome } from './outcome';
import { decisionInForce, openLevel, reviewCells, reviewHit, type HitReview } from './rescreen';
import { rescreenMessages } from './rescreen-messages';
import { EXPLANATION_RULES_VERSION, suggestionLabel, whyFacts } from '../core/answer/explain';
import { detailsWithStanding } from '../core/answer/registry-lists';
import { quotedList } from '../core/text/quotes';

/**
 * The results of a run as plain data: Excel, CSV and XLSX writers all render this one model,
 * so a sheet and a file made from the same run say the same thing.
 *
 * Every writer stores every string as text, never as something a spreadsheet could evaluate
 * (=, +, -, @ ...): no column is trusted, so there is no per-column flag a new writer could forget.
 */
export type TableCell = string | number | null;

export type ColumnKind = 'text' | 'number' | 'integer' | 'date' | 'input';

export interface TableColumn {
  /** Stable id: 'row', 'in:3', 'level', 'bestPercent', 'reg:peps', 'registryErrors', 'status', 'muted', 'idrequest', 'dateResponse', 'relayAudit'. */
  id: string;
  header: string;
  kind: ColumnKind;
}

/** The id of a registry's hit-count column. */
export function registryColumnId(key: RegistryKey): string {
  return `reg:${key}`;
}

export interface TableContext {
  lang: Lang;
  /** The input's header row, as read. */
  headers: readonly CellValue[];
  mapping: ColumnMapping;
  /** The run's registries, in the order their count columns appear. */
  registries: readonly RegistryKey[];
  /** Sheet row (or file line) of the first data row, so "Row" points back at the source. */
  firstSourceRow: number;
  /** A re-screen: the previous run's hits and decisions, carried to the same hits in this one. */
  previous?: PreviousRun | null;
}

/** What is known of one row when it is written. */
export type RowResult =
  | { kind: 'pending' }
  | { kind: 'invalid'; errors: readonly FieldError[] }
  | { kind: 'outcome'; outcome: SubjectOutcome };

/** Excel tables need distinct header texts; a repeated or clashing header gets a number. */
function uniqueHeaders(headers: string[]): string[] {
  const seen = new Set<string>();
  return headers.map((h) => {
    let candidate = h;
    for (let n = 2; seen.has(candidate.toLowerCase()); n++) candidate = `${h} (${n})`;
    seen.add(candidate.toLowerCase());
    return candidate;
  });
}

export function resultColumns(ctx: TableContext): TableColumn[] {
  const t = (key: Parameters<typeof bulkMessages.t>[1]) => bulkMessages.t(ctx.lang, key);
  const columns: TableColumn[] = [{ id: 'row', header: t('col.row'), kind: 'integer' }];
  ctx.headers.forEach((_, i) => {
    columns.push({
      id: `in:${i}`,
      header: headerText(ctx.headers, i),
      kind: i === ctx.mapping.date ? 'date' : 'input',
    });
  });
  columns.push({ id: 'level', header: t('col.level'), kind: 'text' });
  columns.push({ id: 'bestPercent', header: t('col.bestPercent'), kind: 'number' });
  for (const key of ctx.registries) {
    columns.push({ id: registryColumnId(key), header: registryDef(key).shortLabel[ctx.lang], kind: 'integer' });
  }
  columns.push({ id: 'registryErrors', header: t('col.registryErrors'), kind: 'text' });
  columns.push({ id: 'status', header: t('col.status'), kind: 'text' });
  // After the status, so the columns before it keep their places for sheets and scripts built on them.
  columns.push({ id: 'openLevel', header: rescreenMessages.t(ctx.lang, 'col.openLevel'), kind: 'text' });
  // Hits the relay's accept list took out of this row's answer (blank: none, or not through a relay).
  columns.push({ id: 'muted', header: t('col.muted'), kind: 'integer' });
  columns.push({ id: 'idrequest', header: t('col.idrequest'), kind: 'text' });
  columns.push({ id: 'dateResponse', header: t('col.dateResponse'), kind: 'text' });
  // Through a relay, the request's audit row: its screening certificate, for the client file.
  columns.push({ id: 'relayAudit', header: t('col.relayAudit'), kind: 'integer' });
  const headers = uniqueHeaders(columns.map((c) => c.header));
  return columns.map((c, i) => ({ ...c, header: headers[i] }));
}

/** Input cells as the table holds them: booleans become their text, everything else is kept. */
export function inputCell(value: CellValue | undefined): TableCell {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return value;
}

/** The columns a field joined from parts came from ("Серія паспорта + Номер паспорта"). */
const PARTS_OF: Readonly<Record<string, readonly ColumnRole[]>> = { name: NAME_PART_ROLES, doc: DOC_PART_ROLES };

function fieldLabel(field: string, ctx: TableContext): string {
  const mapping = ctx.mapping as Record<string, number | undefined>;
  const index = mapping[field];
  if (index !== undefined) return headerText(ctx.headers, index);
  const parts = (PARTS_OF[field] ?? []).flatMap((role) => {
    const at = mapping[role];
    return at === undefined ? [] : [headerText(ctx.headers, at)];
  });
  return parts.length > 0 ? parts.join(' + ') : field;
}

export function invalidReason(errors: readonly FieldError[], ctx: TableContext): string {
  // "subject" is no column: the message itself names the columns it wants.
  return errors
    .map((e) => (e.field === 'subject' ? e.message[ctx.lang] : `${fieldLabel(e.field, ctx)}: ${e.message[ctx.lang]}`))
    .join(' ');
}

function registryErrorsText(outcome: SubjectOutcome, lang: Lang): string {
  if (outcome.kind !== 'screened') return '';
  return outcome.failures
    .map(
      (f) => `${registryDef(f.key).shortLabel[lang]}: ${registryErrorText({ code: f.code, message: f.message }, lang)}`,
    )
    .join('; ');
}

export function statusText(result: RowResult, ctx: TableContext, input: readonly CellValue[] = []): string {
  const t = bulkMessages.t;
  if (result.kind === 'pending') return t(ctx.lang, 'status.pending');
  if (result.kind === 'invalid') {
    if (result.errors[0]?.code === EMPTY_ROW_CODE) return t(ctx.lang, 'status.empty');
    if (result.errors[0]?.code === HIDDEN_ROW_CODE) return t(ctx.lang, 'status.hidden');
    return t(ctx.lang, 'status.invalid', { why: invalidReason(result.errors, ctx) });
  }
  const o = result.outcome;
  if (o.kind === 'failed') return t(ctx.lang, 'status.failed', { why: o.error[ctx.lang] });
  const status =
    o.totalHits > 0
      ? t(ctx.lang, 'status.ok', { hits: o.totalHits })
      : o.verdict === 'incomplete'
        ? t(ctx.lang, 'status.incomplete', { why: registryErrorsText(o, ctx.lang) })
        : t(ctx.lang, 'status.clear');
  // Muted is not hidden: the row says how many hits a colleague's decision took out.
  const muted = o.muted ? t(ctx.lang, 'status.muted', { status, muted: o.muted }) : status;
  const names = nameNotesOf(input, ctx.mapping);
  const mixed =
    names.mixed.length > 0
      ? t(ctx.lang, 'status.mixedScripts', { status: muted, words: quotedList(names.mixed, ctx.lang) })
      : muted;
  const initials = names.initials;
  const withInitials =
    initials.length > 0
      ? t(ctx.lang, 'status.initials', { status: mixed, words: quotedList(initials, ctx.lang) })
      : mixed;
  const code = mistypedCodeOf(input, ctx.mapping);
  return code === null ? withInitials : t(ctx.lang, 'status.badCheckDigit', { status: withInitials, code });
}

/**
 * A screened row always says what came back, so a row with no hits never looks like one that was
 * not asked (those stay blank): "No hits" when every registry answered, "Incomplete" when one failed.
 */
function overallLevelText(
  screened: { totalHits: number; level: MatchLevel | null; verdict: Verdict },
  lang: Lang,
): string {
  return screened.totalHits > 0 ? levelText(screened.level, lang) : verdictText(screened.verdict, lang);
}

/** One result row: the input as given, then what the service said about it; `reviews` as rowReviews gives them. */
export function resultRow(
  ctx: TableContext,
  rowIndex: number,
  input: readonly CellValue[],
  result: RowResult,
  reviews?: readonly HitReview[],
): TableCell[] {
  const cells: TableCell[] = [ctx.firstSourceRow + rowIndex];
  for (let i = 0; i < ctx.headers.length; i++) cells.push(inputCell(input[i]));
  const o = result.kind === 'outcome' ? result.outcome : null;
  const screened = o && o.kind === 'screened' ? o : null;
  cells.push(screened ? overallLevelText(screened, ctx.lang) : null);
  cells.push(screened ? screened.bestPercent : null);
  for (let i = 0; i < ctx.registries.length; i++) cells.push(screened ? (screened.counts[i] ?? null) : null);
  cells.push(o ? registryErrorsText(o, ctx.lang) || null : null);
  cells.push(statusText(result, ctx, input));
  cells.push(screened && screened.totalHits > 0 ? openLevelText(rowOpenLevel(ctx, screened, reviews), ctx.lang) : null);
  cells.push(screened?.muted || null);
  cells.push(screened?.idrequest || null);
  cells.push(screened?.dateResponse || null);
  cells.push(screened?.relayAuditId ?? null);
  return cells;
}

export function hitsColumns(lang: Lang): TableColumn[] {
  const t = (key: Parameters<typeof bulkMessages.t>[1]) => bulkMessages.t(lang, key);
  const r = (key: Parameters<typeof rescreenMessages.t>[1]) => rescreenMessages.t(lang, key);
  return [
    { id: 'sourceRow', header: t('hits.sourceRow'), kind: 'integer' },
    { id: 'input', header: t('hits.input'), kind: 'text' },
    { id: 'registry', header: t('hits.registry'), kind: 'text' },
    { id: 'recordId', header: t('hits.recordId'), kind: 'text' },
    { id: 'name', header: t('hits.name'), kind: 'text' },
    { id: 'percent', header: t('hits.percent'), kind: 'number' },
    { id: 'level', header: t('hits.level'), kind: 'text' },
    { id: 'birth', header: t('role.date'), kind: 'text' },
    { id: 'details', header: t('hits.details'), kind: 'text' },
    { id: 'why', header: bulkMessages.t(lang, 'hits.why', { version: EXPLANATION_RULES_VERSION }), kind: 'text' },
    { id: 'suggested', header: t('hits.suggested'), kind: 'text' },
    { id: 'change', header: r('col.change'), kind: 'text' },
    { id: 'decision', header: r('col.decision'), kind: 'text' },
    { id: 'reason', header: r('col.reason'), kind: 'text' },
    { id: 'comment', header: r('col.comment'), kind: 'text' },
    { id: 'decidedBy', header: r('col.decidedBy'), kind: 'text' },
    { id: 'decidedAt', header: r('col.decidedAt'), kind: 'text' },
    { id: 'hitId', header: r('col.hitId'), kind: 'text' },
    { id: 'fingerprint', header: r('col.fingerprint'), kind: 'text' },
  ];
}

/** Each listed hit of a row with what the previous run decided about it (empty for rows without hits). */
export function rowReviews(ctx: TableContext, result: RowResult): HitReview[] {
  if (result.kind !== 'outcome' || result.outcome.kind !== 'screened') return [];
  const o = result.outcome;
  return o.hits.map((h) => reviewHit(ctx.previous, o.key, h, o.relayDecided));
}

/** Every hit decided false positive: nothing is open, which is not the same as "no hits". */
function openLevelText(level: ReturnType<typeof openLevel>, lang: Lang): string {
  return level ? levelText(level, lang) : rescreenMessages.t(lang, 'level.noneOpen');
}

/** A row's level once decisions count; with hits left unlisted nothing can be left out. */
function rowOpenLevel(
  ctx: TableContext,
  o: ScreenedOutcome,
  reviews: readonly HitReview[] = rowReviews(ctx, { kind: 'outcome', outcome: o }),
) {
  if (o.hitsOmitted > 0) return o.level;
  return openLevel(o.hits.map((h, i) => ({ level: h.level, decision: decisionInForce(reviews[i]) })));
}

/** The "Gone" sheet: hits of the previous run this run no longer finds, with their old decisions. */
export function goneRows(gone: readonly PreviousHit[], lang: Lang): TableCell[][] {
  return gone.map((h) => [
    h.cells.sourceRow ?? null,
    h.cells.input ?? null,
    h.cells.registry ?? null,
    h.cells.recordId ?? null,
    h.name || null,
    h.percent,
    h.cells.level ?? null,
    h.birth || null,
    h.cells.details ?? null,
    // A gone hit's record is not in this answer: nothing to explain it against.
    null,
    null,
    ...reviewCells({ ...h, change: 'gone' }, lang),
    h.fingerprint || null,
  ]);
}

/** What identifies the subject in the hits list: the name (joined from its parts if split), else the code, else the document. */
function subjectLabel(ctx: TableContext, input: readonly CellValue[]): TableCell {
  const asked = rowInput(input, ctx.mapping) as Record<string, CellValue | undefined>;
  for (const role of ['name', 'ipn', 'doc'] as const) {
    const cell = inputCell(asked[role]);
    if (cell !== null && cell !== '') return typeof cell === 'number' ? String(cell) : cell;
  }
  return null;
}

/** The hits sheet rows one input row contributes (none when it had no hits); `reviews` as rowReviews gives them. */
export function hitRows(
  ctx: TableContext,
  rowIndex: number,
  input: readonly CellValue[],
  result: RowResult,
  reviews: readonly HitReview[] = rowReviews(ctx, result),
): TableCell[][] {
  if (result.kind !== 'outcome' || result.outcome.kind !== 'screened') return [];
  const o = result.outcome;
  const source = ctx.firstSourceRow + rowIndex;
  const label = subjectLabel(ctx, input);
  const rows: TableCell[][] = o.hits.map((h, i) => [
    source,
    label,
    registryDef(h.registry).shortLabel[ctx.lang],
    h.id || null,
    h.name || null,
    h.percent,
    h.level ? levelText(h.level, ctx.lang) : null,
    h.birth || null,
    detailsWithStanding(h.lists, h.details, ctx.lang) || null,
    // The facts alone: the Suggested column beside it holds the suggestion, so the arrow's half would repeat it.
    h.facts && h.facts.length > 0 ? whyFacts(h.facts, ctx.lang, h.company) : null,
    h.suggested ? suggestionLabel(h.suggested, ctx.lang) : null,
    ...reviewCells(reviews[i], ctx.lang),
    h.fingerprint ?? null,
  ]);
  if (o.hitsOmitted > 0) {
    // The "more hits not listed" line: the subject, and the note where a hit's details go.
    const note: TableCell[] = hitsColumns(ctx.lang).map(() => null);
    note[0] = source;
    note[1] = label;
    note[8] = bulkMessages.t(ctx.lang, 'hits.truncated', { count: o.hitsOmitted });
    rows.push(note);
  }
  return rows;
}
