// Every chat conversation has an address, /ai/chat/{appid}/{conversationId}, against the first e2e server's model:
// a reload shows the conversation as it was; a chatflow's steps come back folded, each saying what it did (queries,
// hits per query and source, papers kept and why, citations checked); every flag comes back as it was shown, and
// an invented reference is struck through; the same account opens the address in another tab, another account gets
// 404; Back steps between conversations; the research assistant's chat address leads to Ask. en and zh, light and
// dark, 1280 and 390 wide.
import type { Locator } from '@playwright/test';
import { CONVERSATION_URL, overflowing } from '../pages/ask';
import { AiChatPage } from '../pages/ai-chat';
import { AiToolPage } from '../pages/ai-tools';
import { createConfirmedUser, signInThroughApi } from '../support/accounts';
import { expect, test } from '../support/fixtures';

/** What a chat answer shows, compared before and after a reload. */
async function shownTurn(turn: Locator) {
  const texts = (locator: Locator) => locator.evaluateAll((elements) => elements.map((e) => (e as HTMLElement).innerText.trim()));
  return {
    answer: await turn.getByTestId('chat-answer').innerText(),
    struck: await texts(turn.getByTestId('flagged-reference')),
    flagged: await texts(turn.getByTestId('flagged-item')),
    sources: await texts(turn.getByTestId('source-title')),
    steps: await turn.getByTestId('chat-steps-summary').innerText(),
    log: await texts(turn.getByTestId('ask-search-log').locator('summary')),
  };
}

test('a chatflow conversation reopens from its address with its steps, what each did, and its flags', async ({ page, signedInUser }) => {
  void signedInUser;
  test.setTimeout(120_000);
  const chat = new AiChatPage(page);
  await chat.goto('cited-answer');
  await chat.ask('attention transformer #cite-bogus');
  const live = await chat.settled();
  await expect(page).toHaveURL(CONVERSATION_URL);
  const firstUrl = page.url();
  const shown = await shownTurn(live);
  expect(shown.flagged).toEqual([
    'The answer cited [42], which names no retrieved paper.',
    expect.stringMatching(/Zyxwv Qponm\. Imaginary results.* — no source confirms this reference\.$/),
  ]);
  expect(shown.struck).toEqual([expect.stringMatching(/^citation not verified\s+\[2\] Zyxwv Qponm/)]);
  await expect(live.getByTestId('flagged')).toContainText('Not verified — not a source');

  await page.reload();
  await expect(chat.turns).toHaveCount(1);
  const reopened = chat.lastTurn();
  expect(await shownTurn(reopened)).toEqual(shown);
  // The steps come back folded; opened, each says what it did.
  const steps = reopened.getByTestId('chat-steps');
  await expect(steps).not.toHaveAttribute('open', '');
  await expect(reopened.getByTestId('wf-node').first()).toBeHidden();
  await steps.locator(':scope > summary').click();
  await expect(reopened.getByTestId('wf-node')).toHaveCount(6);
  await expect(steps.getByTestId('step-plan')).toContainText('3 search queries: the question as written, then those the model planned:');
  await expect(steps.getByTestId('step-query')).toHaveText([
    'Q1“attention transformer #cite-bogus”',
    'Q2“attention transformer”',
    'Q3“attention transformer survey”',
  ]);
  await expect(steps.getByTestId('step-query-hits').first()).toContainText(/^Q1\d+ papers? — Local corpus: \d+/);
  const kept = steps.locator('[data-testid="step-paper"][data-kept="true"]');
  await expect(kept.first()).toContainText(/^\[1\]/);
  await expect(kept.first()).toContainText(/found by Q\d.* · relevance [\d.]+ · shares: /);
  await expect(steps.getByTestId('step-cited')).toHaveText('Cited [1]: a retrieved paper.');
  await expect(steps.getByTestId('step-flagged')).toHaveCount(2);
  await expect(steps.locator('[data-testid="step-flagged"][data-reason="unknown_marker"]')).toContainText('[42] — names no retrieved paper');
  await expect(steps.getByTestId('step-generate')).toContainText(/Written by the model from \d+ numbered papers?\./);

  // A new conversation gets its own address; Back returns to the first, as it was.
  await page.getByTestId('new-chat').click();
  await expect(page).toHaveURL(/\/ai\/chat\/cited-answer$/);
  await chat.ask('BERT pre-training');
  await chat.settled();
  await expect(page).toHaveURL(CONVERSATION_URL);
  expect(page.url()).not.toBe(firstUrl);
  await page.goBack();
  await expect(page).toHaveURL(firstUrl);
  await expect(chat.turns).toHaveCount(1);
  await expect(chat.lastTurn().getByTestId('chat-answer')).toHaveText(shown.answer);
  expect(await shownTurn(chat.lastTurn())).toEqual(shown);
  expect(await new AiToolPage(page).seriousViolations('chat address, en light')).toEqual([]);
});

