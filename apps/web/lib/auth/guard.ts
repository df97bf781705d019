import type { AuthGuardConfig } from '@/config/auth';
import { isLocale, localizePath, routing, type Locale } from '@/lib/i18n/routing';

/** A path pattern of the guard config as a regular expression (see config/auth.ts for the syntax). */
export function patternToRegExp(pattern: string): RegExp {
  const normalized = pattern.length > 1 ? pattern.replace(/\/+$/, '') : pattern;
  let source = '';
  for (let i = 0; i < normalized.length; i++) {
    const char = normalized[i]!;
    if (char === '/' && normalized.slice(i + 1, i + 3) === '**' && (i + 3 === normalized.length || normalized[i + 3] === '/')) {
      source += '(?:/.*)?';
      i += 2;
    } else if (char === '*' && normalized[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (char === '*') {
      source += '[^/]*';
    } else {
      source += char.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}/?$`);
}

export function matchesAny(path: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => patternToRegExp(pattern).test(path));
}

/** The language of a pathname and the path without its prefix (`/zh/dashboard` → zh, `/dashboard`). */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const [, first, ...rest] = pathname.split('/');
  if (first && first !== routing.defaultLocale && isLocale(first)) {
    return { locale: first, path: `/${rest.join('/')}` };
  }
  return { locale: routing.defaultLocale, path: pathname || '/' };
}

/** Whether a signed-out visitor may not see `path` (unprefixed). */
export function isGuarded(path: string, config: AuthGuardConfig): boolean {
  if (matchesAny(path, [config.loginPath, ...config.callbackPaths, ...config.exclude])) return false;
  return config.include.length === 0 || matchesAny(path, config.include);
}

/** The login page in the visitor's language. */
export function loginPathFor(locale: Locale, config: AuthGuardConfig): string {
  return localizePath(config.loginPath, locale);
}

/** Pages that make no sense to return to after signing in (the sign-in and sign-up pages themselves). */
export function isAuthPage(pathname: string): boolean {
  return /^\/auth(\/|$)/.test(splitLocale(pathname).path);
}

/**
 * Whether a request is Next's prefetch of a route (a link in view), not a visit. A signed-out prefetch of a
 * guarded route is still redirected, but it must not become the remembered destination: a page of links (the
 * dashboard's, right after signing out) would otherwise send the next sign-in to whichever link was fetched last.
 */
export function isPrefetch(headers: Headers): boolean {
  return headers.has('next-router-prefetch') || /prefetch/i.test(headers.get('sec-purpose') ?? headers.get('purpose') ?? '');
}
