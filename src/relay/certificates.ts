import { version } from '../../package.json';
import { recordOf, subjectPart } from '../core/answer/record-identity';
import { hitKey } from '../core/answer/relay-decisions';
import { ALL_LISTS, registriesOf } from '../core/protocol/listdata';
import { REGISTRY_KEYS } from '../core/protocol/registries';
import { parseEnvelope, type ParsedEnvelope } from '../core/protocol/schema';
import { subjectKey, validateQuery } from '../core/query';
import type { Lang } from '../core/text/i18n';
import { summarize } from '../core/answer/summary';
import { buildCertificate, type Certificate, type CertifiedDecision } from '../evidence/certificate';
import { certificatePdf } from '../evidence/certificate-pdf';
import { buildSampleCover, subjectText, type SampleEntry } from '../evidence/sample-cover';
import { hasCautions, subjectCautions } from '../evidence/subject-cautions';
import { sha256 } from './answer-archive';
import { currentOf, noteOf } from './decisions';
import { oneAtATime } from './one-at-a-time';
import { can, type Identity } from './roles';
import type { DecisionRow, RelayStore } from './store/port';

/**
 * `GET /certificates/<audit id>.pdf`: the certificate of one request, made from its archived
 * answer (the bytes the service sent, with their archive id and SHA-256), the analyst named by
 * its audit row, and the subject's decisions in force. For the analyst who made the request and
 * for auditors; anyone else gets "not found", so ids cannot be probed for.
 *
 * `POST /certificates` with `ids`: several requests' certificates in one PDF (an inspector's
 * sample), behind a page listing them; each id checked as the single one is, and the first that
 * fails refuses the whole file, naming that id.
 */

export type CertificateResult = { ok: true; pdf: Buffer } | { ok: false; status: 404 | 409 };

/** Every certificate this relay process lays out, single or many, in one line (one-at-a-time.ts). */
const inLine = oneAtATime();

interface CertifyOptions {
  lang: Lang;
  sandbox: boolean;
}

type Certified = { ok: true; certificate: Certificate; entry: SampleEntry } | { ok: false; status: 404 | 409 };

export async function requestCertificate(
  store: RelayStore,
  identity: Identity,
  auditId: number,
  options: CertifyOptions,
): Promise<CertificateResult> {
  const made = await certify(store, identity, auditId, options);
  if (!made.ok) return made;
  return { ok: true, pdf: await inLine(() => certificatePdf([made.certificate], { title: `${auditId}` })) };
}

export async function requestCertificates(
  store: RelayStore,
  identity: Identity,
  auditIds: readonly number[],
  options: CertifyOptions,
): Promise<{ ok: true; pdf: Buffer } | { ok: false; status: 404 | 409; auditId: number }> {
  const made: Extract<Certified, { ok: true }>[] = [];
  for (const auditId of auditIds) {
    const one = await certify(store, identity, auditId, options);
    if (!one.ok) return { ...one, auditId };
    made.push(one);
  }
  const at = new Date();
  const cover = buildSampleCover(
    {
      requestedBy: identity.analyst,
      at,
      entries: made.map((m) => m.entry),
      sandbox: options.sandbox,
      productVersion: version,
    },
    options.lang,
  );
  const title = `${auditIds[0]}–${auditIds[auditIds.length - 1]} (${auditIds.length})`;
  return {
    ok: true,
    pdf: await inLine(() => certificatePdf([cover, ...made.map((m) => m.certificate)], { title, createdAt: at })),
  };
}

async function certify(
  store: RelayStore,
  identity: Identity,
  auditId: number,
  options: CertifyOptions,
): Promise<Certified> {
  const row = await store.auditById(auditId);
  if (!row || (row.analyst !== identity.analyst && !can(identity, 'readAll'))) return { ok: false, status: 404 };
  // A refused request, or one answered before the archive existed: nothing to certify.
  if (row.archiveId === null || row.state !== 'answered') return { ok: false, status: 409 };
  const archived = await store.archiveRow(row.archiveId);
  const checked = validateQuery(row.query);
  if (!archived || !checked.ok) return { ok: false, status: 409 };
  const envelope = parseEnvelope(JSON.parse(archived.answer.toString('utf8')));
  const listdata = row.listdata && row.listdata !== '-1' ? BigInt(row.listdata) : ALL_LISTS;
  const asked =
    listdata === ALL_LISTS ? REGISTRY_KEYS.filter((k) => envelope.registries[k] !== undefined) : registriesOf(listdata);
  const decisions = notesOf(await store.decisionsFor(subjectPart(subjectKey(checked.query))), envelope);
  const receivedAt = row.fromCache ? row.at : archived.receivedAt;
  const certificate = buildCertificate(
    {
      query: checked.query,
      envelope,
      asked,
      receivedAt,
      servedBy: row.servedBy ?? '',
      sandbox: options.sandbox,
      productVersion: version,
      analyst: row.analyst,
      archive: { auditId, id: archived.id, sha256: sha256(archived.answer).toString('hex') },
      ...(row.fromCache ? { keptSince: archived.receivedAt } : {}),
      decisions,
    },
    options.lang,
  );
  const entry: SampleEntry = {
    auditId,
    subject: subjectText(checked.query),
    at: receivedAt,
    analyst: row.analyst,
    summary: summarize(envelope, asked),
    // A decision made on another version of the record is to be made again: not counted.
    decided: [...decisions.values()].filter((d) => !d.changed).length,
    cautioned: hasCautions(subjectCautions(checked.query)),
  };
  return { ok: true, certificate, entry };
}

/** The decision in force per hit of this answer, as the answer's notes show them. */
function notesOf(history: readonly DecisionRow[], envelope: ParsedEnvelope): Map<string, CertifiedDecision> {
  const current = new Map(currentOf(history).map((c) => [hitKey(c.decision.registry, c.decision.record), c]));
  const notes = new Map<string, CertifiedDecision>();
  for (const key of REGISTRY_KEYS) {
    const outcome = envelope.registries[key];
    if (!outcome || outcome.status === 'error') continue;
    for (const item of outcome.items as readonly object[]) {
      const { record, fingerprint } = recordOf(key, item);
      const id = hitKey(key, record);
      const decided = current.get(id);
      // Decided on another version of the record: shown, and marked to be decided again.
      if (decided) notes.set(id, { ...noteOf(decided, ''), changed: decided.decision.fingerprint !== fingerprint });
    }
  }
  return notes;
}
