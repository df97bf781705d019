import { z } from 'zod';

/** POST /api/user/delete-account: the account's email address (or phone number) typed again. */
export const deleteAccountSchema = z.object({
  confirmation: z.string('required').trim().min(1, 'required').max(320, 'too_long'),
});

/** What the person must type to delete the account: its email, or its phone number when it has none. */
export function deletionPhrase(user: { email?: string | null; phone?: string | null }): string {
  if (user.email) return user.email;
  return user.phone ? `+${user.phone.replace(/^\+/, '')}` : '';
}

/** Typed confirmations compare without case and outer space (an address typed as `Ada@Example.com`). */
export function confirmationMatches(typed: string, phrase: string): boolean {
  return phrase !== '' && typed.trim().toLowerCase() === phrase.trim().toLowerCase();
}
