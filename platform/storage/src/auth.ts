// Who is calling: the bearer JWT (supabase-js sends the user's access token, else the anon key), verified with the
// auth service's public keys the way the product's getClaims() does (signature and expiry), and then, when the host
// gave a session check, whether the token's session still exists and its user may act: a token outlives a sign-out
// everywhere, a ban or a deletion by up to its expiry, and must not keep writing objects meanwhile.
import { decodeProtectedHeader, jwtVerify, type CryptoKey, type JWTPayload } from 'jose';
import { errors } from './errors';

export type Role = 'anon' | 'authenticated' | 'service_role';

export interface Caller {
  role: Role;
  /** The user id (`sub`) of a signed-in caller; null for the anon and service-role keys. */
  sub: string | null;
  claims: JWTPayload;
}

export const ANON: Caller = { role: 'anon', sub: null, claims: { role: 'anon' } };

/**
 * The host's check of a signed-in caller's session (StorageServiceOptions.sessionActive): true while the token's
 * session exists and its user is neither banned nor deleted. Asked on every request with a user's token (given too,
 * for a host that must ask an auth server with it), so the host caches the answer for seconds.
 */
export type SessionCheck = (claims: JWTPayload & { sub: string }, token: string) => Promise<boolean>;

/**
 * Verifies access tokens; `keys` maps a key id (`kid`) to the auth service's public ES256 key. With `sessionActive`,
 * a user's token whose session has ended is refused as the real server refuses a bad token (AccessDenied).
 */
export function createVerifier(keys: Map<string, CryptoKey>, sessionActive?: SessionCheck) {
  return async function verify(token: string): Promise<Caller> {
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      throw errors.accessDenied('Invalid Compact JWS');
    }
    const key = kid ? keys.get(kid) : undefined;
    if (!key) throw errors.accessDenied('no applicable key found in the JSON Web Key Set');
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, key, { algorithms: ['ES256'] }));
    } catch (error) {
      throw errors.accessDenied(error instanceof Error ? error.message : 'signature verification failed');
    }
    const role = typeof claims.role === 'string' ? claims.role : 'anon';
    if (role === 'service_role') return { role, sub: null, claims };
    if (role === 'authenticated' && typeof claims.sub === 'string' && claims.sub) {
      const sub = claims.sub;
      if (sessionActive && !(await sessionActive({ ...claims, sub }, token)))
        throw errors.accessDenied('Session has ended: signed out, or the account is suspended or deleted');
      return { role, sub, claims };
    }
    if (role === 'anon') return { role, sub: null, claims };
    throw errors.accessDenied(`role ${role} is not allowed`);
  };
}

export function bearer(request: Request): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  return match ? match[1]! : null;
}
