/**
 * The demo account's credentials, on their own so the add-in can name them without loading the
 * sandbox engine and its generated data (only demo mode needs those, and loads them on demand).
 */
export const DEMO_CREDENTIALS = { tokken: 'demo-tokken', idSubjectFM: 'demo-subject' } as const;

/** Every sandbox account's tokken (engine.ts, SANDBOX_ACCOUNTS, builds its accounts on them): no real account has one. */
export const SANDBOX_TOKKENS = {
  demo: DEMO_CREDENTIALS.tokken,
  trial: 'trial-tokken',
  basic: 'basic-tokken',
  blocked: 'blocked-tokken',
  expired: 'expired-tokken',
} as const;
const ANY_SANDBOX_TOKKEN: ReadonlySet<string> = new Set(Object.values(SANDBOX_TOKKENS));

/**
 * Whether credentials are a sandbox account's: the sandbox answers only these, so an address
 * that accepts them is a sandbox server (`checklists sandbox`) and its answers are fictional.
 */
export function isSandboxTokken(tokken: string | null | undefined): boolean {
  return tokken !== null && tokken !== undefined && ANY_SANDBOX_TOKKEN.has(tokken);
}
