import 'server-only';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { env } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { embeddedAuthEnabled } from '@/lib/platform/embedded';
import { platform } from '@/lib/platform/services';
import { anonKey } from '@/lib/supabase/config';
import { NoRealtime } from '@/lib/supabase/no-realtime';
import { memorySessionCache, redisSessionCache, type SessionCache, type SessionState } from './session-cache';

export type { SessionState };

/** The verified claims the check reads: the user, and the session the token was minted for. */
export type SessionClaims = { sub: string; session_id?: unknown };

/**
 * How long a deletion's mark holds every session of the account refused: longer than any deletion takes, after
 * which the auth service itself answers that the user is gone.
 */
const DELETION_MARK_MS = 15 * 60_000;

const registry = globalThis as typeof globalThis & {
  __citewiseSessionCache?: SessionCache;
  __citewiseSessionLookups?: Map<string, Promise<SessionState>>;
  __citewiseHostedAuth?: Promise<SupabaseClient>;
};

/** The process's cache, in Redis when REDIS_URL is set; shared by every bundle of the server and the storage service. */
function sessionCache(): SessionCache {
  registry.__citewiseSessionCache ??= env.REDIS_URL ? redisSessionCache(env.REDIS_URL) : memorySessionCache();
  return registry.__citewiseSessionCache;
}

/** Lookups under way, one per session: a burst of requests of one session asks the auth service once. */
const lookups = (registry.__citewiseSessionLookups ??= new Map());

/**
 * Whether the session of a verified access token may still act. A valid signature says only that the token was
 * issued; "sign out everywhere", a ban or a deletion end the session at once, while the token would otherwise work
 * until it expires (an hour). The answer is kept SESSION_CHECK_TTL_MS (2 s by default, at most 5 s) in the shared
 * cache, so such an act takes effect on every instance within that time, and at once when the product itself acted
 * (markUserSessions). `accessToken` is read only when a hosted auth service must be asked.
 */
export async function checkSession(claims: SessionClaims, accessToken?: () => Promise<string | null>): Promise<SessionState> {
  const started = performance.now();
  const state = await stateOf(claims, accessToken);
  timings.set(claims, performance.now() - started);
  return state;
}

/** What each check took, by the claims object it was given (a request's), for Server-Timing; gone with the request. */
const timings = new WeakMap<object, number>();

/** How long the session check of these claims took, in ms; 0 when they were not checked by checkSession. */
export const sessionCheckMs = (claims: object): number => timings.get(claims) ?? 0;

async function stateOf(claims: SessionClaims, accessToken?: () => Promise<string | null>): Promise<SessionState> {
  const sessionId = typeof claims.session_id === 'string' && claims.session_id ? claims.session_id : null;
  const key = sessionId ?? '-';
  const cache = sessionCache();
  const cached = await cache.get(claims.sub, key);
  if (cached) return cached;
  const flight = `${claims.sub}:${key}`;
  let pending = lookups.get(flight);
  if (!pending) {
    pending = lookUp(claims.sub, sessionId, accessToken)
      .then(async (state) => {
        await cache.set(claims.sub, key, state, env.SESSION_CHECK_TTL_MS);
        return state;
      })
      .finally(() => lookups.delete(flight));
    lookups.set(flight, pending);
  }
  const state = await pending;
  // A mark written while the lookup was under way wins over what it found.
  return state === 'active' ? ((await cache.get(claims.sub, key)) ?? state) : state;
}

const fromAuthCode = { active: 'active', session_not_found: 'ended', user_banned: 'suspended', user_not_found: 'deleted' } as const;

/**
 * The auth service's answer. Embedded, it is asked in this process (one indexed query on its tables); hosted
 * (SUPABASE_URL), through GoTrue's `GET /user`, which makes the same checks for the token it is given.
 */
async function lookUp(userId: string, sessionId: string | null, accessToken?: () => Promise<string | null>): Promise<SessionState> {
  if (embeddedAuthEnabled()) return fromAuthCode[await (await platform()).auth.sessionState(userId, sessionId)];
  const token = await accessToken?.();
  if (!token) return 'ended';
  const { data, error } = await (await hostedAuth()).auth.getUser(token);
  if (!error) return data.user?.id === userId ? 'active' : 'ended';
  const code = (error as { code?: string }).code;
  if (code === 'user_banned') return 'suspended';
  if (code === 'user_not_found') return 'deleted';
  if (error.name === 'AuthSessionMissingError' || code === 'session_not_found' || code === 'bad_jwt' || code === 'no_authorization') return 'ended';
  // The auth service did not answer: neither let the request through nor tell the person they were signed out.
  throw new AppError('auth_unavailable', { cause: error });
}

function hostedAuth(): Promise<SupabaseClient> {
  registry.__citewiseHostedAuth ??= anonKey().then((key) =>
    createClient(env.SUPABASE_URL!, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: NoRealtime as never },
    }),
  );
  return registry.__citewiseHostedAuth;
}

/**
 * After the product itself banned or is deleting an account: every session of it is refused at once, on every
 * instance sharing the cache, instead of when cached answers expire. A ban's mark needs to outlast only those
 * answers (the auth service says `suspended` from then on); a deletion's holds until the deletion has finished.
 */
export async function markUserSessions(userId: string, state: 'suspended' | 'deleted'): Promise<void> {
  await sessionCache().markUser(userId, state, state === 'deleted' ? DELETION_MARK_MS : Math.max(env.SESSION_CHECK_TTL_MS, 1));
}

/** Lifts a mark: the ban was lifted, or a deletion failed and the account can try again. */
export async function unmarkUserSessions(userId: string): Promise<void> {
  await sessionCache().unmarkUser(userId);
}

/** After the product ended one session (the admin area): refused at once rather than when its answer expires. */
export async function markSessionEnded(userId: string, sessionId: string): Promise<void> {
  await sessionCache().set(userId, sessionId, 'ended', Math.max(env.SESSION_CHECK_TTL_MS, 1));
}
