import { expect, test } from '@playwright/test';

test('docs have a sidebar, a table of contents and previous / next links', async ({ page }) => {
  await page.goto('/docs/configuration');
  const sidebar = page.getByTestId('docs-sidebar');
  await expect(sidebar.locator('a[aria-current="page"]')).toHaveAttribute('href', '/docs/configuration');
  const toc = page.getByTestId('docs-toc');
  const firstEntry = toc.getByRole('link').first();
  const target = (await firstEntry.getAttribute('href'))!;
  await expect(page.locator(target)).toHaveCount(1);
  await firstEntry.click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));

  await page.getByTestId('docs-previous').click();
  await expect(page).toHaveURL(/\/docs\/getting-started$/);
  await expect(page.getByTestId('docs-previous')).toHaveCount(0);
  await page.getByTestId('docs-next').click();
  await expect(page).toHaveURL(/\/docs\/configuration$/);
});

test('docs search finds pages in English from the keyboard', async ({ page }) => {
  await page.goto('/docs/getting-started');
  // The shortcut works once the page is interactive; until then a press does nothing.
  await expect(async () => {
    await page.keyboard.press('/');
    await expect(page.getByTestId('docs-search')).toBeFocused({ timeout: 500 });
  }).toPass();
  await page.keyboard.type('load balancer');
  const results = page.getByTestId('docs-search-results').getByRole('option');
  await expect(results.first()).toBeVisible();
  await expect(results.first()).toContainText(/scaling/i);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/docs\/self-hosting\/scaling-out$/);
});

test('docs search works for Chinese', async ({ page }) => {
  await page.goto('/zh/docs/getting-started');
  const search = page.getByTestId('docs-search');
  await search.fill('反向代理');
  const results = page.getByTestId('docs-search-results').getByRole('option');
  await expect(results.first()).toBeVisible();
  await results.first().click();
  await expect(page).toHaveURL(/\/zh\/docs\/self-hosting/);
  await expect(page.locator('article')).toContainText('反向代理');
});

test('docs search says when nothing matches', async ({ page }) => {
  await page.goto('/docs/getting-started');
  await page.getByTestId('docs-search').fill('zzqxv');
  await expect(page.getByRole('status')).toContainText('No pages match');
});

test('the literature guide shows its screenshots in each language, sized before they load', async ({ page }) => {
  for (const [path, suffix] of [
    ['/docs/literature/searching', ''],
    ['/zh/docs/literature/searching', '.zh'],
  ] as const) {
    await page.goto(path);
    const images = page.locator('main img');
    await expect(images).toHaveCount(2);
    for (const [index, width] of [
      [0, 1280],
      [1, 390],
    ] as const) {
      const image = images.nth(index);
      await expect(image).toHaveAttribute('src', `/docs/literature/search-${width}${suffix}.png`);
      await expect(image).toHaveAttribute('width', String(width));
      expect((await image.getAttribute('alt'))!.length).toBeGreaterThan(20);
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth)).toBe(width);
    }
  }
});
