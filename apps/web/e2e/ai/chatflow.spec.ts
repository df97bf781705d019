// The chatflow app (Dify's advanced-chat) on /ai/chat/cited-answer against the OpenAI-protocol test server and the
// local corpus: each answer shows its steps as they run (plan, retrieve, write, check, answer), folds them into one
// line when it ends, cites the papers it retrieved, and the conversation continues; in English and Chinese.
import { expect, test } from '../support/fixtures';
import { AiChatPage } from '../pages/ai-chat';
import { AiToolPage } from '../pages/ai-tools';

const NODES = ['start', 'plan', 'retrieve', 'generate', 'check', 'answer'];

test('a chatflow conversation: live steps, a cited answer, a stopped answer and a follow-up', async ({ page, signedInUser }) => {
  void signedInUser;
  test.setTimeout(120_000);
  const chat = new AiChatPage(page);
  await chat.goto('cited-answer');
  await expect(page.getByTestId('chat-intro')).toContainText('Each answer runs in steps');

  // While the answer streams, its steps are open and the writing step is running.
  await chat.ask('attention transformer #slow');
  const streaming = chat.lastTurn();
  const steps = streaming.getByTestId('chat-steps');
  await expect(steps).toHaveAttribute('open', '');
  await expect(steps.locator('[data-node="generate"]')).toHaveAttribute('data-status', 'running');
  await expect(steps.locator('[data-node="retrieve"]')).toHaveAttribute('data-status', 'succeeded');
  await expect(streaming.getByTestId('chat-answer')).toContainText('word1');
  await chat.input.press('Escape');
  const stopped = await chat.settled('stopped');
  await expect(stopped.getByTestId('stopped-note')).toBeVisible();

  // A new conversation: the steps fold into one line once the answer is complete, and open again on a click.
  await page.getByTestId('new-chat').click();
  await expect(chat.turns).toHaveCount(0);
  await chat.ask('attention transformer');
  const done = await chat.settled();
  await expect(done.getByTestId('chat-steps')).toHaveAttribute('data-state', 'succeeded');
  await expect(done.getByTestId('chat-steps-summary')).toContainText(/Done · 6 steps · [\d.]+ s/);
  await expect(done.getByTestId('wf-node').first()).toBeHidden();
  await done.getByTestId('chat-steps').locator(':scope > summary').click();
  const nodes = done.getByTestId('wf-node');
  await expect(nodes).toHaveCount(NODES.length);
  for (const [index, node] of NODES.entries()) {
    await expect(nodes.nth(index)).toHaveAttribute('data-node', node);
    await expect(nodes.nth(index)).toHaveAttribute('data-status', 'succeeded');
  }
  await expect(nodes.nth(2)).toContainText('Retrieve the papers');
  await expect(nodes.nth(3)).toContainText(/\d+ tokens/);
  // The answer cites the retrieved papers, each marker linked to its card.
  await expect(done.getByTestId('citation-marker').first()).toBeVisible();
  const cards = done.getByTestId('source-card');
  expect(await cards.count()).toBeGreaterThan(0);

  // A follow-up in the same conversation runs the flow again.
  await chat.ask('and BERT pre-training?');
  const second = await chat.settled();
  await expect(chat.turns).toHaveCount(2);
  await expect(second.getByTestId('chat-steps-summary')).toContainText('6 steps');
  await expect(chat.conversations).toHaveCount(2);
  expect(await new AiToolPage(page).seriousViolations('chatflow, en light')).toEqual([]);
});

test('zh, dark: the steps and their summary are in Chinese', async ({ page, signedInUser }) => {
  void signedInUser;
  await page.emulateMedia({ colorScheme: 'dark' });
  const chat = new AiChatPage(page);
  await chat.goto('cited-answer', 'zh');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('规划·检索·回答');
  await chat.ask('attention transformer');
  const done = await chat.settled();
  await expect(done.getByTestId('chat-steps')).toContainText('步骤');
  await expect(done.getByTestId('chat-steps-summary')).toContainText(/完成 · 6 个步骤/);
  await done.getByTestId('chat-steps').locator(':scope > summary').click();
  const nodes = done.getByTestId('wf-node');
  await expect(nodes.nth(1)).toContainText('规划检索');
  await expect(nodes.nth(2)).toContainText('检索论文');
  await expect(nodes.nth(3)).toContainText('撰写回答');
  await expect(nodes.nth(4)).toContainText('核验引用');
  await expect(nodes.nth(4)).toContainText('完成');
  expect(await new AiToolPage(page).seriousViolations('chatflow, zh dark')).toEqual([]);
});
