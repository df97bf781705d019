import 'server-only';
import { dictionary } from '@zxcvbn-ts/language-common';
import type { PublicAuthConfig } from '@/lib/supabase/public-config';

export type WeakReason = 'length' | 'characters' | 'pwned';

let common: Set<string> | undefined;

/**
 * The auth service's password rules, checked while a person types so the sign-up form can show which of its
 * `weak_password` reasons still apply. The service checks again on submit and has the last word; a hosted
 * Supabase project may add its own checks, which then show up as reasons in its answer.
 */
export function checkPassword(password: string, policy: PublicAuthConfig['passwordPolicy']): WeakReason[] {
  const reasons: WeakReason[] = [];
  if ([...password].length < policy.minLength) reasons.push('length');
  if (policy.requiredCharacters.some((set) => ![...set].some((char) => password.includes(char)))) reasons.push('characters');
  if (process.env.AUTH_PASSWORD_REJECT_COMMON?.trim() !== 'false' && password) {
    common ??= new Set((dictionary['passwords-common'] as string[]).map((entry) => entry.toLowerCase()));
    if (common.has(password.toLowerCase())) reasons.push('pwned');
  }
  return reasons;
}
