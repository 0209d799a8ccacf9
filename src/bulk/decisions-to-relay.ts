import { REASON_CODES, type Decision as RelayDecision, type ReasonCode, type Suggestion } from '../core/answer/explain';
import { RECORD_FINGERPRINT, subjectPart } from '../core/answer/record-identity';
import { REGISTRY_KEYS, type RegistryKey } from '../core/protocol/registries';
import { subjectKey } from '../core/query';
import { plainQuery } from '../core/query/plain';
import type { ColumnMapping } from './columns';
import { DECISION_CODES } from './decisions';
import { clippedWhyLine } from '../core/answer/decision-history';
import type { PreviousHit, PreviousRun } from './previous-hits';
import { checkRow, type InputRow, type RunQueryOptions } from './plan';
import { rescreenMessages } from './rescreen-messages';
import { LANGS, type Lang } from '../core/text/i18n';
import { inLanguage } from '../core/text/both-languages';
import type { DecisionSent } from '../core/request/body-batches';

/**
 * "Save decisions": a hits sheet's Decision, Reason and Comment as decisions on the relay's record
 * (docs/relay.md). The sheet names each hit by its Hit ID, whose subject part is a hash: the
 * subject itself is found again in the client list the run read, by the same key the run made.
 * A hit whose client is no longer in the list, or whose sheet predates the record fingerprint
 * column, is not sent, and the analyst is told which and why.
 */

export interface RelayDecisionInput {
  subject: Record<string, unknown>;
  registry: RegistryKey;
  record: string;
  fingerprint: string;
  decision: RelayDecision;
  reason?: ReasonCode;
  comment?: string;
  /** What "why this hit" suggested: an approver sees a decision that goes against it. */
  suggested?: Pick<Suggestion, 'decision' | 'reason'>;
  /** What the sheet said of the hit: its Why line, and the record's name and birth date. */
  why?: string[];
  /** A row a re-screen took from the relay: whose decision it showed, and when (RelayOnRecord). */
  onRecord?: RelayOnRecord;
}

/**
 * The relay's decision a re-screen wrote into a row ("olena (relay)", Decided at): sent with the
 * row, so that the relay records only an edit of that decision, answers "already recorded" for
 * the row as it was, and refuses a row its record has moved on from (returned or decided anew).
 */
export interface RelayOnRecord {
  analyst: string;
  at: string;
}

export type NotSentReason = 'not-in-list' | 'no-fingerprint';

export interface DecisionsForRelay {
  /** What to send, each with the Hit ID it came from. */
  items: { identity: string; input: RelayDecisionInput }[];
  notSent: { identity: string; why: NotSentReason }[];
}

/** "(relay" / "(релей" as Decided by writes it (rescreen.ts), in either language. */
const RELAY_MARKS = LANGS.map((lang) =>
  rescreenMessages.t(lang, 'decidedBy.relay', { analyst: '' }).trim().slice(0, -1),
);

/** A valid row's subject part (as the run's Hit IDs end) and its subject as the relay takes it. */
function subjectOfRow(
  row: InputRow,
  mapping: ColumnMapping,
  options: RunQueryOptions,
  now: Date,
): [part: string, subject: Record<string, unknown>] | null {
  const checked = checkRow(row, mapping, options, now);
  if (!checked.ok) return null;
  return [subjectPart(subjectKey(checked.query)), plainQuery(checked.query, { subjectOnly: true })];
}

/** Every valid row's subject as the relay takes it, by the subject part of the run's Hit IDs. */
export function subjectsOfList(
  rows: readonly InputRow[],
  mapping: ColumnMapping,
  options: RunQueryOptions,
  now: Date,
): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const row of rows) {
    const found = subjectOfRow(row, mapping, options, now);
    if (found && !out.has(found[0])) out.set(found[0], found[1]);
  }
  return out;
}

/**
 * The same over rows read one by one (a list the command line streams from its file), keeping only
 * the subjects of decided hits: a list of 200,000 clients is not held whole for a few decisions.
 */
export async function decidedSubjectsOfRows(
  rows: AsyncIterable<InputRow>,
  previous: PreviousRun,
  mapping: ColumnMapping,
  options: RunQueryOptions,
  now: Date,
): Promise<Map<string, Record<string, unknown>>> {
  const wanted = new Set<string>();
  for (const hit of previous.hits.values()) {
    const subject = hit.decision === null ? undefined : parseIdentity(hit.identity)?.subject;
    if (subject) wanted.add(subject);
  }
  const out = new Map<string, Record<string, unknown>>();
  if (wanted.size === 0) return out;
  for await (const row of rows) {
    const found = subjectOfRow(row, mapping, options, now);
    if (found && wanted.has(found[0]) && !out.has(found[0])) out.set(found[0], found[1]);
  }
  return out;
}

/** Whose relay decision a row shows, from its Decided by ("olena (relay…)") and Decided at; null for the analyst's own. */
function onRecordOf(hit: PreviousHit): RelayOnRecord | null {
  for (const mark of RELAY_MARKS) {
    const at = hit.decidedBy.indexOf(` ${mark}`);
    if (at > 0) return { analyst: hit.decidedBy.slice(0, at).trim(), at: hit.decidedAt };
  }
  return null;
}

