// Rate limits as fixed-window counters per key (an IP, an account, or `global` for send budgets). In this
// process by default; in Redis when one is given, so every instance (and the product, which uses the same
// Redis) counts together. If Redis stops answering, each instance falls back to its own counters.
import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { parseGoDuration } from './duration';

export interface Rate {
  points: number;
  durationSeconds: number;
}

/** GoTrue's notation: `N` (per hour, the send budgets) or `N/duration` (`30/5m`, `150/300s`). */
export function parseRate(value: string | undefined, fallback: Rate): Rate {
  if (!value?.trim()) return fallback;
  const [count, duration] = value.trim().split('/');
  const points = Number(count);
  if (!Number.isFinite(points) || points < 0) throw new Error(`invalid rate "${value}"`);
  const ms = duration ? parseGoDuration(duration) : 3_600_000;
  if (!ms) throw new Error(`invalid rate "${value}"`);
  return { points, durationSeconds: Math.max(1, Math.round(ms / 1000)) };
}

export type LimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface Limiter {
  /** Spends one point for `key`; refused once the window's points are spent. */
  consume(key: string): Promise<LimitResult>;
  /** Gives one point back (an attempt that should not have counted). */
  refund(key: string): Promise<void>;
  /** Forgets `key`'s count. */
  reset(key: string): Promise<void>;
}

export interface LimiterStore {
  redis?: Redis;
  /** Prefix of the Redis keys, `citewise:rl` by default (the product's prefix too). */
  keyPrefix?: string;
  /** Settles once Redis is connected (or gave up): the first requests wait rather than count apart. */
  ready?: Promise<void>;
}

const allowAll: Limiter = { consume: async () => ({ ok: true }), refund: async () => {}, reset: async () => {} };

export function createLimiter(name: string, rate: Rate, options: { disabled?: boolean; store?: LimiterStore } = {}): Limiter {
  if (options.disabled) return allowAll;
  if (rate.points === 0) return { ...allowAll, consume: async () => ({ ok: false, retryAfterSeconds: rate.durationSeconds }) };
  const memory = new RateLimiterMemory({ keyPrefix: name, points: rate.points, duration: rate.durationSeconds });
  const redis = options.store?.redis;
  const limiter: RateLimiterAbstract = redis
    ? new RateLimiterRedis({
        storeClient: redis,
        // `platform-auth:` keeps these apart from the product's own limits (it has an `auth-signup` too).
        keyPrefix: `${options.store?.keyPrefix ?? 'citewise:rl'}:platform-auth:${name}`,
        points: rate.points,
        duration: rate.durationSeconds,
        rejectIfRedisNotReady: true,
        insuranceLimiter: memory,
      })
    : memory;
  return {
    async consume(key) {
      await options.store?.ready;
      try {
        await limiter.consume(key);
        return { ok: true };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
        throw rejection;
      }
    },
    // Best effort: a point not given back errs on the safe side, and must not fail the request.
    async refund(key) {
      await limiter.reward(key, 1).catch(() => {});
    },
    async reset(key) {
      await limiter.delete(key).catch(() => {});
    },
  };
}
