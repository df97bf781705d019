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
    empty: /estimated once there is a question/,
    tokens: /^About \d[\d,]* tokens: \d[\d,]* in, \d[\d,]* out, and 1 AI message\.$/,
    blocked: /Sending is off: this month’s AI messages are used up/,
  },
  zh: {
    title: '本次运行的消耗',
    left: /本月还剩 100 \/ 100 条 AI 消息/,
    searches: /次检索/,
    plan: '你的套餐及其额度',
    exhausted: /已用完/,
    empty: /输入问题、主题或文本后即可估算/,
    tokens: /^约 \d[\d,]* 个 token：输入 \d[\d,]*，输出 \d[\d,]*，计 1 条 AI 消息。$/,
    blocked: /无法发送：本月的 AI 消息已用完/,
  },
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

  test(`${locale}: a chat's, Ask's and a review's estimate follows what is typed`, async ({ page, signedInUser }) => {
    void signedInUser;
    const prefix = locale === 'zh' ? '/zh' : '';
    const tokens = page.getByTestId('run-cost-tokens');
    const total = async () => Number(/(\d[\d,]*)/.exec((await tokens.textContent()) ?? '')?.[1]?.replace(/,/g, '') ?? 0);
    const typing = [
      { path: '/ai/chat/paper-chat', field: page.getByTestId('chat-input'), text: locale === 'zh' ? '这篇论文的方法是什么？' : 'What is the method?' },
      { path: '/ai/research/ask', field: page.getByTestId('ask-input'), text: locale === 'zh' ? '注意力机制如何工作？' : 'How does attention work?' },
      {
        path: '/ai/workflow/literature-review',
        field: page.getByTestId('ai-input-topic'),
        text: locale === 'zh' ? '神经机器翻译' : 'neural machine translation',
      },
    ];
    for (const { path, field, text } of typing) {
      await page.goto(`${prefix}${path}`);
      await expect(tokens, path).toHaveText(texts[locale].empty);
      await field.fill(text);
      await expect(tokens, path).toHaveText(texts[locale].tokens);
      // A new account has no answers in the tool yet: the answer is counted as a typical one, and the box says so.
      await expect(page.getByTestId('run-cost-basis')).toHaveAttribute('data-basis', 'typical');
      const short = await total();
      await field.fill(`${text} ${text.repeat(12)}`);
      await expect.poll(total, path).toBeGreaterThan(short);
    }
    // The paper chat reads pasted text: the estimate grows with it.
    await page.goto(`${prefix}/ai/chat/paper-chat`);
    await page.getByTestId('chat-input').fill('Summarise it.');
    await expect(tokens).toHaveText(texts[locale].tokens);
    const bare = await total();
    await page.locator('#input-paper').fill('A pasted paper about attention in neural machine translation. '.repeat(40));
    await expect.poll(total).toBeGreaterThan(bare + 300);
  });
}

// The month's hundred messages really used up (writing runs through the proxy, as the pages send them): every
// surface turns its button off with the reason and the plans in the page's language, Enter sends nothing, the box
// warns, and the proxy still refuses a message sent past the page.
test('with no AI message left, Send and Run are off with the reason, in en and zh, and the server refuses', async ({ page, signedInUser }) => {
  void signedInUser;
  test.setTimeout(240_000);
  for (let sent = 0; sent < 100; sent += 10) {
    const batch = Array.from({ length: 10 }, (_, i) =>
      page.request.post('/api/ai/dify/completion-messages?appid=academic-polish', {
        data: { inputs: { query: `Paragraph ${sent + i} to polish.` }, response_mode: 'blocking', user: 'ignored-by-the-proxy' },
      }),
    );
    for (const response of await Promise.all(batch)) expect(response.status()).toBe(200);
  }
  const refused = await page.request.post('/api/ai/dify/chat-messages?appid=paper-chat', {
    data: { query: 'One more?', inputs: {}, response_mode: 'blocking', user: 'ignored-by-the-proxy' },
  });
  expect(refused.status()).toBe(429);
  expect(((await refused.json()) as { code: string }).code).toBe('quota_exceeded');

  for (const locale of ['en', 'zh'] as const) {
    const prefix = locale === 'zh' ? '/zh' : '';
    const blocked = page.getByTestId('run-blocked');
    // Chat: the button is off and Enter sends nothing.
    await page.goto(`${prefix}/ai/chat/paper-chat`);
    await expect(blocked).toContainText(texts[locale].blocked);
    await expect(page.getByTestId('run-cost-quota')).toContainText(texts[locale].exhausted);
    await page.getByTestId('chat-input').fill('What is the method?');
    await expect(page.getByTestId('chat-send')).toBeDisabled();
    await page.getByTestId('chat-input').press('Enter');
    await expect(page.getByTestId('chat-input')).toHaveValue('What is the method?');
    await expect(page.getByTestId('chat-thread').locator('li')).toHaveCount(0);
    await shoot(page, `run-blocked-${locale}-chat`);
    // Ask: the button is off and Ctrl+Enter asks nothing.
    await page.goto(`${prefix}/ai/research/ask`);
    await page.getByTestId('ask-input').fill('How does attention work?');
    await expect(page.getByTestId('ask-submit')).toBeDisabled();
    await page.getByTestId('ask-input').press('Control+Enter');
    await expect(page.getByTestId('ask-input')).toHaveValue('How does attention work?');
    await expect(page.getByTestId('ask-thread')).toHaveCount(0);
    await expect(blocked).toContainText(texts[locale].blocked);
    await shoot(page, `run-blocked-${locale}-ask`);
    // A review: Run is off; the reason links to the plans.
    await page.goto(`${prefix}/ai/workflow/literature-review`);
    await page.getByTestId('ai-input-topic').fill('neural machine translation');
    await expect(page.getByTestId('ai-run')).toBeDisabled();
    await expect(blocked).toContainText(texts[locale].blocked);
    await shoot(page, `run-blocked-${locale}-workflow`);
    if (locale === 'zh') {
      await page.getByTestId('run-blocked-plans').click();
      await expect(page).toHaveURL(/\/zh\/pricing$/);
    }
  }
});

/** At 390 px, light then dark, into E2E_SHOTS when set (for looking at the pages; nothing is compared). */
async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await noSidewaysScroll(page), `${name} at 390 px`).toBe(true);
  if (process.env.E2E_SHOTS) {
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}-390.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}-390-dark.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
