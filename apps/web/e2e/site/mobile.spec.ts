import { expect, test } from '@playwright/test';
import { locales, localized, publicPages } from '../pages/public-pages';

for (const locale of locales) {
  test(`public pages fit a phone screen in ${locale}`, async ({ page }) => {
    for (const { path } of publicPages) {
      await page.goto(localized(path, locale));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
}

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
