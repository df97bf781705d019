// @ts-check
// The request side of the page cache (page-cache.mjs): which requests it may answer, what they are keyed by, and
// which of the kept bodies and validators a request asks for.

/** Requests carrying any of these go to Next: RSC payloads, prefetches, server actions, Next's internal headers. */
const PASS_PREFIXES = ['rsc', 'next-', 'x-middleware', 'x-nextjs', 'x-prerender', 'x-now-', 'x-vercel', 'x-invoke', 'purpose', 'sec-purpose'];
/** The build's content-named files: the same answer for every request, cached for a year by browsers. */
export const STATIC_PREFIX = '/_next/static/';

/** @typedef {'br' | 'gzip' | 'identity'} Encoding */

/**
 * What a request is cached as: the key, and the only headers the render for it gets (name, value pairs).
 * @typedef {{ key: string, headers: [string, string][] }} RequestKey
 */

/**
 * The parts of an incoming request the cache reads (an `http.IncomingMessage` has them all).
 * @typedef {{ method?: string, url?: string, rawHeaders: string[], headers?: Record<string, string | string[] | undefined> }} KeyedRequest
 */

/** The q-weight among `;`-separated parameters (`q=0.5`), 1 when there is none; NaN for an unreadable one. */
function weightOf(/** @type {string[]} */ params) {
  let weight = 1;
  for (const param of params) {
    const [key, value] = param.trim().split('=');
    if (key === 'q') weight = Number(value);
  }
  return weight;
}

/**
 * `Accept-Encoding` → the best of br, gzip, identity this client takes, or null when it takes none of them.
 * @param {string | string[] | undefined | null} header
 * @returns {Encoding | null}
 */
export function chooseEncoding(header) {
  /** @type {Record<Encoding | '*', number | undefined>} */
  const q = { br: undefined, gzip: undefined, identity: undefined, '*': undefined };
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!(name in q)) continue;
    const weight = weightOf(params);
    if (Number.isFinite(weight)) q[/** @type {Encoding | '*'} */ (name)] = weight;
  }
  const weight = (/** @type {Encoding} */ name) => q[name] ?? q['*'] ?? (name === 'identity' ? 1 : 0);
  // A compressed body whenever the client takes one (the better weighted first); identity only otherwise.
  /** @type {Encoding[]} */
  const compressed = ['br', 'gzip'];
  const accepted = compressed.filter((name) => weight(name) > 0).sort((a, b) => weight(b) - weight(a));
  return accepted[0] ?? (weight('identity') > 0 ? 'identity' : null);
}

/**
 * Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks for this header).
 * @param {string | undefined} header
 * @param {string} etag
 */
export function etagMatches(header, etag) {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (/** @type {string} */ tag) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/**
 * The language among `languages` that an Accept-Language header asks for first, or '' when it names none.
 * @param {string | string[] | undefined | null} acceptLanguage
 * @param {readonly string[]} languages
 */
export function negotiatedLanguage(acceptLanguage, languages) {
  /** @type {{ primary: string, weight: number, index: number }[]} */
  const ranges = [];
  for (const [index, part] of String(acceptLanguage ?? '')
    .split(',')
    .entries()) {
    const [tag, ...params] = part.trim().toLowerCase().split(';');
    const weight = weightOf(params);
    if (tag && Number.isFinite(weight) && weight > 0) ranges.push({ primary: /** @type {string} */ (tag.split('-')[0]), weight, index });
  }
  ranges.sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranges.find((range) => languages.includes(range.primary))?.primary ?? '';
}

/**
 * What a request is cached as, or null when it must go to Next. The inputs are fixed: the path, the negotiated
 * language, and the language cookie's value; `languages` are the site's, and the language cookie is the one keyed
 * cookie.
 * @param {KeyedRequest} request
 * @param {{ languages: readonly string[], cookie: string }} keying
 * @returns {RequestKey | null}
 */
export function requestKey(request, { languages, cookie: languageCookie }) {
  if (request.method !== 'GET') return null;
  const url = request.url ?? '';
  if (!url.startsWith('/') || url.startsWith('//') || url.includes('?')) return null;
  if (url.startsWith(STATIC_PREFIX)) {
    return request.headers?.range === undefined && !url.includes('..') ? { key: `${url}\n`, headers: [['Accept-Encoding', 'identity']] } : null;
  }
  if (url.startsWith('/_next/') || url.startsWith('/api/') || url.startsWith('/platform/')) return null;
  let chosen = '';
  const raw = request.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = /** @type {string} */ (raw[i]).toLowerCase();
    if (PASS_PREFIXES.some((prefix) => name.startsWith(prefix))) return null;
    if (name !== 'cookie') continue;
    for (const pair of /** @type {string} */ (raw[i + 1]).split(';')) {
      const at = pair.indexOf('=');
      const cookieName = (at < 0 ? pair : pair.slice(0, at)).trim();
      if (!cookieName) continue;
      if (cookieName !== languageCookie) return null;
      chosen = pair.slice(at + 1).trim();
      if (!languages.includes(chosen)) return null;
    }
  }
  const negotiated = chosen ? '' : negotiatedLanguage(request.headers?.['accept-language'], languages);
  /** @type {[string, string][]} */
  const headers = [['Accept-Encoding', 'identity']];
  if (chosen) headers.push(['Cookie', `${languageCookie}=${chosen}`]);
  if (negotiated) headers.push(['Accept-Language', negotiated]);
  return { key: `${url}\ncookie:${chosen}\nlanguage:${negotiated}`, headers };
}
