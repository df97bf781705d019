// @ts-check
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
//
// The request side (what is keyed, which encoding a client takes) is page-cache-request.mjs; the answer side (what
// may be kept, and a kept answer made ready to send) is page-cache-entry.mjs.
import fs from 'node:fs';
import http from 'node:http';
import { buildEntry, headersAt, keepable } from './page-cache-entry.mjs';
import { chooseEncoding, etagMatches, requestKey, STATIC_PREFIX } from './page-cache-request.mjs';

export { chooseEncoding, etagMatches, negotiatedLanguage, requestKey } from './page-cache-request.mjs';

/** @typedef {import('./page-cache-entry.mjs').Entry} Entry */
/** @typedef {{ state: 'pass' } | { state: 'kept', entry: Entry }} Settled */
/** A key's place in the cache: being rendered, known to go to Next, or kept. @typedef {{ state: 'pending', promise: Promise<Settled> } | Settled} Slot */
/** @typedef {(request: http.IncomingMessage, response: http.ServerResponse) => void} Render */

/** @param {string} file */
function readBuildId(file) {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/**
 * @param {object} options
 * @param {Render} options.render Next's handler
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
  /** @type {Map<string, Slot>} key → its slot, least recently used first */
  let entries = new Map();
  let keptBytes = 0;
  let buildId = readBuildId(buildIdFile);
  const stats = { hits: 0, notModified: 0, passes: 0, renders: 0, evicted: 0 };

  // Next answers the internal requests on a loopback port only this process talks to.
  const internal = http.createServer(render);
  internal.keepAliveTimeout = 5_000;
  await new Promise((resolve) => internal.listen(0, '127.0.0.1', () => resolve(undefined)));
  const internalPort = /** @type {import('node:net').AddressInfo} */ (internal.address()).port;
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

  /** @param {string} key */
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

  /**
   * Next's answer to a GET of `url` made of `headers` alone, read whole.
   * @param {string} url
   * @param {[string, string][]} headers
   * @returns {Promise<{ response: http.IncomingMessage, body: Buffer }>}
   */
  function fetchFromNext(url, headers) {
    return new Promise((resolve, reject) => {
      const outgoing = http.request(
        {
          host: '127.0.0.1',
          port: internalPort,
          method: 'GET',
          path: url,
          // Name, value, name, value…: Node's raw form, which keeps this order and nothing else.
          headers: ['Host', host, ...headers.flat()],
          agent,
          setHost: false,
        },
        (response) => {
          /** @type {Buffer[]} */
          const chunks = [];
          response.on('data', (/** @type {Buffer} */ chunk) => chunks.push(chunk));
          response.on('end', () => resolve({ response, body: Buffer.concat(chunks) }));
          response.on('error', reject);
        },
      );
      outgoing.on('error', (error) => {
        // A kept-alive socket the internal server closed just as it was reused: Node's documented case for
        // one retry on a fresh socket (`reusedSocket`).
        if (outgoing.reusedSocket && /** @type {NodeJS.ErrnoException} */ (error).code === 'ECONNRESET') fetchFromNext(url, headers).then(resolve, reject);
        else reject(error);
      });
      outgoing.end();
    });
  }

  /**
   * Renders `url` through Next and keeps the answer under `key` if it may be kept.
   * @param {string} key
   * @param {string} url
   * @param {[string, string][]} headers
   * @returns {Promise<Settled>}
   */
  async function fill(key, url, headers) {
    const forBuild = buildId;
    stats.renders++;
    const { response, body } = await fetchFromNext(url, headers);
    const keep = keepable(response, cookies, url.startsWith(STATIC_PREFIX));
    /** @type {Settled} */
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

  /**
   * Sends a kept answer in an encoding the client takes (or 304); false when it takes none of them.
   * @param {http.IncomingMessage} request
   * @param {http.ServerResponse} response
   * @param {Entry} entry
   */
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
    response.end(/** @type {Buffer} */ (entry.bodies[which]));
    return true;
  }

  /**
   * Answers from memory when it may; otherwise calls `next` (Next's handler for this request).
   * @param {http.IncomingMessage} request
   * @param {http.ServerResponse} response
   * @param {() => void} next
   * @returns {Promise<void>}
   */
  async function handle(request, response, next) {
    const keyed = requestKey(request, keying);
    if (keyed === null) return next();
    const { key } = keyed;
    // requestKey keys only requests whose URL is a path.
    const path = /** @type {string} */ (request.url);
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
        return /** @type {Settled} */ ({ state: 'pass' });
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
      await Promise.all([...entries.values()].flatMap((value) => (value.state === 'pending' ? [value.promise] : [])));
    },
    close() {
      clearInterval(timer);
      agent.destroy();
      internal.closeAllConnections();
      return new Promise((resolve) => internal.close(() => resolve(undefined)));
    },
  };
}
