import type { RelayRole } from '../roles';

/**
 * Everything the relay keeps, behind one small port. There is one implementation (sql-store.ts,
 * PostgreSQL through `pg`): the embedded cluster and an external server differ only in the URL.
 * Handlers talk to this port and never build SQL.
 */

export interface AnalystKeyRow {
  name: string;
  role: RelayRole;
  keyId: string;
  salt: Buffer;
  hash: Buffer;
  createdAt: Date;
  revokedAt: Date | null;
}

/**
 * A request's row is written "asked" before anything is asked of the service and completed with
 * its outcome after: a crash in between leaves "asked, outcome unknown", never nothing.
 */
export type AuditState = 'asked' | 'answered' | 'refused';

export interface AuditRow {
  state: AuditState;
  at: Date;
  analyst: string;
  method: 'GET' | 'POST';
  /** The query fields as validated (never credentials). */
  query: Record<string, unknown>;
  listdata: string | null;
  servedBy: string | null;
  idrequest: string | null;
  verdict: string | null;
  /** Hits per registry key. */
  hits: Record<string, number>;
  durationMs: number;
  fromCache: boolean;
  /** The interface error code answered, when the answer was an error. */
  errorCode: number | null;
  status: number;
  /** Which relay instance wrote the row. */
  instance: string;
  /** The archived answer this request was given (its own paid one, or the one a cache entry came from). */
  archiveId: number | null;
}

export interface StoredAuditRow extends AuditRow {
  id: number;
  /**
   * Whether the reply reached the client's connection: true when all of it was handed over, false
   * when the connection closed first (a client gone, a shutdown's deadline), null while unknown.
   */
  delivered: boolean | null;
}

/** What a request's outcome adds to its "asked" row. */
export type AuditOutcome = Pick<
  AuditRow,
  | 'state'
  | 'servedBy'
  | 'idrequest'
  | 'verdict'
  | 'hits'
  | 'durationMs'
  | 'fromCache'
  | 'errorCode'
  | 'status'
  | 'archiveId'
>;

/** A paid answer as the archive keeps it (see ../answer-archive.ts). */
export interface ArchiveEntry {
  /** The audit row of the request that paid for it: written, durably, before the service was asked. */
  auditId: number;
  receivedAt: Date;
  analyst: string;
  /** The query as sent, JSON, without credentials. */
  request: string;
  /** The answer's bytes as received. */
  answer: Buffer;
}

export interface ArchiveRow extends ArchiveEntry {
  id: number;
  /**
   * The chain it is in: null for the database's (appended to under its lock), else the relay's that
   * keeps its own (../archive-chain.ts). Each chain runs in id order from its cut, or from zeros.
   */
  chainId: string | null;
  answerSha256: Buffer;
  /** SHA-256 of the previous row's chain, this answer's digest and this row's own fields. */
  chain: Buffer;
}

/** Where a prune cut the chain: verify starts from `chain` at row `firstKept`. */
export interface ArchiveCut {
  cutAt: Date;
  removedBefore: Date;
  firstKept: number;
  chain: Buffer;
  rowsRemoved: number;
  /** The chain it cut: null for the database's (ArchiveRow.chainId). */
  chainId: string | null;
}