/**
 * What an approver judges a sheet's decision on: the Why column (its facts, in the sheet's
 * language), and the record's name and birth date, which that line leaves out.
 */
function whyOf(hit: PreviousHit): { why?: string[] } {
  const record = [hit.name, hit.birth].filter((s) => s !== '').join(' · ');
  // A long cell (an analyst's edit) is cut rather than the decision refused for it.
  const why = [hit.why, record].map(clippedWhyLine).filter((s) => s !== '');
  return why.length > 0 ? { why } : {};
}

/** "h1|<record>|<subject part>": the record may hold "|" itself, the version and subject part never do. */
function parseIdentity(identity: string): { registry: RegistryKey; record: string; subject: string } | null {
  const first = identity.indexOf('|');
  const last = identity.lastIndexOf('|');
  if (first < 0 || last <= first) return null;
  const record = identity.slice(first + 1, last);
  const subject = identity.slice(last + 1);
  const registry = /^([a-z]+)[:#]/.exec(record)?.[1];
  if (!registry || !subject || !(REGISTRY_KEYS as readonly string[]).includes(registry)) return null;
  return { registry: registry as RegistryKey, record, subject };
}

export function decisionsForRelay(
  previous: PreviousRun,
  subjects: ReadonlyMap<string, Record<string, unknown>>,
): DecisionsForRelay {
  const out: DecisionsForRelay = { items: [], notSent: [] };
  for (const hit of previous.hits.values()) {
    if (hit.decision === null) continue;
    const onRecord = onRecordOf(hit);
    const parsed = parseIdentity(hit.identity);
    const subject = parsed ? subjects.get(parsed.subject) : undefined;
    if (!parsed || !subject) {
      out.notSent.push({ identity: hit.identity, why: 'not-in-list' });
      continue;
    }
    if (!RECORD_FINGERPRINT.test(hit.fingerprint)) {
      out.notSent.push({ identity: hit.identity, why: 'no-fingerprint' });
      continue;
    }
    const coded = (REASON_CODES as readonly string[]).includes(hit.reason);
    // A reason typed as free text (a sheet from before the drop-down) travels in the comment.
    const comment = [coded ? '' : hit.reason, hit.comment].filter((s) => s !== '').join(' — ');
    out.items.push({
      identity: hit.identity,
      input: {
        subject,
        registry: parsed.registry,
        record: parsed.record,
        fingerprint: hit.fingerprint,
        decision: DECISION_CODES[hit.decision],
        ...(coded ? { reason: hit.reason as ReasonCode } : {}),
        ...(comment ? { comment } : {}),
        ...(hit.suggested ? { suggested: hit.suggested } : {}),
        ...whyOf(hit),
        ...(onRecord ? { onRecord } : {}),
      },
    });
  }
  return out;
}

export interface SaveDecisionsReport {
  recorded: number;
  pending: number;
  /** Already on the relay's record: sent and found there as they are. */
  unchanged: number;
  refused: { identity: string; reason: string }[];
  notSent: { identity: string; why: NotSentReason }[];
}

/** The prepared decisions sent (when there are any), and what became of each. */
export async function sendPrepared(
  prepared: DecisionsForRelay,
  send: (decisions: readonly RelayDecisionInput[]) => Promise<DecisionSent[]>,
): Promise<SaveDecisionsReport> {
  const { items, notSent } = prepared;
  const report: SaveDecisionsReport = { recorded: 0, pending: 0, unchanged: 0, refused: [], notSent };
  if (items.length === 0) return report;
  const outcomes = await send(items.map((i) => i.input));
  outcomes.forEach((o, i) => {
    if (o.status === 'refused') report.refused.push({ identity: items[i].identity, reason: o.reason });
    else report[o.status]++;
  });
  return report;
}

/** "peps:10001" from a Hit ID: the registry and the record, which the analyst can find on the sheet. */
function hitLabel(identity: string): string {
  return identity.split('|')[1] ?? identity;
}

/** The summary, or "nothing was sent" when no hit had a decision; then a line per hit refused or not sent. */
export function savedReportLines(report: SaveDecisionsReport, lang: Lang): { summary: string; lines: string[] } {
  const sent = report.recorded + report.pending + report.unchanged + report.refused.length;
  const summary =
    sent + report.notSent.length === 0
      ? rescreenMessages.t(lang, 'saved.nothing')
      : rescreenMessages.t(lang, 'saved.summary', {
          recorded: report.recorded,
          pending: report.pending,
          unchanged: report.unchanged,
          refused: report.refused.length,
          notSent: report.notSent.length,
        });
  const lines = [
    ...report.refused.map((x) =>
      rescreenMessages.t(lang, 'saved.refused', {
        hit: hitLabel(x.identity),
        reason: inLanguage(x.reason, lang),
      }),
    ),
    ...report.notSent.map((x) => rescreenMessages.t(lang, `saved.notSent.${x.why}`, { hit: hitLabel(x.identity) })),
  ];
  return { summary, lines };
}
