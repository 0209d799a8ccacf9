/**
 * The demo account's credentials, on their own so the add-in can name them without loading the
 * sandbox engine and its generated data (only demo mode needs those, and loads them on demand).
 */
export const DEMO_CREDENTIALS = { tokken: 'demo-tokken', idSubjectFM: 'demo-subject' } as const;

/** Every sandbox account's tokken (engine.ts, SANDBOX_ACCOUNTS): no real account has one. */
const SANDBOX_TOKKENS: ReadonlySet<string> = new Set([
  DEMO_CREDENTIALS.tokken,
  'trial-tokken',
  'basic-tokken',
  'blocked-tokken',
  'expired-tokken',
]);

/**
 * Whether credentials are a sandbox account's: the sandbox answers only these, so an address
 * that accepts them is a sandbox server (`checklists sandbox`) and its answers are fictional.
 */
export function isSandboxTokken(tokken: string | null | undefined): boolean {
  return tokken !== null && tokken !== undefined && SANDBOX_TOKKENS.has(tokken);
}
