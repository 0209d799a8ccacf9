import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { LATIN_TO_CYRILLIC } from '../core/query/documents';
import { ANALYST_KEY } from '../core/settings/settings';
import type { Identity, RelayRole } from './roles';
import type { AnalystKeyRow, RelayStore } from './store/port';
import { BatchedCalls } from './store/batched-calls';

/**
 * Analyst keys: `ckr_<id>_<secret>`. The id finds the row; the secret is checked against a
 * salted scrypt hash, so the store never holds a usable key. scrypt is slow on purpose, so a
 * successful check is remembered in memory by a SHA-256 of the key. Rows of keys in use are read
 * again together, in one statement every KEY_ROWS_REFRESH_MS: a revocation on any instance is felt
 * by every instance within about a second, and a request waits for the database only for a key
 * it has not seen lately (or when the refresh has stalled).
 */

/** How often the rows of keys in use are read again. */
const KEY_ROWS_REFRESH_MS = 250;
/** A row older than this is read before it is trusted: revocation's promise is "within about a second". */
const KEY_ROW_MAX_AGE_MS = 750;
/** A key unused this long drops out of the refresh (read again at its next use). */
const KEY_IDLE_MS = 10_000;
const KEY_ROWS_KEPT = 10_000;
const FAILURE_WINDOW_MS = 60_000;
const FAILURES_BEFORE_PAUSE = 10;

const PREFIX = 'ckr';
const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 } as const;
export const ANALYST_NAME = /^[\p{L}\p{N}._@-]{1,64}$/u;

const CYRILLIC_TO_LATIN_LOWER: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(LATIN_TO_CYRILLIC).map(([latin, cyrillic]) => [cyrillic.toLowerCase(), latin.toLowerCase()]),
);

/** A name written in Latin and Cyrillic letters at once: almost always a look-alike of another. */
export function mixesScripts(name: string): boolean {
  return /\p{Script=Latin}/u.test(name) && /\p{Script=Cyrillic}/u.test(name);
}

/**
 * A name as it looks: case ignored, Cyrillic letters that look Latin read as Latin. "olena" and an
 * "оlena" typed with a Cyrillic "о" look the same, and as two analysts they would split one
 * person's audit history (or let someone pass for another) with nobody able to tell them apart.
 */
export function nameLooks(name: string): string {
  return Array.from(name.toLowerCase(), (ch) => CYRILLIC_TO_LATIN_LOWER[ch] ?? ch).join('');
}

