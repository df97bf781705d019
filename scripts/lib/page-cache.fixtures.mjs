// @ts-check
// What the page cache's tests share: a stand-in for Next's handler that answers as Next does, and a client.
import http from 'node:http';

export const languages = { languages: ['en', 'zh'], languageCookie: 'NEXT_LOCALE' };

export const script = Buffer.from(`self.chunk=function(){${'return"a static script";'.repeat(300)}};`);
const html = `<!DOCTYPE html><html><body>${'<p>prerendered page</p>'.repeat(200)}</body></html>`;

/** What the stand-in for Next was asked. @typedef {{ url: string | undefined, headers: http.IncomingHttpHeaders }} Call */
/** What a client got. @typedef {{ status: number | undefined, headers: http.IncomingHttpHeaders, raw: string[], body: Buffer }} Answer */

/**
 * Stands in for Next's handler with the answers Next gives (headers copied from a production build): a
 * prerendered page, a dynamic page, a locale redirect, a page setting a session cookie, a small text file.
 * @param {Call[]} calls
 * @returns {import('./page-cache.mjs').Render}
 */
export function fakeNext(calls) {
  return (request, response) => {
    calls.push({ url: request.url, headers: { ...request.headers } });
    const url = request.url ?? '';
    if (url === '/' && /zh/.test(request.headers['accept-language'] ?? '')) {
      response.writeHead(307, { location: '/zh' });
      response.end('/zh');
      return;
    }
    if (url === '/' || url === '/zh' || url === '/pricing') {
      response.setHeader('X-Frame-Options', 'DENY');
      response.setHeader(
        'set-cookie',
        `NEXT_LOCALE=${url === '/zh' ? 'zh' : 'en'}; Path=/; Expires=Thu, 01 Jan 2026 00:00:00 GMT; Max-Age=31536000; SameSite=lax`,
      );
      response.setHeader('Vary', 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding');
      response.setHeader('x-nextjs-cache', 'HIT');
      response.setHeader('x-nextjs-prerender', '1');
      response.setHeader('Cache-Control', 's-maxage=31536000');
      response.setHeader('ETag', `"etag-${url.length}"`);
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.end(`${html}<!-- ${url} rendered for ${request.headers['accept-language'] ?? 'anyone'} -->`);
      return;
    }
    if (url === '/robots.txt') {
      response.setHeader('x-nextjs-cache', 'HIT');
      response.setHeader('cache-control', 'public, max-age=0, must-revalidate');
      response.setHeader('content-type', 'text/plain');
      response.end('User-Agent: *\nAllow: /\n');
      return;
    }
    if (url.startsWith('/_next/static/')) {
      if (url.endsWith('/missing.js')) {
        response.writeHead(404, { 'Cache-Control': 'private, no-cache, no-store, max-age=0, must-revalidate' });
        response.end('not found');
        return;
      }
      response.setHeader('X-Frame-Options', 'DENY');
      response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      response.setHeader('Accept-Ranges', 'bytes');
      response.setHeader('ETag', 'W/"a4d-1a215af337e"');
      response.setHeader('Content-Type', 'application/javascript; charset=UTF-8');
      response.setHeader('Vary', 'Accept-Encoding');
      const range = /bytes=(\d+)-(\d+)/.exec(request.headers.range ?? '');
      if (range) {
        response.statusCode = 206;
        response.end(script.subarray(Number(range[1]), Number(range[2]) + 1));
        return;
      }
      response.end(script);
      return;
    }
    if (url === '/session') {
      response.setHeader('x-nextjs-cache', 'HIT');
      response.setHeader('set-cookie', 'sb-auth-token=secret; Path=/');
      response.end(html);
      return;
    }
    // Dynamic: rendered per request.
    response.setHeader('Cache-Control', 'private, no-cache, no-store, max-age=0, must-revalidate');
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.end(`dynamic ${Date.now()} ${Math.random()}`);
  };
}

/**
 * @param {number} port
 * @param {string} url
 * @param {http.OutgoingHttpHeaders} [headers]
 * @param {string} [method]
 * @returns {Promise<Answer>}
 */
export function get(port, url, headers = {}, method = 'GET') {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: url, method, headers }, (response) => {
      /** @type {Buffer[]} */
      const chunks = [];
      response.on('data', (/** @type {Buffer} */ chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, raw: response.rawHeaders, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * Header pairs without the ones that legitimately differ (date, framing, encoding, cookie expiry).
 * @param {string[]} raw
 */
export function comparable(raw) {
  /** @type {[string, string][]} */
  const pairs = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = /** @type {string} */ (raw[i]).toLowerCase();
    const value = /** @type {string} */ (raw[i + 1]);
    if (['date', 'content-length', 'transfer-encoding', 'content-encoding', 'connection', 'keep-alive'].includes(name)) continue;
    pairs.push([name, name === 'set-cookie' ? value.replace(/Expires=[^;]*/, 'Expires=…') : value]);
  }
  return pairs;
}

/** The port a server listens on. @param {http.Server} server */
export const portOf = (server) => /** @type {import('node:net').AddressInfo} */ (server.address()).port;

/**
 * The element at `index`, failing the test when there is none.
 * @template T
 * @param {readonly T[]} list
 * @param {number} index
 * @returns {T}
 */
export function at(list, index) {
  const item = list[index];
  if (item === undefined) throw new Error(`nothing at index ${index} of a list of ${list.length}`);
  return item;
}
