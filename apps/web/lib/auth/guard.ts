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

/** The login page in the visitor's language: the area's own for a path in an area that has one (the admin area). */
export function loginPathFor(locale: Locale, config: AuthGuardConfig, path?: string): string {
  const area = path ? config.areaLogins.find((candidate) => matchesAny(path, [candidate.pattern])) : undefined;
  return localizePath(area?.loginPath ?? config.loginPath, locale);
}

/** Pages that make no sense to return to after signing in (the sign-in and sign-up pages themselves). */
export function isAuthPage(pathname: string): boolean {
  return /^\/auth(\/|$)/.test(splitLocale(pathname).path);
}

/**
 * Whether a signed-out request for a guarded page should be remembered as where to go after signing in: only a
 * document navigation (an address typed, a link opened, a reload). Next fetches the routes of links in view, and
 * strips its router headers (`next-router-prefetch`, `rsc`) before proxy.ts sees a request, so a prefetch and a
 * soft navigation look alike here; remembering them sent the next sign-in after leaving the dashboard to
 * whichever of its AI links was prefetched last. A client without Fetch Metadata headers counts as a document.
 */
export function remembersDestination(headers: Headers): boolean {
  const destination = headers.get('sec-fetch-dest');
  return destination === null || destination === 'document';
}
