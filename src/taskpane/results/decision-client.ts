import type { z } from 'zod';
import type { Decision, ReasonCode, Suggestion } from '../../core/answer/explain';
import type { RegistryKey } from '../../core/protocol/registries';
import type { SearchQuery } from '../../core/query';
import { plainQuery } from '../../core/query/plain';
import { sendDecisionBatches, type DecisionSent } from '../../core/request/body-batches';
import { parseJson } from '../../core/text/json';
import type { LocalizedText } from '../../core/text/i18n';
import {
  clippedWhyLine,
  decisionHistorySchema,
  pendingDecisionsSchema,
  WHY_LINES_MAX,
  type DecisionHistory,
  type PendingDecisions,
} from '../../core/answer/decision-history';

/**
 * The pane's side of the relay's decision record (docs/relay.md, "Decisions and the accept
 * list"): one decision on one hit, sent with the analyst's own key. The relay names the analyst
 * and the time; the pane never sends either.
 */

export interface RelayTarget {
  /** The relay's address (the pane's saved primary address in relay mode). */
  url: string;
  /** The analyst's key, kept in the secret slot. */
  key: string;
}

export interface DecisionToRecord {
  query: SearchQuery;
  registry: RegistryKey;
  record: string;
  fingerprint: string;
  decision: Decision;
  reason: ReasonCode;
  comment: string;
  /** What "why this hit" suggested: an approver sees a decision that goes against it. */
  suggested?: Pick<Suggestion, 'decision' | 'reason'>;
  /** The explanation's facts as this card shows them, in both languages: what an approver judges on. */
  why?: readonly LocalizedText[];
}

export type RecordOutcome =
  /** `analyst` and `at`: who the relay recorded it under, and when (the decision in force, for `unchanged`). */
  | { status: 'recorded' | 'pending' | 'unchanged'; id: number; analyst: string; at: string }
  | { status: 'refused'; reason: string }
  | { status: 'failed'; detail: string };

/** The card's facts as the relay keeps them: each cut to its length, at most its count, none empty. */
function whyForRelay(facts: readonly LocalizedText[]): LocalizedText[] {
  return facts
    .map((f) => ({ uk: clippedWhyLine(f.uk), en: clippedWhyLine(f.en) }))
    .filter((f) => f.uk !== '' && f.en !== '')
    .slice(0, WHY_LINES_MAX);
}

/** One decision from a hit card, in the relay's single-decision form: never throws. */
export async function recordDecision(
  relay: RelayTarget,
  d: DecisionToRecord,
  fetchImpl: typeof fetch = fetch,
): Promise<RecordOutcome> {
  const answer = await postToRelay(
    relay,
    '/decisions',
    {
      subject: plainQuery(d.query, { subjectOnly: true }),
      registry: d.registry,
      record: d.record,
      fingerprint: d.fingerprint,
      decision: d.decision,
      reason: d.reason,
      comment: d.comment,
      ...(d.suggested ? { suggested: { decision: d.suggested.decision, reason: d.suggested.reason } } : {}),
      ...(d.why && d.why.length > 0 ? { why: whyForRelay(d.why) } : {}),
    },
    fetchImpl,
  );
  if (!answer.ok) return { status: 'failed', detail: answer.detail };
  if (answer.status < 200 || answer.status > 299) {
    return { status: 'failed', detail: answer.message || `HTTP ${answer.status}` };
  }
  const body = answer.body as {
    analyst?: string;
    results?: { status: string; id?: number; reason?: string; message?: string; at?: string }[];
  } | null;
  const first = body?.results?.[0];
  const done = first?.status === 'recorded' || first?.status === 'pending' || first?.status === 'unchanged';
  if (first && done && typeof first.id === 'number') {
    return {
      status: first.status as 'recorded' | 'pending' | 'unchanged',
      id: first.id,
      analyst: body?.analyst ?? '',
      at: first.at ?? new Date().toISOString(),
    };
  }
  // The relay's words for the person (both languages), else its short reason.
  return { status: 'refused', reason: first?.message ?? first?.reason ?? 'unknown' };
}

/**
 * Many decisions at once ("Save decisions"): an outcome per decision, in order. A request the
 * relay refuses as a whole (a revoked key, a relay that is not there) throws with its message.
 */
