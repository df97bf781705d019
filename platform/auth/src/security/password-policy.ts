// The password policy: minimum length, required character classes and a bundled list of common passwords,
// answering with GoTrue's `weak_password` reasons (`length`, `characters`, `pwned`).
import { dictionary } from '@zxcvbn-ts/language-common';

export type WeakReason = 'length' | 'characters' | 'pwned';

export interface PasswordPolicy {
  minLength: number;
  /** Each entry is a set of characters of which at least one must appear. */
  requiredCharacters: string[];
  rejectCommon: boolean;
}

let common: Set<string> | undefined;
/** ~49,000 passwords seen most often in breaches (from @zxcvbn-ts/language-common, MIT). */
function commonPasswords() {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common;
}

export function checkPassword(password: string, policy: PasswordPolicy): { ok: true } | { ok: false; reasons: WeakReason[]; message: string } {
  const reasons: WeakReason[] = [];
  const messages: string[] = [];
  const minLength = Math.max(policy.minLength, 6);
  if ([...password].length < minLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${minLength} characters.`);
  }
  const missing = policy.requiredCharacters.filter((set) => set && ![...set].some((char) => password.includes(char)));
  if (missing.length) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${policy.requiredCharacters.join(', ')}.`);
  }
  if (policy.rejectCommon && commonPasswords().has(password.toLowerCase())) {
    reasons.push('pwned');
    messages.push('Password is known to be weak and easy to guess, please choose a different one.');
  }
  return reasons.length ? { ok: false, reasons, message: messages.join(' ') } : { ok: true };
}

/** GoTrue's PASSWORD_REQUIRED_CHARACTERS: sets separated by ':', where '\:' is a literal colon. */
export function parseRequiredCharacters(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(/(?<!\\):/)
    .map((set) => set.replace(/\\:/g, ':'))
    .filter(Boolean);
}

/** bcrypt reads at most 72 bytes; longer passwords would be silently truncated. */
export const exceedsBcryptLimit = (password: string) => Buffer.byteLength(password, 'utf8') > 72;
