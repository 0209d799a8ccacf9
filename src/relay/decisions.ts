import { SUBJECT_DETAILS, type SameName } from '../core/answer/decision-history';
import { recordOf, namingOf, subjectPart } from '../core/answer/record-identity';
import { RELAY_DECISIONS_FIELD, type DecisionNote, type RelayDecisions } from '../core/answer/relay-decisions';
import { REGISTRY_KEYS, type RegistryKey } from '../core/protocol/registries';
import { subjectKey, validateQuery, type SearchQuery } from '../core/query';
import { plainQuery } from '../core/query/plain';
import { decisionInput, IDENTITY_FIELDS, sameDecision, sameMinute, type OnRecord } from './decision-input';
import { can, type Identity } from './roles';
import type { DecisionEntry, DecisionRow, RelayStore } from './store/port';
import {
  refusedAsStale,
  refusedForIdentity,
  refusedForRole,
  refusedForShape,
  refusedForSubject,
} from './decision-refusals';

/**
 * The decision record: who decided what about which hit, when, and who approved it. Lines are
 * only added (the table refuses anything else); the latest decision on a hit is the one in force.
 * A false positive in force is on the accept list: the same subject's same record, unchanged,
 * is muted in every later answer through any relay on this database. A decision whose record
 * changed since (another fingerprint) brings the hit back as "changed".
 */

/** How long one instance trusts what it read of a subject's decisions: "felt within seconds" everywhere. */
const NOTES_TTL_MS = 1_000;
const NOTES_KEPT = 10_000;
/** One request may carry a hits sheet's worth of decisions. */
export const MAX_DECISIONS_PER_REQUEST = 5_000;
/** The waiting list's length in one answer: a day's backlog; the oldest come first. */
const MAX_PENDING_LISTED = 1_000;
/** Namesakes a history with no lines points to: enough to see the pattern, not a list of clients. */
const SAME_NAME_LISTED = 5;

export type DecisionOutcome =
  | {
      status: 'recorded' | 'pending' | 'unchanged';
      id: number;
      index: number;
      /** When the decision in force was recorded (ISO 8601): the pane's "On record" line shows it at once. */
      at: string;
    }
  | { status: 'refused'; index: number; reason: string; message: string };

/** What an approver's approval or return of a waiting decision came to: the new line's id, or why not. */
export type SecondPersonOutcome =
  { ok: true; id: number } | { ok: false; reason: 'role' | 'unknown' | 'own' | 'not-pending' };

export interface CurrentDecision {
  decision: DecisionRow;
  state: 'in-force' | 'pending';
  approval: DecisionRow | null;
}

export interface DecisionRecordOptions {
  /** Registries where a true match or a false positive needs a second person (four-eyes). */
  fourEyes: ReadonlySet<RegistryKey>;
  instance: string;
}

export class DecisionRecord {
  private readonly notes = new Map<string, { at: number; current: CurrentDecision[] }>();

