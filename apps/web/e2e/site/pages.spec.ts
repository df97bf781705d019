import { expect, test } from '@playwright/test';
import { locales, localized, publicPages, siteUrl } from '../pages/public-pages';

for (const locale of locales) {
  for (const page of publicPages) {
    const path = localized(page.path, locale);
    test(`${path} is served with its title, canonical URL, alternates and heading`, async ({ page: tab }) => {
      const response = await tab.goto(path);
      expect(response?.status()).toBe(200);
      await expect(tab.locator('html')).toHaveAttribute('lang', locale === 'en' ? 'en' : 'zh-CN');
      await expect(tab).toHaveTitle(/ · Citewise$/);
      // Next writes the bare origin without its trailing slash.
      const url = (p: string) => (p === '/' ? siteUrl : siteUrl + p);
      await expect(tab.locator('link[rel="canonical"]')).toHaveAttribute('href', url(path));
      await expect(tab.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', url(localized(page.path, 'en')));
      await expect(tab.locator('link[rel="alternate"][hreflang="zh-CN"]')).toHaveAttribute('href', url(localized(page.path, 'zh')));
      await expect(tab.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', url(localized(page.path, 'en')));
      await expect(tab.locator('meta[property="og:title"]')).toHaveAttribute('content', /· Citewise$/);
      await expect(tab.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
      await expect(tab.locator('meta[property="og:image"]')).toHaveAttribute('content', `${siteUrl}/og.png`);
      await expect(tab.locator('meta[name="description"]')).toHaveAttribute('content', /.{12,}/);
      await expect(tab.getByRole('heading', { level: 1 })).toHaveText(page.heading[locale]);
    });
  }

  test(`${localized('/blog', locale)} lists posts that open with date, author, tags and reading time`, async ({ page }) => {
    await page.goto(localized('/blog', locale));
    const posts = page.getByTestId('blog-post');
    expect(await posts.count()).toBeGreaterThanOrEqual(3);
    const first = posts.first();
    const title = (await first.getByRole('heading', { level: 2 }).textContent()) ?? '';
    await first.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.locator('article time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
    await expect(page.locator('article')).toContainText(locale === 'en' ? /\d+ min read/ : /阅读约 \d+ 分钟/);
    const response = await page.request.get(page.url());
    expect(response.status()).toBe(200);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  });

  test(`the ${locale} RSS feed lists the posts of its language`, async ({ request }) => {
    const response = await request.get(localized('/blog/rss.xml', locale));
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/rss+xml');
    const xml = await response.text();
    expect(xml).toContain(`<language>${locale === 'en' ? 'en' : 'zh-CN'}</language>`);
    expect(xml.match(/<item>/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(xml).toContain(`${siteUrl}${localized('/blog/', locale)}`);
  });
}

test('the sitemap lists every public page in both languages', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  for (const page of publicPages) {
    for (const locale of locales) {
      const url = siteUrl + localized(page.path, locale);
      expect(xml, url).toContain(`<loc>${url}</loc>`);
    }
  }
  // No signed-in or service path (a docs page may be about one, e.g. /docs/self-hosting/admin-area).
  expect(xml).not.toMatch(/<loc>[^<]*?:\d+(?:\/zh)?\/(dashboard|admin|api|platform)\b/);
});

test('robots.txt keeps the private areas out', async ({ request }) => {
  const text = await (await request.get('/robots.txt')).text();
  for (const prefix of ['/dashboard', '/admin', '/api', '/platform']) {
    expect(text).toContain(`Disallow: ${prefix}`);
    expect(text).toContain(`Disallow: /zh${prefix}`);
  }
  expect(text).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
});

test('the health check answers with the running build', async ({ request }) => {
  const response = await request.get('/api/health');
  const latest = await (await request.get('/builds/latest.json')).json();
  expect(await response.json()).toEqual({ status: 'ok', build: latest.id });
});

test('the docs entry point leads to the first page', async ({ page }) => {
  await page.goto('/zh/docs');
  await expect(page).toHaveURL(/\/zh\/docs\/getting-started$/);
});
