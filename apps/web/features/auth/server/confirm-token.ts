import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { authGuard } from '@/config/auth';
import { env } from '@/lib/env';
import type { ErrorCode } from '@/lib/errors';
import { localizePath } from '@/lib/i18n/routing';
import { requestOrigin } from '@/lib/request-info';
import { safeRedirect } from '@/lib/safe-redirect';
import { createSupabaseServerClient } from '@/lib/supabase/server';
import { localeOfPath } from '../redirects';
import { confirmSchema } from '../schema';
import { toAppError } from './to-app-error';

/**
 * GET /api/auth/confirm?token_hash=…&type=…&next=… — the target of mailed links without PKCE, as Supabase's SSR
 * guide builds it: links an admin sends (password recovery, magic link, invitation) were not started in the
 * browser that opens them, so there is no code verifier for `?code=`; the token hash is verified here instead
 * (`verifyOtp`), which writes the session cookie. `next` must be on this site (a path, or an absolute URL on this
 * origin reduced to its path); anything else continues to the default page.
 */
export async function confirmToken(request: NextRequest): Promise<NextResponse> {
  const raw = Object.fromEntries(request.nextUrl.searchParams);
  const query = confirmSchema.safeParse(raw);
  // The auth service builds `next` on SITE_URL; the host this request came to is this site as well.
  const wanted = typeof raw.next === 'string' ? raw.next : undefined;
  const next = [requestOrigin(request.headers), env.SITE_URL]
    .filter((origin): origin is string => Boolean(origin))
    .map((origin) => safeRedirect(wanted, { fallback: '', origin }))
    .find(Boolean) || authGuard.afterSignInPath;
  const fail = (code: ErrorCode) => {
    const page = new URL(localizePath('/auth/error', localeOfPath(next)), 'http://x');
    page.searchParams.set('error', code);
    return redirect(`${page.pathname}${page.search}`);
  };
  if (!query.success) return fail('link_expired');

  const supabase = await createSupabaseServerClient();
  const { error } = await supabase.auth.verifyOtp({ token_hash: query.data.token_hash, type: query.data.type });
  if (error) {
    const code = toAppError(error).code;
    return fail(code === 'code_invalid' || code === 'internal_error' ? 'link_expired' : code);
  }
  const response = redirect(next);
  response.cookies.delete({ name: authGuard.redirectCookie.name, path: '/' });
  return response;
}

function redirect(location: string): NextResponse {
  // Relative, so the browser stays on the host it used.
  return new NextResponse(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}
