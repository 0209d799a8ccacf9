/**
 * How often the relay tries again what the database would not take while no request waits for it
 * (refused spooled rows, ./refused-evidence.ts; a spool file's settling, ./evidence-spool.ts): a
 * second later, then twice as long each time it fails again, up to a minute, so that a database
 * away for long is neither hammered nor forgotten.
 */
export const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 60_000;

/** The wait after one of `ms` failed too. */
export const nextRetryMs = (ms: number): number => Math.min(ms * 2, LONGEST_RETRY_MS);
