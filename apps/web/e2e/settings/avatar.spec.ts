// The profile picture: an SVG is refused, a PNG is uploaded to the public avatars bucket and shown on the profile
// page and in the dashboard's user menu (also after a reload), then removed. In Chinese, dark.
import { expect, test } from '../support/fixtures';

// A 1×1 PNG.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const loaded = (image: import('@playwright/test').Locator) => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth > 0);

test('zh, dark: a profile picture is uploaded, shown in the menu, and removed', async ({ page, signedInUser }) => {
  void signedInUser;
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/zh/dashboard/settings');
  await expect(page.getByTestId('avatar-none')).toBeVisible();

  await page
    .getByTestId('avatar-input')
    .setInputFiles({ name: 'me.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
  await expect(page.getByTestId('avatar-error')).toHaveText('请选择 PNG、JPEG、WebP 或 GIF 图片。');

  await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  const image = page.getByTestId('avatar-image');
  await expect(image).toHaveAttribute('src', /\/storage\/v1\/object\/public\/avatars\/[0-9a-f-]{36}\/avatar-\d+\.png$/);
  await expect.poll(() => loaded(image)).toBe(true);
  await expect(page.getByTestId('user-menu-avatar')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('user-menu-avatar')).toBeVisible();
  await expect.poll(() => loaded(page.getByTestId('user-menu-avatar'))).toBe(true);
  await page.getByTestId('avatar-remove').click();
  await expect(page.getByTestId('avatar-none')).toBeVisible();
  await expect(page.getByTestId('user-menu-avatar')).toHaveCount(0);
});
