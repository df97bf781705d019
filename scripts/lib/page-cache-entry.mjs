// @ts-check
// The answer side of the page cache (page-cache.mjs): whether Next's answer may be kept, and a kept answer made ready
// to send — headers in Next's order, bodies compressed once, a 304 variant, cookie expiry dates kept current.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Response headers Node writes for us, or that depend on the chosen body. */
const DROPPED_RESPONSE_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'content-encoding']);
/** Not in a 304, as Next leaves them out there. */
const NOT_IN_304 = new Set(['content-type', 'content-length', 'content-encoding']);
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|rss\+xml|atom\+xml|manifest\+json)|image\/svg\+xml)/i;
/** Next's compression leaves smaller bodies alone. */
const COMPRESSION_THRESHOLD = 1024;
const YEAR = 31_536_000;

/** @typedef {import('./page-cache-request.mjs').Encoding} Encoding */

/**
 * Next's answer as the cache read it: status, headers as name, value pairs in Next's order, and its whole body.
 * @typedef {{ statusCode?: number, statusMessage?: string, rawHeaders: string[] }} NextAnswer
 */

/**
 * A kept answer. `headers` per encoding (and `notModified`) are flat name, value lists; `cookieAt` are the indexes
 * of Set-Cookie values whose Expires follows their Max-Age; `stamped` holds those lists with today's dates.
 * @typedef {{
 *   status: number,
 *   statusMessage: string | undefined,
 *   etag: string,
 *   bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer },
 *   size: number,
 *   headers: Partial<Record<Encoding, string[]>> & { identity: string[] },
 *   notModified: string[],
 *   cookieAt: number[],
 *   expiresAt: number,
 *   stamped: Map<Encoding | 'notModified', string[]>,
 *   stampedSecond: number,
 * }} Entry
 */

/**
 * The value of header `name` (lower case) in a flat name, value list, or undefined.
 * @param {readonly string[]} rawHeaders
 * @param {string} name
 */
export function header(rawHeaders, name) {
  for (let i = 0; i < rawHeaders.length; i += 2) if (/** @type {string} */ (rawHeaders[i]).toLowerCase() === name) return rawHeaders[i + 1];
  return undefined;
}

/**
 * Seconds an answer stays fresh in Next's own cache (s-maxage below a year: revalidated pages), or Infinity.
 * @param {string | undefined} cacheControl
 */
function freshFor(cacheControl) {
  const sMaxAge = /(?:^|,)\s*s-maxage=(\d+)/i.exec(cacheControl ?? '');
  const seconds = sMaxAge ? Number(sMaxAge[1]) : YEAR;
  return seconds >= YEAR ? Infinity : seconds;
}

/**
 * A kept answer's lifetime, when Next's answer is a prerendered page (or, for `/_next/static/`, an immutable file)
 * this cache may repeat; null otherwise.
 * @param {NextAnswer} response
 * @param {ReadonlySet<string>} keyedCookies cookies an answer may set and still be kept
 * @param {boolean} [isStatic]
 * @returns {{ ttl: number } | null}
 */
export function keepable(response, keyedCookies, isStatic = false) {
  const raw = response.rawHeaders;
  if (response.statusCode !== 200) return null;
  const prerendered = isStatic
    ? /(^|,)\s*immutable\s*(,|$)/i.test(header(raw, 'cache-control') ?? '')
    : header(raw, 'x-nextjs-cache') === 'HIT' || header(raw, 'x-nextjs-prerender') === '1';
  if (!prerendered) return null;
  if (/private|no-store|no-cache/i.test(header(raw, 'cache-control') ?? '')) return null;
  if (header(raw, 'content-encoding')) return null;
  for (let i = 0; i < raw.length; i += 2) {
    if (/** @type {string} */ (raw[i]).toLowerCase() === 'set-cookie' && !keyedCookies.has(/** @type {string} */ (raw[i + 1]).split('=')[0]?.trim() ?? ''))
      return null;
  }
  return { ttl: freshFor(header(raw, 'cache-control')) };
}

/**
 * `Expires=` of a cookie with Max-Age, as Next computes it at the time of sending.
 * @param {string} cookie
 * @param {number} now milliseconds
 */
