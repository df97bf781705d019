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

// The rule: a URL that names a language wins (unprefixed pages are English); negotiation happens only at `/`.
test('after a visit to the Chinese site, an unprefixed link stays English; only / goes back to Chinese', async ({ page, context }) => {
  await page.goto('/zh/pricing');
  expect((await context.cookies()).find((c) => c.name === 'NEXT_LOCALE')?.value).toBe('zh');
  await page.goto('/zh');
  const shared = await page.goto('/pricing');
  expect(shared?.request().redirectedFrom()).toBeNull();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page).not.toHaveURL(/\/zh\//);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Simple plans/);
  await page.goto('/zh/pricing');
  await page.goto('/');
  await expect(page).toHaveURL(/\/zh$/);
});

test.describe('a Chinese browser', () => {
  test.use({ locale: 'zh-CN', extraHTTPHeaders: { 'Accept-Language': 'zh-CN,zh;q=0.9' } });
  test('is sent to the Chinese home page on a first visit', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/zh$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/只引用真实论文/);
  });
  test('still reads an unprefixed page in English: the URL names its language', async ({ page }) => {
    await page.goto('/docs/getting-started');
    await expect(page).toHaveURL(/\/docs\/getting-started$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
