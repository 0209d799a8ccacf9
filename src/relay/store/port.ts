import type { KeyValueStorage } from '../../core/storage';

/**
 * Everything the relay keeps, behind one small port. There is one implementation (sql-store.ts,
 * PostgreSQL through `pg`): the embedded cluster and an external server differ only in the URL.
 * Handlers talk to this port and never build SQL.
 */

export interface AnalystKeyRow {
  name: string;
  keyId: string;
  salt: Buffer;
  hash: Buffer;
  createdAt: Date;
  revokedAt: Date | null;
}

export interface AuditRow {
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
}

export interface StoredAuditRow extends AuditRow {
  id: number;
}

export interface AuditFilter {
  from?: Date;
  to?: Date;
  analyst?: string;
}

export interface CounterHit {
  /** The count after this hit. */
  count: number;
}

export interface RelayStore {
  /** Creates or upgrades the schema; safe when several instances start at once. */
  migrate(): Promise<void>;
  ping(): Promise<void>;

  addKey(row: Omit<AnalystKeyRow, 'createdAt' | 'revokedAt'>): Promise<'added' | 'exists'>;
  keyById(keyId: string): Promise<AnalystKeyRow | null>;
  listKeys(): Promise<AnalystKeyRow[]>;
  revokeKey(name: string): Promise<boolean>;

  writeAudit(row: AuditRow): Promise<number>;
  readAudit(filter: AuditFilter): Promise<StoredAuditRow[]>;
  countAudit(filter?: AuditFilter): Promise<number>;

  /** Atomic increment of a named counter that expires at `expiresAt` (never read-modify-write). */
  hitCounter(name: string, expiresAt: Date, by?: number): Promise<CounterHit>;
  readCounter(name: string): Promise<number>;

  /**
   * Runs `work` while holding a lock named `name` that every relay on this database respects:
   * two instances missing the cache for one subject at once send one request, not two.
   */
  withLock<T>(name: string, work: () => Promise<T>): Promise<T>;

  /** Key-value storage for core's AnswerCache, shared by every instance on the same database. */
  cacheStorage(): KeyValueStorage;

  close(): Promise<void>;
}
