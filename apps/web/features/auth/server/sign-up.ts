import 'server-only';
import type { User } from '@supabase/supabase-js';
import { localizePath, type Locale } from '@/lib/i18n/routing';
import { safeRedirect } from '@/lib/safe-redirect';
import { createSupabaseServerClient } from '@/lib/supabase/server';
import type { SignUpInput } from '../schema';
import { toAppError } from './to-app-error';

export type SignUpResult = {
  user: User | null;
  /** Only when the service confirms new accounts at once (AUTH_MAILER_AUTOCONFIRM); usually a mail or SMS goes out. */
  signedIn: boolean;
  /** Where the confirmation went. */
  confirmation: 'email' | 'sms' | null;
};

/**
 * A new account with an email or a phone and a password. The confirmation mail's link comes back through
 * /api/auth/callback to /auth/verify-success; a phone gets a code by SMS instead. The account remembers its
 * language (for later mails) and the plan chosen on the pricing page (for billing, once it exists).
 */
export async function signUp(input: SignUpInput, request: { origin: string; locale: Locale }): Promise<SignUpResult> {
  const supabase = await createSupabaseServerClient();
  const data: Record<string, unknown> = { locale: request.locale };
  if (input.planChoice) data.signup_plan = input.planChoice;
  const password = input.password!;

  const result = input.email
    ? await supabase.auth.signUp({
        email: input.email,
        password,
        options: { data, emailRedirectTo: confirmationUrl(input, request) },
      })
    : await supabase.auth.signUp({ phone: input.phone!, password, options: { data, channel: 'sms' } });
  if (result.error) throw toAppError(result.error);
  return {
    user: result.data.user,
    signedIn: Boolean(result.data.session),
    confirmation: result.data.session ? null : input.email ? 'email' : 'sms',
  };
}

function confirmationUrl(input: SignUpInput, request: { origin: string; locale: Locale }): string {
  const landing = new URL(localizePath('/auth/verify-success', request.locale), request.origin);
  const after = safeRedirect(input.redirect, { fallback: '' });
  if (after) landing.searchParams.set('redirect', after);
  const callback = new URL('/api/auth/callback', request.origin);
  callback.searchParams.set('next', `${landing.pathname}${landing.search}`);
  return callback.toString();
}
