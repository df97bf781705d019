// The sign-in pages and the dashboard in both languages and colour modes: no serious accessibility problem,
// and the sign-in form can be used with the keyboard alone.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { pathOf } from '../pages/auth';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${pathOf(page)}: ${v.id} ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

for (const theme of ['light', 'dark'] as const) {
  for (const locale of ['en', 'zh'] as const) {
    test(`${locale}, ${theme}: sign-in pages and the dashboard have no serious accessibility violation`, async ({ page, user }) => {
      test.setTimeout(120_000);
      await page.emulateMedia({ colorScheme: theme });
      const prefix = locale === 'zh' ? '/zh' : '';
      const found: string[] = [];
      for (const path of [
        '/auth/signin',
        '/auth/signup?plan=pro&interval=yearly&currency=usd',
        '/auth/forgot-password',
        '/auth/error?error=link_expired',
        '/auth/verify-success',
      ]) {
        await page.goto(`${prefix}${path}`);
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /light/);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        found.push(...(await seriousViolations(page)));
      }
      // A failed sign-in, with its message.
      await page.goto(`${prefix}/auth/signin`);
      await expect(page.getByTestId('signin-submit')).toBeEnabled();
      await page.getByTestId('signin-email').fill(user.email);
      await page.getByTestId('signin-password').fill('wrong password');
      await page.getByTestId('signin-submit').click();
      await expect(page.getByTestId('form-error')).toBeVisible();
      found.push(...(await seriousViolations(page)));
      await page.getByTestId('signin-password').fill(user.password);
      await page.getByTestId('signin-submit').click();
      await expect.poll(() => pathOf(page)).toBe(`${prefix}/dashboard`);
      await expect(page.getByTestId('plan-name')).toBeVisible();
      found.push(...(await seriousViolations(page)));
      await page.getByTestId('user-menu').click();
      await expect(page.getByRole('menu')).toBeVisible();
      found.push(...(await seriousViolations(page)));
      expect(found).toEqual([]);
    });
  }
}

test('the sign-in form works from the keyboard alone', async ({ page, user }) => {
  await page.goto('/auth/signin');
  await expect(page.getByTestId('signin-submit')).toBeEnabled();
  await page.getByTestId('signin-email').focus();
  await page.keyboard.type(user.email);
  await page.keyboard.press('Tab'); // "Forgot your password?" sits after the label, before the field
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('signin-password')).toBeFocused();
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect.poll(() => pathOf(page)).toBe('/dashboard');
  // The user menu opens with the keyboard and its items are reached with the arrows.
  await page.getByTestId('user-menu').focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('sign-out')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByTestId('user-menu')).toBeFocused();
});
