import { localizePath, type Locale } from '@/lib/i18n/routing';

/** The absolute URL mailed links lead back to: the code exchange, then `next` (a path on this site). */
export function callbackUrl(next: string): string {
  const url = new URL('/api/auth/callback', window.location.origin);
  url.searchParams.set('next', next);
  return url.toString();
}

export const confirmationLanding = (locale: Locale) => callbackUrl(localizePath('/auth/verify-success', locale));
export const passwordResetLanding = (locale: Locale) => callbackUrl(localizePath('/auth/reset-password', locale));
