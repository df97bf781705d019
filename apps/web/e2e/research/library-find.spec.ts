// Finding things in a library of many papers: the compact list fits at least twelve papers on a 1280×800 screen,
// search looks in titles and authors (Chinese substrings too), sort by year and title, j / k and the arrows move
// from paper to paper, search and sort survive a reload in the address; the bulk bar files the selection into a
// new collection, and the selection survives a reload. In English and Chinese.
import type { Page } from '@playwright/test';
import { LibraryPage } from '../pages/research';
import { baseURL } from '../../playwright.config';
import { expect, test } from '../support/fixtures';

const paper = (n: number, title: string, authors: Array<{ family?: string; given?: string; literal?: string }>, year: number, language = 'en') => ({
  id: `e2e:library-find-${n}`,
  title,
  abstract: null,
  authors,
  issued: { year },
  container: language === 'zh' ? '生态学报' : 'Journal of Field Notes',
  doi: null,
  arxivId: null,
  pmid: null,
  url: null,
  language,
  type: 'article-journal',
  fields: [],
  keywords: [],
  source: 'crossref',
});

/** Fourteen papers, one of them by Okafor, two with 湿地 in a title without spaces, years 2001–2014.
 * Saved in one request, so they share a time: orders that fall back to it are not asserted. */
const papers = [
  paper(1, 'Peatland rewetting lowers methane flux variability', [{ family: 'Okafor', given: 'Ada' }], 2008),
  paper(2, '青藏高原湿地碳通量的季节变化', [{ literal: '王海' }, { literal: '陈静' }], 2014, 'zh'),
  paper(3, '城市湿地公园的鸟类多样性调查', [{ literal: '刘洋' }], 2003, 'zh'),
  paper(4, 'Abyssal plain sediment cores and their dating', [{ family: 'Lindqvist', given: 'Maja' }], 2005),
  ...Array.from({ length: 10 }, (_, i) => paper(5 + i, `Grassland survey number ${i + 1} across seasons`, [{ family: 'Moreau', given: 'Luc' }], 2001 + i)),
];

const cases = [
  { locale: 'en' as const, selected: '3 selected', collection: 'Field season 2026', added: '3 papers added to Field season 2026' },
  { locale: 'zh' as const, selected: '已选 3 篇', collection: '野外季节', added: '已将 3 篇加入“野外季节”' },
];

async function rowsOnScreen(page: Page): Promise<number> {
  return page.getByTestId('library-entry').evaluateAll(
    (rows) =>
      rows.filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }).length,
  );
}

const titles = (page: Page) => page.getByTestId('entry-title');

