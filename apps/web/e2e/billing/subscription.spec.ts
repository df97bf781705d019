// Paying for a plan without Stripe configured: pricing → the local test-mode checkout → the billing page shows
// Pro, its usage bars, and cancel at period end → resume; a declined card keeps Free. Both languages.
import { BillingPage } from '../pages/billing';
import { expect, test } from '../support/fixtures';

const copy = {
  en: {
    subscribe: 'Subscribe',
    pro: 'Pro',
    active: 'Active',
    renews: /Renews on/,
    ends: /Ends on/,
    declined: /declined/,
    cancelQuestion: /^Cancel your subscription\? You keep Pro until /,
  },
  zh: { subscribe: '订阅', pro: '专业版', active: '有效', renews: /续费/, ends: /结束/, declined: /拒绝/, cancelQuestion: /^确定要取消订阅吗？/ },
} as const;

for (const locale of ['en', 'zh'] as const) {
  const prefix = locale === 'zh' ? '/zh' : '';
  const text = copy[locale];

  test(`${locale}: buys Pro in test mode, sees it with usage, cancels and resumes`, async ({ page, signedInUser }) => {
    void signedInUser;
    const billing = new BillingPage(page, prefix);
    await page.goto(`${prefix}/pricing`);
    await billing.openCheckout(page.getByTestId('plan-pro').getByTestId('plan-cta'));
    await expect(page.getByRole('button', { name: text.subscribe, exact: true })).toBeVisible();
    await expect(page.getByTestId('test-card')).toHaveValue('4242 4242 4242 4242');
    await page.getByTestId('subscribe').click();

    await expect(page.getByTestId('checkout-success')).toBeVisible();
    await expect(billing.planName()).toContainText(text.pro);
    await expect(billing.status()).toContainText(text.active);
    await expect(billing.period()).toHaveText(text.renews);
    await expect(billing.usage('aiMessagesPerMonth').getByRole('progressbar')).toBeVisible();
    await expect(billing.usage('libraryPapers')).toBeVisible();
    await expect(page.getByTestId('billing-invoices').getByRole('listitem')).toHaveCount(1);

    // Cancelling asks first; saying no changes nothing.
    await page.getByTestId('billing-cancel').click();
    await expect(page.getByTestId('billing-cancel-confirmation')).toContainText(text.cancelQuestion);
    await page.getByTestId('billing-cancel-back').click();
    await expect(page.getByTestId('billing-cancel-confirmation')).toHaveCount(0);
    await page.reload();
    await expect(billing.period()).toHaveText(text.renews);
    await page.getByTestId('billing-cancel').click();
    await page.getByTestId('billing-cancel-confirm').click();
    await expect(billing.period()).toHaveText(text.ends);
    await page.getByTestId('billing-resume').click();
    await expect(billing.period()).toHaveText(text.renews);
    await expect(page.getByTestId('billing-cancel')).toBeVisible();
  });
}

test('a declined test card keeps the Free plan and says why', async ({ page, signedInUser }) => {
  void signedInUser;
  const billing = new BillingPage(page, '');
  await billing.buyProFromPricing('4000 0000 0000 0002');
  await expect(page.getByTestId('checkout-error')).toHaveText(copy.en.declined);
  // The choice of plan is still on the page: the form was sent by the app, not by the browser itself.
  await expect(page).toHaveURL(/\/dashboard\/checkout\?plan=pro&/);
  await billing.goto();
  await expect(page.getByTestId('billing-upgrade')).toBeVisible();

  // Paid with a good card afterwards: the declined try is listed as an attempt, not as a bill beside the paid one.
  await billing.buyProFromPricing();
  await expect(page.getByTestId('checkout-success')).toBeVisible();
  await billing.goto();
  await expect(page.getByTestId('billing-invoice')).toHaveCount(1);
  await expect(page.getByTestId('billing-invoice')).toHaveAttribute('data-kind', 'paid');
  await expect(page.getByTestId('billing-attempt')).toHaveText(/Payment attempt of \$\d+\.\d\d failed · nothing was charged/);
  await expect(page.getByTestId('billing-invoices')).not.toContainText('Overdue');
});

test('a failed renewal shows the payment as overdue until it is recovered', async ({ page, signedInUser }) => {
  void signedInUser;
  const billing = new BillingPage(page, '');
  await billing.buyProFromPricing();
  await expect(billing.planName()).toContainText('Pro');
  await page.getByTestId('simulate-payment_failed').click();
  await expect(billing.status()).toContainText('Payment overdue');
  await expect(page.getByTestId('billing-invoices').getByRole('listitem')).toHaveCount(2);
  await expect(page.locator('[data-kind="overdue"]')).toHaveText(/Overdue: the payment is being retried/);
  await page.getByTestId('simulate-payment_recovered').click();
  await expect(billing.status()).toContainText('Active');
  // Recovered: the failed try is now only an attempt; nothing is owed.
  await expect(page.locator('[data-kind="overdue"]')).toHaveCount(0);
  await expect(page.getByTestId('billing-attempt')).toHaveCount(1);
});
