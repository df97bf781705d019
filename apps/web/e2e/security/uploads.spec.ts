// What users upload, as the started server serves it: an HTML file in a bucket that takes any type comes back as
// inert text — nosniff, an attachment, a sandbox policy — never as a page of the site.
import fs from 'node:fs';
import path from 'node:path';
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
