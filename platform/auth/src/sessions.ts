// Sessions are rows; refresh tokens rotate inside them (docs/protocols/supabase-auth.md §2.6, §6.4). Access tokens
// carry the session id, so deleting a session signs out everything minted from it.
import { and, desc, eq, ne, sql } from '@citewise/db/orm';
import { queryPrepared, type Database } from '@citewise/db';
import type { AuthContext, RequestInfo } from './context';
import { amrClaims, refreshTokens, sessions, users, type Session, type User } from './db/schema';
import { AuthError } from './errors';
import { generateRefreshToken, isWellFormedRefreshToken } from './security/otp';
import { signAccessToken, type AmrEntry } from './tokens';
import { findUserById, isBanned, loadUserJson, loadUserWithJson, userWithJsonColumns, userWithJsonOf, type UserJson } from './users';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface StartSession {
  method: string;
  provider?: string;
  request: RequestInfo;
}

/** The columns of a session row under their field names, for statements written in SQL. */
const SESSION_COLUMNS = sql.raw(
  'id, user_id as "userId", factor_id as "factorId", aal, refreshed_at as "refreshedAt", user_agent as "userAgent", ip, created_at as "createdAt", updated_at as "updatedAt"',
);
const orNull = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date));

/** A session row read with SESSION_COLUMNS (drivers differ in how they hand over timestamps). */
function sessionRow(row: Record<string, unknown>): Session {
  return {
    id: row.id as string,
    userId: row.userId as string,
    factorId: (row.factorId as string | null) ?? null,
    aal: row.aal as string,
    refreshedAt: orNull(row.refreshedAt),
    userAgent: (row.userAgent as string | null) ?? null,
    ip: (row.ip as string | null) ?? null,
    createdAt: new Date(row.createdAt as string | Date),
    updatedAt: new Date(row.updatedAt as string | Date),
  };
}

/**
 * Opens a session for `user` (aal1) with its first refresh token, its amr claim and the user's last sign-in
 * time, in one statement (one round trip, atomic without a transaction). Returns the session, the token, the
 * user as it now is, and the session's amr.
 */
export async function startSession(db: Tx, user: User, input: StartSession) {
  const now = new Date();
  const token = generateRefreshToken();
  const [row] = await queryPrepared<Record<string, unknown>>(
    db,
    'auth_start_session',
    sql`with opened as (
          insert into ${sessions} (user_id, aal, ip, user_agent, refreshed_at, created_at, updated_at)
          values (${user.id}, 'aal1', ${input.request.ip}, ${input.request.userAgent}, ${now}, ${now}, ${now})
          returning ${SESSION_COLUMNS}
        ), claimed as (
          insert into ${amrClaims} (session_id, authentication_method, provider, created_at, updated_at)
          select id, ${input.method}, ${input.provider ?? null}, ${now}, ${now} from opened
        ), issued as (
          insert into ${refreshTokens} (token, user_id, session_id, created_at, updated_at)
          select ${token}, ${user.id}, id, ${now}, ${now} from opened
        ), signed_in as (
          update ${users} set last_sign_in_at = ${now} where id = ${user.id}
        )
        select * from opened`,
  );
  const amr: AmrEntry[] = [{ method: input.method, timestamp: Math.floor(now.getTime() / 1000), ...(input.provider ? { provider: input.provider } : {}) }];
  return { session: sessionRow(row!), refreshToken: token, user: { ...user, lastSignInAt: now }, amr };
}

export async function amrOf(db: Tx, sessionId: string): Promise<AmrEntry[]> {
  const rows = await db.select().from(amrClaims).where(eq(amrClaims.sessionId, sessionId)).orderBy(desc(amrClaims.updatedAt));
  return rows.map((r) => ({
    method: r.method,
    timestamp: Math.floor(r.updatedAt.getTime() / 1000),
    ...(r.provider ? { provider: r.provider } : {}),
  }));
}

/**
 * GoTrue's access-token response for a session. `known` skips the reads of what the caller already has (the
 * user as it is now, with its JSON if it has that too; the session's amr).
 */
