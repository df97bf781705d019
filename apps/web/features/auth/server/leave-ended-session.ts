import 'server-only';
import { NextResponse } from 'next/server';
import { authGuard } from '@/config/auth';
import { isAuthPage } from '@/lib/auth/guard';
import { AppError } from '@/lib/errors';
import { localizePath, type Locale } from '@/lib/i18n/routing';
import { safeRedirect } from '@/lib/safe-redirect';
import { createSupabaseServerClient } from '@/lib/supabase/server';
import { authErrorCode } from '@/lib/auth/auth-errors';
import { localeOfPath } from '../redirects';
import type { SessionEndReason } from '../schema';

/**
 * Where a guarded page sends a session that ended before its token expired (requireUser): the auth service is asked
 * afresh, not the cache, and only a session it refuses is cleared; the browser then goes to the sign-in page, which
 * says why, and back to `redirect` after signing in. A session that is fine goes straight back, so a link to this
 * route signs nobody out.
 */
export async function leaveEndedSession(requested: string | null, requestLocale: Locale): Promise<Response> {
  const back = requested ? safeRedirect(requested, { fallback: '', refuse: (path) => isAuthPage(path) }) : '';
  const locale = back ? localeOfPath(back) : requestLocale;
  const supabase = await createSupabaseServerClient();
  const { data: claims } = await supabase.auth.getClaims();
  let reason: SessionEndReason | null = null;
  if (claims?.claims) {
    const { data, error } = await supabase.auth.getUser();
    if (!error && data.user) return redirectTo(back || localizePath(authGuard.afterSignInPath, locale));
    const code = authErrorCode(error);
    if (code === 'account_suspended') reason = 'account_suspended';
    else if (code === 'unauthorized') reason = (error as { code?: string } | null)?.code === 'user_not_found' ? 'account_deleted' : 'session_ended';
    else throw new AppError(code === 'network_error' ? 'auth_unavailable' : code, { cause: error });
    // Clears the cookie (supabase-js ignores the auth service refusing to sign out a session it no longer knows).
    await supabase.auth.signOut({ scope: 'local' });
  }
  const query = new URLSearchParams();
  if (reason) query.set('reason', reason);
  if (back) query.set('redirect', back);
  const login = localizePath(authGuard.loginPath, locale);
  return redirectTo(query.size ? `${login}?${query}` : login);
}

function redirectTo(path: string): Response {
  // Relative, so the browser stays on the host it used (as the proxy's redirects do).
  return new NextResponse(null, { status: 303, headers: { location: path, 'cache-control': 'private, no-store' } });
}
