/**
 * The one way the product turns a user-supplied destination (a `redirect` query value, the redirect cookie,
 * a `next` parameter) into somewhere to send the browser. Only paths on this site are accepted; anything
 * else — other hosts, protocol-relative `//host`, `javascript:`, backslash and encoded tricks — gives the
 * fallback. Absolute URLs to other sites need `{ external: true }`, which nothing user-supplied should use.
 */
export type SafeRedirectOptions = {
  /** Where to go when the value is not acceptable (default `/dashboard`). */
  fallback?: string;
  /** Accept absolute http(s) URLs to other sites too (for configured, trusted destinations only). */
  external?: boolean;
  /** This site's origin: an absolute URL on it is accepted and reduced to its path. */
  origin?: string;
  /** Paths (without language prefix) that make no sense after signing in, e.g. the sign-in page itself. */
  refuse?: (path: string) => boolean;
};

const BASE = 'http://citewise.invalid';
const MAX_LENGTH = 2048;

/** Control characters, whitespace and backslashes are read differently by browsers and URL parsers. */
const AMBIGUOUS = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/;

/** The value with percent-encoding undone a few times, to see what a lenient hop might turn it into. */
function decodings(value: string): string[] {
  const seen = [value];
  let current = value;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      break;
    }
    if (next === current) break;
    seen.push(next);
    current = next;
  }
  return seen;
}

function isSitePath(value: string): boolean {
  if (AMBIGUOUS.test(value)) return false;
  // After any decoding it must still be a path; encoded spaces are fine in the query, not in the path.
  return decodings(value).every((form) => form.startsWith('/') && !form.startsWith('//') && !AMBIGUOUS.test(form.split(/[?#]/)[0]!));
}

export function safeRedirect(value: unknown, options: SafeRedirectOptions = {}): string {
  const fallback = options.fallback ?? '/dashboard';
  if (typeof value !== 'string' || value === '' || value.length > MAX_LENGTH) return fallback;

  if (options.external && /^https?:\/\//i.test(value) && !AMBIGUOUS.test(value)) {
    try {
      const url = new URL(value);
      if (!url.username && !url.password) return url.toString();
    } catch {
      return fallback;
    }
  }

  let candidate = value;
  if (options.origin && /^https?:\/\//i.test(value) && !AMBIGUOUS.test(value)) {
    try {
      const url = new URL(value);
      if (url.origin !== new URL(options.origin).origin || url.username || url.password) return fallback;
      candidate = `${url.pathname}${url.search}${url.hash}`;
    } catch {
      return fallback;
    }
  }

  if (!isSitePath(candidate)) return fallback;
  let url: URL;
  try {
    url = new URL(candidate, BASE);
  } catch {
    return fallback;
  }
  // Whatever the parser made of it must still be a path on this site.
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!isSitePath(path)) return fallback;
  if (options.refuse?.(url.pathname)) return fallback;
  return path;
}
