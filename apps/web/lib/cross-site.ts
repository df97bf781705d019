import { env } from '@/lib/env';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request is a state-changing write sent by another site with this site's cookies. SameSite=Lax
 * session cookies already stop most cross-site posts, but a sibling subdomain counts as the same site and
 * would ride on them; so a write carrying cookies must come from this origin: an `Origin` that names another
 * origin (or `null`, an opaque one), or no `Origin` with `Sec-Fetch-Site: cross-site`, is refused. A request
 * without cookies (a bearer token, a script) carries no ambient authority and is not affected.
 *
 * "This origin" is the host the request was addressed to, or SITE_URL's host (behind a proxy that rewrites
 * Host); the scheme is not compared, as a TLS-terminating proxy hides it.
 */
export function isCrossSiteWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method) || !request.headers.get('cookie')) return false;
  const origin = request.headers.get('origin');
  if (!origin) return request.headers.get('sec-fetch-site') === 'cross-site';
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return true;
  }
  return host !== request.headers.get('host') && host !== new URL(env.SITE_URL).host;
}

/**
 * Stricter than `isCrossSiteWrite`, for a request that creates a session (login CSRF; the Security docs page,
 * content/docs/self-hosting/security.mdx): a visitor without cookies has nothing to lose to a forged post, but could
 * be signed into someone else's account. So the request must say it came from this origin: `Sec-Fetch-Site:
 * same-origin` when the browser sends it, else an `Origin` naming this site's host; a request with neither is refused.
 */
export function isSameOriginRequest(request: Request): boolean {
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite) return fetchSite === 'same-origin';
  const origin = request.headers.get('origin');
  if (!origin) return false;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  return host === request.headers.get('host') || host === new URL(env.SITE_URL).host;
}
