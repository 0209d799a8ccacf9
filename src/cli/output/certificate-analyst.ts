import { userInfo } from 'node:os';
import type { Env } from '../config';

/**
 * Who a certificate from the command line says screened: the configured IDuserPC, else the
 * system's login. A certificate reading "Screened by: -" is one an inspector sends back.
 */
export function cliAnalyst(idUserPC: string, env: Env): string {
  const named = [idUserPC, env.USER, env.USERNAME, env.LOGNAME].map((v) => v?.trim()).find((v) => v);
  if (named) return named;
  try {
    // Throws where the user has no entry in the system's user list (some containers).
    return userInfo().username || '-';
  } catch {
    return '-';
  }
}
