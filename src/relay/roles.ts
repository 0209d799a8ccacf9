/**
 * Who may do what through the relay. A key carries one role (`relay keys add NAME --role R`); a
 * Microsoft Entra ID token carries the app roles assigned to the person (its `roles` claim),
 * with the same names. Keys themselves are managed on the relay's host, never over HTTP.
 */

export const RELAY_ROLES = ['analyst', 'approver', 'auditor', 'admin'] as const;
export type RelayRole = (typeof RELAY_ROLES)[number];

export type Capability =
  /** Ask the service (/api): paid requests. */
  | 'search'
  /** Record and propose decisions on hits. */
  | 'decide'
  /** Approve another person's decision where four-eyes applies. */
  | 'approve'
  /** Read and export every analyst's evidence (archive, certificates, decisions). */
  | 'readAll';

const CAPABILITIES: Record<RelayRole, readonly Capability[]> = {
  analyst: ['search', 'decide'],
  approver: ['search', 'decide', 'approve'],
  // Reads everything and asks nothing: an inspector's key costs no quota and changes no record.
  auditor: ['readAll'],
  admin: [],
};

export interface Identity {
  analyst: string;
  roles: readonly RelayRole[];
}

export function can(identity: Identity, capability: Capability): boolean {
  return identity.roles.some((role) => CAPABILITIES[role].includes(capability));
}

export function isRole(value: unknown): value is RelayRole {
  return typeof value === 'string' && (RELAY_ROLES as readonly string[]).includes(value);
}

/**
 * An Entra token's app roles, by their value (`analyst`, `approver`, `auditor`, `admin`, or the
 * same prefixed `CheckLists.`). A token with none of them is an analyst's, as before roles
 * existed; one that names only unknown roles gets none, and so may do nothing.
 */
export function rolesFromClaim(claim: unknown): RelayRole[] {
  if (!Array.isArray(claim) || claim.length === 0) return ['analyst'];
  const known = claim
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.replace(/^CheckLists\./i, '').toLowerCase())
    .filter(isRole);
  return [...new Set(known)];
}
