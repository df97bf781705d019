import { authGuard } from '@/config/auth';
import { isAuthPage, splitLocale } from '@/lib/auth/guard';
import { localizePath, type Locale } from '@/lib/i18n/routing';
import { safeRedirect } from '@/lib/safe-redirect';

/**
 * Where a person goes once signed in: the `redirect` query value when there is one, else the page the guard
 * remembered in its cookie — in both cases only a path on this site, and never back to a sign-in page.
 * Anything else (another host, `//host`, `javascript:`, encoded tricks) leads to the dashboard.
 */
export function afterSignInPath(requested: string | null | undefined, remembered: string | null | undefined, locale: Locale): string {
  const fallback = localizePath(authGuard.afterSignInPath, locale);
  const candidate = requested ? requested : remembered;
  return safeRedirect(candidate, { fallback, refuse: (path) => isAuthPage(path) });
}

/** The language a path on this site is in (for pages reached through a callback). */
export function localeOfPath(path: string): Locale {
  return splitLocale(path.split(/[?#]/)[0] ?? '/').locale;
}
