'use client';

import { authGuard } from '@/config/auth';
import type { Locale } from '@/lib/i18n/routing';
import { afterSignInPath } from '../redirects';

/** The guard's redirect cookie, as the browser sees it: the page a signed-out visitor was sent away from. */
export function rememberedPath(): string | null {
  const match = new RegExp(`(?:^|;\\s*)${authGuard.redirectCookie.name}=([^;]*)`).exec(document.cookie);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** Where to go now that the person is signed in (see afterSignInPath), and the cookie cleared. */
export function takeAfterSignInPath(locale: Locale): string {
  const requested = new URLSearchParams(window.location.search).get('redirect');
  const target = afterSignInPath(requested, rememberedPath(), locale);
  document.cookie = `${authGuard.redirectCookie.name}=; path=/; max-age=0; samesite=lax`;
  return target;
}

/** The same target without using it up (for links that leave the page: OAuth, mailed links). */
export function peekAfterSignInPath(locale: Locale): string {
  return afterSignInPath(new URLSearchParams(window.location.search).get('redirect'), rememberedPath(), locale);
}
