import { expect, type Locator, type Page } from '@playwright/test';

/** The billing page, /dashboard/settings/billing, and the local test-mode checkout it is reached through. */
export class BillingPage {
  constructor(
    private readonly page: Page,
    private readonly prefix: '' | '/zh',
  ) {}

  async goto() {
    await this.page.goto(`${this.prefix}/dashboard/settings/billing`);
    await expect(this.page.getByTestId('billing-plan')).toBeVisible();
  }

  planName() {
    return this.page.getByTestId('billing-plan-name');
  }

  status() {
    return this.page.getByTestId('billing-status');
  }

  period() {
    return this.page.getByTestId('billing-period');
  }

  usage(feature: 'searchesPerDay' | 'aiMessagesPerMonth' | 'referenceChecksPerMonth' | 'libraryPapers') {
    return this.page.getByTestId(`usage-${feature}`);
  }

  /**
   * Clicks what leads to the test-mode checkout and waits for that navigation to finish (the URL event), then
   * for the form to be live: its card field is enabled once React has hydrated it.
   */
  async openCheckout(trigger: Locator) {
    await Promise.all([this.page.waitForURL(/\/dashboard\/checkout\?/), trigger.click()]);
    await expect(this.page.getByTestId('test-mode-banner')).toBeVisible();
    await expect(this.page.getByTestId('test-card')).toBeEnabled();
  }

  /** From the pricing page, buys Pro (monthly) through the test-mode checkout with the card given. */
  async buyProFromPricing(card?: string) {
    await this.page.goto(`${this.prefix}/pricing`);
    await this.openCheckout(this.page.getByTestId('plan-pro').getByTestId('plan-cta'));
    if (card) {
      await this.page.getByTestId('test-card').fill(card);
      await expect(this.page.getByTestId('test-card')).toHaveValue(card);
    }
    await this.page.getByTestId('subscribe').click();
  }
}