for (const c of cases) {
  test(`${c.locale}: a large library is searched, sorted, moved through by keyboard and filed from the bulk bar`, async ({ page, signedInUser }) => {
    void signedInUser;
    test.slow();
    await page.setViewportSize({ width: 1280, height: 800 });
    const saved = await page.request.post('/api/library/papers/bulk', { data: { papers }, headers: { origin: baseURL } });
    expect(saved.ok()).toBe(true);

    const library = new LibraryPage(page);
    await library.goto(c.locale);
    await expect(library.entries).toHaveCount(14);

    // The compact list: at least twelve papers on the first screen, and the choice is remembered.
    await page.getByTestId('library-view-list').check({ force: true });
    await expect(page.getByTestId('library-entries')).toHaveAttribute('data-view', 'list');
    expect(await rowsOnScreen(page)).toBeGreaterThanOrEqual(12);
    await page.reload();
    await expect(page.getByTestId('library-entries')).toHaveAttribute('data-view', 'list');

    // Search by an author, then by a Chinese substring of titles; the address keeps it through a reload.
    const search = page.getByTestId('library-search');
    await search.fill('okafor');
    await expect(library.entries).toHaveCount(1);
    await expect(titles(page)).toHaveText([papers[0]!.title]);
    await expect(page).toHaveURL(/[?&]q=okafor/);
    await search.fill('湿地');
    await expect(library.entries).toHaveCount(2);
    await page.reload();
    await expect(page.getByTestId('library-search')).toHaveValue('湿地');
    await expect(library.entries.filter({ hasText: papers[1]!.title })).toHaveCount(1);
    await expect(library.entries.filter({ hasText: papers[2]!.title })).toHaveCount(1);
    await page.getByTestId('library-search').fill('no such paper anywhere');
    await expect(page.getByTestId('library-no-matches')).toBeVisible();
    await page.getByTestId('library-clear-search').click();
    await expect(library.entries).toHaveCount(14);
    await expect(page.getByTestId('library-search')).toHaveValue('');

    // Sort by year (newest first), then by title; the order survives a reload.
    await page.getByTestId('library-sort').selectOption('year');
    await expect(page.getByTestId('entry-year').first()).toHaveText('2014');
    await expect(page.getByTestId('entry-year').last()).toHaveText('2001');
    await page.getByTestId('library-sort').selectOption('title');
    await expect(titles(page).first()).toHaveText(papers[3]!.title);
    await expect(page).toHaveURL(/[?&]sort=title/);
    await page.reload();
    await expect(page.getByTestId('library-sort')).toHaveValue('title');
    await expect(titles(page).first()).toHaveText(papers[3]!.title);

    // j / k anywhere, ↓ / ↑ inside the list; Enter opens the focused paper.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('j');
    await expect(titles(page).nth(0)).toBeFocused();
    await page.keyboard.press('j');
    await expect(titles(page).nth(1)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(titles(page).nth(2)).toBeFocused();
    await page.keyboard.press('k');
    await expect(titles(page).nth(1)).toBeFocused();
    const second = await titles(page).nth(1).textContent();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('paper-title')).toHaveText(second!);
    await page.getByTestId('close-paper').click();

    // Select three, reload: still selected; file them into a new collection from the bulk bar.
    for (const index of [0, 1, 2]) await library.entries.nth(index).getByTestId('select-entry').check();
    await expect(page.getByTestId('bulk-count')).toHaveText(c.selected);
    await page.reload();
    await expect(page.getByTestId('bulk-count')).toHaveText(c.selected);
    for (const index of [0, 1, 2]) await expect(library.entries.nth(index).getByTestId('select-entry')).toBeChecked();
    await expect(library.entries.nth(3).getByTestId('select-entry')).not.toBeChecked();
    await page.getByTestId('bulk-collection').selectOption('new');
    await page.getByTestId('bulk-new-collection-name').fill(c.collection);
    await page.getByTestId('bulk-file').click();
    await expect(page.getByTestId('toast')).toContainText(c.added);
    const option = page.getByTestId('filter-collection').locator('option', { hasText: c.collection });
    await page.getByTestId('filter-collection').selectOption((await option.getAttribute('value'))!);
    await expect(library.entries).toHaveCount(3);
  });
}

test('at 390 px the bulk bar is one row and its other actions are in a menu', async ({ page, signedInUser }) => {
  void signedInUser;
  await page.setViewportSize({ width: 390, height: 844 });
  const saved = await page.request.post('/api/library/papers/bulk', { data: { papers: papers.slice(0, 4) }, headers: { origin: baseURL } });
  expect(saved.ok()).toBe(true);
  const library = new LibraryPage(page);
  await library.goto('zh');
  await library.entries.first().getByTestId('select-entry').check();
  const bar = page.getByTestId('library-bulk-bar');
  const box = (await bar.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(64);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByTestId('bulk-more').click();
  await page.getByTestId('bulk-select-shown').click();
  await expect(page.getByTestId('bulk-count')).toHaveText('已选 4 篇');
  await page.getByTestId('bulk-more').click();
  await page.getByTestId('bulk-clear').click();
  await expect(bar).toBeHidden();
});
