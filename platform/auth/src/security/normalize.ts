// Address normalisation: emails are case-folded, phones are E.164 digits without '+' (docs/protocols/supabase-auth.md
// §2.1).
import { isValidPhoneNumber } from 'libphonenumber-js';

export const normalizeEmail = (value: string) => value.trim().toLowerCase();

// One '@', a non-empty local part without spaces, a dotted domain of letters, digits and hyphens.
const EMAIL = /^[^\s@"<>()[\],;:\\]+@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/i;

export function isValidEmail(email: string): boolean {
  return email.length > 0 && email.length <= 255 && EMAIL.test(email);
}

export const normalizePhone = (value: string) => value.replace(/[\s+\-().]/g, '');

/**
 * E.164 digits (without '+') of a number that exists in its country's numbering plan, by libphonenumber-js: the
 * shape alone let "12" through, texted as +12.
 */
export const isValidPhone = (phone: string) => /^[1-9][0-9]{1,14}$/.test(phone) && isValidPhoneNumber(`+${phone}`);
