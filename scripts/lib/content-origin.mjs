// @ts-check
// User content on an origin of its own (STORAGE_PUBLIC_URL).
//
// The storage service already serves every object inert (types parsed strictly, only raster images, PDF and plain
// text in place, everything under nosniff and a sandbox policy). A second origin is the layer that holds even if
// one of those fails in some browser: a file there shares nothing with the product's pages (no session cookie,
// no same-origin access to the API), so whatever it does, it does in a site of its own.
//
// With STORAGE_PUBLIC_URL set, this server answers two kinds of host:
// - the content host (STORAGE_PUBLIC_URL's): object reads a browser can make without credentials (public and
//   signed URLs), readable from script (CORS) so pdf.js may read them; everything else there is 404;
// - any other host: those reads are redirected to the content host (links already stored, avatars in user
//   metadata, signed URLs the browser client builds on the site keep working), everything else as before.

/** Reads that need no credentials: they are what a link, an <img> or pdf.js can open. */
const OPEN_READ = /^\/platform\/storage\/v1\/object\/(public|sign)\/[^/]+\/./;

/** @typedef {{ origin: string, host: string }} ContentOrigin */
/**
 * Hand the request on, adding `headers` to the answer; or answer at once.
 * @typedef {{ pass: true, headers: Record<string, string> } | { pass?: undefined, status: number, headers: Record<string, string>, body?: string }} ContentDecision
 */

/**
 * STORAGE_PUBLIC_URL as an origin (`https://usercontent.example.com`), or null when unset. Throws on anything
 * else, so a typo stops the start instead of serving user content from the site.
 * @param {string | undefined} value
 * @param {string | undefined} [siteUrl]
 * @returns {ContentOrigin | null}
 */
export function parseContentOrigin(value, siteUrl) {
  const text = String(value ?? '').trim();
  if (!text) return null;
  let url;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`STORAGE_PUBLIC_URL must be an origin such as https://usercontent.example.com, not ${JSON.stringify(text)}`);
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    throw new Error(`STORAGE_PUBLIC_URL must be an origin (scheme, host and port only), not ${JSON.stringify(text)}`);
  }
  const site = siteUrl ? new URL(siteUrl).origin : null;
  if (site && url.origin === site) throw new Error('STORAGE_PUBLIC_URL must be another origin than SITE_URL: that is its whole point');
  return { origin: url.origin, host: url.host.toLowerCase() };
}

/**
 * What to do with a request: `{ pass: true, headers }` to hand it on (with headers for the answer), or
 * `{ status, headers, body? }` to answer at once. `host` is the request's Host header: a proxy in front must pass
 * it on unchanged (nginx: `proxy_set_header Host $host`).
 * @param {ContentOrigin} content
 * @param {{ method?: string, url: string, host?: string }} request
 * @returns {ContentDecision}
 */
export function routeContentOrigin(content, { method, url, host }) {
  const path = /** @type {string} */ (url.split('?')[0]);
  const read = (method === 'GET' || method === 'HEAD') && OPEN_READ.test(path);
  if ((host ?? '').toLowerCase() === content.host) {
    if (method === 'OPTIONS' && OPEN_READ.test(path)) return { status: 204, headers: corsHeaders(true) };
    if (read) return { pass: true, headers: corsHeaders(false) };
    return {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' },
      body: 'Not found',
    };
  }
  if (read) return { status: 307, headers: { location: `${content.origin}${url}`, 'cache-control': 'no-store' } };
  return { pass: true, headers: {} };
}

/**
 * Script on any page may read these answers (pdf.js reads a PDF in ranges), with any request header: they are
 * capability URLs that need no credentials, so whoever holds one can read it anyway, and no cookie goes with them.
 * @param {boolean} preflight
 * @returns {Record<string, string>}
 */
function corsHeaders(preflight) {
  return {
    'access-control-allow-origin': '*',
    ...(preflight
      ? { 'access-control-allow-methods': 'GET, HEAD', 'access-control-allow-headers': '*', 'access-control-max-age': '600' }
      : { 'access-control-expose-headers': 'accept-ranges, content-range, content-length, content-disposition, etag' }),
  };
}
