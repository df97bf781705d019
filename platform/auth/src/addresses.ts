// Email and phone input checks shared by sign-up, OTP, recovery, user updates and the admin API.
import type { AuthConfig } from './config';
import { AuthError } from './errors';
import { isValidEmail, isValidPhone, normalizeEmail, normalizePhone } from './security/normalize';
import { validatePkceParams } from './security/pkce';

export function parseEmail(value: string): string {
  const email = normalizeEmail(value);
  if (!isValidEmail(email)) throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  return email;
}

export function parsePhone(value: string): string {
  const phone = normalizePhone(value);
  if (!isValidPhone(phone)) throw new AuthError(400, 'validation_failed', 'Invalid phone number format (E.164 required)');
  return phone;
}

export function requireEmailProvider(config: AuthConfig, status: 400 | 422 = 400) {
  if (!config.AUTH_EXTERNAL_EMAIL_ENABLED) throw new AuthError(status, 'email_provider_disabled', 'Email logins are disabled');
}

export function requirePhoneProvider(config: AuthConfig, status: 400 | 422 = 400) {
  if (!config.AUTH_EXTERNAL_PHONE_ENABLED) throw new AuthError(status, 'phone_provider_disabled', 'Phone logins are disabled');
}

/** PKCE parameters of a request, or null when the client did not ask for PKCE. */
export function parsePkce(body: { code_challenge?: string; code_challenge_method?: string }) {
  const result = validatePkceParams(body.code_challenge || undefined, body.code_challenge_method || undefined);
  if (!result.ok) throw new AuthError(400, 'validation_failed', result.message);
  return result.value;
}

export function parseChannel(channel: string | undefined) {
  if (channel === undefined || channel === '' || channel === 'sms') return 'sms' as const;
  if (channel === 'whatsapp') throw new AuthError(400, 'validation_failed', 'WhatsApp is not supported by the configured SMS provider');
  throw new AuthError(400, 'validation_failed', 'Invalid channel: must be sms or whatsapp');
}
