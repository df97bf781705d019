// Prerendered public pages at the speed of a static file server, in front of Next's request handler.
//
// Design. Every public page is prerendered at build time, yet each request for one still runs Next's whole
// pipeline (the proxy with next-intl, routing, the prerender cache). This cache answers such requests from
// memory instead, with exactly what Next answers, because it asks Next:
//
// - The first GET for a page is rendered once through Next's own handler, over a private loopback server,
//   uncompressed, from a request made of a fixed list of inputs (see `requestKey`): the path, the language the
//   visitor's Accept-Language negotiates to, and the language cookie. Nothing else the client sent reaches that
//   render, so nothing else can make a new entry: a header of the client's own invention (`X-Junk: n`) or a new
//   Host changes neither the key nor the answer. Next's answer is kept only when Next itself says it came from
//   the prerender cache (`x-nextjs-cache: HIT` or `x-nextjs-prerender: 1`), with status 200, a cache-control
//   that allows sharing, and no cookie other than the language cookie. Anything else (redirects, dynamic
//   pages, errors) is remembered as "pass" and always goes to Next.
// - Kept answers are served with Next's status and headers, in Next's order (security headers, Vary,
//   Cache-Control, ETag…), with the body compressed once ahead of time with brotli and gzip and chosen by
//   Accept-Encoding; Content-Length replaces chunked transfer; the ETag is Next's (one is made from the body
//   when Next sends none) and `If-None-Match` is answered with 304; a cookie's Expires is recomputed from its
//   Max-Age at the time of sending, as Next would.
// - Requests that Next may answer differently fall through to Next untouched: other methods than GET, query
//   strings, RSC and prefetch requests (`rsc`, `next-*` headers), Next's internal headers, and any cookie other
//   than the language cookie (a session cookie makes the proxy refresh the session; preview cookies), or a
//   language cookie naming no language of the site.
// - Memory is bounded twice: by a number of entries (when reached, the oldest "pass" is forgotten first) and by
//   a byte budget over the kept bodies (when passed, the least recently served pages are forgotten).
// - The build's static files (`/_next/static/…`: scripts, styles, fonts, named by their content) are kept the
//   same way, keyed by URL alone, since Next answers them the same whatever the request says (a `Range`
//   request goes to Next). Next compresses them per request at gzip's default level; from memory they go out
//   compressed once at brotli's and gzip's best, about a fifth smaller. The first request for one is answered by
//   Next while the compression runs, so nobody waits for it.
// - When a new build is switched in (.next/BUILD_ID changes), everything is forgotten and asked for again.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Requests carrying any of these go to Next: RSC payloads, prefetches, server actions, Next's internal headers. */
const PASS_PREFIXES = ['rsc', 'next-', 'x-middleware', 'x-nextjs', 'x-prerender', 'x-now-', 'x-vercel', 'x-invoke', 'purpose', 'sec-purpose'];
/** Response headers Node writes for us, or that depend on the chosen body. */
const DROPPED_RESPONSE_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'content-encoding']);
/** Not in a 304, as Next leaves them out there. */
const NOT_IN_304 = new Set(['content-type', 'content-length', 'content-encoding']);
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|rss\+xml|atom\+xml|manifest\+json)|image\/svg\+xml)/i;
/** The build's content-named files: the same answer for every request, cached for a year by browsers. */
const STATIC_PREFIX = '/_next/static/';
/** Next's compression leaves smaller bodies alone. */
const COMPRESSION_THRESHOLD = 1024;
const YEAR = 31_536_000;

/** `Accept-Encoding` → the best of br, gzip, identity this client takes, or null when it takes none of them. */
export function chooseEncoding(header) {
  const q = { br: undefined, gzip: undefined, identity: undefined, '*': undefined };
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!(name in q)) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') weight = Number(value);
    }
    if (Number.isFinite(weight)) q[name] = weight;
  }
  const weight = (name) => q[name] ?? q['*'] ?? (name === 'identity' ? 1 : 0);
  // A compressed body whenever the client takes one (the better weighted first); identity only otherwise.
  const compressed = ['br', 'gzip'].filter((name) => weight(name) > 0).sort((a, b) => weight(b) - weight(a));
  return compressed[0] ?? (weight('identity') > 0 ? 'identity' : null);
}

/** Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks for this header). */
export function etagMatches(header, etag) {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

function cookieNames(header) {
  return String(header)
    .split(';')
    .map((pair) => pair.split('=')[0].trim())
    .filter(Boolean);
}

/** The language among `languages` that an Accept-Language header asks for first, or '' when it names none. */
export function negotiatedLanguage(acceptLanguage, languages) {
  const ranges = [];
  for (const [index, part] of String(acceptLanguage ?? '').split(',').entries()) {
    const [tag, ...params] = part.trim().toLowerCase().split(';');
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') weight = Number(value);
    }
    if (tag && Number.isFinite(weight) && weight > 0) ranges.push({ primary: tag.split('-')[0], weight, index });
  }
  ranges.sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranges.find((range) => languages.includes(range.primary))?.primary ?? '';
}

/**
 * What a request is cached as: `{ key, headers }` (the key, and the only headers the render for it gets), or
 * null when it must go to Next. The inputs are fixed: the path, the negotiated language, and the language
 * cookie's value; `languages` are the site's, and the language cookie is the one keyed cookie.
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
    const name = raw[i].toLowerCase();
    if (PASS_PREFIXES.some((prefix) => name.startsWith(prefix))) return null;
    if (name !== 'cookie') continue;
    for (const pair of raw[i + 1].split(';')) {
      const at = pair.indexOf('=');
      const cookieName = (at < 0 ? pair : pair.slice(0, at)).trim();
      if (!cookieName) continue;
      if (cookieName !== languageCookie) return null;
      chosen = pair.slice(at + 1).trim();
      if (!languages.includes(chosen)) return null;
    }
  }
  const negotiated = chosen ? '' : negotiatedLanguage(request.headers?.['accept-language'], languages);
  const headers = [['Accept-Encoding', 'identity']];
  if (chosen) headers.push(['Cookie', `${languageCookie}=${chosen}`]);
  if (negotiated) headers.push(['Accept-Language', negotiated]);
  return { key: `${url}\ncookie:${chosen}\nlanguage:${negotiated}`, headers };
}

function header(rawHeaders, name) {
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i].toLowerCase() === name) return rawHeaders[i + 1];
  return undefined;
}

/** Seconds an answer stays fresh in Next's own cache (s-maxage below a year: revalidated pages), or Infinity. */
function freshFor(cacheControl) {
  const sMaxAge = /(?:^|,)\s*s-maxage=(\d+)/i.exec(cacheControl ?? '');
  const seconds = sMaxAge ? Number(sMaxAge[1]) : YEAR;
  return seconds >= YEAR ? Infinity : seconds;
}

/**
 * A kept answer, when Next's answer is a prerendered page (or, for `/_next/static/`, an immutable file) this
 * cache may repeat; null otherwise.
 */
function keepable(response, keyedCookies, isStatic = false) {
  const raw = response.rawHeaders;
  if (response.statusCode !== 200) return null;
  const prerendered = isStatic
    ? /(^|,)\s*immutable\s*(,|$)/i.test(header(raw, 'cache-control') ?? '')
    : header(raw, 'x-nextjs-cache') === 'HIT' || header(raw, 'x-nextjs-prerender') === '1';
  if (!prerendered) return null;
  if (/private|no-store|no-cache/i.test(header(raw, 'cache-control') ?? '')) return null;
  if (header(raw, 'content-encoding')) return null;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i].toLowerCase() === 'set-cookie' && !keyedCookies.has(raw[i + 1].split('=')[0].trim())) return null;
  }
  return { ttl: freshFor(header(raw, 'cache-control')) };
}

