// A chat app against the OpenAI-protocol test server (the first e2e server has it as its model): send, stream,
// stop, regenerate, feedback, follow-ups, rename and delete, in English and Chinese; access rules; axe.
import AxeBuilder from '@axe-core/playwright';
import { signInThroughApi } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { AiChatPage } from '../pages/ai-chat';

const PAPER = 'We propose a sparse attention method for long documents and evaluate it on three benchmarks.';

test('a full chat: send, stream, stop with Esc, regenerate, like, rename, reopen and delete', async ({ page, signedInUser }) => {
  void signedInUser;
  test.setTimeout(120_000);
  const chat = new AiChatPage(page);
  await chat.goto('paper-chat');
  await expect(page.getByTestId('chat-intro')).toContainText('Choose papers or a collection from your library, or paste a paper’s text');
  await expect(page.getByTestId('suggested-question')).toHaveCount(3);
  // Nothing is sent without a question.
  await expect(page.getByTestId('chat-send')).toBeDisabled();
  await page.getByLabel('Paper text or abstract').fill(PAPER);

  await chat.ask('What is the method?');
  const first = await chat.settled();
  await expect(first.getByTestId('chat-answer')).toHaveText('Echo: What is the method?');
  await expect(chat.status).toHaveText('The answer is complete.');
  await expect(page.getByLabel('Paper text or abstract')).toBeDisabled();
  await expect(first.getByTestId('follow-ups').getByRole('button')).toHaveCount(3);
  await expect(chat.conversations).toHaveCount(1);
  await first.getByTestId('like').click();
  await expect(first.getByTestId('like')).toHaveAttribute('aria-pressed', 'true');

  // Shift+Enter is a new line; Esc stops a long answer and keeps what arrived.
  await chat.input.fill('line one');
  await chat.input.press('Shift+Enter');
  await chat.input.pressSequentially('tell me everything #slow');
  await expect(chat.input).toHaveValue('line one\ntell me everything #slow');
  await chat.input.press('Enter');
  await expect(chat.turns).toHaveCount(2);
  await expect(chat.lastTurn().getByTestId('chat-answer')).toContainText('word1');
  await chat.input.press('Escape');
  const stopped = await chat.settled('stopped');
  await expect(stopped.getByTestId('stopped-note')).toBeVisible();
  await expect(stopped.getByTestId('chat-answer')).not.toContainText('word399');

  // Regenerate asks the same question again and replaces the stopped answer.
  const again = page.waitForRequest((r) => r.url().includes('/api/ai/dify/chat-messages') && r.postDataJSON().query === 'line one\ntell me everything #slow');
  await stopped.getByTestId('regenerate').click();
  await again;
  await expect(chat.turns).toHaveCount(2);
  await expect((await chat.settled()).getByTestId('chat-answer')).toContainText('word399');

  await chat.conversations.first().getByTestId('rename').click();
  await page.getByTestId('rename-input').fill('Sparse attention questions');
  await page.getByTestId('rename-input').press('Enter');
  await expect(chat.conversations.first().getByTestId('conversation-open')).toHaveText('Sparse attention questions');

  // Everything above was stored: a new visit finds the conversation, its answers and the like.
  await page.reload();
  await expect(chat.conversations.first().getByTestId('conversation-open')).toHaveText('Sparse attention questions');
  await chat.conversations.first().getByTestId('conversation-open').click();
  await expect(chat.turns.first().getByTestId('chat-answer')).toHaveText('Echo: What is the method?');
  await expect(chat.turns.first().getByTestId('like')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Paper text or abstract')).toHaveValue(PAPER);

  await chat.conversations.first().getByTestId('delete').click();
  await page.getByTestId('delete-confirm').click();
  await expect(chat.conversations).toHaveCount(0);
  await expect(chat.turns).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('conversation-list')).toContainText('No conversations yet.');
});

test('in Chinese: an answer, a model failure in the user’s language, and a title from the model', async ({ page, signedInUser }) => {
  void signedInUser;
  const chat = new AiChatPage(page);
  await chat.goto('paper-chat', 'zh');
  await expect(page.getByTestId('new-chat')).toHaveText('新对话');
  // The runtime's opening statement and suggested questions in the page's language.
  await expect(page.getByTestId('chat-intro')).toContainText('请从你的文献库中选择论文或一个分组，或粘贴论文全文');
  await expect(page.getByTestId('suggested-question')).toHaveText(['概括这篇论文的主要贡献。', '它有哪些局限？', '逐步解释它的方法。']);
  await page.getByLabel('论文全文或摘要').fill(PAPER);
  await chat.ask('这篇论文的方法是什么');
  await expect((await chat.settled()).getByTestId('chat-answer')).toHaveText('Echo: 这篇论文的方法是什么');
  await expect(chat.status).toHaveText('回答已完成。');

  // A name given by hand, then one from the model (so the model's title cannot be the automatic first one).
  await chat.conversations.first().getByTestId('rename').click();
  await page.getByTestId('rename-input').fill('手动名称');
  await page.getByTestId('rename-input').press('Enter');
  await expect(chat.conversations.first().getByTestId('conversation-open')).toHaveText('手动名称');
  await chat.conversations.first().getByTestId('rename-auto').click();
  // The test model labels its titles ("Title: …"), as real models often do: the name is the title alone.
  await expect(chat.conversations.first().getByTestId('conversation-open')).toHaveText('这篇论文的方法是什么');

  // Several words, so that the failure comes after the first chunks.
  await chat.ask('请 再 详细 说 一遍 #midstream-error');
  const failed = await chat.settled('error');
  await expect(failed.getByTestId('chat-error')).toHaveAttribute('data-kind', 'model');
  await expect(failed.getByTestId('chat-error')).toContainText('模型回答时出错');
  await expect(failed.getByTestId('retry')).toHaveText('重试');
});

test('signed-out visitors are sent to sign in; apps that are not chat apps are not found', async ({ page, user }) => {
  await page.goto('/ai/chat/paper-chat');
  await expect(page).toHaveURL(/\/auth\/signin/);
  await signInThroughApi(page, user);
  for (const path of ['/ai/chat/no-such-app', '/ai/chat/academic-polish']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
});

for (const theme of ['light', 'dark'] as const) {
  for (const locale of ['en', 'zh'] as const) {
    test(`${locale}, ${theme}: a chat with an answer has no serious accessibility violation`, async ({ page, signedInUser }) => {
      void signedInUser;
      await page.emulateMedia({ colorScheme: theme });
      const chat = new AiChatPage(page);
      await chat.goto('paper-chat', locale);
      await page.getByLabel(locale === 'zh' ? '论文全文或摘要' : 'Paper text or abstract').fill(PAPER);
      await chat.ask('Summarise it');
      await chat.settled();
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.id}: ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
        );
      expect(serious).toEqual([]);
    });
  }
}
