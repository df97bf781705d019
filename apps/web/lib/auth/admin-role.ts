/**
 * Who is an admin. The mark is `app_metadata.admin === true`, which only the service role can write (users
 * change `user_metadata`, never `app_metadata`); `npm run admin:grant` sets it. An address in ADMIN_EMAILS counts
 * too once its account exists and the address is confirmed (an unconfirmed sign-up with that address proves
 * nothing about who holds it). A banned or deleted account is no admin.
 */
export const ADMIN_FLAG = 'admin';

export type AdminCandidate = {
  email?: string | null;
  email_confirmed_at?: string | null;
  app_metadata?: Record<string, unknown> | null;
  banned_until?: string | null;
  deleted_at?: string | null;
};

export function isAdminAccount(user: AdminCandidate, adminEmails: readonly string[], now = new Date()): boolean {
  if (user.deleted_at) return false;
  if (user.banned_until && new Date(user.banned_until).getTime() > now.getTime()) return false;
  if (user.app_metadata?.[ADMIN_FLAG] === true) return true;
  const email = user.email?.trim().toLowerCase();
  return Boolean(email && user.email_confirmed_at && adminEmails.includes(email));
}