export async function sessionResponse(
  ctx: AuthContext,
  session: Session,
  refreshToken: string,
  extra: Record<string, unknown> = {},
  known: { user?: User; json?: UserJson; amr?: AmrEntry[] } = {},
) {
  const [loaded, amr] = await Promise.all([
    known.user ? { user: known.user, json: known.json } : loadUserWithJson(ctx.db, session.userId),
    known.amr ?? amrOf(ctx.db, session.id),
  ]);
  if (!loaded) throw new AuthError(403, 'user_not_found', 'User not found');
  const { user } = loaded;
  const [access, userJson] = await Promise.all([signAccessToken(ctx, user, session, amr), loaded.json ?? loadUserJson(ctx.db, user)]);
  return {
    access_token: access.token,
    token_type: 'bearer',
    expires_in: access.expiresIn,
    expires_at: access.expiresAt,
    refresh_token: refreshToken,
    user: userJson,
    ...extra,
  };
}

/**
 * Signs `user` in: a new session, answered as GoTrue's access-token response. `json` is the user's JSON as read
 * just before (with loadUserWithJson); without it the user is read again with its identities and factors.
 */
export async function signIn(ctx: AuthContext, user: User, input: StartSession, extra: Record<string, unknown> = {}, json?: UserJson) {
  const started = await startSession(ctx.db, user, input);
  // Signing in changes only last_sign_in_at, which startSession set to a time it returns.
  const known = json ? { user: started.user, json: { ...json, last_sign_in_at: started.user.lastSignInAt.toISOString() } } : {};
  return sessionResponse(ctx, started.session, started.refreshToken, extra, { ...known, amr: started.amr });
}

/**
 * The common refresh in one statement: the presented token, if it is live and its user may sign in, is revoked
 * and replaced, and its session touched; the session row is locked first, as the full path below does, so the
 * two never wait on each other in opposite orders. Answers null when anything is unusual (unknown, revoked or
 * reused token, deleted or banned user, missing session): the full path then decides, with GoTrue's answers.
 * The session's amr comes back with it, newest first as amrOf reads it, and the user with its JSON.
 */
async function rotateLiveToken(db: Tx, presented: string) {
  const now = new Date();
  const next = generateRefreshToken();
  const [row] = await queryPrepared<Record<string, unknown>>(
    db,
    'auth_rotate_refresh_token',
    sql`with locked as (
          select s.id from ${sessions} s
          where s.id = (select session_id from ${refreshTokens} where token = ${presented})
          for update
        ), rotated as (
          update ${refreshTokens} rt set revoked = true, updated_at = ${now}
          where rt.token = ${presented} and rt.revoked = false
            and rt.session_id = (select id from locked)
            and exists (
              select 1 from ${users} u
              where u.id = rt.user_id and u.deleted_at is null and (u.banned_until is null or u.banned_until <= ${now})
            )
          returning rt.token, rt.user_id, rt.session_id
        ), issued as (
          insert into ${refreshTokens} (token, user_id, session_id, parent, created_at, updated_at)
          select ${next}, user_id, session_id, token, ${now}, ${now} from rotated
        ), touched as (
          update ${sessions} set refreshed_at = ${now}, updated_at = ${now}
          where id = (select session_id from rotated)
          returning ${SESSION_COLUMNS}
        )
        select touched.*, (
          select coalesce(json_agg(json_build_object('method', a.authentication_method, 'provider', a.provider, 'at', floor(extract(epoch from a.updated_at)))
            order by a.updated_at desc), '[]'::json)
          from ${amrClaims} a where a.session_id = touched.id
        ) as amr,
        ${userWithJsonColumns(sql`touched."userId"`)}
        from touched`,
  );
  if (!row) return null;
  const claims = (typeof row.amr === 'string' ? JSON.parse(row.amr) : row.amr) as Array<{ method: string; provider: string | null; at: number | string }>;
  const amr = claims.map((c) => ({ method: c.method, timestamp: Number(c.at), ...(c.provider ? { provider: c.provider } : {}) }));
  return { session: sessionRow(row), token: next, amr, ...userWithJsonOf(row) };
}

const LOCK_TIMEOUT = '55P03';

/** The refresh_token grant, with rotation, the reuse interval and family revocation on reuse. */
export async function refresh(ctx: AuthContext, presented: string) {
  if (!isWellFormedRefreshToken(presented)) throw new AuthError(400, 'validation_failed', 'Refresh token is not valid');
  const rotated = await rotateLiveToken(ctx.db, presented);
  if (rotated) return sessionResponse(ctx, rotated.session, rotated.token, {}, { user: rotated.user, json: rotated.json, amr: rotated.amr });
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
  const [token] = await db.insert(refreshTokens).values({ token: generateRefreshToken(), userId: session.userId, sessionId: session.id }).returning();
  return token!.token;
}
