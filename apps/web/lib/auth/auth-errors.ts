import type { ErrorCode } from '@/lib/errors';

/** The parts of a supabase-js AuthError this mapping reads (it runs on the server and in the browser). */
type AuthLikeError = { name?: string; code?: string; status?: number; message?: string };

/** GoTrue error codes → the product's error codes (docs/protocols/supabase-auth.md §4). */
const byCode: Record<string, ErrorCode> = {
  invalid_credentials: 'invalid_credentials',
  email_not_confirmed: 'email_not_confirmed',
  phone_not_confirmed: 'phone_not_confirmed',
  weak_password: 'weak_password',
  user_already_exists: 'user_already_exists',
  email_exists: 'user_already_exists',
  phone_exists: 'user_already_exists',
  identity_already_exists: 'user_already_exists',
  signup_disabled: 'signup_disabled',
  email_provider_disabled: 'provider_disabled',
  phone_provider_disabled: 'provider_disabled',
  provider_disabled: 'provider_disabled',
  otp_disabled: 'provider_disabled',
  anonymous_provider_disabled: 'provider_disabled',
  over_request_rate_limit: 'rate_limited',
  over_email_send_rate_limit: 'rate_limited',
  over_sms_send_rate_limit: 'rate_limited',
  otp_expired: 'code_invalid',
  mfa_verification_failed: 'code_invalid',
  mfa_challenge_expired: 'code_invalid',
  mfa_ip_address_mismatch: 'code_invalid',
  mfa_factor_not_found: 'code_invalid',
  flow_state_expired: 'link_expired',
  flow_state_not_found: 'link_expired',
  flow_state_already_used: 'link_expired',
  bad_code_verifier: 'link_expired',
  // The link was opened in another browser than the one that asked for it.
  pkce_code_verifier_not_found: 'link_other_device',
  bad_oauth_state: 'link_expired',
  bad_oauth_callback: 'link_expired',
  validation_failed: 'validation_failed',
  email_address_invalid: 'validation_failed',
  user_banned: 'account_suspended',
  sms_send_failed: 'delivery_failed',
  session_not_found: 'unauthorized',
  session_expired: 'unauthorized',
  refresh_token_not_found: 'unauthorized',
  refresh_token_already_used: 'unauthorized',
  no_authorization: 'unauthorized',
  bad_jwt: 'unauthorized',
  user_not_found: 'unauthorized',
  insufficient_aal: 'mfa_required',
  same_password: 'validation_failed',
  request_timeout: 'auth_unavailable',
};

/** The product's code for an error from supabase-js (or from the auth service's redirect parameters). */
export function authErrorCode(error: AuthLikeError | null | undefined): ErrorCode {
  if (!error) return 'internal_error';
  if (error.code && byCode[error.code]) return byCode[error.code]!;
  if (error.name === 'AuthWeakPasswordError') return 'weak_password';
  if (error.name === 'AuthSessionMissingError' || error.name === 'AuthInvalidJwtError') return 'unauthorized';
  // supabase-js: statuses 502–504 and failed fetches are retryable; status 0 means no answer at all.
  if (error.name === 'AuthRetryableFetchError') return error.status === 0 || !error.status ? 'network_error' : 'auth_unavailable';
  if (error.status === 429) return 'rate_limited';
  if (error.status && error.status >= 500) return 'auth_unavailable';
  return 'internal_error';
}

/** GoTrue says how long to wait in words ("…only request this after 53 seconds."); default a minute. */
export function retryAfterSeconds(error: AuthLikeError | null | undefined): number {
  const match = /(\d+)\s*second/.exec(error?.message ?? '');
  return match ? Math.max(1, Number(match[1])) : 60;
}

/** The weak_password reasons (`length`, `characters`, `pwned`) of an AuthWeakPasswordError. */
export function weakPasswordReasons(error: unknown): string[] {
  const reasons = (error as { reasons?: unknown } | null)?.reasons;
  return Array.isArray(reasons) ? reasons.filter((reason): reason is string => typeof reason === 'string') : [];
}
