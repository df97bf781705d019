'use client';

import { isErrorCode, type ErrorCode } from '@/lib/errors';

/**
 * The error a redirect brought to this page (`?error=<code>`). The auth service also describes it in the
 * URL fragment, which browsers carry over redirects; both are removed from the address bar once read.
 */
export function takeArrivalError(): ErrorCode | null {
  const url = new URL(window.location.href);
  const code = url.searchParams.get('error');
  if (url.hash.includes('error')) window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`);
  return isErrorCode(code) ? code : null;
}
