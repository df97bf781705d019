// GoTrue's rate limits (protocol notes §5.2): per-IP endpoint buckets and the global hourly send budgets.
import type { AuthConfig } from './config';
import { AuthError } from './errors';
import { createLimiter, parseRate } from './security/rate-limit';

type Limiter = ReturnType<typeof createLimiter>;

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
}

const FIVE_MINUTES = 300;

export function createLimiters(config: AuthConfig): Limiters {
  const disabled = config.AUTH_RATE_LIMIT_DISABLED;
  const make = (name: string, value: string | undefined, points: number, durationSeconds: number) =>
    createLimiter(name, parseRate(value, { points, durationSeconds }), { disabled });
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
  };
}

/** Spends one request of `limiter` for `ip`, or answers 429 over_request_rate_limit. */
export async function limitByIp(limiter: Limiter, ip: string) {
  const result = await limiter.consume(ip);
  if (!result.ok) throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
}
