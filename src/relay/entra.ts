import { createRemoteJWKSet, jwtVerify } from 'jose';
import { rolesFromClaim, type Identity } from './roles';

/** Optional Microsoft Entra ID sign-in: Office SSO bearer tokens checked against issuer, audience and JWKS. */
export interface EntraConfig {
  issuer: string;
  audience: string;
  jwksUrl: string;
}

export type BearerCheck = ({ ok: true } & Identity) | { ok: false };

export function entraVerifier(config: EntraConfig): (token: string) => Promise<BearerCheck> {
  const jwks = createRemoteJWKSet(new URL(config.jwksUrl), { timeoutDuration: 5_000, cooldownDuration: 30_000 });
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: config.issuer,
        audience: config.audience,
        // Entra ID signs access tokens with RS256 only; nothing else is taken, whatever the JWKS holds.
        algorithms: ['RS256'],
        // jose checks exp only when present: a token without one would be valid for ever.
        requiredClaims: ['exp'],
        clockTolerance: 60,
      });
      // Entra v2 tokens name the person in preferred_username; v1 in upn; oid is always there.
      const name = [payload.preferred_username, payload.upn, payload.oid].find(
        (v): v is string => typeof v === 'string' && v.length > 0,
      );
      return name
        ? { ok: true, analyst: `entra:${name}`.slice(0, 128), roles: rolesFromClaim(payload.roles) }
        : { ok: false };
    } catch {
      return { ok: false };
    }
  };
}
