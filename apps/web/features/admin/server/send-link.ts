import 'server-only';
import { createSupabaseAdminClient } from '@/lib/supabase/admin-client';
import { toAppError } from '@/features/auth/server/to-app-error';
import { AppError } from '@/lib/errors';
import { localizePath, type Locale } from '@/lib/i18n/routing';
import type { SendLinkInput } from '../schema';
import { accountStatus } from '../user-summary';
import { actorOf, type Actor } from './actor';
import { appendAudit } from './audit';
import { getAccountOrThrow } from './get-account-or-throw';

/** Where each link leads once opened: recovery and an invitation to choosing a password; a magic link and a confirmation in. */
const landing: Record<SendLinkInput['type'], string> = {
  recovery: '/auth/reset-password',
  invite: '/auth/reset-password',
  magiclink: '/dashboard',
  signup: '/dashboard',
};

/**
 * Mails the account a password-recovery link, a magic link or (while the address is unconfirmed) its sign-up
 * confirmation again or an invitation,
 * through the auth service's own mails, as the account's own requests would — but without PKCE, since the browser
 * that opens the link did not start the flow. The service's mail templates (AUTH_MAILER_CONFIRM_URL for the
 * embedded service; the mail templates of a Supabase project) point such links at /api/auth/confirm, which
 * verifies the token hash. `origin` is this site as the admin reached it; the link continues to a page on it in
 * the account's language.
 */
export async function sendLink(actor: Actor, userId: string, input: SendLinkInput, origin: string) {
  const account = await getAccountOrThrow(userId);
  const email = account.email;
  if (!email) throw new AppError('validation_failed', { issues: [{ path: 'type', code: 'invalid' }] });
  const status = accountStatus(account);
  // An unconfirmed address gets its sign-up confirmation again, or an invitation (which also lets the person choose a
  // password); a confirmed one a recovery or sign-in link.
  const unconfirmedTypes: SendLinkInput['type'][] = ['invite', 'signup'];
  const allowed =
    status === 'unconfirmed' ? unconfirmedTypes.includes(input.type) : status !== 'banned' && status !== 'deleted' && !unconfirmedTypes.includes(input.type);
  if (!allowed) throw new AppError('conflict');
  const locale: Locale = typeof account.user_metadata?.locale === 'string' && account.user_metadata.locale.startsWith('zh') ? 'zh' : 'en';
  const redirectTo = new URL(localizePath(landing[input.type], locale), origin).toString();
  // A client of its own: supabase-js's default implicit flow sends no PKCE challenge; nothing is kept.
  const admin = await createSupabaseAdminClient();
  const { error } =
    input.type === 'recovery'
      ? await admin.auth.resetPasswordForEmail(email, { redirectTo })
      : input.type === 'magiclink'
        ? await admin.auth.signInWithOtp({ email, options: { shouldCreateUser: false, emailRedirectTo: redirectTo } })
        : input.type === 'signup'
          ? await admin.auth.resend({ type: 'signup', email, options: { emailRedirectTo: redirectTo } })
          : await admin.auth.admin.inviteUserByEmail(email, { redirectTo });
  if (error) throw toAppError(error);
  await appendAudit({
    actor: actorOf(actor),
    action: `user.link_${input.type}`,
    target: { id: userId, email },
    before: null,
    after: { type: input.type, to: email },
    ip: actor.ip,
  });
  return { sent: true, type: input.type, to: email };
}
