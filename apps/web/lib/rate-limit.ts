import 'server-only';
import Redis from 'ioredis';
import { env } from '@/lib/env';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * A named limit: at most `points` requests per `durationSeconds` for one key (an address, an address and
 * an account, a user id). Names keep limits apart in the shared store, so two routes never share a budget.
 */
export type RateLimit = { name: string; points: number; durationSeconds: number };

export type RateLimitResult = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

export interface RateLimitStore {
  consume(limit: RateLimit, key: string): Promise<RateLimitResult>;
  close(): Promise<void>;
}

/**
 * Counters in this process (the embedded default), or in Redis when `redisUrl` is given so that every
 * instance of a scaled-out deployment counts together. If Redis stops answering, each instance falls back
 * to its own in-process counters rather than letting everything through or refusing everything.
 */
export function createRateLimitStore(options: { redisUrl?: string } = {}): RateLimitStore {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        // A request must not wait for a reconnect: it fails fast and the in-process fallback answers.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
      })
    : null;
  // Connection errors are reported through the fallback path; without a listener ioredis would crash the process.
  redis?.on('error', (error: Error) => logRedisError(error));
  // The first requests wait (briefly) for the connection instead of being counted apart from other instances.
  const connected = redis
    ? new Promise<void>((resolve) => {
        const done = () => resolve();
        redis.once('ready', done);
        redis.once('error', done);
        setTimeout(done, 2000).unref();
      })
    : Promise.resolve();
  const limiters = new Map<string, RateLimiterAbstract>();

  function limiterFor(limit: RateLimit): RateLimiterAbstract {
    const id = `${limit.name}:${limit.points}:${limit.durationSeconds}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      const memory = new RateLimiterMemory({ keyPrefix: `citewise:${limit.name}`, points: limit.points, duration: limit.durationSeconds });
      limiter = redis
        ? new RateLimiterRedis({
            storeClient: redis,
            keyPrefix: `citewise:rl:${limit.name}`,
            points: limit.points,
            duration: limit.durationSeconds,
            rejectIfRedisNotReady: true,
            insuranceLimiter: memory,
          })
        : memory;
      limiters.set(id, limiter);
    }
    return limiter;
  }

  return {
    async consume(limit, key) {
      if (limit.points <= 0) return { ok: false, retryAfterSeconds: limit.durationSeconds };
      await connected;
      try {
        const result = await limiterFor(limit).consume(key);
        return { ok: true, remaining: result.remainingPoints };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
        }
        throw rejection;
      }
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}

let lastRedisError = 0;
function logRedisError(error: Error) {
  // Once a minute is enough to notice; a down Redis would otherwise log on every retry.
  if (Date.now() - lastRedisError < 60_000) return;
  lastRedisError = Date.now();
  console.error(`[rate-limit] Redis is unavailable, counting in this process instead: ${error.message}`);
}

const registry = globalThis as typeof globalThis & { __citewiseRateLimits?: RateLimitStore };

/** The process's store, from `REDIS_URL`; shared by every bundle of the server (route handlers, proxy). */
export function rateLimitStore(): RateLimitStore {
  registry.__citewiseRateLimits ??= createRateLimitStore({ redisUrl: env.REDIS_URL });
  return registry.__citewiseRateLimits;
}
