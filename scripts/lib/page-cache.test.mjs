import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chooseEncoding, createPageCache, etagMatches, negotiatedLanguage, requestKey } from './page-cache.mjs';

const languages = { languages: ['en', 'zh'], languageCookie: 'NEXT_LOCALE' };

const script = Buffer.from(`self.chunk=function(){${'return"a static script";'.repeat(300)}};`);
const html = `<!DOCTYPE html><html><body>${'<p>prerendered page</p>'.repeat(200)}</body></html>`;

/**
 * Stands in for Next's handler with the answers Next gives (headers copied from a production build): a
 * prerendered page, a dynamic page, a locale redirect, a page setting a session cookie, a small text file.
 */
function fakeNext(calls) {
  return (request, response) => {
    calls.push({ url: request.url, headers: { ...request.headers } });
    const url = request.url;
    if (url === '/' && /zh/.test(request.headers['accept-language'] ?? '')) {
      response.writeHead(307, { location: '/zh' });
      response.end('/zh');
      return;
    }
    if (url === '/' || url === '/zh' || url === '/pricing') {
      response.setHeader('X-Frame-Options', 'DENY');
      response.setHeader('set-cookie', `NEXT_LOCALE=${url === '/zh' ? 'zh' : 'en'}; Path=/; Expires=Thu, 01 Jan 2026 00:00:00 GMT; Max-Age=31536000; SameSite=lax`);
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

function get(port, url, headers = {}, method = 'GET') {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: url, method, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, raw: response.rawHeaders, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** Header pairs without the ones that legitimately differ (date, framing, encoding, cookie expiry). */
function comparable(raw) {
  const pairs = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (['date', 'content-length', 'transfer-encoding', 'content-encoding', 'connection', 'keep-alive'].includes(name)) continue;
    pairs.push([name, name === 'set-cookie' ? raw[i + 1].replace(/Expires=[^;]*/, 'Expires=…') : raw[i + 1]]);
  }
  return pairs;
}

describe('page cache', () => {
  let calls;
  let server;
  let direct;
  let cache;
  let port;
  let directPort;
  let dir;
  let nexts;

  beforeEach(async () => {
    calls = [];
    nexts = 0;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-cache-'));
    fs.writeFileSync(path.join(dir, 'BUILD_ID'), 'build-1');
    const render = fakeNext(calls);
    cache = await createPageCache({ render, buildIdFile: path.join(dir, 'BUILD_ID'), ...languages, buildCheckMs: 20 });
    server = http.createServer((request, response) => {
      cache.handle(request, response, () => {
        nexts++;
        render(request, response);
      });
    });
    // The same fake Next without the cache, to compare answers with.
    direct = http.createServer(fakeNext([]));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    await new Promise((resolve) => direct.listen(0, '127.0.0.1', resolve));
    port = server.address().port;
    directPort = direct.address().port;
  });

  afterEach(async () => {
    await cache.close();
    server.closeAllConnections();
    direct.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => direct.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('renders a prerendered page once through Next, then answers it from memory with the same headers and bytes', async () => {
    const headers = { host: 'example.test', 'user-agent': 'a' };
    const first = await get(port, '/pricing', headers);
    const second = await get(port, '/pricing', { ...headers, 'user-agent': 'another browser' });
    const next = await get(directPort, '/pricing', headers);
    expect(calls.filter((call) => call.url === '/pricing')).toHaveLength(1);
    expect(calls[0].headers['accept-encoding']).toBe('identity');
    expect(calls[0].headers['user-agent']).toBeUndefined();
    expect(nexts).toBe(0);
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(comparable(answer.raw)).toEqual(comparable(next.raw));
      expect(answer.body.equals(next.body)).toBe(true);
      expect(answer.headers['content-length']).toBe(String(next.body.length));
    }
  });

  it('sends brotli or gzip by Accept-Encoding, each decoding to the same bytes', async () => {
    const next = await get(directPort, '/', { host: 'example.test' });
    const br = await get(port, '/', { host: 'example.test', 'accept-encoding': 'gzip, deflate, br' });
    const gz = await get(port, '/', { host: 'example.test', 'accept-encoding': 'gzip' });
    const plain = await get(port, '/', { host: 'example.test', 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).equals(next.body)).toBe(true);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).equals(next.body)).toBe(true);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(next.body)).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(next.body.length / 5);
    expect(comparable(br.raw)).toEqual(comparable(next.raw));
  });

  it('answers If-None-Match with 304, and makes a strong ETag when Next sends none', async () => {
    const first = await get(port, '/pricing', { host: 'example.test' });
    const again = await get(port, '/pricing', { host: 'example.test', 'if-none-match': first.headers.etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['content-type']).toBeUndefined();
    expect(again.headers['cache-control']).toBe('s-maxage=31536000');

    const robots = await get(port, '/robots.txt', { host: 'example.test', 'accept-encoding': 'br' });
    expect(robots.headers.etag).toMatch(/^"[\w-]{27}"$/);
    // Too small to be worth compressing (Next leaves it alone too).
    expect(robots.headers['content-encoding']).toBeUndefined();
    expect(robots.body.toString()).toBe('User-Agent: *\nAllow: /\n');
    expect((await get(port, '/robots.txt', { host: 'example.test', 'if-none-match': `W/${robots.headers.etag}` })).status).toBe(304);
  });

  it('recomputes a cookie’s Expires from its Max-Age when sending', async () => {
    await get(port, '/pricing', { host: 'example.test' });
    const before = Date.now();
    const answer = await get(port, '/pricing', { host: 'example.test' });
    const expires = Date.parse(/Expires=([^;]*)/.exec(answer.headers['set-cookie'][0])[1]);
    expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 31_536_000_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 31_536_000_000);
  });

  it('keys on the language Accept-Language negotiates, not on its spelling; a redirect goes to Next every time', async () => {
    await get(port, '/pricing', { host: 'one.test', 'accept-language': 'en-GB,en;q=0.9' });
    await get(port, '/pricing', { host: 'two.test', 'accept-language': 'en-US' });
    await get(port, '/pricing', { host: 'one.test' });
    // English twice (one render), no language once; the render is asked with the negotiated language alone.
    expect(calls.map((call) => call.headers['accept-language'])).toEqual(['en', undefined]);
    expect(calls.every((call) => call.headers.host === 'localhost')).toBe(true);

    const zh = { host: 'one.test', 'accept-language': 'zh-CN,zh;q=0.9' };
    expect((await get(port, '/', zh)).status).toBe(307);
    expect((await get(port, '/', zh)).status).toBe(307);
    // Rendered once to learn it is not a prerendered answer; then Next answers each request itself.
    const zhCalls = calls.filter((call) => call.url === '/' && /zh/.test(call.headers['accept-language'] ?? ''));
    expect(zhCalls.filter((call) => call.headers['accept-encoding'] === 'identity')).toHaveLength(1);
    expect(nexts).toBe(2);
    expect(zhCalls).toHaveLength(3);
  });

  it('makes no entry for headers or hosts of the client’s own invention, and never passes them to the render', async () => {
    for (let i = 0; i < 50; i++) {
      const answer = await get(port, '/pricing', { host: `h${i}.test`, 'x-junk': String(i), 'x-forwarded-host': `evil${i}.test`, 'accept-language': `xx-${i}` });
      expect(answer.status).toBe(200);
    }
    expect(calls).toHaveLength(1);
    expect(Object.keys(calls[0].headers).sort()).toEqual(['accept-encoding', 'connection', 'host']);
    expect(cache.stats.renders).toBe(1);
  });

  it('answers the build’s static files from memory after Next’s first answer, compressed at the best levels', async () => {
    const url = '/_next/static/chunks/app-1234.js';
    const headers = { host: 'example.test', 'accept-encoding': 'gzip, br' };
    const first = await get(port, url, headers);
    expect(nexts).toBe(1);
    expect(first.body.equals(script)).toBe(true);
    await cache.settled();
    const second = await get(port, url, { ...headers, host: 'other.test', cookie: 'sb-auth-token=abc', 'accept-language': 'zh' });
    const gzipped = await get(port, url, { 'accept-encoding': 'gzip' });
    const next = await get(directPort, url, { host: 'example.test' });
    expect(nexts).toBe(1);
    // Next answered the first request, and once more for the cache; never again.
    expect(calls.filter((call) => call.url === url)).toHaveLength(2);
    expect(second.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(second.body).equals(script)).toBe(true);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.body).equals(script)).toBe(true);
    expect(comparable(second.raw)).toEqual(comparable(next.raw));
    const notModified = await get(port, url, { 'if-none-match': 'W/"a4d-1a215af337e"' });
    expect(notModified.status).toBe(304);
  });

  it('sends range requests and missing static files to Next, and never keeps a missing one', async () => {
    const url = '/_next/static/chunks/app-1234.js';
    await get(port, url, {});
    await cache.settled();
    const part = await get(port, url, { range: 'bytes=0-9' });
    expect(part.status).toBe(206);
    expect(part.body.equals(script.subarray(0, 10))).toBe(true);
    for (let i = 0; i < 3; i++) expect((await get(port, '/_next/static/chunks/missing.js', {})).status).toBe(404);
    await cache.settled();
    expect((await get(port, '/_next/static/chunks/missing.js', {})).status).toBe(404);
    expect(calls.filter((call) => call.url.endsWith('/missing.js')).length).toBeGreaterThanOrEqual(4);
  });

  it('sends everything that may depend on the request to Next', async () => {
    await get(port, '/pricing', { host: 'example.test' });
    const rendered = calls.length;
    const fallThrough = [
      ['/pricing?x=1', {}],
      ['/pricing', { rsc: '1' }],
      ['/pricing', { 'next-router-prefetch': '1' }],
      ['/pricing', { cookie: 'sb-auth-token=abc' }],
      ['/pricing', { cookie: 'NEXT_LOCALE=en; __prerender_bypass=1' }],
      ['/pricing', { 'x-middleware-subrequest': 'middleware' }],
      ['/api/health', {}],
    ];
    for (const [url, headers] of fallThrough) await get(port, url, { host: 'example.test', ...headers });
    await get(port, '/pricing', { host: 'example.test' }, 'HEAD');
    expect(nexts).toBe(fallThrough.length + 1);
    expect(calls.length - rendered).toBe(fallThrough.length + 1);
  });

  it('never keeps dynamic pages or answers that set other cookies', async () => {
    const one = await get(port, '/library', { host: 'example.test' });
    const two = await get(port, '/library', { host: 'example.test' });
    expect(one.body.equals(two.body)).toBe(false);
    await get(port, '/session', { host: 'example.test' });
    await get(port, '/session', { host: 'example.test' });
    expect(nexts).toBe(4);
  });

  it('keeps the language cookie in the key', async () => {
    await get(port, '/pricing', { host: 'example.test', cookie: 'NEXT_LOCALE=en' });
    await get(port, '/pricing', { host: 'example.test', cookie: 'NEXT_LOCALE=zh' });
    await get(port, '/pricing', { host: 'example.test', cookie: 'NEXT_LOCALE=en' });
    expect(calls.map((call) => call.headers.cookie)).toEqual(['NEXT_LOCALE=en', 'NEXT_LOCALE=zh']);
  });

  it('forgets everything when a new build is switched in', async () => {
    await get(port, '/pricing', { host: 'example.test' });
    await get(port, '/pricing', { host: 'example.test' });
    expect(calls).toHaveLength(1);
    fs.writeFileSync(path.join(dir, 'BUILD_ID'), 'build-2');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await get(port, '/pricing', { host: 'example.test' });
    expect(calls).toHaveLength(2);
  });

  it('renders one request at a time per key when many arrive together', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(port, '/zh', { host: 'example.test' })));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('keeps a language cookie that names a language of the site in the key, and passes any other', async () => {
    await get(port, '/pricing', { host: 'example.test', cookie: 'NEXT_LOCALE=fr' });
    await get(port, '/pricing', { host: 'example.test', cookie: 'NEXT_LOCALE=fr' });
    expect(cache.stats.renders).toBe(0);
    expect(nexts).toBe(2);
  });
});