export function sendDecisions(
  relay: RelayTarget,
  decisions: readonly object[],
  fetchImpl: typeof fetch = fetch,
): Promise<DecisionSent[]> {
  const url = `${new URL(relay.url).origin}/decisions`;
  return sendDecisionBatches(
    async (body) => {
      const response = await fetchImpl(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      return { status: response.status, text: await response.text().catch(() => '') };
    },
    relay.key,
    decisions,
  );
}

/** The relay's certificate of one request (GET /certificates/<id>.pdf), as a PDF blob. */
export async function fetchCertificate(
  relay: RelayTarget,
  auditId: number,
  lang: 'uk' | 'en',
  fetchImpl: typeof fetch = fetch,
): Promise<{ ok: true; pdf: Blob } | { ok: false; detail: string; status?: number }> {
  try {
    const response = await fetchImpl(`${new URL(relay.url).origin}/certificates/${auditId}.pdf?lang=${lang}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      // The key in the body, never in the URL.
      body: JSON.stringify({ tokken: relay.key }),
    });
    if (!response.ok) return { ok: false, detail: `HTTP ${response.status}`, status: response.status };
    return { ok: true, pdf: await response.blob() };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.name : 'network' };
  }
}

/**
 * Several requests' certificates in one PDF (POST /certificates), a list of them first. A refusal
 * names the number it is for (`auditId`): not this analyst's, or nothing to certify.
 */
export async function fetchCertificates(
  relay: RelayTarget,
  auditIds: readonly number[],
  lang: 'uk' | 'en',
  fetchImpl: typeof fetch = fetch,
): Promise<{ ok: true; pdf: Blob } | { ok: false; detail: string; status?: number; auditId?: number }> {
  try {
    const response = await fetchImpl(`${new URL(relay.url).origin}/certificates`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ tokken: relay.key, ids: auditIds, lang }),
    });
    if (response.ok) return { ok: true, pdf: await response.blob() };
    const said = (await response.json().catch(() => null)) as { auditId?: unknown } | null;
    const auditId = typeof said?.auditId === 'number' ? said.auditId : undefined;
    return { ok: false, detail: `HTTP ${response.status}`, status: response.status, ...(auditId ? { auditId } : {}) };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.name : 'network' };
  }
}

/** A subject's decision record (POST /decisions/history): never throws. */
export async function fetchHistory(
  relay: RelayTarget,
  query: SearchQuery,
  fetchImpl: typeof fetch = fetch,
): Promise<{ ok: true; history: DecisionHistory } | { ok: false; detail: string }> {
  // The subject as it was screened.
  const fields = plainQuery(query, { subjectOnly: true });
  const read = await readFromRelay(relay, '/decisions/history', fields, decisionHistorySchema, fetchImpl);
  return read.ok ? { ok: true, history: read.value } : read;
}

/** What waits for a second person (POST /decisions/pending, approvers and auditors): never throws. */
export async function fetchPending(
  relay: RelayTarget,
  fetchImpl: typeof fetch = fetch,
): Promise<{ ok: true; list: PendingDecisions } | { ok: false; detail: string }> {
  const read = await readFromRelay(relay, '/decisions/pending', {}, pendingDecisionsSchema, fetchImpl);
  return read.ok ? { ok: true, list: read.value } : read;
}

/** A read of the relay's record: its answer in the shape `schema` gives, or the relay's why. */
async function readFromRelay<T>(
  relay: RelayTarget,
  path: string,
  fields: Record<string, unknown>,
  schema: z.ZodType<T>,
  fetchImpl: typeof fetch,
): Promise<{ ok: true; value: T } | { ok: false; detail: string }> {
  const answer = await postToRelay(relay, path, fields, fetchImpl);
  if (!answer.ok) return answer;
  const parsed = schema.safeParse(answer.body);
  return answer.status === 200 && parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, detail: answer.message || `HTTP ${answer.status}` };
}

/** Four-eyes: approves one decision under this analyst's key; the relay's why when it refuses. */
export async function approveDecision(
  relay: RelayTarget,
  id: number,
  fetchImpl: typeof fetch = fetch,
): Promise<{ ok: true } | { ok: false; detail: string }> {
  return settled(await postToRelay(relay, '/decisions/approve', { id }, fetchImpl));
}

/** Four-eyes' "no": the waiting decision `id` sent back for review, with why its author reads. Never throws. */
export async function returnDecision(
  relay: RelayTarget,
  id: number,
  comment: string,
  fetchImpl: typeof fetch = fetch,
): Promise<{ ok: true } | { ok: false; detail: string }> {
  return settled(await postToRelay(relay, '/decisions/return', { id, comment }, fetchImpl));
}

function settled(answer: Awaited<ReturnType<typeof postToRelay>>): { ok: true } | { ok: false; detail: string } {
  if (!answer.ok) return answer;
  return answer.status === 200 ? { ok: true } : { ok: false, detail: answer.message || `HTTP ${answer.status}` };
}

async function postToRelay(
  relay: RelayTarget,
  path: string,
  fields: Record<string, unknown>,
  fetchImpl: typeof fetch,
): Promise<{ ok: true; status: number; body: unknown; message: string } | { ok: false; detail: string }> {
  try {
    const response = await fetchImpl(`${new URL(relay.url).origin}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      // The key in the body, never in the URL.
      body: JSON.stringify({ tokken: relay.key, ...fields }),
    });
    const body = parseJson(await response.text().catch(() => ''));
    const message = (body as { message?: unknown } | null)?.message;
    return { ok: true, status: response.status, body, message: typeof message === 'string' ? message : '' };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.name : 'network' };
  }
}
