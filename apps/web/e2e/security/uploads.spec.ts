// What users upload, as the started server serves it: an HTML file in a bucket that takes any type comes back as
// inert text — nosniff, an attachment, a sandbox policy — never as a page of the site; a Content-Type that is not
// one media type is refused by every write path.
import fs from 'node:fs';
import path from 'node:path';
import { signInThroughApi } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { e2eDataDir, e2ePort } from '../support/mailbox-key';

const STORAGE = '/platform/storage/v1';

/** The embedded service's service-role key, which the server keeps in its data directory. */
function serviceRoleKey(): string {
  const keys = JSON.parse(fs.readFileSync(path.join(e2eDataDir(e2ePort), 'auth-keys.json'), 'utf8')) as { service_role_key: string };
  return keys.service_role_key;
}

test('stored HTML, SVG and JavaScript are served as sandboxed text attachments, never sniffed', async ({ request }) => {
  const key = serviceRoleKey();
  const admin = { apikey: key, authorization: `Bearer ${key}` };
  const bucket = `any-${Date.now().toString(36)}`;
  const created = await request.post(`${STORAGE}/bucket`, { headers: admin, data: { id: bucket, name: bucket, public: true } });
  expect(created.status(), await created.text()).toBe(200);

  for (const [name, type, body] of [
    ['page.html', 'text/html', '<script>document.title = "ran"</script>'],
    ['drawing.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ['run.js', 'text/javascript', 'alert(1)'],
  ] as const) {
    const upload = await request.post(`${STORAGE}/object/${bucket}/${name}`, { headers: { ...admin, 'content-type': type }, data: body });
    expect(upload.status(), await upload.text()).toBe(200);
    const served = await request.get(`${STORAGE}/object/public/${bucket}/${name}`);
    expect(served.status()).toBe(200);
    expect(served.headers()).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
    });
    expect(served.headers()['content-disposition']).toMatch(/^attachment/);
    expect(await served.text()).toBe(body);
  }
});

test('an avatar with a Content-Type that is two types is refused by every write path, and a stored page never runs', async ({ page, request, user }) => {
  const { accessToken } = await signInThroughApi(page, user);
  const headers = { authorization: `Bearer ${accessToken}`, apikey: accessToken };
  const key = `${user.id}/me.png`;
  const page_ = '<script>document.title = "ran"</script>';
  for (const type of ['image/png/, text/html', 'image/webp/, image/svg+xml']) {
    for (const method of ['post', 'put'] as const) {
      const raw = await request[method](`${STORAGE}/object/avatars/${key}`, { headers: { ...headers, 'content-type': type, 'x-upsert': 'true' }, data: page_ });
      expect(raw.status(), `${method} ${type}`).toBe(400);
      expect(await raw.json()).toMatchObject({ code: 'InvalidMimeType' });
    }
    const form = await request.post(`${STORAGE}/object/avatars/${key}`, {
      headers,
      multipart: { contentType: type, file: { name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(page_) } },
    });
    expect(form.status(), `multipart ${type}`).toBe(400);
    const sign = await request.post(`${STORAGE}/object/upload/sign/avatars/${key}`, { headers, data: {} });
    const { token } = (await sign.json()) as { token: string };
    const signed = await request.put(`${STORAGE}/object/upload/sign/avatars/${key}?token=${token}`, { headers: { 'content-type': type }, data: page_ });
    expect(signed.status(), `signed ${type}`).toBe(400);
  }
  const missing = await request.get(`${STORAGE}/object/public/avatars/${key}`);
  expect(missing.status()).toBe(400);
  expect(await missing.json()).toMatchObject({ statusCode: '404' });

  // What a browser does with a stored page: it downloads it and runs nothing on the site.
  const bucket = `any-${Date.now().toString(36)}`;
  const key2 = serviceRoleKey();
  const admin = { apikey: key2, authorization: `Bearer ${key2}` };
  expect((await request.post(`${STORAGE}/bucket`, { headers: admin, data: { id: bucket, name: bucket, public: true } })).status()).toBe(200);
  expect((await request.post(`${STORAGE}/object/${bucket}/page.html`, { headers: { ...admin, 'content-type': 'text/html' }, data: page_ })).status()).toBe(200);
  await page.goto('/');
  const title = await page.title();
  const download = page.waitForEvent('download');
  await page.evaluate((url) => {
    window.location.href = url;
  }, `${STORAGE}/object/public/${bucket}/page.html`);
  expect((await download).suggestedFilename()).toBe('page.html');
  expect(await page.title()).toBe(title);
});
