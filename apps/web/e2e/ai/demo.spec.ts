// /dashboard/ai/demo against the OpenAI test server (it answers "Echo: <text>"): the page offers exactly the apps
// that exist, estimates a writing run's tokens from its text before it starts, runs it in place and counts the
// message against the month's quota; the chat app opens in place too; keyboard between apps; en and zh (dark).
import { availableAiApps } from '../../config/ai-apps';
import { AiChatPage } from '../pages/ai-chat';
import { AiToolPage } from '../pages/ai-tools';
import { expect, test } from '../support/fixtures';

const cases = [
  {
    locale: 'en' as const,
    nav: 'Try the AI apps',
    app: 'academic-polish',
    text: 'The results was significant across all three datasets.',
    unknown: '1 AI message; its tokens are estimated once there is a question, a topic or a text to run on.',
    tokens: /^About (\d+) tokens: \d+ in, \d+ out, and 1 AI message\.$/,
    chatTokens: /^About [\d,]+ tokens: [\d,]+ in, [\d,]+ out, and 1 AI message\.$/,
    left: (n: number) => `${n} of 100 AI messages left this month`,
    dark: false,
  },
  {
    locale: 'zh' as const,
    nav: '试用 AI 应用',
    app: 'academic-translate',
    text: '注意力机制提升了翻译质量。',
    unknown: '1 条 AI 消息；输入问题、主题或文本后即可估算其 token 数。',
    tokens: /^约 (\d+) 个 token：输入 \d+，输出 \d+，计 1 条 AI 消息。$/,
    chatTokens: /^约 [\d,]+ 个 token：输入 [\d,]+，输出 [\d,]+，计 1 条 AI 消息。$/,
    left: (n: number) => `本月还剩 ${n} / 100 条 AI 消息`,
    dark: true,
  },
];

for (const c of cases) {
  test(`${c.locale}: every app tried in place, a writing run estimated before it starts and counted after`, async ({ page, signedInUser }) => {
    void signedInUser;
    test.setTimeout(120_000);
    if (c.dark) await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${c.locale === 'zh' ? '/zh' : ''}/dashboard/ai/demo`);
    await expect(page.getByRole('link', { name: c.nav })).toHaveAttribute('aria-current', 'page');
    const apps = page.getByTestId('ai-demo-app');
    await expect(apps).toHaveCount(availableAiApps().length);
    expect(await apps.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-app')))).toEqual(availableAiApps().map((app) => app.id));

    // The first app is a chat: nothing to estimate before a question is typed, then its prompt and a typical
    // answer (no answers of this person's yet), as the chat's own page estimates it; the quota is full.
    await expect(page.getByTestId('ai-demo-estimate-tokens')).toHaveText(c.unknown);
    await expect(page.getByTestId('ai-demo-estimate-quota')).toContainText(c.left(100));
    await new AiChatPage(page).input.fill(c.text);
    await expect(page.getByTestId('ai-demo-estimate-tokens')).toHaveText(c.chatTokens);
    await expect(page.getByTestId('ai-demo-estimate-basis')).toHaveAttribute('data-basis', 'typical');

    // Arrow keys move between the apps; the chosen one is in the address for a reload.
    await apps.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(apps.nth(1)).toBeFocused();
    await expect(apps.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page
      .getByTestId('ai-demo-app')
      .and(page.locator(`[data-app="${c.app}"]`))
      .click();
    await expect(page).toHaveURL(new RegExp(`\\?app=${c.app}$`));
    await page.reload();
    const tool = new AiToolPage(page);
    await tool.ready();

    await tool.input('query').fill(c.text);
    const estimate = page.getByTestId('ai-demo-estimate-tokens');
    await expect(estimate).toHaveText(c.tokens);
    const before = Number(c.tokens.exec((await estimate.textContent()) ?? '')![1]);
    await tool.input('query').fill(`${c.text} ${c.text}`);
    await expect.poll(async () => Number(c.tokens.exec((await estimate.textContent()) ?? '')?.[1] ?? 0)).toBeGreaterThan(before);

    await tool.run.click();
    await expect(tool.output).toHaveAttribute('data-state', 'done');
    await expect(tool.output).toHaveText(`Echo: ${c.text} ${c.text}`);
    await expect(page.getByTestId('ai-demo-estimate-quota')).toContainText(c.left(99));
    expect(await tool.seriousViolations(`ai demo, ${c.locale}`)).toEqual([]);
  });
}
