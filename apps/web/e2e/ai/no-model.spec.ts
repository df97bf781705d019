// The AI pages on an installation without a model (the second e2e server, see playwright.config.ts): the
// research assistant (Ask) answers from the literature with numbered citations and paper cards; a model-only app
// says that no model is connected and where to read how to connect one. In English and Chinese.
import { expect, test } from '../support/fixtures';
import { AiChatPage } from '../pages/ai-chat';
import { AskPage, shownAnswer } from '../pages/ask';

const TITLE = 'Neural Architecture Search by Learning a Hierarchical Search Space';

test('the research assistant answers with cited papers, reopened as it was; a cited paper can be saved to the library', async ({ page, signedInUser }) => {
  void signedInUser;
  const ask = new AskPage(page);
  await ask.goto();
  const turn = await ask.ask('neural architecture search hierarchical search space');
  const cards = turn.getByTestId('ask-cited').getByTestId('ask-source');
  await expect(cards.filter({ hasText: TITLE })).toHaveCount(1);
  await expect(turn.getByTestId('ask-extractive')).toBeVisible();
  const marker = turn.getByTestId('ask-marker').first();
  await expect(marker).toBeVisible();
  const target = (await marker.getAttribute('href'))!;
  await expect(page.locator(target)).toHaveCount(1);
  await expect(page.locator(target).locator('blockquote')).not.toBeEmpty();

  // The extractive answer reopens labelled as such, with the same cards.
  const shown = await shownAnswer(turn);
  await page.reload();
  expect(await shownAnswer(ask.turns.first())).toEqual(shown);

  const card = ask.turns.first().getByTestId('ask-source').filter({ hasText: TITLE });
  await card.getByTestId('save-paper').click();
  await expect(card.getByTestId('saved-state')).toBeVisible();
  await page.goto('/dashboard/library');
  await expect(page.getByText(TITLE)).toBeVisible();
});

test('a model-only app says no model is connected and links the guide', async ({ page, signedInUser }) => {
  void signedInUser;
  const chat = new AiChatPage(page);
  await chat.goto('paper-chat');
  await page.getByLabel('Paper text or abstract').fill('A short abstract.');
  await chat.ask('What is it about?');
  const error = (await chat.settled('error')).getByTestId('chat-error');
  await expect(error).toHaveAttribute('data-kind', 'no_model');
  await expect(error.getByRole('link', { name: 'How to connect a model' })).toHaveAttribute('href', '/docs/self-hosting/connecting-a-model');
});

test('in Chinese: a cited answer from the literature, and the no-model message', async ({ page, signedInUser }) => {
  void signedInUser;
  const ask = new AskPage(page);
  await ask.goto('zh');
  const turn = await ask.ask('neural architecture search hierarchical search space');
  await expect(turn.getByTestId('ask-extractive')).toContainText('抽取式证据');
  await expect(turn.getByTestId('ask-source').filter({ hasText: TITLE })).toHaveCount(1);
  await expect(turn.getByTestId('ask-marker').first()).toHaveAttribute('aria-label', /^来源 \d+$/);

  const chat = new AiChatPage(page);
  await chat.goto('paper-chat', 'zh');
  await page.getByLabel('论文全文或摘要').fill('一段摘要。');
  await chat.ask('讲了什么？');
  const error = (await chat.settled('error')).getByTestId('chat-error');
  await expect(error).toContainText('此站点尚未连接 AI 模型');
  await expect(error.getByRole('link', { name: '如何连接模型' })).toHaveAttribute('href', '/zh/docs/self-hosting/connecting-a-model');
});
