import { expect, test } from '@playwright/test';

const cases = [
  {
    locale: 'en',
    path: '/no/such/page?x=1&y=%E4%B8%AD',
    headline: 'page does not exist',
    title: '404 Page does not exist · Citewise',
    message: 'Page Not Found: /no/such/page?x=1&y=%E4%B8%AD',
    home: 'Back to home page',
    back: 'Back to previous page',
  },
  {
    locale: 'zh',
    path: '/zh/no-such-page?from=x',
    headline: '页面不存在',
    title: '404 页面不存在 · Citewise',
    message: '未找到页面：/zh/no-such-page?from=x',
    home: '返回首页',
    back: '返回上一页',
  },
] as const;

for (const c of cases) {
  test(`an unmatched ${c.locale} URL answers 404 with the error screen`, async ({ page }) => {
    const response = await page.goto(c.path);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('error-status')).toHaveText('404');
    await expect(page.getByTestId('error-headline')).toHaveText(c.headline);
    // The tab says what happened, not only the site's name.
    await expect(page).toHaveTitle(c.title);
    await expect(page.getByTestId('error-message')).toHaveText(c.message);
    await expect(page.getByTestId('error-home')).toHaveText(c.home);
    await expect(page.getByTestId('error-back')).toHaveText(c.back);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });

  test(`the ${c.locale} error screen goes home and back`, async ({ page }) => {
    await page.goto(c.locale === 'en' ? '/pricing' : '/zh/pricing');
    // Wait until the page is interactive: the buttons are handled by the client router.
    await page.goto(c.path, { waitUntil: 'networkidle' });
    await page.getByTestId('error-back').click();
    await expect(page).toHaveURL(new RegExp(`${c.locale === 'en' ? '' : '/zh'}/pricing$`));
    await page.goto(c.path, { waitUntil: 'networkidle' });
    await page.getByTestId('error-home').click();
    await expect(page).toHaveURL(c.locale === 'en' ? /\/$/ : /\/zh$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}

for (const path of ['/no-such-product', '/zh/no-such-product', '/blog/no-such-post', '/docs/no/such/page', '/legal/cookies', '/zh/docs/nope']) {
  test(`${path} is a 404 inside the site shell`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('error-headline')).toHaveText(path.startsWith('/zh') ? '页面不存在' : 'page does not exist');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
}

test('a missing file outside the page routes is a 404 too', async ({ page }) => {
  const response = await page.goto('/no-such-file.txt?v=2');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('error-headline')).toHaveText('page does not exist');
  await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /no-such-file.txt?v=2');
});

test('a prerendered 404 names the full address it was asked for', async ({ page }) => {
  for (const [path, text] of [
    ['/legal/cookies?ref=mail', 'Page Not Found: /legal/cookies?ref=mail'],
    ['/zh/docs/nope?q=1', '未找到页面：/zh/docs/nope?q=1'],
  ]) {
    const response = await page.goto(path!);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('error-message')).toHaveText(text!);
  }
});

test('an unknown /api path answers the API’s JSON 404 for every method', async ({ request }) => {
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
    const response = await request.fetch('/api/no/such/endpoint?x=1', { method });
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
    expect((await response.json()).error.code).toBe('not_found');
  }
});

test('an unknown auth service path answers GoTrue’s JSON 404', async ({ request }) => {
  const response = await request.get('/platform/auth/v1/no-such-endpoint');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ code: 404, error_code: 'not_found' });
});
