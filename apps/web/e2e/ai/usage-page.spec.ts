// The AI usage page in both languages: empty for a new account, then the figures of one research question sent
// through the proxy, the quota that is left and when it resets; at the limit, the reset date and a way to upgrade;
// a failed load offers a retry. No serious accessibility violation, light and dark, and nothing wider than a phone.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { AiUsagePage } from '../pages/ai-usage';
import { expect, test } from '../support/fixtures';

async function serious(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const [locale, theme] of [
  ['en', 'light'],
  ['zh', 'dark'],
] as const) {
  test(`${locale}, ${theme}: usage after one research question, with the quota left and its reset`, async ({ page, signedInUser }) => {
    void signedInUser;
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: theme });
    const usage = new AiUsagePage(page);
    await usage.goto(locale);
    await expect(usage.empty).toBeVisible();
    await expect(usage.remaining).toHaveText(locale === 'zh' ? '剩余 100 条消息' : '100 messages left');
    await expect(page.getByTestId('usage-resets')).toContainText(locale === 'zh' ? '重新开始' : 'starts again');
    expect(await serious(page)).toEqual([]);

    await usage.askResearchThroughProxy(locale === 'zh' ? '水运工程' : 'neural compression');
    await page.reload();
    await expect(usage.appRow('research')).toBeVisible();
    await expect(usage.appRow('research').getByTestId('usage-app-messages')).toHaveText('1');
    await expect(usage.appRow('research').getByRole('rowheader')).toHaveText(locale === 'zh' ? '研究助手' : 'Research assistant');
    await expect(page.getByTestId('usage-total-messages')).toHaveText('1');
    await expect(usage.remaining).toHaveText(locale === 'zh' ? '剩余 99 条消息' : '99 messages left');
    await expect(page.getByTestId('usage-bar')).toHaveCount(1);

    // The metric switch works from the keyboard.
    await page.getByTestId('usage-metric-messages').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('usage-metric-totalTokens')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('usage-metric-totalTokens')).toHaveAttribute('aria-pressed', 'true');
    expect(await serious(page)).toEqual([]);

    // A workflow run counts the tokens its log shows, in its row and in the total; every tool has a name.
    const runTokens = await usage.runReviewThroughProxy(locale === 'zh' ? '中文分词' : 'word segmentation');
    expect(runTokens).toBeGreaterThan(0);
    await page.reload();
    const review = usage.appRow('literature-review');
    await expect(review.getByTestId('usage-app-totalTokens')).toHaveText(new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en').format(runTokens));
    await expect(review.getByRole('rowheader')).toHaveText(locale === 'zh' ? '文献综述' : 'Literature review');
    const names = await page.getByTestId('usage-app-row').getByRole('rowheader').allTextContents();
    for (const name of names) expect(name, 'a tool name, not a message key').not.toMatch(/^[\w-]+(\.[\w-]+)+$|^[a-z-]+$/);
    const perApp = (await page.getByTestId('usage-app-totalTokens').allTextContents()).map((text) => Number(text.replace(/[^\d]/g, '')));
    expect(Number((await page.getByTestId('usage-total-totalTokens').textContent())!.replace(/[^\d]/g, ''))).toBe(perApp.reduce((a, b) => a + b, 0));

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(usage.report).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    // For looking at the page (E2E_SHOTS names a folder); nothing is compared.
    if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/usage-${locale}-390.png`, fullPage: true });
  });

  test(`${locale}: at the limit the page says when the quota resets and links to the plans`, async ({ page, signedInUser }) => {
    void signedInUser;
    // The real report, with the month's messages used up (a hundred real questions would only slow the test).
    await page.route('**/api/ai/usage', async (route) => {
      const response = await route.fetch();
      const report = (await response.json()) as { quota: { limit: number; used: number; remaining: number } };
      report.quota = { ...report.quota, used: report.quota.limit, remaining: 0 };
      await route.fulfill({ response, json: report });
    });
    const usage = new AiUsagePage(page);
    await usage.goto(locale);
    const exhausted = page.getByTestId('usage-exhausted');
    await expect(exhausted).toBeVisible();
    await expect(usage.remaining).toHaveText(locale === 'zh' ? '没有剩余消息' : 'No messages left');
    await exhausted.getByTestId('usage-upgrade').click();
    await expect(page).toHaveURL(locale === 'zh' ? /\/zh\/pricing$/ : /\/pricing$/);
  });

  test(`${locale}: a failed load says so and loads again on retry`, async ({ page, signedInUser }) => {
    void signedInUser;
    let fail = true;
    await page.route('**/api/ai/usage', async (route) => {
      if (fail) await route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'down' } } });
      else await route.continue();
    });
    const usage = new AiUsagePage(page);
    await usage.goto(locale);
    const error = page.getByTestId('usage-error');
    await expect(error).toBeVisible();
    fail = false;
    await error.getByRole('button').click();
    await expect(usage.empty).toBeVisible();
  });
}
