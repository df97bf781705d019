// The product API against the started server: bodies refused before they are read, deeply nested JSON, issue
// codes as keys, and writes that another site sends with the session cookie.
import http from 'node:http';
import { expect, test } from '../support/fixtures';
import { baseURL } from '../../playwright.config';

const MB = 1024 * 1024;

/** Posts a chunked body of up to `totalBytes` until the server answers; how far it got before the answer. */
function chunkedPost(path: string, totalBytes: number): Promise<{ status: number; body: string; sentBytes: number }> {
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const request = http.request(new URL(path, baseURL), { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } });
    request.on('response', (response) => {
      answered = true;
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body, sentBytes });
      });
    });
    request.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (!answered && sentBytes < totalBytes) {
        sentBytes += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      if (!answered) request.end();
    };
    request.write('{"text":"');
    pump();
  });
}

test('a body over the cap is refused with 413 before it is read, by Content-Length and while streaming', async ({ request }) => {
  const declared = await request.post('/api/auth/signin', { data: { email: 'a@b.co', password: 'x'.repeat(2 * MB) } });
  expect(declared.status()).toBe(413);
  expect((await declared.json()).error).toMatchObject({ code: 'payload_too_large', message: expect.any(String) });

  const streamed = await chunkedPost('/api/scholar/verify', 600 * MB);
  expect(streamed.status).toBe(413);
  expect(JSON.parse(streamed.body).error.code).toBe('payload_too_large');
  expect(streamed.sentBytes).toBeLessThan(100 * MB);

  const platform = await request.post('/platform/auth/v1/signup', { data: { email: 'a@b.co', password: 'x'.repeat(2 * MB) } });
  expect(platform.status()).toBe(413);
});

test('deeply nested JSON is a 400, and a missing field answers the key `required`', async ({ request, page, signedInUser }) => {
  expect(signedInUser.email).toBeTruthy();
  const deep = await request.post('/api/auth/signin', {
    headers: { 'content-type': 'application/json' },
    data: `{"email":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
  });
  expect(deep.status()).toBe(400);
  expect((await deep.json()).error.code).toBe('bad_request');

  // Signed in: a signed-out caller hears 401 before its body is read.
  const missing = await page.request.post('/api/library/collections', { data: {}, headers: { 'x-locale': 'zh' } });
  expect(missing.status()).toBe(400);
  const { error } = await missing.json();
  expect(error.issues).toEqual([{ path: 'name', code: 'required', message: '此项为必填项。' }]);
});

test('a write carrying the session cookie from another origin is refused; from this origin it goes through', async ({ page, signedInUser }) => {
  expect(signedInUser.email).toBeTruthy();
  const foreign: Record<string, string>[] = [
    { origin: 'https://evil.example' },
    { origin: 'http://notes.127.0.0.1.nip.io' },
    { 'sec-fetch-site': 'cross-site' },
  ];
  for (const headers of foreign) {
    const refused = await page.request.post('/api/library/collections', { data: { name: 'Planted' }, headers });
    expect(refused.status(), JSON.stringify(headers)).toBe(403);
    expect((await refused.json()).error.code).toBe('cross_site_request');
  }
  const own = await page.request.post('/api/library/collections', { data: { name: 'Mine' }, headers: { origin: baseURL } });
  expect(own.status(), await own.text()).toBe(200);
  const listed = await page.request.get('/api/library/papers');
  const names = ((await listed.json()).collections as { name: string }[]).map((collection) => collection.name);
  expect(names).toEqual(['Mine']);
});
