import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { authGuard } from './config/auth';
import { isGuarded, loginPathFor, remembersDestination, splitLocale } from './lib/auth/guard';
import { routing } from './lib/i18n/routing';
import { cspManifest, externalOrigins, pagePolicy, prerenderedRoute } from './lib/security/csp';
import { refreshSession } from './lib/supabase/proxy';

/**
 * The language rule (README, docs/architecture.md §6.6): a URL that names its language is served in it — `/zh/…`
 * in Chinese, every other unprefixed path in English — whatever the language cookie or Accept-Language say, so a
 * shared link opens as it was shared. Only `/`, which names none, is negotiated: the cookie (the language last read),
 * else Accept-Language, may send it to `/zh`. next-intl still keeps the cookie in step with the page read.
 */
const intl = createMiddleware({ ...routing, localeDetection: false });
const negotiating = createMiddleware(routing);

/**
 * Every page request: refresh the session cookie, send a signed-out visitor on a guarded page to the login
 * page (remembering where they wanted to go), then let next-intl pick the language.
 */
export default async function proxy(request: NextRequest) {
  const session = await refreshSession(request);
  const { locale, path } = splitLocale(request.nextUrl.pathname);

  if (!session.claims && isGuarded(path, authGuard)) {
    // Next turns a same-origin Location into a relative one, so the visitor stays on the host they used.
    const response = NextResponse.redirect(new URL(loginPathFor(locale, authGuard, path), request.url), 307);
    response.headers.set('cache-control', 'private, no-store');
    if (!remembersDestination(request.headers)) return session.applyTo(response);
    response.cookies.set(authGuard.redirectCookie.name, `${request.nextUrl.pathname}${request.nextUrl.search}`, {
      path: '/',
      sameSite: 'lax',
      maxAge: authGuard.redirectCookie.maxAgeSeconds,
      // Read by the sign-in page's script to return there after signing in; it holds a path, nothing secret.
      httpOnly: false,
      secure: request.headers.get('x-forwarded-proto') === 'https',
    });
    return session.applyTo(response);
  }

  // Guarded layouts read the requested path to send people back after an extra step (MFA).
  request.headers.set('x-citewise-path', `${request.nextUrl.pathname}${request.nextUrl.search}`);
  // Content-Security-Policy (lib/security/csp.ts): a page rendered per request finds its nonce in the request's
  // policy, where Next reads it for its own scripts; a prerendered page gets its fixed policy.
  const { policy, nonce } = pagePolicy(prerenderedRoute(locale, path), cspManifest(), {
    connect: externalOrigins(process.env.SUPABASE_URL),
    userContent: externalOrigins(process.env.STORAGE_PUBLIC_URL),
    development: process.env.NODE_ENV === 'development',
  });
  if (nonce) request.headers.set('content-security-policy', policy);
  else request.headers.delete('content-security-policy');
  const response = request.nextUrl.pathname === '/' ? negotiating(request) : intl(request);
  response.headers.set('content-security-policy', policy);
  return session.applyTo(response);
}

export const config = {
  // Everything a person navigates to, except the API, the platform services, Next's own files,
  // generated indexes and files with an extension; the blog feeds are the one dotted path that is
  // localised.
  matcher: ['/((?!api|platform|_next|_vercel|builds|docs-index|.*\\..*).*)', '/blog/rss.xml', '/zh/blog/rss.xml'],
};
