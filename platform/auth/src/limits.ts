// GoTrue's rate limits (docs/protocols/supabase-auth.md §5.2): per-IP endpoint buckets and the global hourly send
// budgets; and ours, failed password checks per account (password-failures.ts). In Redis when REDIS_URL is set.
import Redis from 'ioredis';
import type { AuthConfig } from './config';
import { AuthError } from './errors';
import { createLimiter, parseRate, type Limiter, type LimiterStore } from './security/rate-limit';

export interface Limiters {
  token: Limiter;
  verify: Limiter;
  signup: Limiter;
  otp: Limiter;
  recover: Limiter;
  resend: Limiter;
  user: Limiter;
  anonymous: Limiter;
  mfaChallenge: Limiter;
  mfaVerify: Limiter;
  sso: Limiter;
  emailSent: Limiter;
  smsSent: Limiter;
  /** Failed password checks for one account from one address, and for one account from all addresses. */
  passwordFailuresPerAccountAddress: Limiter;
  passwordFailuresPerAccount: Limiter;
  /** Closes the Redis connection, if any. */
  close(): Promise<void>;
}

const FIVE_MINUTES = 300;

export function createLimiters(config: AuthConfig, options: { keyPrefix?: string } = {}): Limiters {
  const disabled = config.AUTH_RATE_LIMIT_DISABLED;
  const redis = config.REDIS_URL && !disabled ? connectRedis(config.REDIS_URL) : undefined;
  const store: LimiterStore = { redis, keyPrefix: options.keyPrefix, ready: redis ? connected(redis) : undefined };
  const make = (name: string, value: string | undefined, points: number, durationSeconds: number) =>
    createLimiter(name, parseRate(value, { points, durationSeconds }), { disabled, store });
  const otpRate = (name: string) => make(name, config.AUTH_RATE_LIMIT_OTP, 30, FIVE_MINUTES);
  return {
    token: make('token', config.AUTH_RATE_LIMIT_TOKEN_REFRESH, 150, FIVE_MINUTES),
    verify: make('verify', config.AUTH_RATE_LIMIT_VERIFY, 30, FIVE_MINUTES),
    signup: otpRate('signup'),
    otp: otpRate('otp'),
    recover: otpRate('recover'),
    resend: otpRate('resend'),
    user: otpRate('user'),
    anonymous: make('anonymous', config.AUTH_RATE_LIMIT_ANONYMOUS_USERS, 30, 3600),
    mfaChallenge: make('mfa_challenge', config.AUTH_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY, 15, 60),
    mfaVerify: make('mfa_verify', config.AUTH_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY, 15, 60),
    // GoTrue's GOTRUE_RATE_LIMIT_SSO default; this service has no setting for it.
    sso: make('sso', undefined, 30, FIVE_MINUTES),
    emailSent: make('email_sent', config.AUTH_RATE_LIMIT_EMAIL_SENT, 30, 3600),
    smsSent: make('sms_sent', config.AUTH_RATE_LIMIT_SMS_SENT, 30, 3600),
    // Ours (GoTrue has only the per-address /token bucket above).
    passwordFailuresPerAccountAddress: make('password_failures_account_address', config.AUTH_RATE_LIMIT_PASSWORD_FAILURES_PER_ACCOUNT_ADDRESS, 10, 15 * 60),
    passwordFailuresPerAccount: make('password_failures_account', config.AUTH_RATE_LIMIT_PASSWORD_FAILURES_PER_ACCOUNT, 50, 3600),
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}

function connected(redis: Redis) {
  return new Promise<void>((resolve) => {
    redis.once('ready', () => resolve());
    redis.once('error', () => resolve());
    setTimeout(resolve, 2000).unref();
  });
}

function connectRedis(url: string) {
  // A request must not wait for a reconnect: it fails fast and the in-process counters answer instead.
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  let lastLogged = 0;
  // Without a listener ioredis would crash the process; once a minute is enough to notice a down Redis.
  redis.on('error', (error: Error) => {
    if (Date.now() - lastLogged < 60_000) return;
    lastLogged = Date.now();
    console.error(`[auth] Redis is unavailable, counting rate limits in this process instead: ${error.message}`);
  });
  return redis;
}

/** Spends one request of `limiter` for `ip`, or answers 429 over_request_rate_limit. */
export async function limitByIp(limiter: Limiter, ip: string) {
  const result = await limiter.consume(ip);
  if (!result.ok) throw rateLimited(result.retryAfterSeconds);
}

export const rateLimited = (retryAfterSeconds: number) => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', { retryAfterSeconds });
