// Access tokens: ES256 JWTs with GoTrue's claims, verified against our keys and against the database (a JWT
// dies with its session, not only at `exp`).
import { eq } from '@citewise/db/orm';
import { SignJWT, decodeProtectedHeader, jwtVerify, errors as joseErrors } from 'jose';
import type { AccessClaims, AuthContext } from './context';
import { sessions, users, type Session, type User } from './db/schema';
import { AuthError } from './errors';
import { isBanned } from './users';

export interface AmrEntry {
  method: string;
  timestamp: number;
  provider?: string;
}

export async function signAccessToken(ctx: AuthContext, user: User, session: Session, amr: AmrEntry[]) {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ctx.config.AUTH_JWT_EXP;
  const claims: Omit<AccessClaims, 'exp' | 'iat' | 'iss' | 'sub' | 'aud'> = {
    role: user.role,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    aal: session.aal === 'aal2' ? 'aal2' : 'aal1',
    amr,
    session_id: session.id,
    is_anonymous: user.isAnonymous,
  };
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid: ctx.keys.kid, typ: 'JWT' })
    .setIssuer(ctx.config.issuer)
    .setSubject(user.id)
    .setAudience(user.aud)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(ctx.keys.signingKey);
  return { token, expiresAt: exp, expiresIn: exp - iat };
}

/** Verifies signature and expiry only; returns the raw claims (project keys have no `sub`). */
export async function verifyJwt(ctx: AuthContext, token: string): Promise<Record<string, unknown>> {
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    throw new AuthError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, token is malformed');
  }
  const key = kid ? ctx.keys.verifyKeys.get(kid) : undefined;
  if (!key) throw new AuthError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, signing key not found');
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['ES256'] });
    return payload as Record<string, unknown>;
  } catch (error) {
    const reason = error instanceof joseErrors.JWTExpired ? 'token has invalid claims: token is expired' : 'signature is invalid';
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function bearerToken(header: string | undefined | null): string | null {
  const match = /^bearer (\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** A user's access token, checked against the user and session rows (GoTrue's `requireAuthentication`). */
export async function authenticate(ctx: AuthContext, header: string | undefined | null) {
  const token = bearerToken(header);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const claims = await verifyJwt(ctx, token);
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub === '') throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID.test(sub)) throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const [user] = await ctx.db.select().from(users).where(eq(users.id, sub)).limit(1);
  if (!user || user.deletedAt) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned');
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
  if (!UUID.test(sessionId)) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  const [session] = await ctx.db.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  if (!session || session.userId !== user.id) {
    throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { user, session, claims: claims as unknown as AccessClaims };
}

/** The caller's JWT must carry an admin role (service_role by default). */
export async function authenticateAdmin(ctx: AuthContext, header: string | undefined | null) {
  const token = bearerToken(header);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const claims = await verifyJwt(ctx, token);
  if (typeof claims.role !== 'string' || !ctx.config.AUTH_JWT_ADMIN_ROLES.includes(claims.role)) {
    throw new AuthError(403, 'not_admin', 'User not allowed');
  }
  return claims;
}
