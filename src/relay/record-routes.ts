import { validateQuery } from '../core/query';
import { MAX_CERTIFICATES_PER_REQUEST } from '../core/request/certificate-limit';
import { commentText } from './decision-input';
import { MAX_DECISIONS_PER_REQUEST, type DecisionRecord } from './decisions';
import { auditExportText, auditSelectionOf } from './audit-selection';
import { decisionExportText } from './decision-export';
import { requestCertificate, requestCertificates } from './certificates';
import { JSON_TYPE } from './http-parts';
import { bilingual } from './messages';
import { can, type Identity } from './roles';
import { parseTimeBound } from './time-bound';
import { Refusal, RELAY_ERRORS } from './refusal';
import type { RelayService } from './service';

/**
 * The record's HTTP side (docs/relay.md, "Decisions and the accept list"):
 *
 * - `POST /decisions`: one decision, or `{decisions: [...]}` (a hits sheet's worth) in one go;
 * - `POST /decisions/approve`: `{id}`, four-eyes;
 * - `POST /decisions/return`: `{id, comment}`, four-eyes' "no": back for review, with why;
 * - `GET|POST /decisions/pending`: what waits for a second person, for approvers and auditors;
 * - `GET|POST /decisions/history`: a subject's query fields; its decisions in force and every line;
 * - `GET|POST /decisions/export[?since=DATE][&format=json]`: the whole record, for auditors, streamed a page
 *   at a time;
 * - `GET|POST /audit/export` with `from`, `to`, `analyst`, `name`, `code`, `format=json`: the audit trail
 *   (an auditor's every request, anyone else's own), streamed a page at a time, as `checklists relay
 *   audit` prints it on the host;
 * - `GET /certificates/<audit id>.pdf[?lang=en]`: a request's screening certificate (certificates.ts);
 * - `GET|POST /certificates` with `ids` (up to 100): their certificates in one PDF, behind a list of them;
 * - `GET /archive/<archive id>`: an archived answer's bytes as the service sent them, with its digest
 *   and chain hash in headers, for auditors and the analyst whose request paid for it.
 *
 * The person is always the authenticated one: an analyst key in a POST body's `tokken` (an address
 * holding one is refused before it gets here, http-server.ts), or Entra.
 */

const RECORD_PATHS = new Set([
  '/decisions',
  '/decisions/approve',
  '/decisions/return',
  '/decisions/pending',
  '/decisions/history',
  '/decisions/export',
  '/audit/export',
  '/certificates',
]);
/** They change the record, so a link followed or a page reloaded must never reach them. */
const POST_ONLY = new Set(['/decisions', '/decisions/approve', '/decisions/return']);
const CERTIFICATE_PATH = /^\/certificates\/(\d{1,15})\.pdf$/;
const ARCHIVE_PATH = /^\/archive\/(\d{1,15})$/;

export function isRecordPath(path: string): boolean {
  return RECORD_PATHS.has(path) || CERTIFICATE_PATH.test(path) || ARCHIVE_PATH.test(path);
}

export interface RecordRequest {
  path: string;
  method: 'GET' | 'POST';
  fields: Record<string, unknown>;
  bearer: string | null;
}

export interface RecordReply {
  status: number;
  /** The Content-Type. */
  type: string;
  body: string | Buffer;
  /** Instead of body: text sent as it is read, for an export too large to hold (http-parts.ts sendStream). */
  stream?: AsyncIterable<string>;
  headers?: Record<string, string>;
  analyst: string | null;
  code: number | null;
}

const json = (status: number, body: unknown, analyst: string | null): RecordReply => ({
  status,
  type: JSON_TYPE,
  body: JSON.stringify(body),
  analyst,
  code: status === 200 ? null : ((body as { error?: number }).error ?? null),
});

const refused = (status: number, code: number, message: string, analyst: string | null) =>
  json(status, { error: code, message }, analyst);

const APPROVAL_REFUSALS = {
  role: [403, 'decision.approveRole'],
  unknown: [404, 'decision.unknown'],
  own: [403, 'decision.ownApproval'],
  'not-pending': [409, 'decision.notPending'],
} as const;
const RETURN_REFUSALS = {
  ...APPROVAL_REFUSALS,
  role: [403, 'decision.returnRole'],
  own: [403, 'decision.ownReturn'],
} as const;

