// The server `npm start` runs answers prerendered public pages from memory (scripts/lib/page-cache.mjs). Here,
// for each kind of public page, that answer is compared with Next's own: a cookie the product does not use sends
// a request past the cache to Next, which ignores that cookie.
import http from 'node:http';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import { baseURL } from '../../playwright.config';

interface Answer {
  status: number;
  raw: string[];
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, baseURL), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, raw: response.rawHeaders, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
  });
}

function decoded(answer: Answer) {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body);
  return answer.body;
}

/** Header pairs in order, without those that differ by nature: date, framing, encoding, a cookie's expiry. */
function comparable(raw: string[], { withEtag }: { withEtag: boolean }) {
  const skipped = new Set(['date', 'content-length', 'transfer-encoding', 'content-encoding', 'connection', 'keep-alive']);
  if (!withEtag) skipped.add('etag');
  const pairs: [string, string][] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (!skipped.has(name)) pairs.push([name, name === 'set-cookie' ? raw[i + 1]!.replace(/Expires=[^;]*/, 'Expires=…') : raw[i + 1]!]);
  }
  return pairs;
}

const pages = [
  '/',
  '/zh',
  '/pricing',
  '/zh/pricing',
  '/docs/getting-started',
  '/zh/docs/literature/searching',
  '/blog/unverifiable-citations',
  '/legal/privacy',
  '/changelog',
  '/robots.txt',
  '/sitemap.xml',
  '/blog/rss.xml',
];

test('prerendered public pages come from memory with exactly the status, headers and bytes Next sends', async () => {
  for (const path of pages) {
    const browser = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en-US,en;q=0.9' };
    await get(path, browser);
    const cached = await get(path, browser);
    const next = await get(path, { ...browser, cookie: 'e2e-page-cache-bypass=1' });

    expect(cached.status, path).toBe(200);
    expect(next.status, path).toBe(200);
    expect(decoded(cached).equals(decoded(next)), path).toBe(true);
    // Next sends an ETag for pages and none for generated files; the cache then makes one from the body.
    const nextHasEtag = Boolean(next.headers.etag);
    expect(comparable(cached.raw, { withEtag: nextHasEtag }), path).toEqual(comparable(next.raw, { withEtag: nextHasEtag }));
    expect(cached.headers.etag, path).toMatch(/^"[^"]+"$/);
    // Next's own compression never sends brotli, and never a length with chunks: these answers are the cache's.
    expect(Number(cached.headers['content-length']), path).toBe(cached.body.length);
    if (cached.body.length >= 1024 || decoded(cached).length >= 1024) expect(cached.headers['content-encoding'], path).toBe('br');

    const revalidated = await get(path, { ...browser, 'if-none-match': cached.headers.etag! });
    expect(revalidated.status, path).toBe(304);
    expect(revalidated.body.length, path).toBe(0);
  }
});

test('what depends on the request still comes from Next: the language redirect, RSC payloads and query strings', async () => {
  const chinese = await get('/', { 'accept-language': 'zh-CN,zh;q=0.9' });
  expect(chinese.status).toBe(307);
  expect(chinese.headers.location).toBe('/zh');

  const remembered = await get('/', { cookie: 'NEXT_LOCALE=zh' });
  expect(remembered.status).toBe(307);
  expect(remembered.headers.location).toBe('/zh');

  // An RSC request is never answered with the HTML page (Next sends it on to a URL with its cache-busting key).
  const html = await get('/pricing', { 'accept-encoding': 'identity' });
  const rsc = await get('/pricing', { rsc: '1', 'accept-encoding': 'identity' });
  expect(rsc.headers['content-type'] ?? '').not.toContain('text/html');
  expect(rsc.body.equals(html.body)).toBe(false);

  const query = await get('/pricing?utm_source=e2e', { 'accept-encoding': 'identity' });
  expect(query.status).toBe(200);
  expect(query.body.equals(html.body)).toBe(true);
});

test('the build’s static files come from memory, compressed with brotli, with the headers and bytes Next sends', async () => {
  const home = decoded(await get('/', { 'accept-encoding': 'gzip, deflate, br' })).toString('utf8');
  const scripts = [...home.matchAll(/<script src="(\/_next\/static\/[^"?]+\.js)"/g)].map((match) => match[1]!);
  const styles = [...home.matchAll(/<link rel="stylesheet" href="(\/_next\/static\/[^"?]+\.css)"/g)].map((match) => match[1]!);
  expect(scripts.length).toBeGreaterThan(2);
  expect(styles.length).toBeGreaterThan(0);
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  let checked = 0;
  for (const path of [...styles.slice(0, 1), ...scripts]) {
    // A query string always goes to Next, which serves the same file for it.
    const next = await get(`${path}?e2e-page-cache-bypass`, browser);
    expect(next.status, path).toBe(200);
    // Files under 1 KB go uncompressed either way.
    if (decoded(next).length < 1024) continue;
    expect(next.headers['content-encoding'], path).toBe('gzip');
    // The first request is Next's own answer while the cache compresses; the cache answers soon after.
    await get(path, browser);
    await expect.poll(async () => (await get(path, browser)).headers['content-encoding'], { message: path }).toBe('br');
    const cached = await get(path, browser);
    expect(decoded(cached).equals(decoded(next)), path).toBe(true);
    expect(comparable(cached.raw, { withEtag: true }), path).toEqual(comparable(next.raw, { withEtag: true }));
    expect(cached.headers['cache-control'], path).toContain('immutable');
    expect(cached.body.length, path).toBeLessThan(next.body.length);
    const revalidated = await get(path, { ...browser, 'if-none-match': cached.headers.etag! });
    expect(revalidated.status, path).toBe(304);
    if (++checked === 4) break;
  }
  expect(checked).toBe(4);
});
