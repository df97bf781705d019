// @ts-check
// The production server `npm start` runs (from apps/web): Next's request handler behind a plain Node HTTP server
// that tells the product who the client is (scripts/lib/client-address.mjs explains the design).
//
// Prerendered public pages are answered from memory with Next's own answer (scripts/lib/page-cache.mjs).
//
// With STORAGE_PUBLIC_URL, user content is served from an origin of its own (scripts/lib/content-origin.mjs).
//
//   node scripts/serve.mjs            PORT (default 3000), TRUST_PROXY (default: trust no forwarding header),
//                                     PAGE_CACHE (`off` sends every request through Next), PAGE_CACHE_MAX_MB,
//                                     STORAGE_PUBLIC_URL
import http from 'node:http';
import path from 'node:path';
import next from 'next';
import { CLIENT_ADDRESS_HEADER, clientAddress, parseTrustProxy } from './lib/client-address.mjs';
import { parseContentOrigin, routeContentOrigin } from './lib/content-origin.mjs';
import { createPageCache } from './lib/page-cache.mjs';

const webDir = path.resolve(import.meta.dirname, '..', 'apps', 'web');
const port = Number(process.env.PORT || 3000);

const siteUrl = process.env.SITE_URL || `http://localhost:${port}`;
/** @type {import('./lib/client-address.mjs').TrustRule} */
let trust;
/** @type {import('./lib/content-origin.mjs').ContentOrigin | null} */
let content;
/** @type {string} */
let siteHost;
/** @type {number} */
let pageCacheBytes;
try {
  trust = parseTrustProxy(process.env.TRUST_PROXY);
  content = parseContentOrigin(process.env.STORAGE_PUBLIC_URL, siteUrl);
  siteHost = new URL(siteUrl).host;
  pageCacheBytes = parseMegabytes('PAGE_CACHE_MAX_MB', process.env.PAGE_CACHE_MAX_MB, 64);
} catch (error) {
  console.error(`citewise: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

// No hostname: bound to a named address, Next treats its own middleware rewrites as external URLs.
const app = next({ dev: false, dir: webDir, port });
const handle = app.getRequestHandler();
await app.prepare();

/**
 * A whole number of megabytes (1–4096) as bytes, `fallback` when unset; anything else stops the start.
 * @param {string} name
 * @param {string | undefined} value
 * @param {number} fallback
 */
function parseMegabytes(name, value, fallback) {
  const text = String(value ?? '').trim();
  if (!text) return fallback * 1024 * 1024;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 4096)
    throw new Error(`${name} must be a whole number of megabytes from 1 to 4096, not ${JSON.stringify(text)}`);
  return Number(text) * 1024 * 1024;
}

/**
 * @param {http.IncomingMessage} request
 * @param {http.ServerResponse} response
 */
function toNext(request, response) {
  // Whatever the client sent under our header is dropped: only this server writes it.
  request.headers[CLIENT_ADDRESS_HEADER] = clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for'], trust);
  handle(request, response).catch((error) => {
    console.error(error);
    if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
    response.end('Internal Server Error');
  });
}

const cache =
  process.env.PAGE_CACHE?.trim().toLowerCase() === 'off'
    ? null
    : await createPageCache({
        render: toNext,
        buildIdFile: path.join(webDir, '.next', 'BUILD_ID'),
        // The site's languages and their cookie (apps/web/lib/i18n/routing.ts): they only pick which prerendered
        // page Next answers with.
        languages: ['en', 'zh'],
        languageCookie: 'NEXT_LOCALE',
        host: siteHost,
        maxBytes: pageCacheBytes,
      });

const server = http.createServer((request, response) => {
  if (content) {
    const decision = routeContentOrigin(content, { method: request.method, url: request.url ?? '', host: request.headers.host });
    if (!decision.pass) {
      response.writeHead(decision.status, decision.headers);
      return response.end(decision.body);
    }
    for (const [name, value] of Object.entries(decision.headers)) response.setHeader(name, value);
  }
  if (!cache) return toNext(request, response);
  cache
    .handle(request, response, () => toNext(request, response))
    .catch((error) => {
      console.error(error);
      if (!response.headersSent) toNext(request, response);
    });
});
// Longer than the idle timeouts of common proxies in front, so they never reuse a connection we just closed.
server.keepAliveTimeout = 65_000;

server.listen(port, () => {
  console.log(`citewise: serving on http://localhost:${port}`);
});

function stop() {
  cache?.close();
  server.close(() => process.exit(0));
  // Open keep-alive connections and streams would hold close() forever.
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 5_000).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