export async function handleRecord(
  service: RelayService,
  decisions: DecisionRecord,
  request: RecordRequest,
): Promise<RecordReply> {
  if (POST_ONLY.has(request.path) && request.method !== 'POST') {
    return {
      ...refused(405, 405, bilingual('method', { allowed: 'POST', path: request.path }), null),
      headers: { Allow: 'POST' },
    };
  }
  let analyst: string | null = null;
  try {
    const identity = await service.authenticate(request.fields, request.bearer);
    analyst = identity.analyst;
    // Evidence spooled for replies already sent reaches the database a little after them.
    await service.journal.caughtUp();
    const { tokken: _key, ...fields } = request.fields;
    const archived = ARCHIVE_PATH.exec(request.path);
    if (archived) {
      const row = await service.store.archiveRow(Number(archived[1]));
      // Anyone else gets "not found": ids cannot be probed for.
      if (!row || (row.analyst !== identity.analyst && !can(identity, 'readAll'))) {
        return refused(404, 404, bilingual('not.found'), analyst);
      }
      return {
        status: 200,
        type: JSON_TYPE,
        body: row.answer,
        analyst,
        code: null,
        headers: {
          'X-Archive-Id': String(row.id),
          'X-Audit-Id': String(row.auditId),
          'X-Answer-SHA256': row.answerSha256.toString('hex'),
          'X-Archive-Chain': row.chain.toString('hex'),
          'X-Received-At': row.receivedAt.toISOString(),
        },
      };
    }
    const certificate = CERTIFICATE_PATH.exec(request.path);
    if (certificate) {
      const made = await requestCertificate(service.store, identity, Number(certificate[1]), {
        lang: fields.lang === 'en' ? 'en' : 'uk',
        sandbox: service.config.sandboxUpstream === true,
      });
      if (!made.ok) {
        return refused(
          made.status,
          made.status,
          bilingual(made.status === 404 ? 'not.found' : 'certificate.none'),
          analyst,
        );
      }
      return { status: 200, type: 'application/pdf', body: made.pdf, analyst, code: null };
    }
    if (request.path === '/certificates') return await certificates(service, identity, fields);
    if (request.path === '/audit/export') return auditExport(service, identity, fields);
    if (request.path === '/decisions') {
      const items = Array.isArray(fields.decisions) ? fields.decisions : [fields];
      if (items.length > MAX_DECISIONS_PER_REQUEST) {
        return refused(
          400,
          RELAY_ERRORS.badRequest,
          bilingual('decision.many', { limit: MAX_DECISIONS_PER_REQUEST }),
          analyst,
        );
      }
      if (!can(identity, 'decide')) return refused(403, RELAY_ERRORS.forbidden, bilingual('decision.role'), analyst);
      return json(200, { analyst, results: await decisions.record(identity, items) }, analyst);
    }
    if (request.path === '/decisions/approve') {
      const id = Number(fields.id);
      if (!Number.isSafeInteger(id) || id <= 0) {
        return refused(400, RELAY_ERRORS.badRequest, bilingual('decision.badId'), analyst);
      }
      const approved = await decisions.approve(identity, id);
      if (approved.ok) return json(200, { analyst, approved: id, id: approved.id }, analyst);
      const [status, key] = APPROVAL_REFUSALS[approved.reason];
      // The body's code says what the status says: 403 may not, 404 no such decision, 409 not waiting.
      return refused(status, status, bilingual(key), analyst);
    }
    if (request.path === '/decisions/return') {
      const id = Number(fields.id);
      if (!Number.isSafeInteger(id) || id <= 0) {
        return refused(400, RELAY_ERRORS.badRequest, bilingual('decision.badReturnId'), analyst);
      }
      const comment = typeof fields.comment === 'string' ? fields.comment.trim() : '';
      // Never sent back without why; otherwise a decision's comment rule.
      if (comment === '' || !commentText.safeParse(comment).success) {
        return refused(400, RELAY_ERRORS.badRequest, bilingual('decision.returnComment'), analyst);
      }
      const returned = await decisions.returnForReview(identity, id, comment);
      if (returned.ok) return json(200, { analyst, returned: id, id: returned.id }, analyst);
      const [status, key] = RETURN_REFUSALS[returned.reason];
      return refused(status, status, bilingual(key), analyst);
    }
    if (request.path === '/decisions/pending') {
      const lists = await decisions.pending(identity);
      if (!lists) return refused(403, RELAY_ERRORS.forbidden, bilingual('decision.pendingRole'), analyst);
      // An auditor or an analyst reads the list, but may neither approve nor return: no buttons offered.
      return json(200, { analyst, approver: can(identity, 'approve'), ...lists }, analyst);
    }
    if (request.path === '/decisions/history') {
      const checked = validateQuery(fields);
      if (!checked.ok) throw Refusal.invalidQuery(checked.errors);
      const { current, history, sameName } = await decisions.history(checked.query);
      return json(
        200,
        {
          current: current.map((c) => ({ ...c.decision, state: c.state, approvedBy: c.approval?.analyst ?? null })),
          history,
          sameName,
        },
        analyst,
      );
    }
    // /decisions/export: the whole record, auditors (and no one else).
    if (!can(identity, 'readAll')) {
      return refused(403, RELAY_ERRORS.forbidden, bilingual('decision.exportRole'), analyst);
    }
    const sinceText = typeof fields.since === 'string' && fields.since ? fields.since : '';
    const since = sinceText ? parseTimeBound(sinceText) : undefined;
    if (since === null) {
      return refused(
        400,
        RELAY_ERRORS.badRequest,
        bilingual('bad.time', { option: 'since', value: sinceText.slice(0, 40) }),
        analyst,
      );
    }
    const csv = fields.format !== 'json';
    const stream = textOf(decisionExportText(service.store.decisionPages(since), csv));
    return { status: 200, type: csv ? CSV_TYPE : NDJSON_TYPE, body: '', stream, analyst, code: null };
  } catch (error) {
    const refusal = error instanceof Refusal ? error : null;
    if (!refusal) throw error;
    return refused(refusal.status, refusal.code, refusal.text, analyst);
  }
}