function withFreshExpiry(cookie, now) {
  const maxAge = /;\s*Max-Age=(\d+)/i.exec(cookie);
  if (!maxAge || !/;\s*Expires=/i.test(cookie)) return cookie;
  const expires = new Date(now + Number(maxAge[1]) * 1000).toUTCString();
  return cookie.replace(/(;\s*Expires=)[^;]*/i, `$1${expires}`);
}

/**
 * A kept answer made from Next's answer and body: validators, compressed bodies and the headers for each.
 * @param {NextAnswer} response
 * @param {Buffer} body
 * @param {number} ttl seconds, or Infinity
 * @returns {Promise<Entry>}
 */
export async function buildEntry(response, body, ttl) {
  /** @type {string[]} */
  const base = [];
  for (let i = 0; i < response.rawHeaders.length; i += 2) {
    const name = /** @type {string} */ (response.rawHeaders[i]);
    if (!DROPPED_RESPONSE_HEADERS.has(name.toLowerCase())) base.push(name, /** @type {string} */ (response.rawHeaders[i + 1]));
  }
  let etag = header(base, 'etag');
  if (!etag) {
    etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    base.push('ETag', etag);
  }
  const compressible = body.length >= COMPRESSION_THRESHOLD && COMPRESSIBLE.test(header(base, 'content-type') ?? '');
  if (compressible) {
    const vary = header(base, 'vary');
    if (!vary) base.push('Vary', 'Accept-Encoding');
    else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) {
      const at = base.findIndex((value, index) => index % 2 === 0 && value.toLowerCase() === 'vary');
      base[at + 1] = `${vary}, Accept-Encoding`;
    }
  }
  /** @type {Entry['bodies']} */
  const bodies = { identity: body };
  if (compressible) {
    const [br, gz] = await Promise.all([
      brotliCompress(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      }),
      gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    bodies.br = br;
    bodies.gzip = gz;
  }
  /** @type {number[]} */
  const cookieAt = [];
  for (let i = 0; i < base.length; i += 2) {
    if (/** @type {string} */ (base[i]).toLowerCase() === 'set-cookie' && /;\s*Max-Age=/i.test(/** @type {string} */ (base[i + 1]))) cookieAt.push(i + 1);
  }
  const headersFor = (/** @type {Encoding} */ encoding) => {
    const list = [...base];
    if (encoding !== 'identity') list.push('Content-Encoding', encoding);
    list.push('Content-Length', String(/** @type {Buffer} */ (bodies[encoding]).length));
    return list;
  };
  const notModified = base.filter((_, index) => {
    const nameAt = index - (index % 2);
    return !NOT_IN_304.has(/** @type {string} */ (base[nameAt]).toLowerCase());
  });
  return {
    status: /** @type {number} */ (response.statusCode),
    statusMessage: response.statusMessage,
    etag,
    bodies,
    size: Object.values(bodies).reduce((sum, part) => sum + part.length, 0),
    headers: { identity: headersFor('identity'), ...(compressible ? { br: headersFor('br'), gzip: headersFor('gzip') } : {}) },
    notModified,
    cookieAt,
    expiresAt: ttl === Infinity ? Infinity : Date.now() + ttl * 1000,
    // The headers with cookies' Expires recomputed, remade at most once a second.
    stamped: new Map(),
    stampedSecond: -1,
  };
}

/**
 * The entry's headers for `which` encoding (or its 304), with cookie expiry dates as of now.
 * @param {Entry} entry
 * @param {Encoding | 'notModified'} which
 * @returns {string[]}
 */
export function headersAt(entry, which) {
  const list = which === 'notModified' ? entry.notModified : /** @type {string[]} */ (entry.headers[which]);
  if (entry.cookieAt.length === 0) return list;
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== entry.stampedSecond) {
    entry.stamped.clear();
    entry.stampedSecond = second;
  }
  let stamped = entry.stamped.get(which);
  if (!stamped) {
    stamped = [...list];
    for (let i = 0; i < stamped.length; i += 2) {
      if (/** @type {string} */ (stamped[i]).toLowerCase() === 'set-cookie')
        stamped[i + 1] = withFreshExpiry(/** @type {string} */ (stamped[i + 1]), second * 1000);
    }
    entry.stamped.set(which, stamped);
  }
  return stamped;
}