/** Audit changes written together: one transaction, one durable commit (see ../audit-journal.ts). */
export interface AuditBatch {
  /** New rows; one with an `id` keeps it (drawn before by reserveAuditIds: the asked-row spool's). */
  inserts: readonly (AuditRow & { id?: number })[];
  /**
   * Outcomes of earlier rows. `archived`: the index in `archives` of the answer this row paid for,
   * whose new archive id the row then names (one commit for the answer and its audit row).
   */
  completions: readonly { id: number; outcome: AuditOutcome; archived?: number }[];
  /** Paid answers, appended to the archive's chain in this order. */
  archives?: readonly ArchiveEntry[];
  /**
   * Archive rows whose id and chain hash the relay made (../archive-chain.ts: a relay keeping a
   * chain), inserted as they are. Never in a batch with `archives`.
   */
  archiveRows?: readonly ArchiveRow[];
  /** Whether earlier rows' replies reached their clients (never in the batch that wrote the row). */
  deliveries?: readonly { id: number; delivered: boolean }[];
  /**
   * Shared-cache entries (each key once), each replacing the subject's earlier one unless that one
   * is still fresh (stored less than `answersTtlMs` before it) and holds every list of it and more; and
   * subject claims given back. They ride along with the audit's commit rather than cost a
   * statement of their own; a batch of nothing else commits without waiting for the disk.
   */
  answers?: readonly StoredAnswer[];
  answersTtlMs?: number;
  releases?: readonly SubjectClaim[];
  /** Subject claims (each name once) with their cache rows, as claimAndRead takes them, before anything else. */
  claims?: readonly ClaimToRead[];
  claimHoldMs?: number;
  /**
   * Every new row and outcome in the batch is durable in the relay's evidence spool already
   * (../evidence-spool.ts), which keeps it until flushCommits: the commit need not wait for the disk.
   */
  spooled?: boolean;
}

export interface AuditBatchIds {
  /** The new audit rows' ids, in the order given. */
  audit: number[];
  /** The new archive rows' ids, in the order given. */
  archive: number[];
  /** For each of `answers`, whether it was kept. */
  answersKept: boolean[];
  /** For each of `claims`, whether it was taken and the row read. */
  claims: ClaimRead[];
}

/**
 * The audit trail's columns in their one order, each with the row field it holds: the table's
 * INSERT, its reading back and the CSV export all follow this list.
 */
export const AUDIT_COLUMNS = [
  { column: 'id', field: 'id' },
  { column: 'at', field: 'at' },
  { column: 'analyst', field: 'analyst' },
  { column: 'method', field: 'method' },
  { column: 'query', field: 'query' },
  { column: 'listdata', field: 'listdata' },
  { column: 'served_by', field: 'servedBy' },
  { column: 'idrequest', field: 'idrequest' },
  { column: 'verdict', field: 'verdict' },
  { column: 'hits', field: 'hits' },
  { column: 'duration_ms', field: 'durationMs' },
  { column: 'from_cache', field: 'fromCache' },
  { column: 'error_code', field: 'errorCode' },
  { column: 'status', field: 'status' },
  { column: 'instance', field: 'instance' },
  { column: 'state', field: 'state' },
  { column: 'archive_id', field: 'archiveId' },
  { column: 'delivered', field: 'delivered' },
] as const satisfies readonly { column: string; field: keyof StoredAuditRow }[];

/**
 * The columns a request's outcome sets: written as a row of audit_outcomes (migrations.ts) beside
 * the "asked" row, which keeps the rest; the trail reads the two as one row.
 */
export const AUDIT_OUTCOME_COLUMNS = [
  'state',
  'served_by',
  'idrequest',
  'verdict',
  'hits',
  'duration_ms',
  'from_cache',
  'error_code',
  'status',
  'archive_id',
] as const satisfies readonly (typeof AUDIT_COLUMNS)[number]['column'][];

/**
 * One line of the decision record (../decisions.ts): a decision on one hit, or an approval of one.
 * Lines are only ever added; the latest decision for a hit is the one in force.
 */
export interface DecisionEntry {
  kind: 'decision' | 'approval';
  /** From the authentication, never from a request body. */
  analyst: string;
  /** The hashed subject (core/answer/record-identity.ts subjectPart): what matching uses. */
  subjectKey: string;
  /** The subject's query fields, as people read them. */
  subject: Record<string, unknown>;
  registry: string;
  record: string;
  fingerprint: string;
  decision: string;
  reason: string | null;
  comment: string;
  /** What "why this hit" suggested, as "decision:reason" (core/answer/explain.ts); null when not sent. */
  suggested: string | null;
  /**
   * Why the hit was a hit, as the analyst's add-in or hits sheet explained it when deciding: a line
   * per fact in both languages ({uk, en}), or the sheet's one line in its language; null when not sent.
   */
  why: (string | { uk: string; en: string })[] | null;
  /** Four-eyes: stays pending until someone else approves it. */
  needsApproval: boolean;
  /** For an approval: the decision approved. */
  approves: number | null;
  /** For an approver's "needs review" that sends a waiting decision back: the decision returned. */
  returns: number | null;
  instance: string;
}

