import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { authGuard } from '@/config/auth';
import { isSameOriginRequest } from '@/lib/cross-site';
import { env } from '@/lib/env';
import type { ErrorCode } from '@/lib/errors';
import { localizePath } from '@/lib/i18n/routing';
import { readBodyText } from '@/lib/read-body';
import { requestOrigin } from '@/lib/request-info';
import { safeRedirect } from '@/lib/safe-redirect';
import { createSupabaseServerClient } from '@/lib/supabase/server';
import { localeOfPath } from '../redirects';
import { confirmSchema } from '../schema';
import { toAppError } from './to-app-error';

/** The confirm form's body: three short fields. */
const MAX_CONFIRM_BODY_BYTES = 4096;

/**
 * GET /api/auth/confirm?token_hash=…&type=…&next=… — the target of mailed links without PKCE, as Supabase's SSR
 * guide builds it: links an admin sends (password recovery, magic link, invitation) were not started in the
 * browser that opens them, so there is no code verifier for `?code=`; the token hash is verified instead.
 *
 * Opening the link never signs anyone in by itself: a page on another site could make a browser open an
 * attacker's link and sign its visitor into the attacker's account (login CSRF). So GET only leads to the confirm
 * page (/auth/confirm), whose "Continue" button POSTs the same fields here from this origin (`confirmToken`).
 */
export function confirmLinkPage(request: NextRequest): NextResponse {
  const raw = Object.fromEntries(request.nextUrl.searchParams);
  const next = nextPath(request, raw.next);
  const query = confirmSchema.safeParse(raw);
  if (!query.success) return fail(next, 'link_expired');
  const page = new URL(localizePath('/auth/confirm', localeOfPath(next)), 'http://x');
  page.searchParams.set('token_hash', query.data.token_hash);
  page.searchParams.set('type', query.data.type);
  page.searchParams.set('next', next);
  return redirect(`${page.pathname}${page.search}`);
}

/**
 * POST /api/auth/confirm (form fields token_hash, type, next) — the confirm page's button: only a request this
 * site's own page sent (Sec-Fetch-Site same-origin, or else an Origin of this site; lib/cross-site.ts) verifies
 * the token hash (`verifyOtp`), which writes the session cookie, then continues to `next` on this site.
 */
export async function confirmToken(request: NextRequest): Promise<NextResponse> {
  const raw = Object.fromEntries(new URLSearchParams(await readBodyText(request, MAX_CONFIRM_BODY_BYTES)));
  const next = nextPath(request, raw.next);
  if (!isSameOriginRequest(request)) return fail(next, 'cross_site_request');
  const query = confirmSchema.safeParse(raw);
  if (!query.success) return fail(next, 'link_expired');

  const supabase = await createSupabaseServerClient();
  const { error } = await supabase.auth.verifyOtp({ token_hash: query.data.token_hash, type: query.data.type });
  if (error) {
    const code = toAppError(error).code;
    return fail(next, code === 'code_invalid' || code === 'internal_error' ? 'link_expired' : code);
  }
  const response = redirect(next);
  response.cookies.delete({ name: authGuard.redirectCookie.name, path: '/' });
  return response;
}

/** `next` must be on this site (a path, or an absolute URL on this origin reduced to its path); else the default. */
function nextPath(request: NextRequest, wanted: unknown): string {
  // The auth service builds `next` on SITE_URL; the host this request came to is this site as well.
  const value = typeof wanted === 'string' ? wanted : undefined;
  return (
    [requestOrigin(request.headers), env.SITE_URL]
      .filter((origin): origin is string => Boolean(origin))
      .map((origin) => safeRedirect(value, { fallback: '', origin }))
      .find(Boolean) || authGuard.afterSignInPath
  );
}

function fail(next: string, code: ErrorCode): NextResponse {
  const page = new URL(localizePath('/auth/error', localeOfPath(next)), 'http://x');
  page.searchParams.set('error', code);
  return redirect(`${page.pathname}${page.search}`);
}

function redirect(location: string): NextResponse {
  // Relative, so the browser stays on the host it used; 303, so a POST continues as a GET.
  return new NextResponse(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}
