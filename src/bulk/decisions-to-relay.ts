import { REASON_CODES, type Decision as RelayDecision, type ReasonCode } from '../core/answer/explain';
import { subjectPart } from '../core/answer/record-identity';
import { REGISTRY_KEYS, type RegistryKey } from '../core/protocol/registries';
import { subjectKey } from '../core/query';
import { plainQuery } from '../core/query/plain';
import type { ColumnMapping } from './columns';
import { DECISION_CODES } from './decisions';
import type { PreviousRun } from './previous-hits';
import { checkRow, type InputRow, type RunQueryOptions } from './plan';
import { rescreenMessages } from './rescreen-messages';
import { LANGS } from '../core/text/i18n';

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
}

export type NotSentReason = 'not-in-list' | 'no-fingerprint';

export interface DecisionsForRelay {
  /** What to send, each with the Hit ID it came from. */
  items: { identity: string; input: RelayDecisionInput }[];
  notSent: { identity: string; why: NotSentReason }[];
  /** Decisions a re-screen took from the relay ("olena (relay)"): already on its record, not sent again. */
  alreadyOnRelay: number;
}

/** "(relay" / "(релей" as Decided by writes it (rescreen.ts), in either language. */
const RELAY_MARKS = LANGS.map((lang) =>
  rescreenMessages.t(lang, 'decidedBy.relay', { analyst: '' }).trim().slice(0, -1),
);

/** Every valid row's subject as the relay takes it, by the subject part of the run's Hit IDs. */
export function subjectsOfList(
  rows: readonly InputRow[],
  mapping: ColumnMapping,
  options: RunQueryOptions,
  now: Date,
): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const row of rows) {
    const checked = checkRow(row, mapping, options, now);
    if (!checked.ok) continue;
    const part = subjectPart(subjectKey(checked.query));
    if (!out.has(part)) out.set(part, plainQuery(checked.query, { subjectOnly: true }));
  }
  return out;
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
  const out: DecisionsForRelay = { items: [], notSent: [], alreadyOnRelay: 0 };
  for (const hit of previous.hits.values()) {
    if (hit.decision === null) continue;
    if (RELAY_MARKS.some((mark) => hit.decidedBy.includes(mark))) {
      out.alreadyOnRelay++;
      continue;
    }
    const parsed = parseIdentity(hit.identity);
    const subject = parsed ? subjects.get(parsed.subject) : undefined;
    if (!parsed || !subject) {
      out.notSent.push({ identity: hit.identity, why: 'not-in-list' });
      continue;
    }
    if (!/^[0-9a-f]{16}$/.test(hit.fingerprint)) {
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
      },
    });
  }
  return out;
}