export interface DecisionRow extends DecisionEntry {
  id: number;
  /** The relay's time, never the client's. */
  at: Date;
}

export interface AuditFilter {
  from?: Date;
  to?: Date;
  analyst?: string;
}

export interface StoredAnswer {
  /** The cache's key for the subject (hashed, with the account's namespace). */
  key: string;
  /** The subject itself: a hash collision must read as a miss, never as another's answer. */
  subject: string;
  listdata: bigint;
  servedBy: string;
  /** When the service answered, ms since the epoch. */
  storedAt: number;
  /** The service's answer as received, JSON. */
  raw: string;
  /** The archive row holding the paid answer this entry was made from. */
  archiveId: number | null;
}

export interface SubjectClaim {
  name: string;
  /** One request's own id: only its holder gives a claim back. */
  owner: string;
}

/** A subject's claim, with the shared cache's key for its answer. */
export interface ClaimToRead {
  claim: SubjectClaim;
  key: string;
}

export interface ClaimRead {
  /** Its owner now holds the claim. */
  claimed: boolean;
  /** The shared cache's row for the key, read after the claim; null when none. */
  answer: StoredAnswer | null;
}

export interface CounterHit {
  /** The count after this hit. */
  count: number;
  /** The other counter asked for, 0 when it has none. */
  previous?: number;
}

export interface RelayStore {
  /** Creates or upgrades the schema; safe when several instances start at once. */
  migrate(): Promise<void>;
  ping(): Promise<void>;

  addKey(row: Omit<AnalystKeyRow, 'createdAt' | 'revokedAt'>): Promise<'added' | 'exists'>;
  /** The rows of these key ids (one statement); ids with no row are left out. */
  keysByIds(keyIds: readonly string[]): Promise<AnalystKeyRow[]>;
  listKeys(): Promise<AnalystKeyRow[]>;
  revokeKey(name: string): Promise<boolean>;

  writeAudit(row: AuditRow): Promise<number>;
  /** Inserts, completions and archive rows in one transaction; the new rows' ids in the order given. */
  writeAuditBatch(batch: AuditBatch): Promise<AuditBatchIds>;
  /** Ids for new audit rows, drawn from the trail's sequence ahead of their insert. */
  reserveAuditIds(n: number): Promise<number[]>;
  /** Which of these audit rows exist. */
  auditIdsKnown(ids: readonly number[]): Promise<Set<number>>;
  /** New ids from above `id` on, once rows with ids drawn elsewhere were put in (a spool's, after a restore). */
  advanceAuditIds(id: number): Promise<void>;
  /** Ids for new archive rows, drawn from the archive's sequence ahead of their insert (ascending, call after call). */
  reserveArchiveIds(n: number): Promise<number[]>;
  /**
   * Resolves once every commit made before the call is on disk, those that did not wait for it
   * (AuditBatch.spooled) too: the evidence spool removes a file only then.
   */
  flushCommits(): Promise<void>;
  /** Which of these archive rows exist. */
  archiveIdsKnown(ids: readonly number[]): Promise<Set<number>>;
  /** As advanceAuditIds, for the archive's sequence. */
  advanceArchiveIds(id: number): Promise<void>;
  /** A chain's head: its last row's id and hash (its last cut's hash, id 0, when none is left); null when empty. */
  archiveHead(chainId: string | null): Promise<{ id: number; chain: Buffer } | null>;
  readAudit(filter: AuditFilter): Promise<StoredAuditRow[]>;
  auditById(id: number): Promise<StoredAuditRow | null>;
  /** The trail in pages of at most `pageSize` rows, in id order: an export of millions holds one page at a time. */
  auditPages(filter: AuditFilter, pageSize?: number): AsyncIterable<StoredAuditRow[]>;
  countAudit(filter?: AuditFilter): Promise<number>;

