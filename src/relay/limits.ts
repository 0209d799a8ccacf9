import { kyivWallClock } from '../core/text/kyiv-time';
import type { RelayStore } from './store/port';

/**
 * Per-analyst rate and the organisation's daily budget, both counted in the store with atomic
 * increments, so several instances on one database count together.
 */
export interface LimitsConfig {
  /** Requests per analyst per minute; 0 = no limit. */
  ratePerMinute: number;
  /** Requests to the service per day on Kyiv's clock; 0 = no limit. */
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

  /**
   * A sliding minute: this calendar minute's requests, plus the previous minute's weighted by how
   * much of it still lies within the last 60 s. A fixed window let twice the rate through around
   * its edge (a full minute's worth at 12:00:59 and another at 12:01:00).
   */
  private verdict(current: number, previous: number, counted: boolean): RateCheck {
    const limit = this.config.ratePerMinute;
    const { start, end } = this.window();
    const now = this.now();
    const overlap = 1 - (now - start) / MINUTE;
    const recent = current + previous * overlap;
    // A peek asks whether one more would fit; a hit has counted itself already.
    if (counted ? recent <= limit : recent + 1 <= limit) return { ok: true };
    // When the previous minute's share will have faded enough; past this minute's own count, its end.
    const room = counted ? limit - current : limit - 1 - current;
    const at = room < 0 || previous <= 0 ? end : start + MINUTE * (1 - room / previous);
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((Math.min(at, end) - now) / 1000)) };
  }

  /**
   * Counts one request, and gives the count back when it is refused: a refused request asks the
   * service nothing, and counting it would push the room further off for the add-in's cells and
   * bulk runs, which ask again after waiting (core's RATE_LIMIT_WAITS_MS).
   */
  async hit(analyst: string): Promise<RateCheck> {
    if (this.config.ratePerMinute <= 0) return { ok: true };
    const { start, end } = this.window();
    const name = `rate:${analyst}:${start}`;
    const expires = new Date(end + MINUTE);
    const { count, previous } = await this.store.hitCounter(name, expires, 1, `rate:${analyst}:${start - MINUTE}`);
    const verdict = this.verdict(count, previous ?? 0, true);
    if (!verdict.ok) await this.store.hitCounter(name, expires, -1);
    return verdict;
  }

  /** Without counting: for the connection test. */
  async peek(analyst: string): Promise<RateCheck> {
    if (this.config.ratePerMinute <= 0) return { ok: true };
    const { start } = this.window();
    const [current, previous] = await Promise.all([
      this.store.readCounter(`rate:${analyst}:${start}`),
      this.store.readCounter(`rate:${analyst}:${start - MINUTE}`),
    ]);
    return this.verdict(current, previous, false);
  }

  /**
   * Kyiv's day, as the organisation counts it and as "requests resume tomorrow" promises: a UTC day
   * began at 02:00 or 03:00 there, so a budget spent at 01:00 came back an hour or two later.
   */
  private day(): { name: string; end: Date } {
    const d = kyivWallClock(new Date(this.now()));
    const name = d.toISOString().slice(0, 10);
    // The counter's row only has to outlive the day; a day more is room enough.
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

  /**
   * Counts requests a question cost beyond the one spend() counted: the client's retries and
   * failovers that reached the service, each of which it may bill.
   */
  async spendMore(requests: number): Promise<void> {
    if (this.config.dailyBudget <= 0 || requests <= 0) return;
    const { name, end } = this.day();
    await this.store.hitCounter(name, end, requests);
  }

  async budgetLeft(): Promise<number | null> {
    if (this.config.dailyBudget <= 0) return null;
    return Math.max(0, this.config.dailyBudget - (await this.store.readCounter(this.day().name)));
  }
}
