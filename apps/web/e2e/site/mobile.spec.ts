import { expect, test, type APIRequestContext } from '@playwright/test';
import { locales, localized, publicPages } from '../pages/public-pages';

/** Every public page: the sitemap's (both languages), and the sign-in pages, which it leaves out. */
async function everyPublicPath(request: APIRequestContext): Promise<string[]> {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const signIn = ['/auth/signin', '/auth/signup', '/auth/forgot-password'].flatMap((path) => locales.map((locale) => localized(path, locale)));
  return [...new Set([...listed, ...signIn])];
}

test.describe('at a 390 px wide phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const locale of locales) {
    test(`no public page scrolls sideways in ${locale}`, async ({ page, request }) => {
      test.setTimeout(300_000);
      const paths = (await everyPublicPath(request)).filter((path) => (locale === 'zh') === /^\/zh(\/|$)/.test(path));
      expect(paths.length).toBeGreaterThanOrEqual(publicPages.length + 3);
      const wide: string[] = [];
      for (const path of paths) {
        await page.goto(path);
        // A phone's browser widens its layout viewport to fit wider content, so innerWidth alone would follow the
        // overflow; both are held to the screen's 390 px.
        const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
        if (width.scroll > Math.min(width.inner, 390)) wide.push(`${path}: ${width.scroll}px`);
      }
      expect(wide).toEqual([]);
    });
  }
});

test('the mobile menu opens, navigates and closes', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByTestId('mobile-nav-toggle');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.locator('#mobile-nav').getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await page.keyboard.press('Escape');
  await expect(page.locator('#mobile-nav')).toBeHidden();
});
