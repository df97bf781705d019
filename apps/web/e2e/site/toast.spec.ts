import { expect, test } from '@playwright/test';
import { pauseClock } from '../pages/clock';

// Code blocks in the docs copy their text and confirm with a toast: a real trigger for every variant.
const page_ = '/docs/getting-started';

test.describe('toasts', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a success toast closes after 2000 ms and only one toast is shown', async ({ page }) => {
    await pauseClock(page);
    await page.goto(page_);
    const buttons = page.getByTestId('copy-code');
    expect(await buttons.count()).toBeGreaterThanOrEqual(2);
    await buttons.nth(0).click();
    await buttons.nth(1).click();
    const toasts = page.getByTestId('toast');
    await expect(toasts).toHaveCount(1);
    await expect(toasts.first()).toHaveAttribute('data-variant', 'success');
    await expect(toasts.first()).toContainText('Copied to the clipboard');
    await page.clock.runFor(1900);
    await expect(toasts.first()).toBeVisible();
    await page.clock.runFor(300);
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });

  test('a toast swiped right past 50 px is dismissed, a shorter swipe is not', async ({ page }) => {
    await page.goto(page_);
    await page.getByTestId('copy-code').first().click();
    const toast = page.getByTestId('toast');
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    const y = box.y + box.height / 2;
    const x = box.x + 20;
    // Radix pauses the timer while the pointer is on the toast, so only the swipe can close it here.
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 30, y, { steps: 5 });
    await page.mouse.up();
    await expect(toast).toBeVisible();
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 80, y, { steps: 8 });
    await page.mouse.up();
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });

  test('F8 moves focus to the toast region', async ({ page }) => {
    await page.goto(page_);
    await page.getByTestId('copy-code').first().click();
    await expect(page.getByTestId('toast')).toBeVisible();
    await page.keyboard.press('F8');
    const focused = await page.evaluate(() => document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label') ?? '');
    expect(focused).toContain('Notifications');
  });
});

test('a destructive toast explains a failed copy, in Chinese too', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
  });
  await pauseClock(page);
  await page.goto('/zh/docs/getting-started');
  await page.getByTestId('copy-code').first().click();
  const toast = page.getByTestId('toast');
  await expect(toast).toHaveAttribute('data-variant', 'destructive');
  await expect(toast).toContainText('无法复制');
  await page.clock.runFor(4800);
  await expect(toast).toBeVisible();
  await page.clock.runFor(400);
  await expect(page.getByTestId('toast')).toHaveCount(0);
});
