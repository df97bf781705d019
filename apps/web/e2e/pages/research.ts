import { expect, type Locator, type Page } from '@playwright/test';

/** /ai/research: the search tab and the reference checker. */
/** How long a search may take in a test: seconds on an idle machine, more while builds and other tests share its cores. */
const SEARCH_TIMEOUT = 30_000;

export class ResearchPage {
  readonly input: Locator;
  readonly results: Locator;
  readonly panel: Locator;

  constructor(readonly page: Page) {
    this.input = page.getByTestId('search-input');
    this.results = page.getByTestId('search-result');
    this.panel = page.getByTestId('paper-panel');
  }

  async goto(locale: 'en' | 'zh' = 'en') {
    await this.page.goto(locale === 'zh' ? '/zh/ai/research' : '/ai/research');
    await expect(this.page.getByTestId('search-intro')).toBeVisible();
  }

  /**
   * Runs a search and waits for its own results: those of the search before stay on screen until they arrive, so
   * waiting for any summary raced the new search. A search is the heaviest request of the page (every source, the
   * query's translation, the ranking), so it gets more time than a click's answer on a loaded machine.
   */
  async search(query: string) {
    await this.input.fill(query);
    await this.input.press('Enter');
    await expect(this.page.getByTestId('results-summary')).toHaveAttribute('data-query', query.trim(), { timeout: SEARCH_TIMEOUT });
    await this.settled();
  }

  /** Waits until no search is under way (after a filter, a page or the translation switch changed the address). */
  async settled() {
    await expect(this.page.locator('section[aria-labelledby="results-title"]')).toHaveAttribute('aria-busy', 'false', { timeout: SEARCH_TIMEOUT });
  }

  /** How many results show their whole title on the first screen, without scrolling. */
  async resultsAboveFold(): Promise<number> {
    await expect(this.results.first()).toBeVisible();
    return this.page.evaluate(() => {
      const titles = [...document.querySelectorAll('[data-testid="result-title"]')];
      return titles.filter((title) => title.getBoundingClientRect().bottom <= window.innerHeight).length;
    });
  }

  /** Unfolds the filters (folded behind their switch beside the search box once a search has run). */
  async openFilters() {
    const toggle = this.page.getByTestId('filters-toggle');
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(this.page.getByTestId('year-from')).toBeVisible();
  }

  result(title: string | RegExp): Locator {
    return this.results.filter({ has: this.page.getByTestId('result-title').filter({ hasText: title }) });
  }

  async open(title: string | RegExp) {
    await this.result(title).getByTestId('result-title').click();
    await expect(this.panel).toBeVisible();
  }

  /** Asks the research assistant on the Ask tab and waits for the answer's sources. */
  async ask(question: string) {
    await this.page.getByTestId('tab-ask').click();
    await this.page.getByTestId('ask-input').fill(question);
    await this.page.getByTestId('ask-submit').click();
    await expect(this.page.getByTestId('ask-source').first()).toBeVisible({ timeout: 30_000 });
    return this.page.getByTestId('ask-answer');
  }

  async checkReferences(text: string) {
    await this.page.getByTestId('tab-check').click();
    await this.page.getByTestId('check-text').fill(text);
    await this.page.getByTestId('check-submit').click();
    await expect(this.page.getByTestId('check-summary')).toBeVisible({ timeout: 30_000 });
    return this.page.getByTestId('checked-entry');
  }
}

/** /dashboard/library. */
export class LibraryPage {
  readonly entries: Locator;

  constructor(readonly page: Page) {
    this.entries = page.getByTestId('library-entry');
  }

  async goto(locale: 'en' | 'zh' = 'en') {
    await this.page.goto(locale === 'zh' ? '/zh/dashboard/library' : '/dashboard/library');
    await expect(this.page.getByTestId('library-loading')).toBeHidden();
  }
}

/** The text of a download started by `action`. */
export async function downloadedText(page: Page, action: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), action()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}
