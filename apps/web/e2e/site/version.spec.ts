import { expect, test, type Page } from '@playwright/test';
import { pauseClock } from '../pages/clock';

async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __marker: string }).__marker = 'same-document'));
}
const marker = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: string }).__marker ?? null);

test('without a new build, links navigate inside the page', async ({ page }) => {
  await page.goto('/');
  await markDocument(page);
  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  expect(await marker(page)).toBe('same-document');
});

test('after a new build is seen, the next navigation is a full page load', async ({ page }) => {
  let polls = 0;
  await page.route('**/builds/latest.json?t=*', async (route) => {
    polls += 1;
    await route.fulfill({ json: { id: 'a-newer-build', timestamp: Date.now() } });
  });
  await pauseClock(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-new-version', 'true');
  expect(polls).toBeGreaterThanOrEqual(1);

  // The default toast announces it and closes by itself after 5000 ms.
  const toast = page.getByTestId('toast');
  await expect(toast).toHaveAttribute('data-variant', 'default');
  await expect(toast).toContainText('A new version of Citewise is available');
  await page.clock.runFor(4800);
  await expect(toast).toBeVisible();
  await page.clock.runFor(400);
  await expect(page.getByTestId('toast')).toHaveCount(0);

  await markDocument(page);
  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await marker(page)).toBeNull();
});

test('the build id is polled with a timestamp, again on the interval and when the tab is shown', async ({ page }) => {
  const seen: string[] = [];
  await page.route('**/builds/latest.json?t=*', async (route) => {
    seen.push(route.request().url());
    await route.continue();
  });
  await pauseClock(page);
  await page.goto('/blog');
  await expect.poll(() => seen.length).toBe(1);
  expect(seen[0]).toMatch(/\/builds\/latest\.json\?t=\d+$/);
  await page.clock.runFor(5 * 60 * 1000);
  await expect.poll(() => seen.length).toBe(2);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect.poll(() => seen.length).toBe(3);
  await expect(page.locator('html')).not.toHaveAttribute('data-new-version', 'true');
});

test('a chunk-loading error reloads the page, at most once in 10 s', async ({ page }) => {
  // The watcher is listening once it has asked for the build id.
  await Promise.all([page.waitForRequest(/\/builds\/latest\.json\?t=/), page.goto('/changelog')]);
  await markDocument(page);
  const fail = () =>
    page.evaluate(() => {
      const error = Object.assign(new Error('Loading chunk 123 failed.'), { name: 'ChunkLoadError' });
      window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
    });
  await Promise.all([page.waitForEvent('load'), fail()]);
  expect(await marker(page)).toBeNull();
  await markDocument(page);
  await fail();
  await page.waitForTimeout(500);
  expect(await marker(page)).toBe('same-document');
});