/** `Expires=` of a cookie with Max-Age, as Next computes it at the time of sending. */
function withFreshExpiry(cookie, now) {
  const maxAge = /;\s*Max-Age=(\d+)/i.exec(cookie);
  if (!maxAge || !/;\s*Expires=/i.test(cookie)) return cookie;
  const expires = new Date(now + Number(maxAge[1]) * 1000).toUTCString();
  return cookie.replace(/(;\s*Expires=)[^;]*/i, `$1${expires}`);
}

async function buildEntry(response, body, ttl) {
  const base = [];
  for (let i = 0; i < response.rawHeaders.length; i += 2) {
    if (!DROPPED_RESPONSE_HEADERS.has(response.rawHeaders[i].toLowerCase())) base.push(response.rawHeaders[i], response.rawHeaders[i + 1]);
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
  const cookieAt = [];
  for (let i = 0; i < base.length; i += 2) if (base[i].toLowerCase() === 'set-cookie' && /;\s*Max-Age=/i.test(base[i + 1])) cookieAt.push(i + 1);
  const headersFor = (encoding) => {
    const list = [...base];
    if (encoding !== 'identity') list.push('Content-Encoding', encoding);
    list.push('Content-Length', String(bodies[encoding].length));
    return list;
  };
  const notModified = base.filter((_, index) => {
    const nameAt = index - (index % 2);
    return !NOT_IN_304.has(base[nameAt].toLowerCase());
  });
  return {
    status: response.statusCode,
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

/** The entry's headers for `encoding` (or `notModified`), with cookie expiry dates as of now. */
function headersAt(entry, which) {
  const list = which === 'notModified' ? entry.notModified : entry.headers[which];
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
      if (stamped[i].toLowerCase() === 'set-cookie') stamped[i + 1] = withFreshExpiry(stamped[i + 1], second * 1000);
    }
    entry.stamped.set(which, stamped);
  }
  return stamped;
}

function readBuildId(file) {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/**
 * @param {object} options
 * @param {(request: http.IncomingMessage, response: http.ServerResponse) => void} options.render Next's handler
 * @param {string} options.buildIdFile `.next/BUILD_ID`; a change empties the cache
 * @param {string[]} options.languages the site's languages (`en`, `zh`), for negotiation and the cookie's values
 * @param {string} options.languageCookie the cookie that only selects a prerendered page (`NEXT_LOCALE`)
 * @param {string} [options.host] the Host the renders are made for (the site's, from SITE_URL)
 * @param {number} [options.maxEntries] path-and-language variants remembered (kept or pass)
 * @param {number} [options.maxBytes] bytes of kept bodies (all encodings) before the least recently served go
 * @param {number} [options.buildCheckMs] how often BUILD_ID is read
 */
export async function createPageCache({
  render,
  buildIdFile,
  languages,
  languageCookie,
  host = 'localhost',
  maxEntries = 4096,
  maxBytes = 64 * 1024 * 1024,
  buildCheckMs = 1000,
}) {
  const cookies = new Set([languageCookie]);
  const keying = { languages, cookie: languageCookie };
  /** key → { state: 'pending', promise } | { state: 'pass' } | { state: 'kept', entry }, least recently used first */
  let entries = new Map();
  let keptBytes = 0;
  let buildId = readBuildId(buildIdFile);
  const stats = { hits: 0, notModified: 0, passes: 0, renders: 0, evicted: 0 };

  // Next answers the internal requests on a loopback port only this process talks to.
  const internal = http.createServer(render);
  internal.keepAliveTimeout = 5_000;
  await new Promise((resolve) => internal.listen(0, '127.0.0.1', resolve));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

  const timer = setInterval(() => {
    const current = readBuildId(buildIdFile);
    if (current !== buildId) forget(current);
  }, buildCheckMs);
  timer.unref();

  function forget(current = readBuildId(buildIdFile)) {
    buildId = current;
    entries = new Map();
    keptBytes = 0;
  }

  function remove(key) {
    const value = entries.get(key);
    if (value?.state === 'kept') keptBytes -= value.entry.size;
    entries.delete(key);
  }

  /** Forgets the oldest "pass" (a dynamic URL seen once need not crowd out pages that can be kept). */
  function makeRoom() {
    for (const [key, value] of entries) {
      if (value.state !== 'pass') continue;
      remove(key);
      return;
    }
  }

  /** Forgets the least recently served pages until the kept bodies fit the byte budget. */
  function trim() {
    for (const [key, value] of entries) {
      if (keptBytes <= maxBytes) return;
      if (value.state !== 'kept') continue;
      remove(key);
      stats.evicted++;
    }
  }

  function fetchFromNext(url, headers) {
    return new Promise((resolve, reject) => {
      const outgoing = http.request(
        {
          host: '127.0.0.1',
          port: internal.address().port,
          method: 'GET',
          path: url,
          headers: [['Host', host], ...headers],
          agent,
          setHost: false,
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => resolve({ response, body: Buffer.concat(chunks) }));
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end();
    });
  }

  async function fill(key, url, headers) {
    const forBuild = buildId;
    stats.renders++;
    const { response, body } = await fetchFromNext(url, headers);
    const keep = keepable(response, cookies, url.startsWith(STATIC_PREFIX));
    const value = keep ? { state: 'kept', entry: await buildEntry(response, body, keep.ttl) } : { state: 'pass' };
    // A build switched in meanwhile: this answer belongs to the old one; and the key may have been forgotten.
    if (forBuild === buildId && entries.get(key)?.state === 'pending') {
      entries.set(key, value);
      if (value.state === 'kept') {
        keptBytes += value.entry.size;
        trim();
      }
    }
    return value;
  }

  function send(request, response, entry) {
    if (etagMatches(request.headers['if-none-match'], entry.etag)) {
      stats.notModified++;
      response.writeHead(304, headersAt(entry, 'notModified'));
      response.end();
      return true;
    }
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const which = encoding && entry.bodies[encoding] ? encoding : encoding === null ? null : 'identity';
    if (!which) return false;
    stats.hits++;
    response.writeHead(entry.status, entry.statusMessage, headersAt(entry, which));
    response.end(entry.bodies[which]);
    return true;
  }

  /** Answers from memory when it may; otherwise calls `next` (Next's handler for this request). */
  async function handle(request, response, next) {
    const keyed = requestKey(request, keying);
    if (keyed === null) return next();
    const { key } = keyed;
    const path = request.url;
    let value = entries.get(key);
    if (value === undefined) {
      if (entries.size >= maxEntries) makeRoom();
      if (entries.size >= maxEntries) {
        stats.passes++;
        return next();
      }
      const promise = fill(key, path, keyed.headers).catch((error) => {
        if (entries.get(key)?.state === 'pending') entries.delete(key);
        console.error('citewise: page cache could not render', path, error);
        return { state: 'pass' };
      });
      value = { state: 'pending', promise };
      entries.set(key, value);
      // A static file is served by Next this once rather than after its compression at the best levels.
      if (path.startsWith(STATIC_PREFIX)) {
        stats.passes++;
        return next();
      }
    }
    if (value.state === 'pending') {
      if (path.startsWith(STATIC_PREFIX)) {
        stats.passes++;
        return next();
      }
      value = await value.promise;
    }
    if (value.state === 'kept') {
      if (value.entry.expiresAt <= Date.now()) {
        remove(key);
        return next();
      }
      if (entries.get(key) === value) {
        // Most recently served last: the byte budget forgets from the front.
        entries.delete(key);
        entries.set(key, value);
      }
      if (send(request, response, value.entry)) return undefined;
    }
    stats.passes++;
    return next();
  }

  return {
    handle,
    stats,
    forget,
    /** Bytes of the kept bodies, all encodings. */
    get bytes() {
      return keptBytes;
    },
    /** Resolves when every answer being filled in now is kept (or known to pass). */
    async settled() {
      await Promise.all([...entries.values()].filter((value) => value.state === 'pending').map((value) => value.promise));
    },
    close() {
      clearInterval(timer);
      agent.destroy();
      internal.closeAllConnections();
      return new Promise((resolve) => internal.close(() => resolve()));
    },
  };
}
