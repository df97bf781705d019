import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { authGuard } from '@/config/auth';
import { AppError, type ErrorCode } from '@/lib/errors';
import { splitLocale } from '@/lib/auth/guard';
import { localizePath } from '@/lib/i18n/routing';
import { safeRedirect } from '@/lib/safe-redirect';
import { authErrorCode } from '@/lib/auth/auth-errors';
import { localeOfPath } from '../redirects';
import { callbackSchema } from '../schema';
import { exchangeCode } from './exchange-code';

/**
 * Where mailed links and OAuth providers come back to: `?code=` is exchanged for a session and the browser
 * continues to `next` (a path on this site); an error from the auth service, or a failed exchange, leads to
 * `onError` with the product's error code.
 */
export async function finishCallback(
  request: NextRequest,
  options: {
    errorPage: string;
    defaultNext: string;
    /**
     * Pages to continue to even when the code cannot be exchanged here: the sign-up confirmation link has
     * confirmed the address already, opened on another device it just cannot sign that device in.
     */
    continueWithoutSession?: (path: string) => boolean;
    /** What a mailed link leading to `next` was for (`linkKinds`), told to the error page. */
    linkKind?: (path: string) => LinkKind;
  },
): Promise<NextResponse> {
  const query = callbackSchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  const params = query.success ? query.data : {};
  const next = safeRedirect(params.next, { fallback: options.defaultNext });
  const locale = localeOfPath(next);
  const fail = (code: ErrorCode) => {
    const page = new URL(localizePath(options.errorPage, locale), 'http://x');
    page.searchParams.set('error', code);
    // What the link was for, so the error page offers only the ways forward that fit it.
    const kind = options.linkKind?.(next.split(/[?#]/)[0]!);
    if (kind) page.searchParams.set('link', kind);
    return redirect(`${page.pathname}${page.search}`);
  };

  if (params.error || params.error_code) {
    // The auth service could not verify the link (expired, used) or the provider refused.
    const code = authErrorCode({ code: params.error_code });
    return fail(code === 'code_invalid' || code === 'internal_error' ? 'link_expired' : code);
  }
  if (!params.code) return fail('link_expired');
  try {
    await exchangeCode(params.code);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const elsewhere = error.code === 'link_expired' || error.code === 'link_other_device';
    if (elsewhere && options.continueWithoutSession?.(next.split(/[?#]/)[0]!)) return redirect(next);
    // Only a mailed link can be opened on another device; an OAuth return without this browser's verifier is stale.
    return fail(error.code === 'link_other_device' && !options.linkKind ? 'link_expired' : error.code);
  }
  const response = redirect(next);
  response.cookies.delete({ name: authGuard.redirectCookie.name, path: '/' });
  return response;
}

/** What a mailed link was for, from the page it leads to: confirming an address, resetting a password, signing in. */
export const linkKinds = ['signup', 'recovery', 'signin'] as const;
export type LinkKind = (typeof linkKinds)[number];

export function mailedLinkKind(path: string): LinkKind {
  const { path: page } = splitLocale(path);
  return page === '/auth/verify-success' ? 'signup' : page === '/auth/reset-password' ? 'recovery' : 'signin';
}

function redirect(location: string): NextResponse {
  // Relative, so the browser stays on the host it used.
  return new NextResponse(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}
