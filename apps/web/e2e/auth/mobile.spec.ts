// Phone widths (the mobile project: a Pixel 7): the sign-in pages and the dashboard fit and can be used.
import { expect, test } from '../support/fixtures';
import { pathOf, SignInPage } from '../pages/auth';

async function noHorizontalScroll(page: import('@playwright/test').Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const locale of ['en', 'zh'] as const) {
  test(`${locale}: the sign-in and sign-up pages fit a phone`, async ({ page }) => {
    const prefix = locale === 'zh' ? '/zh' : '';
    for (const path of ['/auth/signin', '/auth/signup?plan=team&interval=monthly&currency=usd', '/auth/forgot-password']) {
      await page.goto(`${prefix}${path}`);
      await expect(page.getByTestId('auth-title')).toBeVisible();
      await noHorizontalScroll(page);
    }
  });

  test(`${locale}: the dashboard on a phone, with its navigation in a menu`, async ({ page, signedInUser }) => {
    const prefix = locale === 'zh' ? '/zh' : '';
    await page.goto(`${prefix}/dashboard`);
    await expect(page.getByTestId('account-identity')).toHaveText(signedInUser.email);
    await noHorizontalScroll(page);
    // The sidebar is hidden; the menu button opens the same navigation.
    await expect(page.getByTestId('dashboard-nav').first()).toBeHidden();
    await page.getByTestId('mobile-nav-toggle').click();
    const nav = page.locator('#mobile-nav').getByTestId('dashboard-nav');
    await expect(nav).toBeVisible();
    await expect(nav.locator('a[aria-current="page"]')).toHaveText(locale === 'zh' ? '概览' : 'Overview');
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await expect.poll(() => pathOf(page)).toBe(prefix || '/');
  });
}

test('signing in on a phone', async ({ page, user }) => {
  const signIn = new SignInPage(page);
  await signIn.goto('zh');
  await signIn.signIn(user.email, user.password);
  await expect.poll(() => pathOf(page)).toBe('/zh/dashboard');
  await noHorizontalScroll(page);
});
