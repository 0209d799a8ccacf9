import type { RelayStore } from './store/port';

/**
 * Per-analyst rate and the organisation's daily budget, both counted in the store with atomic
 * increments, so several instances on one database count together.
 */
export interface LimitsConfig {
  /** Requests per analyst per minute; 0 = no limit. */
  ratePerMinute: number;
  /** Requests to the service per UTC day; 0 = no limit. */
  dailyBudget: number;
}

export type RateCheck = { ok: true } | { ok: false; retryAfterSeconds: number };

const MINUTE = 60_000;

export class Limits {
  constructor(
    private readonly store: RelayStore,
    private readonly config: LimitsConfig,
    private readonly now: () => number = Date.now,
  ) {}

  private window(): { start: number; end: number } {
    const start = Math.floor(this.now() / MINUTE) * MINUTE;
    return { start, end: start + MINUTE };
  }

  async hit(analyst: string): Promise<RateCheck> {
    if (this.config.ratePerMinute <= 0) return { ok: true };
    const { start, end } = this.window();
    const { count } = await this.store.hitCounter(`rate:${analyst}:${start}`, new Date(end + MINUTE));
    if (count <= this.config.ratePerMinute) return { ok: true };
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((end - this.now()) / 1000)) };
  }

  /** Without counting: for the connection test. */
  async peek(analyst: string): Promise<RateCheck> {
    if (this.config.ratePerMinute <= 0) return { ok: true };
    const { start, end } = this.window();
    const count = await this.store.readCounter(`rate:${analyst}:${start}`);
    return count < this.config.ratePerMinute
      ? { ok: true }
      : { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((end - this.now()) / 1000)) };
  }

  private day(): { name: string; end: Date } {
    const d = new Date(this.now());
    const name = d.toISOString().slice(0, 10);
    const end = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 2));
    return { name: `budget:${name}`, end };
  }

  /** Counts one request to the service; false when the day's budget was already spent. */
  async spend(): Promise<boolean> {
    if (this.config.dailyBudget <= 0) return true;
    const { name, end } = this.day();
    const { count } = await this.store.hitCounter(name, end);
    return count <= this.config.dailyBudget;
  }

  async budgetLeft(): Promise<number | null> {
    if (this.config.dailyBudget <= 0) return null;
    return Math.max(0, this.config.dailyBudget - (await this.store.readCounter(this.day().name)));
  }
}
