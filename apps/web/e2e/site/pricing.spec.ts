import { expect, test } from '@playwright/test';

test('prices follow the chosen period and currency, and the choice goes to sign-up', async ({ page }) => {
  await page.goto('/pricing');
  const pro = page.getByTestId('plan-pro');
  await expect(pro.getByTestId('plan-price')).toHaveText('$12');
  await page.locator('label', { hasText: 'Yearly' }).click();
  await expect(pro.getByTestId('plan-price')).toHaveText('$120');
  await page.locator('label', { hasText: 'CNY ¥' }).click();
  await expect(pro.getByTestId('plan-price')).toHaveText('¥680');
  await expect(pro.getByTestId('plan-cta')).toHaveAttribute('href', '/auth/signup?plan=pro&interval=yearly&currency=cny');
  await expect(page.getByTestId('plan-team').getByTestId('plan-cta')).toHaveAttribute('href', '/auth/signup?plan=team&interval=yearly&currency=cny');
  await expect(page.getByTestId('compare-table').getByRole('row')).toHaveCount(10);
});

test('Chinese pricing starts in yuan and keeps the language in the sign-up link', async ({ page }) => {
  await page.goto('/zh/pricing');
  await expect(page.getByTestId('plan-pro').getByTestId('plan-price')).toHaveText('¥68');
  await expect(page.getByTestId('plan-free').getByTestId('plan-cta')).toHaveAttribute('href', '/zh/auth/signup?plan=free&interval=monthly&currency=cny');
});

test('the FAQ opens from the keyboard', async ({ page }) => {
  await page.goto('/pricing');
  const summary = page.locator('summary').first();
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('details').first()).toHaveAttribute('open', '');
});
