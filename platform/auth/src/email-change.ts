// Email change mails: with secure email change (the default) both the current and the new address get a code
// and a link, and both must be confirmed (docs/protocols/supabase-auth.md §6.3).
import type { Context } from 'hono';
import type { AuthContext } from './context';
import type { User } from './db/schema';
import { checkFrequency, sendToken } from './delivery';

export async function sendEmailChange(
  ctx: AuthContext,
  c: Context,
  user: User,
  newEmail: string,
  options: { redirectTo?: string; pkce?: { challenge: string; method: string } | null },
) {
  checkFrequency(ctx, user, 'emailChangeSentAt', 'email');
  const common = {
    channel: 'email' as const,
    verifyType: 'email_change',
    sentAt: 'emailChangeSentAt' as const,
    redirectTo: options.redirectTo,
    newEmail,
    force: true,
  };
  let current = user;
  if (ctx.config.AUTH_MAILER_SECURE_EMAIL_CHANGE_ENABLED && user.email) {
    ({ user: current } = await sendToken(ctx, c, {
      ...common,
      user,
      address: user.email,
      tokenType: 'email_change_current',
      messageType: 'email_change_current',
    }));
  }
  const sent = await sendToken(ctx, c, {
    ...common,
    user: current,
    address: newEmail,
    tokenType: 'email_change_new',
    messageType: 'email_change_new',
    pkce: options.pkce && { ...options.pkce, authenticationMethod: 'email_change' },
  });
  return sent.user;
}