  /** Atomic increment of a named counter that expires at `expiresAt` (never read-modify-write). */
  /** With `previous`, that counter's value is read in the same statement (a sliding window's last minute). */
  hitCounter(name: string, expiresAt: Date, by?: number, previous?: string): Promise<CounterHit>;
  readCounter(name: string): Promise<number>;

  /** Gives claims back (only each owner's own). */
  releaseSubjects(claims: readonly SubjectClaim[]): Promise<void>;
  /**
   * Claims subjects (each name once) for one request to the service each, for every relay on this
   * database, and reads the shared cache's row for each one's key. `claimed`: its owner now holds
   * the claim (it was free, or its holder's claim ran out); false while another holds it. The row
   * is read after the claim, so an answer stored before its holder gave the claim back is seen.
   * One round trip; no connection is held while the request is on the wire.
   */
  claimAndRead(items: readonly ClaimToRead[], holdMs: number): Promise<ClaimRead[]>;

  /** The shared answer cache: one row per subject, read and written by every instance. Null where none. */
  readAnswers(keys: readonly string[]): Promise<(StoredAnswer | null)[]>;
  /** Keys of the answers stored since `since` (ms since the epoch): an instance alone on its database knows every miss. */
  answerKeys(since: number): Promise<string[]>;
  /** Drops answers stored before `before` (ms since the epoch). */
  dropAnswers(before: number): Promise<void>;

  addDecision(entry: DecisionEntry): Promise<DecisionRow>;
  /** Many decisions in one statement (one commit), returned in the order given. */
  addDecisions(entries: readonly DecisionEntry[]): Promise<DecisionRow[]>;
  decisionById(id: number): Promise<DecisionRow | null>;
  /** Every line about one subject's hits, approvals included, in id order. */
  decisionsFor(subjectKey: string): Promise<DecisionRow[]>;
  /** The same for many subjects at once, in id order. */
  decisionsForMany(subjectKeys: readonly string[]): Promise<DecisionRow[]>;
  /**
   * Other subjects of this name (folded: case and spacing) with decisions, each as it was screened,
   * with its count of lines, at most `limit`: what a history asked with other details points to.
   */
  decisionSubjectsNamed(
    name: string,
    exceptKey: string,
    limit: number,
  ): Promise<{ subject: Record<string, unknown>; lines: number }[]>;
  /**
   * Decisions waiting for a second person (four-eyes): not approved and not superseded by a newer
   * decision on the same hit, oldest first, at most `limit`; `analyst`'s own only, when given.
   */
  pendingDecisions(limit: number, analyst?: string): Promise<DecisionRow[]>;
  /**
   * Returns of `analyst`'s decisions for review (the return lines) still in force on their hits:
   * what came back to them and waits for a new decision, oldest first, at most `limit`.
   */
  returnedTo(analyst: string, limit: number): Promise<DecisionRow[]>;
  /** The whole record in id order, from `since` on, a page at a time (export). */
  decisionPages(since?: Date, pageSize?: number): AsyncIterable<DecisionRow[]>;

  /** The archive in id order, from `afterId` on, a page at a time (verify, export). */
  archivePages(afterId?: number, pageSize?: number): AsyncIterable<ArchiveRow[]>;
  archiveRow(id: number): Promise<ArchiveRow | null>;
  /** The record (keys, audit, archive, cuts, decisions) as JSON lines (backup-sql.ts). */
  backup(): AsyncIterable<string>;
  /** Restores a backup into this empty, migrated database, in one transaction. */
  restore(lines: AsyncIterable<string>): Promise<{ rows: Record<string, number> }>;
  /** The latest prune's cut, or null when nothing was ever pruned. */
  archiveCut(): Promise<ArchiveCut | null>;
  /** Each chain's latest cut: where verify starts it. */
  archiveCuts(): Promise<ArchiveCut[]>;
  /** Removes archive rows received before `before` and records the cut; how many were removed. */
  pruneArchive(before: Date): Promise<number>;
  /** Audit rows naming an archive row at or after `fromId` that does not exist: rows removed other than by a prune. */
  missingArchiveRows(fromId: number): Promise<number[]>;

  close(): Promise<void>;
}
