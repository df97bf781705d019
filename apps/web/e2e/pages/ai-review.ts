import { expect, type Locator, type Page } from '@playwright/test';
import { AiToolPage } from './ai-tools';

/** /ai/workflow/literature-review once a review is on screen: its references, screening and search log. */
export class ReviewPage extends AiToolPage {
  readonly references: Locator;
  readonly cards: Locator;
  readonly markers: Locator;
  readonly screening: Locator;
  readonly searchLog: Locator;
  readonly panel: Locator;

  constructor(page: Page) {
    super(page);
    this.references = page.getByTestId('wf-references');
    this.cards = page.getByTestId('wf-reference');
    this.markers = page.getByTestId('wf-marker');
    this.screening = page.getByTestId('wf-screening');
    this.searchLog = page.getByTestId('ask-search-log');
    this.panel = page.getByTestId('wf-paper-panel');
  }

  /** Runs the review on a topic (in the review language given) and waits until it has ended well. */
  async runReview(topic: string, language?: '中文') {
    await this.ready();
    await this.input('topic').fill(topic);
    if (language) await this.input('language').selectOption(language);
    await this.run.click();
    await expect(this.workflowOutput).toHaveAttribute('data-state', 'succeeded', { timeout: 30_000 });
    await expect(this.references).toBeVisible();
  }

  /** The cited cards (the uncited ones are folded away below them). */
  cited(): Locator {
    return this.cards.and(this.page.locator('[data-cited="true"]'));
  }

  /** Opens a native disclosure (<details>) if it is closed. */
  async unfold(details: Locator) {
    if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) await details.locator('summary').first().click();
  }

  async noHorizontalScroll() {
    expect(await this.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  }
}
