// Literature search in the product: search → open a paper → cite in GB/T 7714 → save → library → export BibTeX;
// checking a reference list; a Chinese query; keyboard use.
import { expect, test } from '../support/fixtures';
import { downloadedText, LibraryPage, ResearchPage } from '../pages/research';

const TITLE = 'Neural Architecture Search by Learning a Hierarchical Search Space';

test('search, open a paper, cite it in GB/T 7714, save it, find it in the library and export BibTeX', async ({ page, signedInUser }) => {
  void signedInUser;
  const research = new ResearchPage(page);
  await research.goto();
  await research.search('neural architecture search hierarchical search space');
  await expect(page.getByTestId('source-status').locator('[data-state="ok"]')).toHaveCount(1);
  const hit = research.result(TITLE);
  await expect(hit).toBeVisible();
  await expect(hit.getByTestId('match').first()).toBeVisible();
  // Whole words the analysed query matched: 'by' and 'a' in the title are stop-words, not matches.
  await expect(hit.getByTestId('result-title').getByTestId('match')).toHaveText(['Neural', 'Architecture', 'Search', 'Hierarchical', 'Search', 'Space']);
  await expect(hit.getByTestId('source-badge')).toHaveText('Local corpus');

  await research.open(TITLE);
  await expect(page.getByTestId('paper-title')).toHaveText(TITLE);
  await expect(research.panel.getByRole('link', { name: /2503\.21061/ })).toHaveAttribute('href', 'https://arxiv.org/abs/2503.21061');
  await research.panel.getByTestId('cite-style').selectOption('gb-t-7714-2015-numeric');
  const citation = research.panel.getByTestId('citation-text');
  await expect(citation).toContainText('ROSHTKHARI');
  await expect(citation).toContainText(`${TITLE}[`);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await research.panel.getByTestId('copy-citation').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('ROSHTKHARI');

  await research.panel.getByTestId('save-paper').click();
  await expect(research.panel.getByTestId('saved-state')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(research.panel).toBeHidden();

  const library = new LibraryPage(page);
  await library.goto();
  await expect(library.entries).toHaveCount(1);
  await expect(library.entries.first()).toContainText(TITLE);
  await page.getByTestId('export-format').selectOption('bibtex');
  const file = await downloadedText(page, () => page.getByTestId('export-download').click());
  expect(file.name).toBe('citewise-library.bib');
  expect(file.text).toMatch(/^@misc\{roshtkhari2025neural,$/m);
  expect(file.text).toContain(`title = {{${TITLE}}}`);
  expect(file.text).toContain('author = {Roshtkhari, Mehraveh Javan and Toews, Matthew and Pedersoli, Marco}');
  expect(file.text).toContain('eprint = {2503.21061}');
});

test('the library keeps a note, tags and collections, and filters by them', async ({ page, signedInUser }) => {
  void signedInUser;
  const research = new ResearchPage(page);
  await research.goto();
  await research.search('DeCompress denoising neural compression');
  await research.open('DeCompress: Denoising via Neural Compression');
  await research.panel.getByTestId('save-paper').click();
  await expect(research.panel.getByTestId('saved-state')).toBeVisible();

  const library = new LibraryPage(page);
  await library.goto();
  await page.getByTestId('collection-name').fill('Thesis');
  await page.getByTestId('collection-create').click();
  await expect(page.getByTestId('filter-collection').locator('option')).toHaveCount(2);
  await page.getByTestId('entry-title').click();
  await page.getByTestId('entry-note').fill('Compare with JPEG baselines');
  await page.getByTestId('entry-tags').fill('compression, to-read');
  await page.getByTestId('entry-collection').check();
  await page.getByTestId('entry-save').click();
  await expect(page.getByTestId('toast')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(library.entries.first().getByTestId('entry-tag')).toHaveText(['#compression', '#to-read']);
  await page.getByTestId('filter-tag').selectOption('to-read');
  await expect(library.entries).toHaveCount(1);
  await page.reload();
  await expect(library.entries.first().getByTestId('entry-note-preview')).toHaveText('Compare with JPEG baselines');
});

test('check references: one real, one altered and one invented entry', async ({ page, signedInUser }) => {
  void signedInUser;
  const research = new ResearchPage(page);
  await research.goto();
  const entries = await research.checkReferences(
    [
      `[1] Roshtkhari M J, Toews M, Pedersoli M. ${TITLE}. arXiv, 2025. arXiv:2503.21061`,
      '[2] Zafari A, Chen X, Jalali S. DeCompress: Denoising via Neural Compression. arXiv, 2019. arXiv:2503.22015',
      '[3] Quuxley Z, Fenwhistle B. Hyperdimensional gravitational tea brewing with quantum spoons. Journal of Imaginary Results, 2031.',
    ].join('\n'),
  );
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toHaveAttribute('data-status', 'verified');
  await expect(entries.nth(1)).toHaveAttribute('data-status', 'mismatch');
  const year = entries.nth(1).locator('[data-testid="field-row"][data-field="year"]');
  await expect(year).toHaveAttribute('data-verdict', 'different');
  await expect(year).toContainText('2019');
  await expect(year).toContainText('2025');
  // Only the local corpus is switched on in this run: the invented entry cannot be called not found, and the
  // entry says where it looked and what to do, in a neutral badge.
  await expect(entries.nth(2)).toHaveAttribute('data-status', 'unchecked');
  await expect(entries.nth(2).getByTestId('entry-status')).toHaveText('Could not be checked');
  await expect(entries.nth(2).getByTestId('unchecked-why')).toContainText('Searched: Local corpus.');
  await expect(page.getByTestId('check-summary')).toContainText('1 could not be checked');
});

test('zh: a reference checked against the local corpus alone reads as unchecked, not as fake', async ({ page, signedInUser }) => {
  void signedInUser;
  const research = new ResearchPage(page);
  await research.goto('zh');
  const entries = await research.checkReferences('He K, Zhang X, Ren S, Sun J. Deep residual learning for image recognition. CVPR, 2016.');
  await expect(entries.first()).toHaveAttribute('data-status', 'unchecked');
  await expect(entries.first().getByTestId('entry-status')).toHaveText('无法核查');
  await expect(entries.first().getByTestId('unchecked-why')).toContainText('已检索：本地文献库');
});

test('zh: a Chinese query finds Chinese papers, and the page speaks Chinese', async ({ page, signedInUser }) => {
  void signedInUser;
  const research = new ResearchPage(page);
  await research.goto('zh');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('文献检索');
  await research.search('水运工程 全过程管理');
  const hit = research.result('水运工程施工项目全过程管理的有效性探索');
  await expect(hit).toBeVisible();
  await expect(hit.getByTestId('match').first()).toBeVisible();
  await expect(page.getByTestId('source-status')).toContainText('本地文献库');
  await research.open('水运工程施工项目全过程管理的有效性探索');
  await expect(research.panel.getByTestId('citation-text')).toContainText('水运工程施工项目全过程管理的有效性探索');
});

test('keyboard: search, open a result, close it, and switch tabs without a mouse', async ({ page, signedInUser }) => {
  void signedInUser;
  const research = new ResearchPage(page);
  await research.goto();
  await research.input.focus();
  await page.keyboard.type('neural compression');
  await page.keyboard.press('Enter');
  await expect(research.results.first()).toBeVisible();
  await research.results.first().getByTestId('result-title').focus();
  await page.keyboard.press('Enter');
  await expect(research.panel).toBeVisible();
  await expect(page.getByTestId('close-paper')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(research.panel).toBeHidden();
  await expect(research.results.first().getByTestId('result-title')).toBeFocused();
  await page.getByTestId('tab-search').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('tab-ask')).toBeFocused();
  await expect(page.getByTestId('ask-input')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('tab-check')).toBeFocused();
  await expect(page.getByTestId('check-text')).toBeVisible();
});

test('empty results and validation errors are shown', async ({ page, signedInUser }) => {
  void signedInUser;
  const research = new ResearchPage(page);
  await research.goto();
  await research.search('zzqxv wqpfj xkcdq');
  await expect(page.getByTestId('search-empty')).toBeVisible();
  // A reversed year range marks the fields instead of asking the server and offering a "Try again" that cannot succeed.
  await research.openFilters();
  await page.getByTestId('year-from').fill('2020');
  await page.getByTestId('year-to').fill('2010');
  await expect(page.getByTestId('year-range-error')).toHaveText('The first year comes after the last: swap them or change one.');
  await expect(page.getByTestId('year-from')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('year-to')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('search-submit')).toBeDisabled();
  await page.getByTestId('year-to').fill('2030');
  await expect(page.getByTestId('year-range-error')).toBeHidden();
  await expect(page.getByTestId('search-submit')).toBeEnabled();
});

test('pages through results, and filters by year', async ({ page, signedInUser }) => {
  void signedInUser;
  const research = new ResearchPage(page);
  await research.goto();
  await research.search('neural network');
  await expect(research.results).toHaveCount(20);
  await expect(page.getByTestId('previous-page')).toBeDisabled();
  const firstTitle = await research.results.first().getByTestId('result-title').textContent();
  await page.getByTestId('next-page').click();
  await expect(page.getByTestId('results-summary')).toHaveText('Results 21–40');
  await expect(research.results.first().getByTestId('result-title')).not.toHaveText(firstTitle!);
  await page.getByTestId('previous-page').click();
  await expect(page.getByTestId('results-summary')).toHaveText('Results 1–20');

  await research.openFilters();
  await page.getByTestId('year-from').fill('2026');
  await page.getByTestId('year-to').fill('2026');
  const filtered = page.waitForResponse((response) => response.url().includes('/api/scholar/search?') && response.url().includes('yearFrom=2026'));
  await page.getByTestId('search-submit').click();
  await filtered;
  await expect(page.getByTestId('results-summary')).toHaveText(/^Results 1–/);
  // The answer has arrived, but the list may still show the unfiltered page until React renders it (the first
  // result of which can be from 2026 as well): wait until every shown result is.
  await expect
    .poll(async () => {
      const texts = await research.results.allTextContents();
      return texts.length > 0 && texts.every((text) => text.includes('2026'));
    })
    .toBe(true);
});