  constructor(
    private readonly store: RelayStore,
    private readonly options: DecisionRecordOptions,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Records a batch: each decision is answered on its own (one refused leaves the others recorded),
   * the subjects' record is read in one query and the new lines are written in one statement.
   */
  async record(identity: Identity, items: readonly unknown[]): Promise<DecisionOutcome[]> {
    const out: DecisionOutcome[] = [];
    const valid: { index: number; entry: DecisionEntry; onRecord?: OnRecord }[] = [];
    for (const [index, raw] of items.entries()) {
      const checked = this.check(identity, raw);
      if ('reason' in checked) out[index] = { status: 'refused', index, ...checked };
      else valid.push({ index, ...checked });
    }
    const keys = [...new Set(valid.map((v) => v.entry.subjectKey))];
    const bySubject = new Map<string, DecisionRow[]>();
    for (const row of await this.store.decisionsForMany(keys)) {
      const rows = bySubject.get(row.subjectKey) ?? [];
      rows.push(row);
      bySubject.set(row.subjectKey, rows);
    }
    const current = new Map(keys.map((key) => [key, currentOf(bySubject.get(key) ?? [])]));
    const fresh: { index: number; entry: DecisionEntry }[] = [];
    for (const v of valid) {
      const e = v.entry;
      const onHit = current
        .get(e.subjectKey)
        ?.find((c) => c.decision.registry === e.registry && c.decision.record === e.record)?.decision;
      let kept: DecisionRow | undefined;
      if (v.onRecord) {
        // A row a re-screen took from this record: the decision it showed, unedited, is already
        // here; an edit of it is new; a row the record has moved on from (returned, decided anew
        // since) would undo what came after it unseen, and is refused.
        if (!onHit || onHit.analyst !== v.onRecord.analyst || !sameMinute(onHit.at, v.onRecord.at)) {
          out[v.index] = { status: 'refused', index: v.index, reason: 'stale', message: refusedAsStale() };
          continue;
        }
        kept = sameDecision(onHit, e) ? onHit : undefined;
      } else {
        // Saving a hits sheet twice adds nothing: the same analyst's same decision on the same record.
        kept = onHit && onHit.analyst === e.analyst && sameDecision(onHit, e) ? onHit : undefined;
      }
      if (kept) out[v.index] = { status: 'unchanged', id: kept.id, index: v.index, at: kept.at.toISOString() };
      else fresh.push(v);
    }
    const rows = await this.store.addDecisions(fresh.map((f) => f.entry));
    fresh.forEach((f, i) => {
      out[f.index] = {
        status: f.entry.needsApproval ? 'pending' : 'recorded',
        id: rows[i].id,
        index: f.index,
        at: rows[i].at.toISOString(),
      };
    });
    for (const key of keys) this.notes.delete(key);
    return out;
  }

  /** One decision of a batch as a line to add, or why it is refused. */
  private check(
    identity: Identity,
    raw: unknown,
  ): { entry: DecisionEntry; onRecord?: OnRecord } | { reason: string; message: string } {
    if (!can(identity, 'decide')) return { reason: 'role', message: refusedForRole() };
    const named = raw && typeof raw === 'object' ? IDENTITY_FIELDS.find((f) => f in raw) : undefined;
    if (named !== undefined) return { reason: 'identity-in-body', message: refusedForIdentity(named) };
    const parsed = decisionInput.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { reason: `${issue.path.join('.') || 'decision'}: ${issue.message}`, message: refusedForShape(issue) };
    }
    const checked = validateQuery(parsed.data.subject);
    if (!checked.ok) {
      return {
        reason: `subject: ${checked.errors.map((e) => e.message.en).join(' ')}`,
        message: refusedForSubject(checked.errors),
      };
    }
    const input = parsed.data;
    return {
      entry: {
        kind: 'decision',
        analyst: identity.analyst,
        subjectKey: subjectPart(subjectKey(checked.query)),
        subject: plainQuery(checked.query, { subjectOnly: true }),
        registry: input.registry,
        record: input.record,
        fingerprint: input.fingerprint,
        decision: input.decision,
        reason: input.reason ?? null,
        comment: input.comment ?? '',
        suggested: input.suggested ? `${input.suggested.decision}:${input.suggested.reason}` : null,
        why: input.why && input.why.length > 0 ? input.why : null,
        needsApproval: this.options.fourEyes.has(input.registry) && input.decision !== 'needs-review',
        approves: null,
        returns: null,
        instance: this.options.instance,
      },
      ...(input.onRecord ? { onRecord: input.onRecord } : {}),
    };
  }

  /** Four-eyes: an approver other than the decision's author approves the decision in force. */
  async approve(identity: Identity, id: number): Promise<SecondPersonOutcome> {
    const waiting = await this.waiting(identity, id);
    if (!waiting.ok) return waiting;
    const row = await this.store.addDecision({
      ...waiting.decision,
      kind: 'approval',
      analyst: identity.analyst,
      comment: '',
      suggested: null,
      why: null,
      needsApproval: false,
      approves: id,
      instance: this.options.instance,
    });
    this.notes.delete(waiting.decision.subjectKey);
    return { ok: true, id: row.id };
  }

  /**
   * Four-eyes' "no": the approver sends a waiting decision back with why. The return is the hit's
   * decision in force from then on (needs review, by the approver: it mutes nothing and needs no
   * approval), so the hit is open again everywhere until its author or another decides it anew.
   */
  async returnForReview(identity: Identity, id: number, comment: string): Promise<SecondPersonOutcome> {
    const waiting = await this.waiting(identity, id);
    if (!waiting.ok) return waiting;
    const row = await this.store.addDecision({
      ...waiting.decision,
      kind: 'decision',
      analyst: identity.analyst,
      decision: 'needs-review',
      reason: null,
      comment,
      suggested: null,
      // The facts stay with the hit: whoever takes it up next sees what the first decision rested on.
      why: waiting.decision.why,
      needsApproval: false,
      approves: null,
      returns: id,
      instance: this.options.instance,
    });
    this.notes.delete(waiting.decision.subjectKey);
    return { ok: true, id: row.id };
  }

  /** The decision `id` when it waits for this identity's approval (an approver, not its author). */
  private async waiting(
    identity: Identity,
    id: number,
  ): Promise<{ ok: true; decision: DecisionRow } | Extract<SecondPersonOutcome, { ok: false }>> {
    if (!can(identity, 'approve')) return { ok: false, reason: 'role' };
    const decision = await this.store.decisionById(id);
    if (!decision || decision.kind !== 'decision') return { ok: false, reason: 'unknown' };
    if (decision.analyst === identity.analyst) return { ok: false, reason: 'own' };
    const current = (await this.current(decision.subjectKey, true)).find(
      (c) => c.decision.registry === decision.registry && c.decision.record === decision.record,
    );
    if (!current || current.decision.id !== id || current.state !== 'pending') {
      return { ok: false, reason: 'not-pending' };
    }
    return { ok: true, decision };
  }