/** An export's text alone, as sendStream writes it (the row counts are the host command's). */
async function* textOf(chunks: AsyncIterable<{ text: string }>): AsyncGenerator<string> {
  for await (const chunk of chunks) yield chunk.text;
}

const NDJSON_TYPE = 'application/x-ndjson; charset=utf-8';
const CSV_TYPE = 'text/csv; charset=utf-8';

/**
 * The audit trail, selected as on the relay's host, and sent a page at a time: every request for an
 * auditor; for anyone else their own (as their certificates and archived answers are), so an
 * analyst finds the audit no. of a client they screened months ago without the results file.
 */
function auditExport(service: RelayService, identity: Identity, fields: Record<string, unknown>): RecordReply {
  const analyst = identity.analyst;
  const text = (name: string) => {
    const value = fields[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const all = can(identity, 'readAll');
  if (!all && text('analyst') !== undefined && text('analyst') !== analyst) {
    return refused(403, RELAY_ERRORS.forbidden, bilingual('audit.ownOnly', { analyst }), analyst);
  }
  const read = auditSelectionOf({
    from: text('from'),
    to: text('to'),
    analyst: all ? text('analyst') : analyst,
    name: text('name'),
    code: text('code'),
  });
  if (!read.ok) {
    const params = { option: read.option, value: read.value.slice(0, 40) };
    return refused(400, RELAY_ERRORS.badRequest, bilingual('bad.time', params), analyst);
  }
  const csv = fields.format !== 'json';
  const stream = textOf(auditExportText((filter) => service.store.auditPages(filter), read.selection, csv));
  // Said, so that a reader of their own rows does not take "none" for "nobody screened this client".
  const headers = { 'X-Audit-Scope': all ? 'all' : 'own' };
  return { status: 200, type: csv ? CSV_TYPE : NDJSON_TYPE, body: '', stream, headers, analyst, code: null };
}

/** The ids asked for: an array (a JSON body), or text of numbers with commas or spaces (a query string). */
function auditIdsOf(value: unknown): number[] | null {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/).filter(Boolean) : null;
  // Counted before duplicates are dropped: a body of a million ids is refused, not walked.
  if (!items || items.length === 0 || items.length > MAX_CERTIFICATES_PER_REQUEST) return null;
  const ids: number[] = [];
  for (const item of items) {
    const id =
      typeof item === 'number' ? item : typeof item === 'string' && /^\d{1,15}$/.test(item) ? Number(item) : NaN;
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

async function certificates(
  service: RelayService,
  identity: Identity,
  fields: Record<string, unknown>,
): Promise<RecordReply> {
  const analyst = identity.analyst;
  const ids = auditIdsOf(fields.ids);
  if (!ids) {
    return refused(
      400,
      RELAY_ERRORS.badRequest,
      bilingual('certificate.ids', { limit: MAX_CERTIFICATES_PER_REQUEST }),
      analyst,
    );
  }
  const made = await requestCertificates(service.store, identity, ids, {
    lang: fields.lang === 'en' ? 'en' : 'uk',
    sandbox: service.config.sandboxUpstream === true,
  });
  if (made.ok) return { status: 200, type: 'application/pdf', body: made.pdf, analyst, code: null };
  // The id that failed is the asker's own input: naming it tells them which row to leave out, and no more.
  // An auditor reads every request: for them a missing number is simply not there.
  const notFound = can(identity, 'readAll') ? 'certificate.notFoundAnyId' : 'certificate.notFoundId';
  const key = made.status === 404 ? notFound : 'certificate.noneId';
  const message = bilingual(key, { id: made.auditId });
  return json(made.status, { error: made.status, message, auditId: made.auditId }, analyst);
}