describe('page cache bounds', () => {
  it('forgets the oldest dynamic URL to make room, and keeps the kept pages', async () => {
    const calls = [];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-cache-'));
    const cache = await createPageCache({ render: fakeNext(calls), buildIdFile: path.join(dir, 'BUILD_ID'), ...languages, maxEntries: 3 });
    const server = http.createServer((request, response) => cache.handle(request, response, () => fakeNext([])(request, response)));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = server.address().port;
    try {
      const host = { host: 'example.test' };
      await get(port, '/pricing', host);
      for (const url of ['/dynamic-1', '/dynamic-2', '/dynamic-3', '/dynamic-4']) await get(port, url, host);
      // Each dynamic URL was tried once; the kept page was never asked for again.
      expect(calls.map((call) => call.url)).toEqual(['/pricing', '/dynamic-1', '/dynamic-2', '/dynamic-3', '/dynamic-4']);
      await get(port, '/pricing', host);
      await get(port, '/zh', host);
      await get(port, '/zh', host);
      expect(calls.map((call) => call.url).slice(5)).toEqual(['/zh']);
    } finally {
      await cache.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the kept bodies within the byte budget, forgetting the least recently served page first', async () => {
    const calls = [];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-cache-'));
    // One page with its three encodings is about 5 kB: room for two, not three.
    const cache = await createPageCache({ render: fakeNext(calls), buildIdFile: path.join(dir, 'BUILD_ID'), ...languages, maxBytes: 11_000 });
    const server = http.createServer((request, response) => cache.handle(request, response, () => fakeNext([])(request, response)));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = server.address().port;
    try {
      await get(port, '/pricing', {});
      await get(port, '/zh', {});
      expect(cache.bytes).toBeGreaterThan(0);
      expect(cache.bytes).toBeLessThanOrEqual(11_000);
      await get(port, '/pricing', {}); // now more recent than /zh
      await get(port, '/', {});
      expect(cache.stats.evicted).toBe(1);
      expect(cache.bytes).toBeLessThanOrEqual(11_000);
      await get(port, '/pricing', {});
      await get(port, '/zh', {});
      // /pricing stayed; /zh was forgotten and rendered again.
      expect(calls.map((call) => call.url)).toEqual(['/pricing', '/zh', '/', '/zh']);
    } finally {
      await cache.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('helpers', () => {
  it('chooses the encoding the client prefers among br, gzip and identity', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity;q=0')).toBe(null);
    expect(chooseEncoding('deflate')).toBe('identity');
  });

  it('compares ETags weakly for If-None-Match', () => {
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"b", "a"', '"a"')).toBe(true);
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches(undefined, '"a"')).toBe(false);
  });

  it('negotiates a language of the site from Accept-Language', () => {
    expect(negotiatedLanguage('zh-CN,zh;q=0.9,en;q=0.8', ['en', 'zh'])).toBe('zh');
    expect(negotiatedLanguage('fr-FR, en;q=0.5, zh;q=0.7', ['en', 'zh'])).toBe('zh');
    expect(negotiatedLanguage('EN-us', ['en', 'zh'])).toBe('en');
    expect(negotiatedLanguage('zh;q=0, en', ['en', 'zh'])).toBe('en');
    expect(negotiatedLanguage('fr, de', ['en', 'zh'])).toBe('');
    expect(negotiatedLanguage(undefined, ['en', 'zh'])).toBe('');
  });

  it('keys requests by path, negotiated language and language cookie alone', () => {
    const request = (rawHeaders, extra = {}) => {
      const headers = {};
      for (let i = 0; i < rawHeaders.length; i += 2) headers[rawHeaders[i].toLowerCase()] = rawHeaders[i + 1];
      return { method: 'GET', url: '/pricing', rawHeaders, headers, ...extra };
    };
    const keying = { languages: ['en', 'zh'], cookie: 'NEXT_LOCALE' };
    const a = requestKey(request(['Host', 'x', 'Accept-Language', 'en', 'User-Agent', 'one']), keying);
    const b = requestKey(request(['accept-language', 'en-GB', 'user-agent', 'two', 'host', 'y', 'X-Junk', '1', 'X-Forwarded-Host', 'evil']), keying);
    expect(a).toEqual(b);
    expect(a.headers).toEqual([['Accept-Encoding', 'identity'], ['Accept-Language', 'en']]);
    expect(requestKey(request(['Accept-Language', 'zh']), keying).key).not.toBe(a.key);
    expect(requestKey(request(['Cookie', 'NEXT_LOCALE=zh', 'Accept-Language', 'en']), keying)).toEqual({
      key: '/pricing\ncookie:zh\nlanguage:',
      headers: [['Accept-Encoding', 'identity'], ['Cookie', 'NEXT_LOCALE=zh']],
    });
    expect(requestKey(request(['Host', 'x'], { method: 'POST' }), keying)).toBe(null);
    expect(requestKey(request(['Host', 'x', 'Next-Router-State-Tree', '%5B%5D']), keying)).toBe(null);
    expect(requestKey(request(['Host', 'x', 'Cookie', 'other=1']), keying)).toBe(null);
    expect(requestKey(request(['Host', 'x', 'Cookie', 'NEXT_LOCALE=fr']), keying)).toBe(null);
    expect(requestKey(request(['Host', 'x'], { url: '//evil.test/' }), keying)).toBe(null);
  });
});
