// User content on an origin of its own (STORAGE_PUBLIC_URL), against the second server, which has it set: a
// profile picture and a PDF are shown in the product's pages from the content origin (after a redirect from the
// URLs the product stores), and that origin serves nothing but open object reads — no page, no API, no writes.
import { contentOrigin } from '../../playwright.config';
import { FilesPage } from '../pages/files';
import { expect, test } from '../support/fixtures';
import { makePdf } from '../support/pdf';

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('a profile picture and a PDF are read from the content origin, which serves nothing else', async ({ page, signedInUser }) => {
  void signedInUser;
  test.setTimeout(120_000);
  const fromContent: string[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(`${contentOrigin}/`) && response.ok()) fromContent.push(response.url());
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy|CORS|Refused/i.test(message.text())) refused.push(message.text());
  });

  await page.goto('/dashboard/settings');
  await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  const image = page.getByTestId('avatar-image');
  await expect.poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth > 0)).toBe(true);
  const stored = (await image.getAttribute('src'))!;
  expect(fromContent.some((url) => url.includes('/object/public/avatars/'))).toBe(true);

  // The link the product stored still works: it leads to the content origin.
  const redirect = await page.request.get(stored, { maxRedirects: 0 });
  expect(redirect.status()).toBe(307);
  expect(redirect.headers().location).toBe(`${contentOrigin}${new URL(stored).pathname}`);

  // A PDF read by pdf.js in the page, from the content origin (CORS and the page's policy allow it).
  const files = new FilesPage(page);
  await files.goto('en');
  await files.choose([{ name: 'Notes.pdf', mimeType: 'application/pdf', buffer: makePdf(['Content origin page one']) }]);
  await expect(files.row('Notes.pdf')).toBeVisible();
  await files.preview('Notes.pdf');
  expect(fromContent.some((url) => url.includes('/object/sign/files/'))).toBe(true);
  expect(refused).toEqual([]);

  // The content origin is not the product: no pages, no API, no auth service, no writes, no authenticated reads.
  for (const path of ['/', '/dashboard', '/api/health', '/platform/auth/v1/settings', '/platform/storage/v1/bucket', '/_next/static/x.js']) {
    const response = await page.request.get(`${contentOrigin}${path}`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
  }
  const write = await page.request.post(`${contentOrigin}${new URL(stored).pathname}`, {
    data: '<script>1</script>',
    headers: { 'content-type': 'text/html' },
  });
  expect(write.status()).toBe(404);
  const served = await page.request.get(`${contentOrigin}${new URL(stored).pathname}`);
  expect(served.status()).toBe(200);
  expect(served.headers()).toMatchObject({
    'content-type': 'image/png',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "sandbox; default-src 'none'",
  });
});
