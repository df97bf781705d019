// Rate limits as token buckets per key (an IP, or `global` for send budgets). In-process; the interface is
// async so a Redis-backed store (rate-limiter-flexible's RateLimiterRedis) can replace it for many instances.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
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

export interface Limiter {
  consume(key: string): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }>;
}

export function createLimiter(name: string, rate: Rate, options: { disabled?: boolean } = {}): Limiter {
  if (options.disabled) return { consume: async () => ({ ok: true }) };
  if (rate.points === 0) return { consume: async () => ({ ok: false, retryAfterSeconds: rate.durationSeconds }) };
  const limiter = new RateLimiterMemory({ keyPrefix: name, points: rate.points, duration: rate.durationSeconds });
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
        return { ok: true };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return { ok: false, retryAfterSeconds: Math.ceil(rejection.msBeforeNext / 1000) };
        throw rejection;
      }
    },
  };
}