function scrypt(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(secret, salt, SCRYPT.keylen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export interface NewKey {
  name: string;
  key: string;
}

export function parseKey(key: string): { keyId: string; secret: string } | null {
  const match = ANALYST_KEY.exec(key.trim());
  return match ? { keyId: match[1], secret: match[2] } : null;
}

export async function createKey(
  store: RelayStore,
  name: string,
  role: RelayRole = 'analyst',
): Promise<NewKey | 'exists'> {
  const keyId = randomBytes(9)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, '0')
    .slice(0, 12);
  const secret = randomBytes(32).toString('base64url');
  const salt = randomBytes(16);
  const hash = await scrypt(secret, salt);
  const added = await store.addKey({ name, role, keyId, salt, hash });
  return added === 'added' ? { name, key: `${PREFIX}_${keyId}_${secret}` } : 'exists';
}

export type KeyCheck = ({ ok: true } & Identity) | { ok: false; reason: 'missing' | 'unknown' | 'revoked' };

export class KeyVerifier {
  /** SHA-256 of keys whose scrypt check passed → analyst name. Bounded. */
  private readonly verified = new Map<string, string>();
  /** Failed secrets per key id in the current minute: past FAILURES_BEFORE_PAUSE, no more scrypt for it. */
  private readonly failures = new Map<string, { count: number; since: number }>();
  /** Rows by key id (null: no such id), with when they were read and last used. */
  private readonly rows = new Map<string, { row: AnalystKeyRow | null; at: number; usedAt: number }>();
  /** Look-ups of several requests, and the refresh of every key in use, share a statement. */
  private readonly reads: BatchedCalls<string, AnalystKeyRow | null>;
  private refresher: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly store: RelayStore,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.reads = new BatchedCalls((ids) => this.readRows(ids));
  }

  /** Each id's row, or null where there is none, in one statement. */
  private async readRows(ids: string[]): Promise<(AnalystKeyRow | null)[]> {
    const found = new Map((await this.store.keysByIds(ids)).map((row) => [row.keyId, row]));
    return ids.map((id) => found.get(id) ?? null);
  }

  private async rowOf(keyId: string): Promise<AnalystKeyRow | null> {
    const known = this.rows.get(keyId);
    const now = this.now();
    if (known && now - known.at < KEY_ROW_MAX_AGE_MS) {
      known.usedAt = now;
      return known.row;
    }
    const row = await this.reads.call(keyId);
    this.keep(keyId, row, now);
    this.startRefresh();
    return row;
  }

  private keep(keyId: string, row: AnalystKeyRow | null, readAt: number): void {
    if (this.rows.size >= KEY_ROWS_KEPT && !this.rows.has(keyId)) this.rows.clear();
    this.rows.set(keyId, { row, at: readAt, usedAt: Math.max(readAt, this.rows.get(keyId)?.usedAt ?? 0) });
  }

  /** Reads the rows of keys in use again, all in one statement, until none has been used for a while. */
  private startRefresh(): void {
    if (this.refresher) return;
    this.refresher = setInterval(() => void this.refresh(), KEY_ROWS_REFRESH_MS);
    this.refresher.unref();
  }

  private refreshing = false;

  private async refresh(): Promise<void> {
    // A slow database: the next refresh waits for this one rather than piling up behind it.
    if (this.refreshing) return;
    const startedAt = this.now();
    const inUse = [...this.rows].filter(([, r]) => startedAt - r.usedAt < KEY_IDLE_MS).map(([id]) => id);
    if (inUse.length === 0) {
      if (this.refresher) clearInterval(this.refresher);
      this.refresher = null;
      return;
    }
    this.refreshing = true;
    try {
      const rows = await this.readRows(inUse);
      inUse.forEach((id, i) => this.keep(id, rows[i], startedAt));
    } catch {
      // The rows age out; the next request reads its key itself and meets the error there.
    } finally {
      this.refreshing = false;
    }
  }

  /** Stops the refresh (the store is closing). */
  stop(): void {
    if (this.refresher) clearInterval(this.refresher);
    this.refresher = null;
  }

  /** How long an scrypt check takes here lately, ms (a moving average). */
  private scryptMs = 50;

  /**
   * An unknown key is answered no sooner than a wrong secret for a known id would be, so that the
   * time of a refusal does not tell a guesser which ids exist. The wait is a timer, not work: a
   * flood of made-up keys costs no CPU.
   */
  async check(key: string | null | undefined): Promise<KeyCheck> {
    const started = performance.now();
    const checked = await this.checkNow(key);
    if (!checked.ok && checked.reason === 'unknown') {
      const wait = this.scryptMs - (performance.now() - started);
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    }
    return checked;
  }

  private async timedScrypt(secret: string, salt: Buffer): Promise<Buffer> {
    const started = performance.now();
    const hash = await scrypt(secret, salt);
    this.scryptMs = 0.8 * this.scryptMs + 0.2 * (performance.now() - started);
    return hash;
  }

  private async checkNow(key: string | null | undefined): Promise<KeyCheck> {
    if (!key || !key.trim()) return { ok: false, reason: 'missing' };
    const parsed = parseKey(key);
    if (!parsed) return { ok: false, reason: 'unknown' };
    const row = await this.rowOf(parsed.keyId);
    if (!row) return { ok: false, reason: 'unknown' };
    const digest = createHash('sha256').update(key.trim()).digest('base64');
    if (this.verified.get(digest) !== row.name) {
      // Wrong secrets for one id, again and again: a guess or a flood. Each would cost an scrypt
      // (tens of ms of CPU); past the limit the id's secrets are not checked for the rest of the
      // minute. The key's own holder, once verified, is remembered above and never waits.
      const failed = this.failures.get(parsed.keyId);
      const now = this.now();
      if (failed && now - failed.since < FAILURE_WINDOW_MS && failed.count >= FAILURES_BEFORE_PAUSE) {
        return { ok: false, reason: 'unknown' };
      }
      const hash = await this.timedScrypt(parsed.secret, row.salt);
      if (hash.length !== row.hash.length || !timingSafeEqual(hash, row.hash)) {
        const fresh = !failed || now - failed.since >= FAILURE_WINDOW_MS;
        if (this.failures.size >= KEY_ROWS_KEPT) this.failures.clear();
        this.failures.set(
          parsed.keyId,
          fresh ? { count: 1, since: now } : { count: failed.count + 1, since: failed.since },
        );
        return { ok: false, reason: 'unknown' };
      }
      if (this.verified.size > 10_000) this.verified.clear();
      this.verified.set(digest, row.name);
    }
    if (row.revokedAt) return { ok: false, reason: 'revoked' };
    return { ok: true, analyst: row.name, roles: [row.role] };
  }
}
