import 'server-only';
import type { JwtPayload } from '@supabase/supabase-js';
import { redirect } from 'next/navigation';
import { headers } from 'next/headers';
import { cache } from 'react';
import { authGuard } from '@/config/auth';
import { authErrorCode } from '@/features/auth/auth-errors';
import type { UserClaims } from '@/lib/db/with-user-db';
import { localizePath, type Locale } from '@/lib/i18n/routing';
import { createSupabaseServerClient } from '@/lib/supabase/server';

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
 * The current user from verified claims (getClaims() checks the token's signature against the auth
 * service's published keys), or null. Once per request.
 */
export const currentUser = cache(async (): Promise<SessionUser | null> => {
  const supabase = await createSupabaseServerClient();
  const { data } = await supabase.auth.getClaims();
  return data?.claims ? toSessionUser(data.claims) : null;
});

/** The path the proxy saw for this request (it forwards it in a header), for redirects back. */
async function requestedPath(): Promise<string | null> {
  return (await headers()).get('x-citewise-path');
}

/**
 * For guarded layouts and pages (`auth-check` in docs/product.md §2): the signed-in user, or a redirect to
 * the login page. Besides the verified claims it asks the auth service for the user, which notices a
 * session ended elsewhere (signed out everywhere, password changed) before its access token expires, and
 * tells whether the account has a verified second factor: then an aal1 session is sent to the MFA step
 * first. The factors in the session cookie are not used for this; the cookie could be edited.
 */
export const requireUser = cache(async (locale: Locale): Promise<SessionUser> => {
  const user = await currentUser();
  const back = await requestedPath();
  const withBack = (path: string) => (back ? `${path}?redirect=${encodeURIComponent(back)}` : path);
  const login = withBack(localizePath(authGuard.loginPath, locale));
  if (!user) redirect(login);

  const supabase = await createSupabaseServerClient();
  const { data, error } = await supabase.auth.getUser();
  if (error && authErrorCode(error) !== 'unauthorized') throw error;
  if (!data.user || data.user.id !== user.id) redirect(login);
  if (user.aal !== 'aal2' && (data.user.factors ?? []).some((factor) => factor.status === 'verified')) {
    redirect(withBack(localizePath('/auth/mfa', locale)));
  }
  return user;
});
