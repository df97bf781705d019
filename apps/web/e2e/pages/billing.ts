import { expect, type Page } from '@playwright/test';

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

  /** From the pricing page, buys Pro (monthly) through the test-mode checkout with the card given. */
  async buyProFromPricing(card?: string) {
    await this.page.goto(`${this.prefix}/pricing`);
    await this.page.getByTestId('plan-pro').getByTestId('plan-cta').click();
    await expect(this.page.getByTestId('test-mode-banner')).toBeVisible();
    if (card) await this.page.getByTestId('test-card').fill(card);
    await this.page.getByTestId('subscribe').click();
  }
}
