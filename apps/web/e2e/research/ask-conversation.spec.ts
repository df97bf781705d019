// Ask on /ai/research keeps its conversation in the address (/ai/research/ask/{id}) against the first e2e server's
// model (platform/ai's OpenAI-protocol test server): a reload shows the answer exactly as it was (text, flags,
// struck invented reference, cited and uncited papers, search log); follow-ups continue the conversation; the
// earlier questions are listed and open by their address; Back steps between them; another account gets 404.
// Source cards open the paper panel from their title and save and cite where they are. English and Chinese,
// light and dark, 1280 and 390 wide.
import { AskPage, CONVERSATION_URL, overflowing, shownAnswer } from '../pages/ask';
import { ResearchPage } from '../pages/research';
import { AiToolPage } from '../pages/ai-tools';
import { createConfirmedUser, signInThroughApi } from '../support/accounts';
import { expect, test } from '../support/fixtures';

test('the answer, its flags, sources and search log survive a reload; follow-ups, history and Back', async ({ page, signedInUser }) => {
  void signedInUser;
  test.setTimeout(150_000);
  const research = new ResearchPage(page);
  await research.goto();
  await page.getByTestId('tab-ask').click();
  await expect(page).toHaveURL(/\/ai\/research\/ask$/);
  const ask = new AskPage(page);
  await expect(ask.history).toHaveCount(0);
  await expect(page.getByTestId('ask-history')).toContainText('No questions yet.');

  const first = await ask.ask('attention transformer #cite-bogus');
  await expect(page).toHaveURL(CONVERSATION_URL);
  const firstId = ask.conversationId();
  const live = await shownAnswer(first);
  // The invented marker and reference are flagged, the reference struck through behind its flag, never plain text.
  expect(live.reasons.sort()).toEqual(['unknown_marker', 'unverified_reference']);
  expect(live.struck).toEqual([expect.stringMatching(/^citation not verified\s+\[2\] Zyxwv Qponm\. Imaginary results/)]);
  expect(live.cited.length).toBe(1);
  expect(live.uncited.length).toBeGreaterThan(0);
  expect(live.log).toEqual([expect.stringMatching(/^Search log: how the \d+ papers? (was|were) found/)]);
  await expect(first.getByTestId('ask-uncited').locator('summary')).toHaveText(
    new RegExp(`^${live.cited.length + live.uncited.length} papers found · ${live.uncited.length} not cited$`),
  );

  await page.reload();
  await expect(page.getByTestId('tab-ask')).toHaveAttribute('aria-selected', 'true');
  await expect(ask.turns).toHaveCount(1);
  expect(await shownAnswer(ask.turns.first())).toEqual(live);
  await expect(ask.history).toHaveCount(1);
  await expect(ask.history.first().getByTestId('conversation-open')).toHaveAttribute('aria-current', 'page');

  // A follow-up continues the conversation; its author–year citation of no retrieved paper is flagged too.
  await expect(page.getByTestId('ask-search-library')).toBeDisabled();
  const second = await ask.ask('attention transformer #cite-authors');
  expect(ask.conversationId()).toBe(firstId);
  const followUp = await shownAnswer(second);
  expect(followUp.reasons).toEqual(['unknown_author_year']);
  expect(followUp.flagged).toEqual([expect.stringContaining('Zyxwv and Qponm (1999)')]);
  await page.reload();
  await expect(ask.turns).toHaveCount(2);
  expect(await shownAnswer(ask.turns.nth(1))).toEqual(followUp);

  // A new question is a new conversation with its own address; the earlier one opens from the list and by Back.
  await page.getByTestId('ask-new').click();
  await expect(page).toHaveURL(/\/ai\/research\/ask$/);
  await expect(ask.turns).toHaveCount(0);
  await ask.ask('BERT pre-training');
  const secondId = ask.conversationId();
  expect(secondId).not.toBe(firstId);
  await expect(ask.history).toHaveCount(2);
  await ask.history
    .filter({ has: page.locator(`a[href$="/${firstId}"]`) })
    .getByTestId('conversation-open')
    .click();
  await expect(page).toHaveURL(new RegExp(`/ai/research/ask/${firstId}$`));
  await expect(ask.turns).toHaveCount(2);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/ai/research/ask/${secondId}$`));
  await expect(ask.turns).toHaveCount(1);
  await expect(ask.turns.first().getByTestId('ask-question')).toContainText('BERT pre-training');

  // The tab is in the address too: the search tab and back.
  await page.getByTestId('tab-search').click();
  await expect(page).toHaveURL(/\/ai\/research$/);
  await page.goBack();
  await expect(page.getByTestId('tab-ask')).toHaveAttribute('aria-selected', 'true');
  await expect(ask.turns).toHaveCount(1);
  expect(await new AiToolPage(page).seriousViolations('ask conversation, en light')).toEqual([]);
});

test('a source card: the title opens the paper panel; Save and Cite work on the card; uncited papers are folded', async ({ page, signedInUser }) => {
  void signedInUser;
  test.setTimeout(90_000);
  const ask = new AskPage(page);
  await ask.goto();
  const turn = await ask.ask('attention transformer #cite-bogus');
  const card = turn.getByTestId('ask-cited').getByTestId('ask-source').first();
  const title = await card.getByTestId('ask-source-title').innerText();
  const before = page.url();
  await card.getByTestId('ask-source-title').click();
  await expect(ask.panel).toBeVisible();
  await expect(ask.panel.getByTestId('paper-title')).toHaveText(title);
  await expect(ask.panel.getByTestId('citation-text')).toContainText(title);
  expect(page.url()).toBe(before);
  await page.keyboard.press('Escape');
  await expect(ask.panel).toBeHidden();
  await expect(card.getByTestId('ask-source-title')).toBeFocused();

  await card.getByTestId('ask-source-cite').click();
  await expect(card.getByTestId('ask-source-cite')).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByTestId('citation-text')).toContainText(title);
  await card.getByTestId('save-paper').click();
  await expect(card.getByTestId('saved-state')).toBeVisible();

  const uncited = turn.getByTestId('ask-uncited');
  await expect(uncited.getByTestId('ask-source').first()).toBeHidden();
  await uncited.locator('summary').click();
  await expect(uncited.getByTestId('ask-source').first()).toBeVisible();
  await expect(uncited.getByTestId('ask-source').first().getByTestId('save-paper')).toBeVisible();

  // Saved stays saved after a reload, in the card of the reopened answer.
  await page.reload();
  await expect(ask.turns.first().getByTestId('ask-cited').getByTestId('ask-source').first().getByTestId('saved-state')).toBeVisible();
});

test('a conversation opens for its own account only: the same account in a new tab sees it, another gets 404', async ({
  page,
  signedInUser,
  browser,
  request,
}) => {
  void signedInUser;
  const ask = new AskPage(page);
  await ask.goto();
  const turn = await ask.ask('attention transformer');
  const answer = await turn.getByTestId('ask-answer-text').innerText();
  const path = new URL(page.url()).pathname;

  const sameAccount = await page.context().newPage();
  expect((await sameAccount.goto(path))!.status()).toBe(200);
  await expect(sameAccount.getByTestId('ask-answer-text')).toHaveText(answer);
  await sameAccount.close();

  const other = await createConfirmedUser(request);
  const context = await browser.newContext();
  try {
    const otherPage = await context.newPage();
    await signInThroughApi(otherPage, other);
    const response = await otherPage.goto(path);
    expect(response!.status()).toBe(404);
    await expect(otherPage.getByText(answer)).toHaveCount(0);
    // Not a conversation id at all: the same 404.
    expect((await otherPage.goto('/ai/research/ask/not-a-conversation'))!.status()).toBe(404);
  } finally {
    await context.close();
  }
});

test('zh, dark, 390 wide: Ask in Chinese, reopened after a reload, without sideways scrolling', async ({ page, signedInUser }) => {
  void signedInUser;
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const ask = new AskPage(page);
  await ask.goto('zh');
  await expect(page.getByTestId('tab-ask')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('ask-history')).toContainText('你的提问');
  const turn = await ask.ask('注意力机制 #cite-bogus');
  const live = await shownAnswer(turn);
  expect(live.struck).toEqual([expect.stringMatching(/^引用未经核实/)]);
  await expect(turn.getByTestId('ask-flagged')).toContainText('条参考文献未能核实');
  await expect(turn.getByTestId('ask-source-cite').first()).toHaveText('引用');
  await expect(turn.getByTestId('ask-uncited').locator('summary')).toContainText('未被引用');
  await expect(page.getByText('继续追问')).toBeVisible();

  await page.reload();
  await expect(ask.turns).toHaveCount(1);
  expect(await shownAnswer(ask.turns.first())).toEqual(live);
  await ask.turns.first().getByTestId('ask-uncited').locator('summary').click();
  await ask.turns.first().getByTestId('ask-source-cite').first().click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await overflowing(page)).toEqual([]);
  expect(await new AiToolPage(page).seriousViolations('ask conversation, zh dark 390')).toEqual([]);
});
