import { expect, test } from '@playwright/test';

test('the language switch keeps the current page and is remembered', async ({ page, context }) => {
  await page.goto('/pricing');
  await page.getByTestId('locale-zh').first().click();
  await expect(page).toHaveURL(/\/zh\/pricing$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/简单方案/);
  const cookie = (await context.cookies()).find((c) => c.name === 'NEXT_LOCALE');
  expect(cookie?.value).toBe('zh');

  await page.getByTestId('locale-en').first().click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page).not.toHaveURL(/\/zh\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Simple plans/);
});

test('the switch keeps deep documentation pages', async ({ page }) => {
  await page.goto('/docs/self-hosting/scaling-out');
  await page.getByTestId('locale-zh').first().click();
  await expect(page).toHaveURL(/\/zh\/docs\/self-hosting\/scaling-out$/);
});

test.describe('a Chinese browser', () => {
  test.use({ locale: 'zh-CN', extraHTTPHeaders: { 'Accept-Language': 'zh-CN,zh;q=0.9' } });
  test('is sent to the Chinese home page on a first visit', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/zh$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/只引用真实论文/);
  });
});
