// "Chat with a paper" over the library: papers chosen in a keyboard dialog (one with a PDF attached from My files)
// are read by the runtime, the answer cites the PDF's passage by page, and a reload shows the chosen papers again.
// A whole collection can be chosen instead, an attached file alone is enough to ask, and another person's paper id
// is refused.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { makePdf } from '../support/pdf';
import { AiChatPage } from '../pages/ai-chat';
import { FilesPage } from '../pages/files';
import { testPapers } from '../../test/fixtures/papers';

async function savePaper(page: Page, index: number): Promise<string> {
  const response = await page.request.post('/api/library/papers', { data: { paper: testPapers[index] } });
  expect(response.status()).toBe(200);
  return (await response.json()).entry.id;
}

async function attachPdf(page: Page, paperId: string, name: string, pages: string[]) {
  const files = new FilesPage(page);
  await files.goto('en');
  await files.choose([{ name, mimeType: 'application/pdf', buffer: makePdf(pages) }]);
  await expect(files.row(name)).toBeVisible();
  const { files: pdfs } = await (await page.request.get(`/api/files/pdfs?q=${encodeURIComponent(name)}`)).json();
  const attached = await page.request.post(`/api/library/papers/${paperId}/files`, { data: { key: pdfs[0].key } });
  expect(attached.status()).toBe(200);
}

test('two library papers, one with a PDF: the answer cites the PDF by page, and a reload shows what was chosen', async ({ page, signedInUser }) => {
  void signedInUser;
  test.setTimeout(120_000);
  const attention = await savePaper(page, 0);
  const deep = await savePaper(page, 1);
  await attachPdf(page, attention, 'attention-paper.pdf', ['Introduction to attention', 'Results: attention beats recurrence on translation']);

  const chat = new AiChatPage(page);
  await chat.goto('paper-chat');
  const opener = page.getByTestId('library-choose');
  await opener.click();
  const picker = page.getByTestId('library-picker');
  await expect(picker.getByRole('heading', { name: 'Papers from your library' })).toBeVisible();
  // Keyboard only: the search has focus; Tab reaches the first match, Space chooses it.
  await expect(picker.getByTestId('library-picker-search')).toBeFocused();
  await page.keyboard.type('attention');
  await expect(picker.getByTestId('library-picker-paper')).toHaveCount(1);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(picker.getByRole('checkbox', { name: /Attention Is All You Need/ })).toBeChecked();
  await picker.getByTestId('library-picker-search').fill('deep');
  await picker.getByRole('checkbox', { name: /Deep learning/ }).check();
  await expect(picker).toContainText('2 papers chosen');
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(opener).toBeFocused();

  const chips = page.getByTestId('library-chip');
  await expect(chips).toHaveText(['Attention Is All You Need', 'Deep learning']);
  // A chip is removed with its button, and chosen again.
  await page.getByRole('button', { name: 'Remove Deep learning' }).click();
  await expect(chips).toHaveCount(1);
  await opener.click();
  await picker.getByRole('checkbox', { name: /Deep learning/ }).check();
  await picker.getByTestId('library-picker-done').click();
  await expect(chips).toHaveCount(2);

  const sent = page.waitForRequest((r) => r.url().includes('/api/ai/dify/chat-messages'));
  await chat.ask('What do they find?');
  expect((await sent).postDataJSON().inputs).toMatchObject({ library_papers: `${attention},${deep}`, library_collection: '' });
  const answer = (await chat.settled()).getByTestId('chat-answer');
  await expect(answer).toContainText('Attention Is All You Need says "Results: attention beats recurrence on translation" (Attention Is All You Need, p. 2)');
  await expect(answer).toContainText('Deep learning (Deep learning)');

  await page.waitForURL(/\/ai\/chat\/paper-chat\/[\w-]+$/);
  await page.reload();
  await expect(chips).toHaveText(['Attention Is All You Need', 'Deep learning']);
  await expect(page.getByTestId('library-chip-remove')).toHaveCount(0);
  await expect(chat.lastTurn().getByTestId('chat-answer')).toContainText('(Attention Is All You Need, p. 2)');
});

test('in Chinese: a whole collection is chosen; an attached PDF alone is enough to ask', async ({ page, signedInUser }) => {
  void signedInUser;
  test.setTimeout(120_000);
  const first = await savePaper(page, 0);
  const second = await savePaper(page, 2);
  const created = await page.request.post('/api/library/collections', { data: { name: '第二章 文献' } });
  const { collection } = await created.json();
  for (const id of [first, second])
    expect((await page.request.patch(`/api/library/papers/${id}`, { data: { collectionIds: [collection.id] } })).status()).toBe(200);

  const chat = new AiChatPage(page);
  await chat.goto('paper-chat', 'zh');
  await page.getByTestId('library-choose').click();
  const picker = page.getByTestId('library-picker');
  await picker.getByRole('checkbox', { name: /第二章 文献/ }).check();
  await expect(picker).toContainText('分组：第二章 文献');
  await picker.getByTestId('library-picker-done').click();
  await expect(page.getByTestId('library-chip')).toHaveText('分组：第二章 文献 · 2 篇论文');
  const sent = page.waitForRequest((r) => r.url().includes('/api/ai/dify/chat-messages'));
  await chat.ask('它们发现了什么？');
  expect((await sent).postDataJSON().inputs).toMatchObject({ library_papers: '', library_collection: collection.id });
  const answer = (await chat.settled()).getByTestId('chat-answer');
  await expect(answer).toContainText('Attention Is All You Need');
  await expect(answer).toContainText(testPapers[2]!.title);

  // A new conversation with only an attached PDF: nothing pasted, nothing chosen, and Send is enabled.
  await chat.goto('paper-chat', 'zh');
  await page
    .getByTestId('chat-file-input')
    .setInputFiles({ name: 'only.pdf', mimeType: 'application/pdf', buffer: makePdf(['Graphene conductivity rises with strain']) });
  await expect(page.getByTestId('chat-attachment')).toHaveAttribute('data-status', 'ready');
  await chat.input.fill('这个文件说了什么？');
  await expect(page.getByTestId('chat-send')).toBeEnabled();
  await chat.input.press('Enter');
  await expect((await chat.settled()).getByTestId('chat-answer')).toContainText('Graphene conductivity rises with strain');
});

test('a paper id that is not the user’s is refused, and the dialog fits a phone in the dark theme', async ({ page, signedInUser }) => {
  void signedInUser;
  const mine = await savePaper(page, 1);
  // An id that is none of this user's papers (another person's is refused alike: features/ai/server/library-papers.test.ts).
  const refused = await page.request.post('/api/ai/dify/chat-messages?appid=paper-chat', {
    data: { query: 'q', inputs: { library_papers: `${mine},${crypto.randomUUID()}` }, response_mode: 'blocking' },
  });
  expect(refused.status()).toBe(404);
  expect((await refused.json()).code).toBe('library_paper_not_found');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const chat = new AiChatPage(page);
  await chat.goto('paper-chat');
  await page.getByTestId('library-choose').click();
  await expect(page.getByTestId('library-picker-paper')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
