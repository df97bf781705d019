// bcrypt at cost 10 (GoTrue's), and the password policy answering `weak_password` with reasons.
import bcrypt from 'bcrypt';
import type { AuthConfig } from './config';
import { AuthError } from './errors';
import { checkPassword, exceedsBcryptLimit, parseRequiredCharacters } from './security/password-policy';

export const BCRYPT_COST = 10;

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST);

/** Compares in constant time; users without a password (OAuth, OTP-only) never match. */
export async function verifyPassword(password: string, hash: string | null) {
  if (!hash) {
    // Spend the same time as a real comparison so the answer does not reveal that the account has no password.
    await bcrypt.compare(password, DUMMY_HASH);
    return false;
  }
  return bcrypt.compare(password, hash);
}
const DUMMY_HASH = '$2b$10$.LJ5xumQ3FWDSnxW3JuiWelISIRRu.57hhcnOoBLJJQc8otLMsjdK';

export function policyOf(config: AuthConfig) {
  return {
    minLength: config.AUTH_PASSWORD_MIN_LENGTH,
    requiredCharacters: parseRequiredCharacters(config.AUTH_PASSWORD_REQUIRED_CHARACTERS),
    rejectCommon: config.AUTH_PASSWORD_REJECT_COMMON,
  };
}

/** Throws GoTrue's errors for a password that may not be set. */
export function assertAcceptablePassword(config: AuthConfig, password: string) {
  if (exceedsBcryptLimit(password)) throw new AuthError(400, 'validation_failed', 'Password cannot be longer than 72 characters');
  const result = checkPassword(password, policyOf(config));
  if (!result.ok) throw new AuthError(422, 'weak_password', result.message, { weakPasswordReasons: result.reasons });
}

/** For sign-in: the policy's verdict on a correct password, reported but not enforced. */
export function weakPasswordNotice(config: AuthConfig, password: string) {
  const result = checkPassword(password, policyOf(config));
  return result.ok ? undefined : { message: result.message, reasons: result.reasons };
}