test('a chat conversation keeps its inputs and answers after a reload; another account gets 404, the same one a copy', async ({
  page,
  signedInUser,
  browser,
  request,
}) => {
  void signedInUser;
  const chat = new AiChatPage(page);
  await chat.goto('paper-chat');
  await page.getByLabel('Paper text or abstract').fill('We study sparse attention for long documents.');
  await chat.ask('What is the method?');
  const answer = await (await chat.settled()).getByTestId('chat-answer').innerText();
  await expect(page).toHaveURL(CONVERSATION_URL);
  const path = new URL(page.url()).pathname;

  await page.reload();
  await expect(chat.lastTurn().getByTestId('chat-answer')).toHaveText(answer);
  await expect(page.getByLabel('Paper text or abstract')).toHaveValue('We study sparse attention for long documents.');
  await expect(chat.conversations.first().getByTestId('conversation-open')).toHaveAttribute('aria-current', 'page');

  const sameAccount = await page.context().newPage();
  expect((await sameAccount.goto(path))!.status()).toBe(200);
  await expect(sameAccount.getByTestId('chat-answer')).toHaveText(answer);
  await sameAccount.close();

  const other = await createConfirmedUser(request);
  const context = await browser.newContext();
  try {
    const otherPage = await context.newPage();
    await signInThroughApi(otherPage, other);
    expect((await otherPage.goto(path))!.status()).toBe(404);
    await expect(otherPage.getByText(answer)).toHaveCount(0);
    // The chatflow's addresses are checked the same way.
    expect((await otherPage.goto(path.replace('/paper-chat/', '/cited-answer/')))!.status()).toBe(404);
  } finally {
    await context.close();
  }
});

test('the research assistant’s chat address opens Ask, its one home', async ({ page, signedInUser }) => {
  void signedInUser;
  await page.goto('/ai/chat/research');
  await expect(page).toHaveURL(/\/ai\/research\/ask$/);
  await expect(page.getByTestId('tab-ask')).toHaveAttribute('aria-selected', 'true');
  await page.goto('/zh/ai/chat/research');
  await expect(page).toHaveURL(/\/zh\/ai\/research\/ask$/);
});

test('zh, dark, 390 wide: the reopened steps say what they did in Chinese, without sideways scrolling', async ({ page, signedInUser }) => {
  void signedInUser;
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const chat = new AiChatPage(page);
  await chat.goto('cited-answer', 'zh');
  await chat.ask('attention transformer #cite-authors');
  const live = await chat.settled();
  const shown = await shownTurn(live);
  expect(shown.flagged).toEqual([expect.stringContaining('回答引用了 Zyxwv and Qponm (1999)')]);
  await page.reload();
  const reopened = chat.lastTurn();
  expect(await shownTurn(reopened)).toEqual(shown);
  await reopened.getByTestId('chat-steps').locator(':scope > summary').click();
  const steps = reopened.getByTestId('chat-steps');
  await expect(steps.getByTestId('step-plan')).toContainText('3 条检索式：先是问题原文');
  await expect(steps.getByTestId('step-query-hits').first()).toContainText('本地文献库');
  await expect(steps.locator('[data-testid="step-paper"][data-kept="true"]').first()).toContainText('共同词语');
  await expect(steps.locator('[data-testid="step-flagged"][data-reason="unknown_author_year"]')).toContainText('检索到的论文中没有该作者在该年份的论文');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await overflowing(page)).toEqual([]);
  expect(await new AiToolPage(page).seriousViolations('chat address, zh dark 390')).toEqual([]);
});
