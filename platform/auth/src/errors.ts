// GoTrue's error vocabulary and its two wire formats (docs/protocols/supabase-auth.md §1.4).
import type { Context } from 'hono';

/** GoTrue's machine codes for the surface this service implements. */
export type ErrorCode =
  | 'validation_failed'
  | 'bad_json'
  | 'request_entity_too_large'
  | 'request_timeout'
  | 'no_authorization'
  | 'bad_jwt'
  | 'not_admin'
  | 'user_not_found'
  | 'session_not_found'
  | 'session_expired'
  | 'refresh_token_not_found'
  | 'refresh_token_already_used'
  | 'conflict'
  | 'flow_state_not_found'
  | 'flow_state_expired'
  | 'bad_code_verifier'
  | 'signup_disabled'
  | 'user_already_exists'
  | 'email_exists'
  | 'phone_exists'
  | 'weak_password'
  | 'same_password'
  | 'invalid_credentials'
  | 'email_not_confirmed'
  | 'phone_not_confirmed'
  | 'user_banned'
  | 'otp_expired'
  | 'otp_disabled'
  | 'over_email_send_rate_limit'
  | 'over_sms_send_rate_limit'
  | 'over_request_rate_limit'
  | 'email_provider_disabled'
  | 'phone_provider_disabled'
  | 'anonymous_provider_disabled'
  | 'sms_send_failed'
  | 'email_address_invalid'
  | 'insufficient_aal'
  | 'mfa_factor_name_conflict'
  | 'too_many_enrolled_mfa_factors'
  | 'mfa_verified_factor_exists'
  | 'mfa_factor_not_found'
  | 'mfa_challenge_expired'
  | 'mfa_ip_address_mismatch'
  | 'mfa_verification_failed'
  | 'mfa_totp_enroll_not_enabled'
  | 'mfa_totp_verify_not_enabled'
  | 'mfa_phone_enroll_not_enabled'
  | 'mfa_phone_verify_not_enabled'
  | 'mfa_webauthn_enroll_not_enabled'
  | 'mfa_webauthn_verify_not_enabled'
  | 'reauthentication_needed'
  | 'reauthentication_not_valid'
  | 'manual_linking_disabled'
  | 'identity_already_exists'
  | 'identity_not_found'
  | 'single_identity_not_deletable'
  | 'email_conflict_identity_not_deletable'
  | 'provider_disabled'
  | 'bad_oauth_state'
  | 'bad_oauth_callback'
  | 'flow_state_already_used'
  | 'saml_provider_disabled'
  | 'sso_provider_not_found'
  | 'unexpected_failure'
  | 'not_found';

export class AuthError extends Error {
  override name = 'AuthError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: { weakPasswordReasons?: string[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }
}

/** The OAuth-style error a few grant paths answer with: `400 { error, error_description }`, no code. */
export class OAuthStyleError extends Error {
  override name = 'OAuthStyleError';
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}

export const badRequest = (message: string) => new AuthError(400, 'validation_failed', message);

const API_VERSION = '2024-01-01';

/** True when the request asked for the 2024-01-01 error format (any valid date on or after it). */
export function wantsModernErrors(header: string | undefined | null): boolean {
  if (!header || !/^\d{4}-\d{2}-\d{2}$/.test(header)) return false;
  const date = Date.parse(`${header}T00:00:00Z`);
  return !Number.isNaN(date) && date >= Date.parse(`${API_VERSION}T00:00:00Z`);
}

export function errorResponse(c: Context, error: AuthError | OAuthStyleError): Response {
  if (error instanceof OAuthStyleError) {
    return c.json({ error: error.error, error_description: error.description }, error.status as 400);
  }
  const weak = error.extra.weakPasswordReasons ? { weak_password: { reasons: error.extra.weakPasswordReasons } } : {};
  const status = error.status as 400;
  if (error.extra.retryAfterSeconds) c.header('Retry-After', String(error.extra.retryAfterSeconds));
  if (wantsModernErrors(c.req.header('x-supabase-api-version'))) {
    c.header('X-Supabase-Api-Version', API_VERSION);
    return c.json({ code: error.code, message: error.message, ...weak }, status);
  }
  c.header('x-sb-error-code', error.code);
  const id = error.status >= 500 ? { error_id: crypto.randomUUID() } : {};
  return c.json({ code: error.status, error_code: error.code, msg: error.message, ...id, ...weak }, status);
}
