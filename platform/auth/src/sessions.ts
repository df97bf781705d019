// Sessions are rows; refresh tokens rotate inside them (protocol notes §2.6, §6.4). Access tokens carry the
// session id, so deleting a session signs out everything minted from it.
import { and, desc, eq, ne, sql } from '@citewise/db/orm';
import type { Database } from '@citewise/db';
import type { AuthContext, RequestInfo } from './context';
import { amrClaims, refreshTokens, sessions, users, type Session, type User } from './db/schema';
import { AuthError } from './errors';
import { generateRefreshToken, isWellFormedRefreshToken } from './security/otp';
import { signAccessToken, type AmrEntry } from './tokens';
import { findUserById, isBanned, loadUserJson } from './users';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface StartSession {
  method: string;
  provider?: string;
  request: RequestInfo;
}

/** Opens a session for `user` (aal1) and returns it with its first refresh token. */
export async function startSession(db: Tx, user: User, input: StartSession) {
  const now = new Date();
  const [session] = await db
    .insert(sessions)
    .values({ userId: user.id, aal: 'aal1', ip: input.request.ip, userAgent: input.request.userAgent, refreshedAt: now })
    .returning();
  await db.insert(amrClaims).values({ sessionId: session!.id, method: input.method, provider: input.provider ?? null });
  const [token] = await db
    .insert(refreshTokens)
    .values({ token: generateRefreshToken(), userId: user.id, sessionId: session!.id })
    .returning();
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, user.id));
  return { session: session!, refreshToken: token!.token };
}

export async function amrOf(db: Tx, sessionId: string): Promise<AmrEntry[]> {
  const rows = await db.select().from(amrClaims).where(eq(amrClaims.sessionId, sessionId)).orderBy(desc(amrClaims.updatedAt));
  return rows.map((r) => ({
    method: r.method,
    timestamp: Math.floor(r.updatedAt.getTime() / 1000),
    ...(r.provider ? { provider: r.provider } : {}),
  }));
}

/** GoTrue's access-token response for a session. */
export async function sessionResponse(ctx: AuthContext, session: Session, refreshToken: string, extra: Record<string, unknown> = {}) {
  const user = await findUserById(ctx.db, session.userId);
  if (!user) throw new AuthError(403, 'user_not_found', 'User not found');
  const amr = await amrOf(ctx.db, session.id);
  const access = await signAccessToken(ctx, user, session, amr);
  return {
    access_token: access.token,
    token_type: 'bearer',
    expires_in: access.expiresIn,
    expires_at: access.expiresAt,
    refresh_token: refreshToken,
    user: await loadUserJson(ctx.db, user),
    ...extra,
  };
}

/** Signs `user` in: a new session, answered as GoTrue's access-token response. */
export async function signIn(ctx: AuthContext, user: User, input: StartSession, extra: Record<string, unknown> = {}) {
  const { session, refreshToken } = await ctx.db.transaction((tx) => startSession(tx, user, input));
  return sessionResponse(ctx, session, refreshToken, extra);
}

const LOCK_TIMEOUT = '55P03';

/** The refresh_token grant, with rotation, the reuse interval and family revocation on reuse. */
export async function refresh(ctx: AuthContext, presented: string) {
  if (!isWellFormedRefreshToken(presented)) throw new AuthError(400, 'validation_failed', 'Refresh token is not valid');
  type Outcome = { ok: true; session: Session; token: string } | { ok: false; error: AuthError };
  let outcome: Outcome;
  try {
    outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
      const notFound = { ok: false as const, error: new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
      const [found] = await tx.select({ sessionId: refreshTokens.sessionId }).from(refreshTokens).where(eq(refreshTokens.token, presented)).limit(1);
      if (!found) return notFound;
      // Serialise refreshes of one session: concurrent requests wait here (GoTrue locks the same way), then
      // read the token again, since the request before them may just have rotated it.
      await tx.execute(sql`set local lock_timeout = '5s'`);
      const [session] = await tx.select().from(sessions).where(eq(sessions.id, found.sessionId)).for('update');
      if (!session) return { ok: false, error: new AuthError(400, 'session_not_found', 'Invalid Refresh Token: Session Not Found') };
      const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.token, presented)).limit(1);
      if (!row) return notFound;
      const user = await findUserById(tx, session.userId);
      if (!user || user.deletedAt) return { ok: false, error: new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
      if (isBanned(user)) return { ok: false, error: new AuthError(400, 'user_banned', 'User is banned') };

      const now = new Date();
      if (row.revoked) {
        const [active] = await tx
          .select()
          .from(refreshTokens)
          .where(and(eq(refreshTokens.sessionId, session.id), eq(refreshTokens.revoked, false)))
          .orderBy(desc(refreshTokens.id))
          .limit(1);
        // The client lost our last answer: hand it the token we gave it then.
        if (active && active.parent === row.token) return { ok: true, session, token: active.token };
        const withinReuse = now.getTime() - row.updatedAt.getTime() < ctx.config.AUTH_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL * 1000;
        if (!withinReuse && ctx.config.AUTH_SECURITY_REFRESH_TOKEN_ROTATION_ENABLED) {
          await tx.update(refreshTokens).set({ revoked: true, updatedAt: now }).where(eq(refreshTokens.sessionId, session.id));
          return { ok: false, error: new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
        }
      }
      await tx.update(refreshTokens).set({ revoked: true, updatedAt: now }).where(eq(refreshTokens.id, row.id));
      const [next] = await tx
        .insert(refreshTokens)
        .values({ token: generateRefreshToken(), userId: user.id, sessionId: session.id, parent: row.token })
        .returning();
      const [updated] = await tx.update(sessions).set({ refreshedAt: now, updatedAt: now }).where(eq(sessions.id, session.id)).returning();
      return { ok: true, session: updated!, token: next!.token };
    });
  } catch (error) {
    if ((error as { code?: string }).code === LOCK_TIMEOUT || (error as { cause?: { code?: string } }).cause?.code === LOCK_TIMEOUT) {
      throw new AuthError(409, 'conflict', 'Request conflicts with another refresh of the same session. Retry.');
    }
    throw error;
  }
  if (!outcome.ok) throw outcome.error;
  return sessionResponse(ctx, outcome.session, outcome.token);
}

export type LogoutScope = 'global' | 'local' | 'others';

export async function logout(db: Tx, userId: string, sessionId: string, scope: LogoutScope) {
  if (scope === 'local') await db.delete(sessions).where(eq(sessions.id, sessionId));
  else if (scope === 'others') await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId)));
  else await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Adds an authentication method to a session (MFA, re-verification) and refreshes its timestamp. */
export async function addAmr(db: Tx, sessionId: string, method: string) {
  const now = new Date();
  await db
    .insert(amrClaims)
    .values({ sessionId, method, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [amrClaims.sessionId, amrClaims.method], set: { updatedAt: now } });
}

/** Retires every refresh token of a session and issues a fresh one (after MFA, so an aal1 token cannot mint aal2). */
export async function reissueRefreshToken(db: Tx, session: Session) {
  await db.update(refreshTokens).set({ revoked: true, updatedAt: new Date() }).where(eq(refreshTokens.sessionId, session.id));
  const [token] = await db
    .insert(refreshTokens)
    .values({ token: generateRefreshToken(), userId: session.userId, sessionId: session.id })
    .returning();
  return token!.token;
}
