import { NextResponse } from 'next/server';
import { z } from 'zod';
import { authGuard } from '@/config/auth';
import { afterSignInPath } from '@/features/auth/redirects';
import { oauthStartSchema } from '@/features/auth/schema';
import { authLimits } from '@/features/auth/server/limits';
import { startOAuth } from '@/features/auth/server/start-oauth';
import { AppError } from '@/lib/errors';
import { localizePath } from '@/lib/i18n/routing';
import { route } from '@/lib/route';
import { requestOrigin } from '@/lib/request-info';
import { otherMethods } from '@/lib/method-not-allowed';

// GET /api/auth/oauth?provider=…&redirect=… – start signing in with an OAuth provider (PKCE)
export const GET = route({ rateLimit: [authLimits.oauthPerAddress] }, async ({ request, locale: requestLocale }) => {
  const parsed = oauthStartSchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  const locale = (parsed.success && parsed.data.locale) || requestLocale;
  const login = localizePath(authGuard.loginPath, locale);
  try {
    if (!parsed.success) throw new AppError('provider_disabled', { cause: z.treeifyError(parsed.error) });
    const next = afterSignInPath(parsed.data.redirect, request.cookies.get(authGuard.redirectCookie.name)?.value, locale);
    const target = await startOAuth(parsed.data.provider, { origin: requestOrigin(request.headers), next });
    return new NextResponse(null, { status: 303, headers: { location: target, 'cache-control': 'no-store' } });
  } catch (error) {
    // A navigation, not a fetch: the sign-in page shows the reason.
    const code = error instanceof AppError ? error.code : 'internal_error';
    if (!(error instanceof AppError)) console.error('[auth] OAuth start failed:', error);
    return new NextResponse(null, { status: 303, headers: { location: `${login}?error=${code}`, 'cache-control': 'no-store' } });
  }
});

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
