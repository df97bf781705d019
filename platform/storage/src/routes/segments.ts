// The bucket and key of an object route, read from the raw path: each segment percent-decoded once (a key may
// hold an encoded `/` or `%`), so the service reads a key exactly as supabase-js encoded it.
import type { Context } from 'hono';
import { errors } from '../errors';
import { splitTarget, type Target } from '../objects/rows';

/** The decoded segments after the route's fixed part (`/object/public/` for `/object/public/*`). */
export function segmentsOf(c: Context): string[] {
  const pattern = c.req.routePath;
  const fixed = pattern.slice(0, pattern.search(/\/(:|\*)/) + 1);
  const raw = new URL(c.req.url).pathname.slice(fixed.length);
  if (!raw) return [];
  return raw.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      throw errors.invalidKey(segment);
    }
  });
}

/**
 * `bucket/key…` of the route, after `skip` leading segments (`/object/info/public/…`); a key ending in `/` is not
 * an object (supabase-js strips it before uploading).
 */
export function targetOf(c: Context, skip = 0): Target {
  const segments = segmentsOf(c).slice(skip);
  if (segments.length > 1 && segments.at(-1) === '' && c.req.method !== 'DELETE') throw errors.invalidKey(segments.slice(1).join('/'));
  return splitTarget(segments);
}
