// The cost of the next run and what is left of the plan, where the researcher decides to run: on Ask, a chat, a
// writing tool and a workflow, in both languages and at phone width. A writing run's estimate follows the text as
// it is typed and the count goes down after the run; with no message left, the box warns before sending and
// links to the plans. Screenshots go to E2E_SHOTS when set (for looking at the pages, not compared).
import type { Page } from '@playwright/test';
import { AiToolPage } from '../pages/ai-tools';
import { expect, test } from '../support/fixtures';

const surfaces = [
  { name: 'ask', path: '/ai/research/ask' },
  { name: 'chat', path: '/ai/chat/paper-chat' },
  { name: 'writing', path: '/ai/completion/academic-polish' },
  { name: 'workflow', path: '/ai/workflow/literature-review' },
] as const;

const texts = {
  en: {
    title: 'Cost of the next run',
    left: /100 of 100 AI messages left this month/,
    searches: /searches left today/,
    plan: 'Your plan and its limits',
    exhausted: /used up/,
  },
  zh: { title: '本次运行的消耗', left: /本月还剩 100 \/ 100 条 AI 消息/, searches: /次检索/, plan: '你的套餐及其额度', exhausted: /已用完/ },
};

async function noSidewaysScroll(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

for (const locale of ['en', 'zh'] as const) {
  test(`${locale}: every AI surface shows the next run's cost and what is left, also at 390 px`, async ({ page, signedInUser }) => {
    void signedInUser;
    test.setTimeout(120_000);
    const t = texts[locale];
    for (const surface of surfaces) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${locale === 'zh' ? '/zh' : ''}${surface.path}`);
      const box = page.getByTestId('run-cost');
      await expect(box, surface.name).toBeVisible();
      await expect(box.getByRole('heading')).toHaveText(t.title);
      await expect(page.getByTestId('run-cost-quota')).toHaveText(t.left);
      await expect(page.getByTestId('run-cost-limits')).toContainText(t.searches);
      await expect(page.getByTestId('run-cost-plan')).toHaveText(t.plan);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(box).toBeVisible();
      expect(await noSidewaysScroll(page), `${surface.name} at 390 px`).toBe(true);
      const right = await box.evaluate((element) => element.getBoundingClientRect().right);
      expect(right).toBeLessThanOrEqual(390);
      if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/run-cost-${locale}-${surface.name}-390.png`, fullPage: true });
    }
  });

  test(`${locale}: a writing run's estimate follows its text, and the count goes down after it`, async ({ page, signedInUser }) => {
    void signedInUser;
    const tool = new AiToolPage(page);
    await tool.goto('completion', 'academic-polish', locale);
    await tool.ready();
    const tokens = page.getByTestId('run-cost-tokens');
    await tool.input('query').fill('A paragraph that needs polishing before it goes into the paper.');
    await expect(tokens).toContainText(locale === 'zh' ? '个 token' : 'tokens');
    const short = Number(/(\d+)/.exec((await tokens.textContent()) ?? '')![1]);
    await tool.input('query').fill('A paragraph that needs polishing before it goes into the paper. '.repeat(6));
    await expect.poll(async () => Number(/(\d+)/.exec((await tokens.textContent()) ?? '')?.[1] ?? 0)).toBeGreaterThan(short);
    await tool.run.click();
    await expect(page.getByTestId('run-cost-quota')).toContainText(locale === 'zh' ? '99 / 100' : '99 of 100');
  });

  test(`${locale}: with no AI message left, the box warns before sending and links to the plans`, async ({ page, signedInUser }) => {
    void signedInUser;
    await page.route('**/api/ai/usage', async (route) => {
      const response = await route.fetch();
      const report = (await response.json()) as { quota: { limit: number; used: number; remaining: number } };
      report.quota = { ...report.quota, used: report.quota.limit, remaining: 0 };
      await route.fulfill({ response, json: report });
    });
    await page.goto(`${locale === 'zh' ? '/zh' : ''}/ai/chat/paper-chat`);
    const warning = page.getByTestId('run-cost-quota');
    await expect(warning).toHaveAttribute('role', 'alert');
    await expect(warning).toContainText(texts[locale].exhausted);
    await warning.getByRole('link').click();
    await expect(page).toHaveURL(locale === 'zh' ? /\/zh\/pricing$/ : /\/pricing$/);
  });
}
