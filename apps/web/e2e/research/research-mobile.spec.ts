// Phone widths (the mobile project: a Pixel 7): the research page and the library fit and can be used.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { LibraryPage, ResearchPage } from '../pages/research';

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const locale of ['en', 'zh'] as const) {
  test(`${locale}: search, the paper panel and the library fit a phone`, async ({ page, signedInUser }) => {
    void signedInUser;
    const research = new ResearchPage(page);
    await research.goto(locale);
    await noHorizontalScroll(page);
    await research.search(locale === 'zh' ? '水运工程' : 'neural architecture search');
    await expect(research.results.first()).toBeVisible();
    await noHorizontalScroll(page);
    await research.results.first().getByTestId('result-title').click();
    await expect(research.panel).toBeVisible();
    await expect(research.panel.getByTestId('citation-text')).toBeVisible();
    const width = await research.panel.evaluate((element) => element.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await research.panel.getByTestId('save-paper').click();
    await expect(research.panel.getByTestId('saved-state')).toBeVisible();
    await page.getByTestId('close-paper').click();
    await page.getByTestId('tab-check').click();
    await noHorizontalScroll(page);

    // At 390×844 at least two results show on the first screen after a search.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('tab-search').click();
    await research.search(locale === 'zh' ? '混凝土' : 'neural network');
    expect(await research.resultsAboveFold()).toBeGreaterThanOrEqual(2);

    const library = new LibraryPage(page);
    await library.goto(locale);
    await expect(library.entries).toHaveCount(1);
    await noHorizontalScroll(page);
  });
}
