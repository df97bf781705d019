// @ts-check
// The page cache in front of a stand-in for Next: what it keeps, what it sends, and what it lets through.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { at, comparable, fakeNext, get, languages, portOf, script } from './page-cache.fixtures.mjs';
import { createPageCache } from './page-cache.mjs';

/** @typedef {import('./page-cache.fixtures.mjs').Call} Call */

describe('page cache', () => {
  /** @type {Call[]} */
  let calls;
  /** @type {http.Server} */
  let server;
  /** @type {http.Server} */
  let direct;
  /** @type {Awaited<ReturnType<typeof createPageCache>>} */
  let cache;
  /** @type {number} */
  let port;
  /** @type {number} */
  let directPort;
  /** @type {string} */
  let dir;
  /** @type {number} */
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
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
    await new Promise((resolve) => direct.listen(0, '127.0.0.1', () => resolve(undefined)));
    port = portOf(server);
    directPort = portOf(direct);
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
    expect(at(calls, 0).headers['accept-encoding']).toBe('identity');
    expect(at(calls, 0).headers['user-agent']).toBeUndefined();
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
    const expires = Date.parse(/Expires=([^;]*)/.exec(at(answer.headers['set-cookie'] ?? [], 0))?.[1] ?? '');
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
      const answer = await get(port, '/pricing', {
        host: `h${i}.test`,
        'x-junk': String(i),
        'x-forwarded-host': `evil${i}.test`,
        'accept-language': `xx-${i}`,
      });
      expect(answer.status).toBe(200);
    }
    expect(calls).toHaveLength(1);
    expect(Object.keys(at(calls, 0).headers).sort()).toEqual(['accept-encoding', 'connection', 'host']);
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
    expect(calls.filter((call) => call.url?.endsWith('/missing.js')).length).toBeGreaterThanOrEqual(4);
  });

  it('sends everything that may depend on the request to Next', async () => {
    await get(port, '/pricing', { host: 'example.test' });
    const rendered = calls.length;
    /** @type {[string, Record<string, string>][]} */
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
