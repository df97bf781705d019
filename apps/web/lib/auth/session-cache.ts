import 'server-only';
import Redis from 'ioredis';

/** What the auth service said of a session: it may act, or why not (signed out, suspended user, deleted user). */
export type SessionState = 'active' | 'ended' | 'suspended' | 'deleted';

/**
 * The answers of the session check, kept for a few seconds so the hot path (an AI message, a note saved as one
 * types) asks the auth service once per session and interval, not once per request. Besides each session's answer
 * it holds marks on whole users ("every session of this user is ended"), written by the product itself when it
 * bans or deletes an account, so that such an act takes effect at once rather than when cached answers expire.
 */
export interface SessionCache {
  /** A user's mark if any, else the session's cached answer; undefined when the auth service must be asked. */
  get(userId: string, sessionKey: string): Promise<SessionState | undefined>;
  set(userId: string, sessionKey: string, state: SessionState, ttlMs: number): Promise<void>;
  /** Every session of `userId` counts as `state` for `ttlMs`, whatever its cached answer. */
  markUser(userId: string, state: Exclude<SessionState, 'active'>, ttlMs: number): Promise<void>;
  /** Lifts a user's mark (a ban lifted; a deletion that failed and may be tried again). */
  unmarkUser(userId: string): Promise<void>;
  close(): Promise<void>;
}

const STATES = new Set<string>(['active', 'ended', 'suspended', 'deleted']);
const asState = (value: string | null | undefined): SessionState | undefined => (value && STATES.has(value) ? (value as SessionState) : undefined);
/** Enough for every session active in a few seconds on a large instance; the oldest answers go first beyond it. */
const MAX_ENTRIES = 100_000;

/** The answers in this process: what a single instance (the embedded default) needs. */
export function memorySessionCache(): SessionCache {
  const entries = new Map<string, { state: SessionState; until: number }>();
  const read = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.until > Date.now()) return entry.state;
    entries.delete(key);
    return undefined;
  };
  const write = (key: string, state: SessionState, ttlMs: number) => {
    entries.delete(key);
    if (ttlMs <= 0) return;
    entries.set(key, { state, until: Date.now() + ttlMs });
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  };
  return {
    async get(userId, sessionKey) {
      return read(`user:${userId}`) ?? read(`session:${userId}:${sessionKey}`);
    },
    async set(userId, sessionKey, state, ttlMs) {
      write(`session:${userId}:${sessionKey}`, state, ttlMs);
    },
    async markUser(userId, state, ttlMs) {
      write(`user:${userId}`, state, ttlMs);
    },
    async unmarkUser(userId) {
      entries.delete(`user:${userId}`);
    },
    async close() {
      entries.clear();
    },
  };
}

/**
 * The answers in Redis, shared by every instance: a sign-out seen by one is seen by all, and each session is looked
 * up once per interval in the whole deployment. One round trip per request (MGET of the user's mark and the
 * session's answer). While Redis does not answer, each instance keeps its answers in its own memory instead.
 */
export function redisSessionCache(url: string, prefix = 'citewise:session'): SessionCache {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  redis.on('error', (error: Error) => logRedisError(error));
  const fallback = memorySessionCache();
  const userKey = (userId: string) => `${prefix}:user:${userId}`;
  const sessionKey = (userId: string, key: string) => `${prefix}:${userId}:${key}`;
  const ready = () => redis.status === 'ready';
  return {
    async get(userId, key) {
      // What this instance wrote while Redis was away (a mark above all) still counts against the session.
      const local = await fallback.get(userId, key);
      if (!ready() || (local && local !== 'active')) return local;
      try {
        const [mark, answer] = await redis.mget(userKey(userId), sessionKey(userId, key));
        return asState(mark) ?? asState(answer);
      } catch (error) {
        logRedisError(error as Error);
        return fallback.get(userId, key);
      }
    },
    async set(userId, key, state, ttlMs) {
      if (ttlMs <= 0) return;
      if (ready()) {
        try {
          await redis.set(sessionKey(userId, key), state, 'PX', ttlMs);
          return;
        } catch (error) {
          logRedisError(error as Error);
        }
      }
      await fallback.set(userId, key, state, ttlMs);
    },
    async markUser(userId, state, ttlMs) {
      if (ready()) {
        try {
          await redis.set(userKey(userId), state, 'PX', ttlMs);
          return;
        } catch (error) {
          logRedisError(error as Error);
        }
      }
      // Redis is away: this instance at least honours the mark it wrote.
      await fallback.markUser(userId, state, ttlMs);
    },
    async unmarkUser(userId) {
      await fallback.unmarkUser(userId);
      if (ready()) await redis.del(userKey(userId)).catch((error: Error) => logRedisError(error));
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

let lastRedisError = 0;
function logRedisError(error: Error) {
  // Once a minute is enough to notice; a down Redis would otherwise log on every request.
  if (Date.now() - lastRedisError < 60_000) return;
  lastRedisError = Date.now();
  console.error(`[session] Redis is unavailable, keeping session checks in this process instead: ${error.message}`);
}
