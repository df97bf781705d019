import 'server-only';
import type { JwtPayload } from '@supabase/supabase-js';
import { redirect } from 'next/navigation';
import { headers } from 'next/headers';
import { cache } from 'react';
import { authGuard } from '@/config/auth';
import { authErrorCode } from '@/lib/auth/auth-errors';
import type { UserClaims } from '@/lib/db/with-user-db';
import { localizePath, type Locale } from '@/lib/i18n/routing';
import { createSupabaseServerClient } from '@/lib/supabase/server';
import { checkSession, type SessionState } from './session-state';

/** The signed-in user as server code knows them: only what the verified access token says. */
export type SessionUser = {
  id: string;
  email: string | null;
  phone: string | null;
  /** `aal2` once a second factor was verified in this session. */
  aal: 'aal1' | 'aal2';
  sessionId: string | null;
  /** The verified claims, for withUserDb(). */
  claims: UserClaims;
};

function toSessionUser(claims: JwtPayload): SessionUser | null {
  if (typeof claims.sub !== 'string' || !claims.sub) return null;
  return {
    id: claims.sub,
    email: typeof claims.email === 'string' && claims.email ? claims.email : null,
    phone: typeof claims.phone === 'string' && claims.phone ? claims.phone : null,
    aal: claims.aal === 'aal2' ? 'aal2' : 'aal1',
    sessionId: typeof claims.session_id === 'string' ? claims.session_id : null,
    claims: claims as UserClaims,
  };
}

/**
 * The request's session: the user of the verified claims (getClaims() checks the token's signature against the auth
 * service's published keys) and whether that session may still act (checkSession: it was not ended, its user is not
 * banned or deleted). Once per request.
 */
export const sessionStatus = cache(async (): Promise<{ user: SessionUser | null; state: SessionState | 'signed_out' }> => {
  const supabase = await createSupabaseServerClient();
  const { data } = await supabase.auth.getClaims();
  const user = data?.claims ? toSessionUser(data.claims) : null;
  if (!user) return { user: null, state: 'signed_out' };
  const state = await checkSession(
    user.claims as { sub: string; session_id?: unknown },
    async () => (await supabase.auth.getSession()).data.session?.access_token ?? null,
  );
  return { user, state };
});

/**
 * The signed-in user, or null: signed out, or a session that has ended although its token has not expired yet
 * (signed out everywhere, the account suspended or deleted). Every product API call and private page goes through it.
 */
export const currentUser = cache(async (): Promise<SessionUser | null> => {
  const { user, state } = await sessionStatus();
  return state === 'active' ? user : null;
});

/** The path the proxy saw for this request (it forwards it in a header), for redirects back. */
async function requestedPath(): Promise<string | null> {
  return (await headers()).get('x-citewise-path');
}

/**
 * For guarded layouts and pages (`auth-check` in docs/product.md §2): the signed-in user, or a redirect to the login
 * page. A session that has ended (signed out everywhere, a suspended or deleted account) goes through
 * /api/auth/session-ended, which clears its cookie (a page cannot) and names the reason on the sign-in page. Besides
 * that, it asks the auth service for the user, which tells whether the account has a verified second factor: then
 * an aal1 session is sent to the MFA step first. The factors in the session cookie are not used for this; the
 * cookie could be edited.
 */
export const requireUser = cache(async (locale: Locale): Promise<SessionUser> => {
  const { user, state } = await sessionStatus();
  const back = await requestedPath();
  const withBack = (path: string) => (back ? `${path}?redirect=${encodeURIComponent(back)}` : path);
  if (!user) redirect(withBack(localizePath(authGuard.loginPath, locale)));
  if (state !== 'active') redirect(sessionEndedPath(back));

  const supabase = await createSupabaseServerClient();
  const { data, error } = await supabase.auth.getUser();
  const code = error ? authErrorCode(error) : null;
  // Ended between the check and now (a suspended account answers account_suspended): the same way out.
  if (code && code !== 'unauthorized' && code !== 'account_suspended') throw error;
  if (code || !data.user || data.user.id !== user.id) redirect(sessionEndedPath(back));
  if (user.aal !== 'aal2' && (data.user.factors ?? []).some((factor) => factor.status === 'verified')) {
    redirect(withBack(localizePath('/auth/mfa', locale)));
  }
  return user;
});

/** The route that clears an ended session's cookie and continues to the sign-in page, saying why. */
export function sessionEndedPath(back: string | null): string {
  return back ? `/api/auth/session-ended?redirect=${encodeURIComponent(back)}` : '/api/auth/session-ended';
}
