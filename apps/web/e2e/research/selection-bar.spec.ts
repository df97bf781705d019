// The research page's selection bar: the selection outlives a reload and a new search, papers go into a collection
// made on the spot, and on a phone the bar is one row whose copy and export open on demand.
import { expect, test } from '../support/fixtures';
import { ResearchPage } from '../pages/research';

test('the selection survives a reload and a new search, and is saved into a new collection', async ({ page, signedInUser }) => {
  void signedInUser;
  const research = new ResearchPage(page);
  await research.goto();
  await research.search('neural compression');
  const titles = await research.results.getByTestId('result-title').allTextContents();
  await research.results.nth(0).getByTestId('select-result').check();
  await research.results.nth(1).getByTestId('select-result').check();
  const bar = page.getByTestId('selection-bar');
  await expect(bar.getByTestId('selection-count')).toHaveText('2 papers selected', { useInnerText: true });

  await page.reload();
  await expect(bar.getByTestId('selection-count')).toHaveText('2 papers selected', { useInnerText: true });
  await expect(research.results.nth(0).getByTestId('select-result')).toBeChecked();
  await expect(research.results.nth(1).getByTestId('select-result')).toBeChecked();
  await expect(research.results.nth(2).getByTestId('select-result')).not.toBeChecked();

  // Another search keeps the two and adds a third.
  await research.search('gravitational waves');
  await research.results.nth(0).getByTestId('select-result').check();
  await expect(bar.getByTestId('selection-count')).toHaveText('3 papers selected', { useInnerText: true });

  await bar.getByTestId('bulk-collection').selectOption('new');
  await expect(bar.getByTestId('bulk-new-collection-name')).toBeFocused();
  await expect(bar.getByTestId('bulk-save')).toBeDisabled();
  await bar.getByTestId('bulk-new-collection-name').fill('Compression and waves');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast').getByText('3 papers saved to “Compression and waves”')).toBeVisible();
  // The new collection is now the bar's choice, and it holds the three papers.
  await expect(bar.getByTestId('bulk-collection').locator('option:checked')).toHaveText('Compression and waves');
  const { collections } = (await (await page.request.get('/api/library/collections')).json()) as { collections: { id: string; name: string }[] };
  const made = collections.find((c) => c.name === 'Compression and waves')!;
  const { entries } = (await (await page.request.get(`/api/library/papers?collection=${made.id}`)).json()) as { entries: { paper: { title: string } }[] };
  expect(entries.map((e) => e.paper.title)).toEqual(expect.arrayContaining([titles[0], titles[1]]));
  expect(entries).toHaveLength(3);

  // Cleared stays cleared after a reload.
  await bar.getByTestId('selection-clear').click();
  await expect(bar).toBeHidden();
  await page.reload();
  await expect(research.results.first()).toBeVisible();
  await expect(bar).toBeHidden();
});

test('zh, 390 px: the bar is one row, copying and exporting open under it, and nothing scrolls sideways', async ({ page, signedInUser }) => {
  void signedInUser;
  await page.setViewportSize({ width: 390, height: 844 });
  const research = new ResearchPage(page);
  await research.goto('zh');
  await research.search('神经网络');
  await page.getByTestId('select-page').check();
  const bar = page.getByTestId('selection-bar');
  const count = await research.results.count();
  await expect(bar.getByTestId('selection-count')).toHaveText(`已选 ${count} 篇`, { useInnerText: true });
  expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(64);
  await expect(bar.getByTestId('bulk-copy')).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await bar.getByTestId('selection-more').click();
  await expect(bar.getByTestId('selection-more')).toHaveAttribute('aria-expanded', 'true');
  await expect(bar.getByTestId('bulk-copy')).toBeVisible();
  await expect(bar.getByTestId('export-download')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The bar stays within the screen, over the results, while they scroll.
  await page.mouse.wheel(0, 2000);
  const box = (await bar.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(844);

  await bar.getByTestId('selection-clear-phone').click();
  await expect(bar).toBeHidden();
});