  /**
   * What waits for a second person: all of it for those who may approve it (approvers) or read
   * the whole record (auditors), one's own for an analyst; and, for anyone who decides, their
   * decisions an approver returned for review that nobody has decided anew. Null for anyone else.
   */
  async pending(
    identity: Identity,
    limit = MAX_PENDING_LISTED,
  ): Promise<{ pending: DecisionRow[]; returned: DecisionRow[]; scope: 'all' | 'own' } | null> {
    const all = can(identity, 'approve') || can(identity, 'readAll');
    if (!all && !can(identity, 'decide')) return null;
    const [pending, returned] = await Promise.all([
      this.store.pendingDecisions(limit, all ? undefined : identity.analyst),
      can(identity, 'decide') ? this.store.returnedTo(identity.analyst, limit) : [],
    ]);
    return { pending, returned, scope: all ? 'all' : 'own' };
  }

  /**
   * A subject's decisions: the one in force per hit, and every line in order. With none, the same
   * name screened with other details is pointed to by which details it had, never their values:
   * a decision belongs to the subject as screened, and "none" must not read as "nobody decided".
   */
  async history(
    query: SearchQuery,
  ): Promise<{ current: CurrentDecision[]; history: DecisionRow[]; sameName: SameName[] }> {
    const key = subjectPart(subjectKey(query));
    const history = await this.store.decisionsFor(key);
    const named =
      history.length === 0 && query.name
        ? await this.store.decisionSubjectsNamed(query.name, key, SAME_NAME_LISTED)
        : [];
    const sameName = named.map(({ subject, lines }) => ({
      details: SUBJECT_DETAILS.filter((field) => typeof subject[field] === 'string' && subject[field] !== ''),
      lines,
    }));
    return { current: currentOf(history), history, sameName };
  }

  private async current(key: string, fresh = false): Promise<CurrentDecision[]> {
    const known = this.notes.get(key);
    if (!fresh && known && this.now() - known.at < NOTES_TTL_MS) return known.current;
    const current = currentOf(await this.store.decisionsFor(key));
    if (this.notes.size >= NOTES_KEPT) this.notes.clear();
    this.notes.set(key, { at: this.now(), current });
    return current;
  }

  /**
   * The accept list applied to one answer in wire form: muted hits taken out (with a note each),
   * changed ones left in and noted. Only answers with hits cost a look at the record.
   */
  async apply(query: SearchQuery, wire: Record<string, unknown>): Promise<void> {
    const result = wire.result;
    if (!result || typeof result !== 'object') return;
    const blocks = Object.entries(result as Record<string, unknown>).filter(
      (entry): entry is [RegistryKey, unknown[]] =>
        (REGISTRY_KEYS as readonly string[]).includes(entry[0]) && Array.isArray(entry[1]) && entry[1].length > 0,
    );
    if (blocks.length === 0) return;
    const current = await this.current(subjectPart(subjectKey(query)));
    if (current.length === 0) return;
    const byRecord = new Map(current.map((c) => [`${c.decision.registry}|${c.decision.record}`, c]));
    const notes: Required<RelayDecisions> = { muted: [], changed: [], decided: [] };
    for (const [registry, items] of blocks) {
      const kept = items.filter((item) => {
        if (!item || typeof item !== 'object') return true;
        const { record, fingerprint } = recordOf(registry, item);
        const decided = byRecord.get(`${registry}|${record}`);
        if (!decided) return true;
        const note = noteOf(decided, namingOf(registry, item).name);
        if (decided.decision.fingerprint !== fingerprint) {
          notes.changed.push(note);
          return true;
        }
        if (decided.decision.decision === 'false-positive' && decided.state === 'in-force') {
          notes.muted.push(note);
          return false;
        }
        notes.decided.push(note);
        return true;
      });
      (result as Record<string, unknown>)[registry] = kept;
    }
    if (notes.muted.length > 0 || notes.changed.length > 0 || notes.decided.length > 0) {
      wire[RELAY_DECISIONS_FIELD] = notes;
    }
  }
}

/** The latest decision per hit, with its approval when it has one. */
export function currentOf(history: readonly DecisionRow[]): CurrentDecision[] {
  const latest = new Map<string, DecisionRow>();
  const approvals = new Map<number, DecisionRow>();
  for (const row of history) {
    if (row.kind === 'approval' && row.approves !== null) approvals.set(row.approves, row);
    else latest.set(`${row.registry}|${row.record}`, row);
  }
  return [...latest.values()].map((decision) => {
    const approval = approvals.get(decision.id) ?? null;
    return { decision, approval, state: decision.needsApproval && !approval ? 'pending' : 'in-force' };
  });
}

export function noteOf(c: CurrentDecision, name: string): DecisionNote {
  return {
    id: c.decision.id,
    registry: c.decision.registry as RegistryKey,
    record: c.decision.record,
    name,
    decision: c.decision.decision as DecisionNote['decision'],
    reason: c.decision.reason,
    ...(c.decision.comment ? { comment: c.decision.comment } : {}),
    analyst: c.decision.analyst,
    at: c.decision.at.toISOString(),
    state: c.state,
    approvedBy: c.approval?.analyst ?? null,
    ...(c.decision.returns ? { returns: c.decision.returns } : {}),
  };
}
